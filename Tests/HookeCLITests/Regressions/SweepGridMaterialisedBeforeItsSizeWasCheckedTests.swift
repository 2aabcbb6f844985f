import Foundation
import XCTest

/// Refusing a 10¹² point sweep took 12.6 s: both axes (10⁷ values each, formatted and
/// parsed back) were built before the grid's size was checked. And a grid under the
/// 2·10⁸ point cap could still need 150 GB (about 750 bytes per point).
final class SweepGridMaterialisedBeforeItsSizeWasCheckedTests: XCTestCase {
    func testAHugeGridIsRefusedFromItsAxesArithmetic() throws {
        let started = Date()
        let result = try CommandRunner.run(["sweep", "--damping-ratio", "0:1:1e-6", "--response", "1:1e7:1"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.standardError, "hooke: the grid has 10000010000000 points, more than 200000000; use fewer values\n")
        // A hang guard, not a speed target: the refusal does no per-value work.
        XCTAssertLessThan(Date().timeIntervalSince(started), 5)
    }

    func testAGridThatWouldNotFitInMemoryIsRefusedWithTheFigure() throws {
        let result = try CommandRunner.run(["sweep", "--damping-ratio", "0:1:1e-4", "--response", "1:2000:1"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.standardError.hasPrefix(
            "hooke: the sweep would hold 20002000 points in memory, about 14.9027 GiB at 800 bytes per point"),
            result.standardError)
    }
}
