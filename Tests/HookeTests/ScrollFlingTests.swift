import Foundation
import Hooke
import XCTest

/// `ScrollFling` against closed forms evaluated independently: 40-digit values (mpmath,
/// `mp.dps = 40`) of the crossing time, the crossing velocity, the resting point and the rest
/// times, and the critically damped free response x(s) = v·s·e^(−ω₀s) written out here.
final class ScrollFlingTests: XCTestCase {
    /// κ = −1000·ln 0.998 and −1000·ln 0.99 at 40 digits.
    let kappaNormal = 2.002002670673077351651104610523031719344
    let kappaFast = 10.05033585350144118354885755854770608551

    func testTheDecayReachesTheLimitAtTheLogarithmicCrossingTime() throws {
        // From 100 at 3000 pt/s toward 1000 at 0.998/ms: T = −ln(1 − κ·900/3000)/κ and
        // v_b = 3000 − κ·900, at 40 digits.
        let fling = try ScrollFling(position: 100, velocity: 3_000, limits: 0...1_000)
        let handover = try XCTUnwrap(fling.handover)
        XCTAssertEqual(handover.time, 0.4584378819573196976081223553067635170755, accuracy: 1e-15)
        XCTAssertEqual(handover.velocity, 1198.19759639423038351400585052927145259, accuracy: 1e-11)
        XCTAssertEqual(handover.position, 1_000)
        XCTAssertEqual(handover.target, 1_000)
        // The decay itself, evaluated through Decay's own formula, is at the limit then.
        let decay = Decay(decelerationRate: .normal)
        XCTAssertEqual(decay.value(at: handover.time, from: 100.0, initialVelocity: 3_000.0), 1_000, accuracy: 1e-11)
        XCTAssertEqual(decay.velocity(at: handover.time, initialVelocity: 3_000.0), handover.velocity, accuracy: 1e-11)

        // Toward the lower limit at the fast rate: from 300 at −5000 pt/s, limits 0...2000.
        let fast = try ScrollFling(position: 300, velocity: -5_000, limits: 0...2_000, decelerationRate: .fast)
        let down = try XCTUnwrap(fast.handover)
        XCTAssertEqual(down.time, 0.09192426718525326418367600564365972588043, accuracy: 1e-15)
        XCTAssertEqual(down.velocity, -1984.899243949567644935342732435688174347, accuracy: 1e-11)
        XCTAssertEqual(down.target, 0)
    }

    func testPositionAndVelocityAreContinuousAtTheHandover() throws {
        for (x0, v0, limits, rate) in [
            (100.0, 3_000.0, 0.0...1_000.0, DecelerationRate.normal),
            (300.0, -5_000.0, 0.0...2_000.0, .fast),
            (0.0, 1_200.0, -50.0...200.0, try DecelerationRate(rate: 0.995)),   // rests at 239.4 > 200
        ] {
            let fling = try ScrollFling(position: x0, velocity: v0, limits: limits, decelerationRate: rate)
            let t = try XCTUnwrap(fling.handover).time
            let before = fling.state(at: t * (1 - 1e-12))
            let at = fling.state(at: t)
            let after = fling.state(at: t * (1 + 1e-12))
            // Across 2·10⁻¹² of T the state may move by |v|·2e-12·T and |a|·2e-12·T.
            XCTAssertEqual(before.value, at.value, accuracy: 1e-8, "x₀=\(x0)")
            XCTAssertEqual(after.value, at.value, accuracy: 1e-8, "x₀=\(x0)")
            XCTAssertEqual(before.velocity, at.velocity, accuracy: 1e-7, "x₀=\(x0)")
            XCTAssertEqual(after.velocity, at.velocity, accuracy: 1e-7, "x₀=\(x0)")
            XCTAssertEqual(at.value, v0 > 0 ? limits.upperBound : limits.lowerBound)
            // The velocity at the crossing is the decay's: v₀·e^(−κT).
            let kappa = -1_000 * log(rate.rate)
            XCTAssertEqual(at.velocity, v0 * exp(-kappa * t), accuracy: 1e-10 * abs(v0))
        }
    }

