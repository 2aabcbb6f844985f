import Foundation
import XCTest

/// `hooke sweep merge` read a number too large for a double (`1e999`) as infinity and
/// went on merging, where every other JSON reader of Hooke refuses it as malformed; the
/// value read back could not be printed as JSON again (`JSONValue` wrote `inf`). Found
/// by the `sweep-merge` fuzz target (Docs/reliability.md).
final class SweepMergeReadNumbersBeyondDoubleAsInfinityTests: CommandTestCase {
    func testAPartWithANumberBeyondDoubleIsRefused() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let text = try SweepTestSupport.mergePart(in: directory)
        XCTAssertTrue(text.contains("\"durationLimit\":10,"))

        // The well-formed part merges.
        let merged = try CommandRunner.run(["sweep", "merge", "part.json", "--out", "merged.json"], in: directory)
        XCTAssertEqual(merged.status, 0, merged.standardError)

        for huge in ["1e999", "-1e400", "2e308", "1.7976931348623159e308"] {
            let broken = text.replacingOccurrences(of: "\"durationLimit\":10,", with: "\"durationLimit\":\(huge),")
            try Data(broken.utf8).write(to: directory.appendingPathComponent("broken.json"))
            let result = try CommandRunner.run(["sweep", "merge", "broken.json", "--out", "out.json"], in: directory)
            XCTAssertEqual(result.status, 2, "\(huge): \(result.standardOutput)")
            XCTAssertTrue(result.standardError.hasPrefix("hooke: broken.json: not valid sweep JSON (number too large for a double"),
                          "\(huge): \(result.standardError)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("out.json").path))
        }
    }
}
