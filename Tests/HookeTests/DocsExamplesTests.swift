import Foundation
import XCTest

/// The docs' Swift blocks stay checked: every one is marked, the generated example tests
/// (`Tests/*/DocsExamples/`, run as ordinary tests) are what the docs say today, and
/// every initialiser reference equals the declarations in Sources. The checks are
/// `Scripts/docs_examples.py --check`, the same script that writes the examples.
final class DocsExamplesTests: XCTestCase {
    func testTheGeneratedExamplesAndTheInitialiserReferencesMatchTheDocs() throws {
        let root = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", root.appendingPathComponent("Scripts/docs_examples.py").path, "--check"]
        process.currentDirectoryURL = root
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let report = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0,
                       "the docs and their checked code disagree (python3 is needed to check):\n" + report)
    }
}
