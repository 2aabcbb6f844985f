import Hooke
import HookeLinear
import XCTest

/// `Matrix.exponential()` of finite entries whose column sum overflows (two entries of
/// 10³⁰⁸ in one column) trapped converting log₂(∞) to an Int for the scaling count.
final class MatrixExponentialOfAnOverflowingNormTrappedTests: XCTestCase {
    func testAnOverflowingNormIsRefused() throws {
        let m = try Matrix([[1e308, 0], [1e308, 0]])
        XCTAssertThrowsError(try m.exponential()) { error in
            XCTAssertEqual(error as? HookeError, .invalidParameter(
                "matrix", value: .infinity, requirement: "a finite 1-norm (the largest column sum of |entries|)"))
        }
    }

    /// The largest finite norms still return (the result overflows, as e^A does), after
    /// a bounded number of squarings.
    func testTheLargestFiniteNormsReturn() throws {
        let e = try Matrix([[-1e308, 0], [0, -1e308]]).exponential()
        XCTAssertEqual(e[0, 1], 0)
    }
}