    func testAfterTheHandoverTheEdgeSpringIsTheCriticallyDampedFreeResponse() throws {
        // Default edge spring: m = 1, k = 100, c = 20, ζ = 1, ω₀ = 10. From displacement 0 and
        // velocity v_b: x(s) = b + v_b·s·e^(−10s), v(s) = v_b·(1 − 10s)·e^(−10s).
        let fling = try ScrollFling(position: 100, velocity: 3_000, limits: 0...1_000)
        let handover = try XCTUnwrap(fling.handover)
        XCTAssertEqual(fling.edgeSpring.dampingRatio, 1)
        XCTAssertEqual(fling.edgeSpring.naturalFrequency, 10)
        for s in [0.0, 0.05, 0.1, 0.3, 1.0, 2.5] {
            let state = fling.state(at: handover.time + s)
            let vb = handover.velocity
            XCTAssertEqual(state.value, 1_000 + vb * s * exp(-10 * s), accuracy: 1e-9, "s=\(s)")
            XCTAssertEqual(state.velocity, vb * (1 - 10 * s) * exp(-10 * s), accuracy: 1e-8, "s=\(s)")
        }
        // The overshoot peaks at s = 1/ω₀ with v_b/(ω₀·e) = 44.0792262174474866768… pt.
        XCTAssertEqual(fling.position(at: handover.time + 0.1) - 1_000, 44.07922621744748667683513259248917426626,
                       accuracy: 1e-10)
        XCTAssertEqual(fling.restingPosition, 1_000)
    }

    func testTheFlingRestsAtTheLimitAtTheSpringsRestTime() throws {
        // Half a pixel at 3×: ε = 1/6 pt. The spring leaves the band for the last time where
        // v_b·s·e^(−10s) = ε on s > 1/10: s = 0.874638901055142008394854748… (mpmath bisection),
        // so the fling rests at T + s = 1.333076783012461706002977103543915130644 s.
        let fling = try ScrollFling(position: 100, velocity: 3_000, limits: 0...1_000)
        let pixel = try RestThreshold.position(screenScale: 3)
        let rest = fling.restTime(threshold: pixel)
        XCTAssertGreaterThanOrEqual(rest, 1.333076783012461706002977103543915130644 - 1e-15)
        XCTAssertEqual(rest, 1.333076783012461706002977103543915130644, accuracy: 1e-9)
        // After the rest time the content stays within ε of the limit; a 120 Hz frame before
        // it, it is still visibly away.
        for k in 0...600 {
            let t = rest + Double(k) / 120
            XCTAssertLessThanOrEqual(abs(fling.position(at: t) - 1_000), 1.0 / 6, "t=\(t)")
        }
        XCTAssertGreaterThan(abs(fling.position(at: rest - 1.0 / 120) - 1_000), 1.0 / 6)
    }

    func testAFlingThatStopsInsideTheLimitsIsTheDecayAlone() throws {
        // From 0 at 1500 pt/s with the limit far away: rests at v₀/κ = 749.2497497496828826…;
        // the distance left, |v(t)|/κ, falls to ε = 1/6 at ln(1500/(κε))/κ = 4.2012091015822384… s.
        let fling = try ScrollFling(position: 0, velocity: 1_500, limits: -100...5_000)
        XCTAssertNil(fling.handover)
        XCTAssertEqual(fling.restingPosition, 749.2497497496828826473196290804407274086, accuracy: 1e-12)
        let rest = fling.restTime(threshold: try RestThreshold.position(screenScale: 3))
        XCTAssertEqual(rest, 4.201209101582238417964231746330153363665, accuracy: 1e-9)
        XCTAssertGreaterThanOrEqual(rest, 4.201209101582238417964231746330153363665 - 1e-15)
        for t in [0.0, 0.25, 1.0, 3.0] {
            XCTAssertEqual(fling.position(at: t), 1_500 * (1 - exp(-kappaNormal * t)) / kappaNormal, accuracy: 1e-10)
            XCTAssertEqual(fling.velocity(at: t), 1_500 * exp(-kappaNormal * t), accuracy: 1e-10)
        }
        // A resting point exactly on the limit is reached only as t → ∞: no hand-over.
        let exact = try ScrollFling(position: 0, velocity: 1_500, limits: 0...(1_500 / kappaNormal * (1 + 1e-12)))
        XCTAssertNil(exact.handover)
        // At the fast rate the same flick goes v₀/κ = 149.2487437101332590970… pt.
        let fast = try ScrollFling(position: 0, velocity: 1_500, decelerationRate: .fast)
        XCTAssertEqual(fast.restingPosition, 149.2487437101332590970490693692118705776, accuracy: 1e-12)
        // No velocity, no motion, at rest at once.
        let still = try ScrollFling(position: 42, velocity: 0, limits: 0...100)
        XCTAssertEqual(still.position(at: 3), 42)
        XCTAssertEqual(still.restTime(threshold: try RestThreshold(0.5)), 0)
    }

