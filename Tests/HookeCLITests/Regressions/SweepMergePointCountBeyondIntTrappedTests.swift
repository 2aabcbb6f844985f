import Foundation
import XCTest

/// `hooke sweep merge` converted a point's `"oscillations": 3.4e105` (found by the
/// `sweep-merge` fuzz target) to an Int and died with SIGILL ("Double value cannot be
/// converted to Int because the result would be greater than Int.max"); so did a point
/// `index` beyond Int, and `null` in either (read as NaN). A count is now read only as a
/// whole number in 0...2⁵³ and anything else is refused naming the field, with status 2
/// and no output.
final class SweepMergePointCountBeyondIntTrappedTests: CommandTestCase {
    func testAPointCountBeyondIntNullOrNotWholeIsRefused() throws {
        defer { try? FileManager.default.removeItem(at: directory) }
        let text = try SweepTestSupport.mergePart(in: directory)
        let oscillations = try XCTUnwrap(text.range(of: #""oscillations":[0-9]+"#, options: .regularExpression))
        let index = try XCTUnwrap(text.range(of: #"{"index":1,"dampingRatio""#))

        let huge = "3" + String(repeating: "4", count: 105)
        let cases: [(String, String)] = [
            (huge, "oscillations"), ("1e300", "oscillations"), ("9223372036854775808", "oscillations"),
            ("-1", "oscillations"), ("1.5", "oscillations"), ("null", "oscillations"),
            ("1e300", "index"), ("null", "index"), ("true", "index"),
        ]
        for (value, field) in cases {
            let broken = field == "oscillations"
                ? text.replacingCharacters(in: oscillations, with: "\"oscillations\":\(value)")
                : text.replacingCharacters(in: index, with: "{\"index\":\(value),\"dampingRatio\"")
            try Data(broken.utf8).write(to: directory.appendingPathComponent("broken.json"))
            let result = try CommandRunner.run(["sweep", "merge", "broken.json", "--out", "out.json"], in: directory)
            XCTAssertEqual(result.status, 2, "\(field) \(value): \(result.standardError)")
            XCTAssertTrue(result.standardError.hasPrefix("hooke: "), result.standardError)
            XCTAssertTrue(result.standardError.contains("\(field)") && result.standardError.contains("whole number"),
                          "\(field) \(value): \(result.standardError)")
            XCTAssertEqual(result.standardError.filter { $0 == "\n" }.count, 1, result.standardError)
            XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("out.json").path))
        }
    }
}
