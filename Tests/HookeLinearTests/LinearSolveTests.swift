import HookeLinear
import XCTest

final class LinearSolveTests: XCTestCase {
    /// A 3×3 system whose solution is known exactly: x = (1, −2, 3).
    func testDgesvSolvesAKnownSystem() throws {
        let a: [Double] = [
            4, -2, 1,
            -2, 4, -2,
            1, -2, 4,
        ]
        // b = A·(1, −2, 3)
        let b: [Double] = [4 + 4 + 3, -2 - 8 - 6, 1 + 4 + 12]
        let x = try solveLinearSystem(a, b)
        XCTAssertEqual(x[0], 1, accuracy: 1e-14)
        XCTAssertEqual(x[1], -2, accuracy: 1e-14)
        XCTAssertEqual(x[2], 3, accuracy: 1e-14)
    }

    func testSingularMatrixIsReportedWithTheRoutineName() {
        // Rows 1 and 2 are proportional.
        let a: [Double] = [1, 2, 2, 4]
        XCTAssertThrowsError(try solveLinearSystem(a, [1, 1])) { error in
            guard case let .singular(routine, pivot) = error as? LAPACKError else {
                return XCTFail("expected a singular-matrix error, got \(error)")
            }
            XCTAssertEqual(routine, "dgesv")
            XCTAssertEqual(pivot, 2)
        }
    }

    func testMismatchedSizesAreRefused() {
        XCTAssertThrowsError(try solveLinearSystem([1, 2, 3], [1, 1]))
    }
}