    func testAStartPastALimitSpringsBackAtOnce() throws {
        // Released 30 pt past the upper limit at 200 pt/s outward: the critically damped
        // response from x₀ = 30, v₀ = 200 is x(t) = (30 + (200 + 300)t)·e^(−10t).
        let fling = try ScrollFling(position: 530, velocity: 200, limits: 0...500)
        let handover = try XCTUnwrap(fling.handover)
        XCTAssertEqual(handover.time, 0)
        XCTAssertEqual(handover.position, 530)
        XCTAssertEqual(handover.target, 500)
        for t in [0.0, 0.1, 0.4, 1.0] {
            XCTAssertEqual(fling.position(at: t), 500 + (30 + 500 * t) * exp(-10 * t), accuracy: 1e-10)
        }
        // Below the lower limit, moving inward.
        let below = try ScrollFling(position: -20, velocity: 50, limits: 0...500)
        XCTAssertEqual(below.restingPosition, 0)
        let expected: Double = (-20.0 + (50.0 - 200.0) * 0.2) * exp(-2.0)
        XCTAssertEqual(below.position(at: 0.2), expected, accuracy: 1e-10)
        // Its rest time is the spring's (the last exit of (−20 − 150t)e^(−10t) from ±ε).
        let threshold = try RestThreshold(0.1)
        XCTAssertEqual(below.restTime(threshold: threshold),
                       try below.edgeSpring.restTime(displacement: -20, velocity: 50, threshold: threshold))
    }

    func testAHandoverInsideTheBandRestsWhenTheDecayEntersIt() throws {
        // A crossing at 0.05 pt/s leaves the spring within v_b/(ω₀e) ≈ 0.0018 pt of the limit,
        // inside ε = 0.5: rest began when the decay came within ε of the limit, at
        // x(t) = b − ε, i.e. t = −ln(1 − κ(b − ε − x₀)/v₀)/κ.
        let x0 = 0.0, b = 100.0, vb = 0.05
        let v0 = vb + kappaNormal * (b - x0)
        let fling = try ScrollFling(position: x0, velocity: v0, limits: -10...b)
        XCTAssertEqual(try XCTUnwrap(fling.handover).velocity, vb, accuracy: 1e-10)
        let expected = -log(1 - kappaNormal * (b - 0.5 - x0) / v0) / kappaNormal
        let rest = fling.restTime(threshold: try RestThreshold(0.5))
        XCTAssertEqual(rest, expected, accuracy: 1e-10)
        XCTAssertLessThan(rest, try XCTUnwrap(fling.handover).time)
        XCTAssertGreaterThan(abs(fling.position(at: rest - 0.01) - b), 0.5)
    }

    func testBadArgumentsNameTheParameter() {
        func name(_ make: () throws -> Any) -> String? {
            do { _ = try make(); return nil } catch let HookeError.invalidParameter(name, _, _) { return name } catch { return "?" }
        }
        XCTAssertEqual(name { try ScrollFling(position: .nan, velocity: 1) }, "position")
        XCTAssertEqual(name { try ScrollFling(position: 0, velocity: .infinity) }, "velocity")
        XCTAssertEqual(name { try ScrollFling(position: 0, velocity: 1, limits: Double.infinity...Double.infinity) }, "limits")
        XCTAssertEqual(name { try ScrollFling(position: 0, velocity: 1, limits: -Double.infinity...(-Double.infinity)) },
                       "limits")
    }
}
