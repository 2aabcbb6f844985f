import Foundation
import XCTest

/// A test of the command line with a directory of its own: created empty before each
/// test, removed with everything in it afterwards.
class CommandTestCase: XCTestCase {
    /// The test's directory.
    var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("hooke-\(String(describing: type(of: self)))-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    /// The path of `name` in the test's directory.
    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// Writes `text` (a scenario, by default) into the test's directory; returns its path.
    @discardableResult
    func write(_ text: String, _ name: String = "scenario.json") throws -> String {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path(name)))
        return path(name)
    }

    /// The names in the test's directory, sorted.
    func contents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }

    /// Runs `hooke sweep` with each case's arguments and `--out out`: each must exit 2 with
    /// one line on standard error naming the case's option, nothing on standard output,
    /// and no file at `out`.
    func assertSweepRefuses(_ cases: [([String], String)], out: String,
                            file: StaticString = #filePath, line: UInt = #line) throws {
        for (arguments, option) in cases {
            let result = try CommandRunner.run(["sweep"] + arguments + ["--out", out])
            XCTAssertEqual(result.status, 2, "\(arguments)", file: file, line: line)
            XCTAssertEqual(result.standardOutput, "", file: file, line: line)
            let message = result.standardError.trimmingCharacters(in: .newlines)
            XCTAssertFalse(message.contains("\n"), message, file: file, line: line)
            XCTAssertTrue(message.contains(option), "\(arguments): \(message)", file: file, line: line)
            XCTAssertFalse(FileManager.default.fileExists(atPath: out), "\(arguments) left \(out)", file: file, line: line)
        }
    }
}
