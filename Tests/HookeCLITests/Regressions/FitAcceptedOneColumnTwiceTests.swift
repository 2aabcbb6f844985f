import Foundation
import XCTest

/// `hooke fit --columns 1,1` took the time column as the values too and went on to fit
/// the line v = t.
final class FitAcceptedOneColumnTwiceTests: XCTestCase {
    func testTheSameColumnForTimeAndValueIsRefused() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let curve = root.appendingPathComponent("Docs/examples/sweep/recorded-animation.csv").path
        for columns in ["1,1", "time,time", "time,2"] {
            let result = try CommandRunner.run(["fit", curve, "--columns", columns])
            XCTAssertEqual(result.status, 2, columns)
            XCTAssertTrue(result.standardError.hasPrefix("hooke: --columns: TIME and VALUE are the same column"),
                          "\(columns): \(result.standardError)")
        }
    }
}
