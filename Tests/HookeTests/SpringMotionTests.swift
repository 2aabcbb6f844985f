import Foundation
import Hooke
import XCTest

final class SpringMotionTests: XCTestCase {
    /// Textbook solution of ẍ + 2ζω₀ẋ + ω₀²x = 0 for ζ < 1, written out independently of
    /// the library: x(t) = e^{−ζω₀t}(x₀cos ω_d t + (v₀ + ζω₀x₀)/ω_d · sin ω_d t),
    /// ω_d = ω₀√(1 − ζ²), and its derivative.
    private func underdamped(
        omega0: Double, zeta: Double, x0: Double, v0: Double, t: Double
    ) -> (x: Double, v: Double) {
        let decay = zeta * omega0
        let omegaD = omega0 * (1 - zeta * zeta).squareRoot()
        let b = (v0 + decay * x0) / omegaD
        let envelope = exp(-decay * t)
        let c = cos(omegaD * t), s = sin(omegaD * t)
        let x = envelope * (x0 * c + b * s)
        let v = envelope * ((-x0 * omegaD + b * -decay) * s + (b * omegaD - decay * x0) * c)
        return (x, v)
    }

    /// Over-damped solution: x = A e^{r₁t} + B e^{r₂t}, r₁,₂ = −ζω₀ ± ω₀√(ζ² − 1).
    private func overdamped(
        omega0: Double, zeta: Double, x0: Double, v0: Double, t: Double
    ) -> (x: Double, v: Double) {
        let root = omega0 * (zeta * zeta - 1).squareRoot()
        let r1 = -zeta * omega0 + root, r2 = -zeta * omega0 - root
        let b = (v0 - r1 * x0) / (r2 - r1)
        let a = x0 - b
        return (a * exp(r1 * t) + b * exp(r2 * t), a * r1 * exp(r1 * t) + b * r2 * exp(r2 * t))
    }

    func testRetargetKeepsValueAndVelocityAndContinuesAsTheClosedForm() throws {
        let spring = try Spring(dampingRatio: 0.5, response: 0.4)
        let h = 1.0 / 120
        var motion = try SpringMotion(spring: spring, value: SIMD2(0, 0), target: SIMD2(100, -40))
        for _ in 0..<25 { motion.step(by: h) }
        let valueBefore = motion.value
        let velocityBefore = motion.velocity
        let newTarget = SIMD2<Double>(-60, 220)
        try motion.retarget(to: newTarget)
        XCTAssertEqual(motion.value, valueBefore)
        XCTAssertEqual(motion.velocity, velocityBefore)
        XCTAssertEqual(motion.target, newTarget)

        let x0 = valueBefore - newTarget
        for n in 1...120 {
            motion.step(by: h)
            let t = Double(n) * h
            for axis in 0..<2 {
                let reference = underdamped(
                    omega0: spring.naturalFrequency, zeta: 0.5, x0: x0[axis], v0: velocityBefore[axis], t: t)
                XCTAssertEqual(motion.value[axis], newTarget[axis] + reference.x, accuracy: 1e-9 * 300, "step \(n)")
                XCTAssertEqual(motion.velocity[axis], reference.v, accuracy: 1e-9 * 300 * spring.naturalFrequency)
            }
        }
    }

    func testRetargetWithANewSpringIsContinuousAndFollowsTheNewSpring() throws {
        let first = try Spring(dampingRatio: 0.3, response: 0.5)
        let second = try Spring(dampingRatio: 1.8, response: 0.25)
        var motion = try SpringMotion(spring: first, value: 10.0, target: 200.0, velocity: -400)
        for _ in 0..<17 { motion.step(by: 1.0 / 60) }
        let value = motion.value, velocity = motion.velocity
        try motion.retarget(to: 50, spring: second)
        XCTAssertEqual(motion.value, value)
        XCTAssertEqual(motion.velocity, velocity)
        XCTAssertEqual(motion.spring, second)
        for n in 1...90 {
            motion.step(by: 1.0 / 60)
            let reference = overdamped(
                omega0: second.naturalFrequency, zeta: 1.8, x0: value - 50, v0: velocity, t: Double(n) / 60)
            XCTAssertEqual(motion.value, 50 + reference.x, accuracy: 1e-9 * 200, "step \(n)")
            XCTAssertEqual(motion.velocity, reference.v, accuracy: 1e-9 * 200 * second.naturalFrequency)
        }
    }

