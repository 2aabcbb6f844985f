import Foundation
import Hooke
import XCTest

/// The closed form `transition(over:)` / `state(at:…)` against 60-digit references
/// (Scripts/spring_fixtures.py: mpmath matrix exponential of [[0, 1], [−k/m, −c/m]],
/// cross-checked with the modal solution).
///
/// Norm. Every entry of Φ(t) is bounded by a small multiple of (1 + ω₀t)·e^{−δt}, with δ
/// the slowest decay rate (ζω₀ for ζ ≤ 1, ω₀/(ζ + √(ζ² − 1)) above): |C| ≤ e^{−δt},
/// |S| ≤ t·e^{−δt}, and the polynomial factor is the critically damped one. Rounding in a
/// closed-form evaluation is therefore a few ulps of that scale, not of the entry itself
/// (an entry passing through zero has no relative accuracy to speak of). Entries with
/// units are made dimensionless by ω₀: φ12·ω₀ and φ21/ω₀. Positions are compared relative
/// to (|x₀| + |v₀|/ω₀) times the same scale, velocities to ω₀ times that.
final class SpringClosedFormTests: XCTestCase {
    static let relativeTolerance = 1e-12

    static func envelope(_ spring: Spring, _ t: Double) -> Double {
        let omega0 = spring.naturalFrequency
        let zeta = spring.dampingRatio
        let delta = zeta <= 1 ? zeta * omega0 : omega0 / (zeta + (zeta * zeta - 1).squareRoot())
        return (1 + omega0 * t) * exp(-delta * t)
    }

    func testTransitionMatchesHighPrecisionReferenceForEveryDampingRegime() throws {
        var worst = 0.0
        for fixture in SpringFixtures.springs {
            let spring = try Spring(mass: fixture.mass, stiffness: fixture.stiffness, damping: fixture.damping)
            let omega0 = spring.naturalFrequency
            for sample in fixture.samples {
                let phi = spring.transition(over: sample.time)
                let scale = Self.envelope(spring, sample.time)
                let errors = [
                    abs(phi.phi11 - sample.phi11),
                    abs(phi.phi12 - sample.phi12) * omega0,
                    abs(phi.phi21 - sample.phi21) / omega0,
                    abs(phi.phi22 - sample.phi22),
                ].map { $0 / scale }
                for (index, error) in errors.enumerated() {
                    worst = max(worst, error)
                    XCTAssertLessThanOrEqual(
                        error, Self.relativeTolerance,
                        "ζ = \(fixture.nominalDampingRatio), t = \(sample.time), entry \(index)")
                }
            }
        }
        print("SpringClosedFormTests: worst scaled error of Φ entries = \(worst)")
    }

    func testStateMatchesHighPrecisionReferenceWithInitialVelocity() throws {
        let (start, target, v0) = SpringFixtures.stateCase
        for fixture in SpringFixtures.springs {
            let spring = try Spring(mass: fixture.mass, stiffness: fixture.stiffness, damping: fixture.damping)
            let omega0 = spring.naturalFrequency
            let amplitude = abs(start - target) + abs(v0) / omega0
            for sample in fixture.samples {
                let state = spring.state(at: sample.time, from: start, to: target, initialVelocity: v0)
                let scale = amplitude * Self.envelope(spring, sample.time)
                // value = target + x cannot be closer than the rounding of that sum.
                let valueAllowance = Self.relativeTolerance * scale + 2 * target.magnitude.ulp
                XCTAssertEqual(state.value, sample.value, accuracy: valueAllowance,
                               "ζ = \(fixture.nominalDampingRatio), t = \(sample.time)")
                XCTAssertEqual(state.velocity, sample.velocity, accuracy: Self.relativeTolerance * scale * omega0,
                               "ζ = \(fixture.nominalDampingRatio), t = \(sample.time)")
            }
        }
    }

    func testNaturalFrequencyAndDampingRatioOfPhysicalCoefficients() throws {
        // m = 2, k = 8, c = 4: ω₀ = √(8/2) = 2 rad/s, ζ = 4/(2·√16) = 0.5.
        let s = try Spring(mass: 2, stiffness: 8, damping: 4)
        XCTAssertEqual(s.naturalFrequency, 2)
        XCTAssertEqual(s.dampingRatio, 0.5)
        XCTAssertEqual(s.decayRate, 1)
        XCTAssertEqual(s.response, Double.pi, accuracy: 1e-15)
    }
}
