import Foundation
import Hooke
import XCTest

/// Settling time, overshoot and peak time against independent references: 40-digit
/// settling times from Scripts/spring_fixtures.py (every velocity zero located on a fine
/// grid, then the band crossing bisected), and the textbook closed forms of the step
/// response.
final class SpringSettlingTests: XCTestCase {
    func testSettlingDurationMatchesHighPrecisionReference() throws {
        var worst = 0.0
        for fixture in SpringFixtures.springs {
            let spring = try Spring(mass: fixture.mass, stiffness: fixture.stiffness, damping: fixture.damping)
            for (settlingCase, expected) in zip(SpringFixtures.settlingCases, fixture.settling) {
                let t = try spring.settlingDuration(
                    from: settlingCase.start, to: settlingCase.target,
                    initialVelocity: settlingCase.initialVelocity, tolerance: settlingCase.tolerance)
                let message = "ζ = \(fixture.nominalDampingRatio), case \(settlingCase)"
                guard let expected else {
                    XCTAssertEqual(t, .infinity, "an undamped spring in motion never settles; \(message)")
                    continue
                }
                worst = max(worst, abs(t - expected))
                XCTAssertEqual(t, expected, accuracy: 1e-9, message)
            }
        }
        print("SpringSettlingTests: worst settling-time error = \(worst) s")
    }

    func testSettlingOfASpringAtRestOnItsTargetIsZero() throws {
        let spring = try Spring(dampingRatio: 0.3, response: 0.5)
        XCTAssertEqual(try spring.settlingDuration(from: 4, to: 4), 0)
        let undamped = try Spring(dampingRatio: 0, response: 0.5)
        XCTAssertEqual(try undamped.settlingDuration(from: 4, to: 4), 0)
    }

    func testSettlingWithManyOscillationsFindsTheLastExitFromTheBand() throws {
        // ζ = 0.002: about 550 oscillations before a step settles to 0.1 %. The extrema of a
        // step from rest sit at t = nπ/ω_d with |x| = e^{−ζω₀t}; the last one outside the
        // band is n* = ⌊ln(1/ε)·ω_d/(ζω₀π)⌋, and the exit follows within half a period.
        let zeta = 0.002
        let spring = try Spring(dampingRatio: zeta, response: 0.4)
        let omega0 = 2 * Double.pi / 0.4
        let omegaD = omega0 * (1 - zeta * zeta).squareRoot()
        let n = (log(1000) / (zeta * omega0 * Double.pi / omegaD)).rounded(.down)
        let t = try spring.settlingDuration(from: 0, to: 1)
        XCTAssertGreaterThan(t, n * Double.pi / omegaD)
        XCTAssertLessThan(t, (n + 0.5) * Double.pi / omegaD)
        // At the exit the displacement sits on the band edge.
        XCTAssertEqual(abs(spring.state(at: t, from: 0, to: 1).value - 1), 0.001, accuracy: 1e-12)
    }

    func testOvershootOfAnUnderdampedStepFromRestIsTheTextbookFormula() throws {
        for zeta in [0.0, 0.01, 0.2, 0.5, 0.9, 0.999] {
            let spring = try Spring(dampingRatio: zeta, response: 0.7, mass: 2)
            // The spring's own ζ (c/(2√(km)), within rounding of the nominal one): near ζ = 1
            // the exponent ζπ/√(1 − ζ²) ≈ 70 amplifies that rounding beyond 1e-12.
            let z = spring.dampingRatio
            let omegaD = spring.naturalFrequency * (1 - z * z).squareRoot()
            let expected = exp(-z * Double.pi / (1 - z * z).squareRoot())
            XCTAssertEqual(spring.overshoot(from: 10, to: 30), expected, accuracy: 1e-12 * expected, "ζ = \(zeta)")
            XCTAssertEqual(spring.overshoot(from: 30, to: 10), expected, accuracy: 1e-12 * expected, "ζ = \(zeta)")
            let peak = try XCTUnwrap(spring.peakTime(from: 10, to: 30))
            XCTAssertEqual(peak, Double.pi / omegaD, accuracy: 1e-12 * peak, "ζ = \(zeta)")
        }
    }

    func testCriticalAndOverdampedStepsFromRestNeverOvershoot() throws {
        for zeta in [1.0, 1 + 1e-10, 1.5, 20] {
            let spring = try Spring(dampingRatio: zeta, response: 0.5)
            XCTAssertEqual(spring.overshoot(from: 0, to: 1), 0, "ζ = \(zeta)")
            XCTAssertNil(spring.peakTime(from: 0, to: 1), "ζ = \(zeta)")
        }
    }

    func testCriticallyDampedSpringThrownTowardItsTargetOvershootsOnce() throws {
        // x(t) = e^{−ω₀t}(x₀ + (v₀ + ω₀x₀)t), v(t) = e^{−ω₀t}(v₀ − ω₀(v₀ + ω₀x₀)t):
        // the extremum is at t = v₀/(ω₀(v₀ + ω₀x₀)).
        let spring = try Spring(dampingRatio: 1, response: 1)
        let omega0 = 2 * Double.pi
        let x0 = 1.0, v0 = -20.0
        let k = v0 + omega0 * x0
        let expectedTime = v0 / (omega0 * k)
        let expectedValue = exp(-omega0 * expectedTime) * (x0 + k * expectedTime)
        let time = try XCTUnwrap(spring.peakTime(from: 1, to: 0, initialVelocity: v0))
        XCTAssertEqual(time, expectedTime, accuracy: 1e-13)
        XCTAssertEqual(spring.overshoot(from: 1, to: 0, initialVelocity: v0), -expectedValue, accuracy: 1e-13)
        // Thrown away from the target it turns back without crossing.
        XCTAssertNil(spring.peakTime(from: 1, to: 0, initialVelocity: 5))
        XCTAssertEqual(spring.overshoot(from: 1, to: 0, initialVelocity: 5), 0)
    }