    func testSettlingIsRelativeToTravelSoShortAndLongMovesSettleTogether() throws {
        let spring = try Spring(dampingRatio: 0.6, response: 0.35)
        var short = try SpringMotion(spring: spring, value: 0.0, target: 1.0)
        var long = try SpringMotion(spring: spring, value: 0.0, target: 1_000.0)
        var shortSteps = 0, longSteps = 0
        while !short.isSettled(tolerance: 1e-3) { short.step(by: 1.0 / 120); shortSteps += 1 }
        while !long.isSettled(tolerance: 1e-3) { long.step(by: 1.0 / 120); longSteps += 1 }
        XCTAssertEqual(shortSteps, longSteps)
        // The envelope e^{−ζω₀t} bounds the energy norm up to a constant: settling to 1e-3
        // needs at least ln(1000)/(ζω₀) scaled by that constant's log — check the order
        // of magnitude: between 0.5× and 1.5× of ln(1000)/(ζω₀).
        let envelopeTime = log(1_000) / spring.decayRate
        let settledTime = Double(longSteps) / 120
        XCTAssertGreaterThan(settledTime, 0.5 * envelopeTime)
        XCTAssertLessThan(settledTime, 1.5 * envelopeTime)
    }

    func testPassingTheTargetAtSpeedIsNotSettled() throws {
        let spring = try Spring(dampingRatio: 0.5, response: 0.4)
        var motion = try SpringMotion(spring: spring, value: 5.0, target: 5.0, velocity: 300)
        XCTAssertFalse(motion.isSettled())
        motion.step(by: 0)
        XCTAssertEqual(motion.value, 5)
        XCTAssertEqual(motion.velocity, 300)
        let atRest = try SpringMotion(spring: spring, value: 5.0, target: 5.0)
        XCTAssertTrue(atRest.isSettled())
    }

    func testOneDimensionalMotionMatchesEachComponentOfTwoDimensional() throws {
        let spring = try Spring(dampingRatio: 0.7, response: 0.3)
        var planar = try SpringMotion(spring: spring, value: SIMD2(3, -8), target: SIMD2(40, 90), velocity: SIMD2(100, 0))
        var xs = try SpringMotion(spring: spring, value: 3.0, target: 40.0, velocity: 100)
        var ys = try SpringMotion(spring: spring, value: -8.0, target: 90.0, velocity: 0)
        for _ in 0..<50 {
            planar.step(by: 1.0 / 120); xs.step(by: 1.0 / 120); ys.step(by: 1.0 / 120)
            XCTAssertEqual(planar.value.x, xs.value)
            XCTAssertEqual(planar.value.y, ys.value)
        }
    }

    func testRefusesNonFiniteInputs() throws {
        let spring = try Spring(dampingRatio: 1, response: 0.3)
        XCTAssertThrowsError(try SpringMotion(spring: spring, value: .nan, target: 0.0))
        XCTAssertThrowsError(try SpringMotion(spring: spring, value: SIMD2(0, 0), target: SIMD2(0, .infinity)))
        var motion = try SpringMotion(spring: spring, value: 0.0, target: 1.0)
        XCTAssertThrowsError(try motion.retarget(to: .infinity)) { error in
            guard case .invalidParameter("target", _, _)? = error as? HookeError else {
                return XCTFail("unexpected \(error)")
            }
        }
        XCTAssertEqual(motion.target, 1)
        // isSettled(tolerance:) outside 0...1 is a precondition failure (a trap cannot be
        // tested in-process), so it no longer throws.
    }
}
