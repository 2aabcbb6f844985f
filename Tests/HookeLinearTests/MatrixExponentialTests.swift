import Foundation
import Hooke
import HookeLinear
import XCTest

final class MatrixExponentialTests: XCTestCase {
    /// Every fixture (rotations, oscillatory and stiff springs, stiff non-normal, nilpotent,
    /// random matrices just below each Padé threshold θ₃…θ₁₃ and far above θ₁₃) matches
    /// mpmath's 40-digit exponential and SciPy's expm to 1e−12 relative (Frobenius norm).
    func testMatchesSciPyAndMpmathFixtures() throws {
        XCTAssertGreaterThanOrEqual(LinearFixtures.exponentialCases.count, 12)
        for fixture in LinearFixtures.exponentialCases {
            let n = fixture.order
            let a = try Matrix(rows: n, columns: n, entries: fixture.matrix)
            let e = try a.exponential()
            let reference = try Matrix(rows: n, columns: n, entries: fixture.reference)
            let scipy = try Matrix(rows: n, columns: n, entries: fixture.scipy)
            XCTAssertLessThan(relativeFrobeniusError(e, reference), 1e-12, fixture.name)
            XCTAssertLessThan(relativeFrobeniusError(e, scipy), 1e-12, fixture.name)
        }
    }

    /// exp([[0, −θ], [θ, 0]]) is the rotation [[cos θ, −sin θ], [sin θ, cos θ]].
    func testRotationGeneratorExponentiatesToARotation() throws {
        for theta in [1e-9, 0.1, 1, 3, 10] {
            let e = try Matrix([[0, -theta], [theta, 0]]).exponential()
            let exact = try Matrix([[cos(theta), -sin(theta)], [sin(theta), cos(theta)]])
            XCTAssertLessThan(relativeFrobeniusError(e, exact), 5e-15 * max(1, theta), "θ = \(theta)")
        }
    }

    /// For a spring, e^{Ah} with A = [[0, 1], [−k/m, −c/m]] is the closed-form transition
    /// map Φ(h) of `Spring.transition(over:)` — computed there from exp, sin and cos — over
    /// the under-, critically and over-damped range and from tiny to large steps.
    ///
    /// The tolerance grows with ‖Ah‖₁: the exponential's relative condition number is at
    /// least ‖Ah‖ (Higham 2005, §1), and each of the s ≈ log₂(‖Ah‖₁/θ₁₃) squarings can
    /// double the rounding error of the scaled approximant.
    func testSpringGeneratorMatchesTheClosedFormTransition() throws {
        for zeta in [0.0, 0.05, 0.5, 0.999, 1.0, 1.5, 8.0] {
            let spring = try Spring(dampingRatio: zeta, response: 0.4)
            for h in [1e-4, 1.0 / 120, 1.0 / 60, 0.1, 1.0] {
                let a = try Matrix([
                    [0, 1],
                    [-spring.stiffness / spring.mass, -spring.damping / spring.mass],
                ])
                let e = try a.scaled(by: h).exponential()
                let phi = spring.transition(over: h)
                let exact = try Matrix([[phi.phi11, phi.phi12], [phi.phi21, phi.phi22]])
                let tolerance = 4e-15 * max(50, a.scaled(by: h).oneNorm)
                XCTAssertLessThan(relativeFrobeniusError(e, exact), tolerance, "ζ = \(zeta), h = \(h)")
            }
        }
    }

    /// e^{0} = I and e^{diag(d)} = diag(eᵈ), within a small multiple of ‖d‖·ε: the
    /// approximant r₁₃(5.3) alone is 2.7e−15 off e^{5.3} in exact arithmetic and its
    /// alternating-sign denominator adds rounding (checked with mpmath while writing this
    /// test), and ‖d‖ = 700 takes eight squarings.
    func testZeroAndDiagonalMatrices() throws {
        XCTAssertEqual(try Matrix(rows: 3, columns: 3).exponential(), Matrix.identity(3))
        for d in [[-3.0, -0.5, 0, 1, 5.3], [-700.0, -3, 0, 2, 9]] {
            let a = Matrix.diagonal(d)
            let e = try a.exponential()
            let tolerance = 4e-15 * max(1, a.oneNorm)
            for i in 0..<d.count {
                XCTAssertEqual(e[i, i], exp(d[i]), accuracy: tolerance * exp(d[i]), "d = \(d[i])")
                for j in 0..<d.count where j != i { XCTAssertEqual(e[i, j], 0) }
            }
        }
    }

    func testNonFiniteEntriesAreRefused() {
        XCTAssertThrowsError(try Matrix([[0, .nan], [0, 0]]).exponential()) { error in
            guard case .invalidParameter("matrix", _, _) = error as? HookeError else {
                return XCTFail("expected HookeError naming the matrix, got \(error)")
            }
        }
    }
}