    func testOverdampedSpringThrownTowardItsTargetOvershootsOnce() throws {
        // Modal form x = A₁e^{r₁t} + A₂e^{r₂t}, r₁,₂ = −λ ± μ; v = 0 where
        // A₁r₁e^{r₁t} = −A₂r₂e^{r₂t}, i.e. t = ln(−A₂r₂/(A₁r₁))/(r₁ − r₂).
        let spring = try Spring(mass: 1, stiffness: 100, damping: 30)  // ζ = 1.5
        let lambda = 15.0, mu = (225.0 - 100).squareRoot()
        let r1 = -lambda + mu, r2 = -lambda - mu
        let x0 = 2.0, v0 = -60.0
        let a2 = (r1 * x0 - v0) / (r1 - r2)
        let a1 = x0 - a2
        let expectedTime = log(-a2 * r2 / (a1 * r1)) / (r1 - r2)
        let expectedValue = a1 * exp(r1 * expectedTime) + a2 * exp(r2 * expectedTime)
        XCTAssertLessThan(expectedValue, 0)
        let time = try XCTUnwrap(spring.peakTime(from: 5, to: 3, initialVelocity: v0))
        XCTAssertEqual(time, expectedTime, accuracy: 1e-13)
        XCTAssertEqual(spring.overshoot(from: 5, to: 3, initialVelocity: v0), -expectedValue / x0, accuracy: 1e-13)
    }

    func testEstimatedSettlingDurationAgreesWithAppleDocumentation() throws {
        // Apple, CASpringAnimation.settlingDuration: mass 1, stiffness 100, damping 5 settles
        // in "approximately 2.85 seconds"; damping 15 "just over 1 second". Apple's estimate
        // is not published, so this checks agreement to the documentation's own precision
        // (5 %), not identity.
        let loose = try Spring(mass: 1, stiffness: 100, damping: 5)
        XCTAssertEqual(loose.estimatedSettlingDuration, 2.85, accuracy: 0.05 * 2.85)
        let firm = try Spring(mass: 1, stiffness: 100, damping: 15)
        XCTAssertEqual(firm.estimatedSettlingDuration, 1.0, accuracy: 0.05)
    }

    func testEstimatedSettlingDurationBoundsTheExactOneFromAbove() throws {
        // The estimate uses an upper bound on |x|, so for a unit step from rest with the same
        // ε = 0.001 it can only be later than the exact time; for ζ ≥ 1 the step response is
        // monotone and the two coincide.
        for fixture in SpringFixtures.springs where fixture.nominalDampingRatio > 0 {
            let spring = try Spring(mass: fixture.mass, stiffness: fixture.stiffness, damping: fixture.damping)
            let exact = try XCTUnwrap(fixture.settling[0])
            let estimate = spring.estimatedSettlingDuration
            if fixture.nominalDampingRatio >= 1 {
                XCTAssertEqual(estimate, exact, accuracy: 1e-9, "ζ = \(fixture.nominalDampingRatio)")
            } else {
                XCTAssertGreaterThanOrEqual(estimate, exact - 1e-9, "ζ = \(fixture.nominalDampingRatio)")
            }
        }
        XCTAssertEqual(try Spring(dampingRatio: 0, response: 1).estimatedSettlingDuration, .infinity)
    }

    func testEstimatedSettlingDurationIsContinuousAtCriticalDamping() throws {
        let below = try Spring(dampingRatio: 1 - 1e-10, response: 0.5).estimatedSettlingDuration
        let at = try Spring(dampingRatio: 1, response: 0.5).estimatedSettlingDuration
        let above = try Spring(dampingRatio: 1 + 1e-10, response: 0.5).estimatedSettlingDuration
        XCTAssertEqual(below, at, accuracy: 1e-8 * at)
        XCTAssertEqual(above, at, accuracy: 1e-8 * at)
        // At ζ = 1 it is x*/ω₀ with (1 + x*)e^{−x*} = 0.001 (x* from the 60-digit fixture).
        XCTAssertEqual(at, SpringFixtures.criticalEpsilonTime / (4 * Double.pi), accuracy: 1e-12 * at)
    }

    func testSettlingRejectsInvalidArgumentsNamingThem() throws {
        let spring = try Spring(dampingRatio: 0.5, response: 0.5)
        for tolerance in [0, 1, -0.1, 1.5, .nan, .infinity] {
            XCTAssertEqual(parameterName { _ = try spring.settlingDuration(from: 0, to: 1, tolerance: tolerance) }, "tolerance")
        }
        XCTAssertEqual(parameterName { _ = try spring.settlingDuration(from: .nan, to: 1) }, "start")
        XCTAssertEqual(parameterName { _ = try spring.settlingDuration(from: 0, to: .infinity) }, "target")
        XCTAssertEqual(parameterName { _ = try spring.settlingDuration(from: 0, to: 1, initialVelocity: .nan) }, "initialVelocity")
    }
}

/// The parameter a `HookeError.invalidParameter` names, or nil when `body` does not throw one.
func parameterName(_ body: () throws -> Void) -> String? {
    do {
        try body()
    } catch let error as HookeError {
        if case let .invalidParameter(name, _, _) = error { return name }
    } catch {}
    return nil
}
