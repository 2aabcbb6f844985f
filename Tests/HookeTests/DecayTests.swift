import Foundation
import Hooke
import XCTest

final class DecayTests: XCTestCase {
    func testVelocityKeepsTheRatePerMillisecond() throws {
        // UIKit's definition: each millisecond keeps the fraction r of the velocity.
        for rate in [DecelerationRate.normal, .fast, try DecelerationRate(rate: 0.95)] {
            let decay = Decay(decelerationRate: rate)
            for n in [1, 16, 250, 1_000, 3_000] {
                let expected = 1_500 * pow(rate.rate, Double(n))
                XCTAssertEqual(decay.velocity(at: Double(n) / 1_000, initialVelocity: 1_500.0),
                               expected, accuracy: 1e-12 * 1_500, "r=\(rate.rate) n=\(n)")
            }
        }
        XCTAssertEqual(DecelerationRate.normal.rate, 0.998)
        XCTAssertEqual(DecelerationRate.fast.rate, 0.99)
    }

    func testValueMatchesAHighResolutionIntegrationOfTheDecayODE() throws {
        // ẋ = v, v̇ = 1000·ln(r)·v, integrated with RK4 at 10 µs steps (error ~1e-16).
        for rate in [DecelerationRate.normal, .fast] {
            let decay = Decay(decelerationRate: rate)
            let checkpoints = [0.05, 0.3, 1.0, 2.5]
            let reference = LinearDragReference.states(x0: 20, v0: -2_400, k: 1_000 * log(rate.rate), at: checkpoints)
            for (checkpoint, (x, v)) in zip(checkpoints, reference) {
                XCTAssertEqual(decay.value(at: checkpoint, from: 20.0, initialVelocity: -2_400.0), x,
                               accuracy: 1e-9 * 2_400, "r=\(rate.rate) t=\(checkpoint)")
                XCTAssertEqual(decay.velocity(at: checkpoint, initialVelocity: -2_400.0), v,
                               accuracy: 1e-9 * 2_400)
            }
        }
    }

    func testValueDerivativeIsTheVelocity() {
        let decay = Decay(decelerationRate: .normal)
        let delta = 1e-5
        for t in [0.0, 0.1, 0.7, 2.0] {
            let slope = (decay.value(at: t + delta, from: 0.0, initialVelocity: 800.0)
                - decay.value(at: t - delta, from: 0.0, initialVelocity: 800.0)) / (2 * delta)
            XCTAssertEqual(slope, decay.velocity(at: t, initialVelocity: 800.0), accuracy: 1e-5)
        }
    }

    func testDestinationIsTheLimitAndTheInverseRecoversTheVelocity() throws {
        for rate in [DecelerationRate.normal, .fast] {
            let decay = Decay(decelerationRate: rate)
            let x0 = 37.0, v0 = 3_200.0
            let destination = decay.destination(from: x0, initialVelocity: v0)
            // x₀ − v₀/(1000·ln r), written here from the definition.
            XCTAssertEqual(destination, x0 - v0 / (1_000 * log(rate.rate)), accuracy: 1e-9)
            // The limit: after 60 s, e^{−κt} < e^{−120}.
            XCTAssertEqual(decay.value(at: 60, from: x0, initialVelocity: v0), destination, accuracy: 1e-9)
            XCTAssertEqual(decay.initialVelocity(from: x0, toStopAt: destination), v0, accuracy: 1e-9)
            let back = decay.destination(from: x0, initialVelocity: decay.initialVelocity(from: x0, toStopAt: -500.0))
            XCTAssertEqual(back, -500, accuracy: 1e-10)
        }
    }

    func testProjectionIsTheMillisecondGeometricSeriesAndSlightlyShortOfTheContinuousDistance() throws {
        for rate in [DecelerationRate.normal, .fast, try DecelerationRate(rate: 0.9)] {
            let v = 1_000.0
            // Σ_{n≥1} (v/1000)·rⁿ summed term by term.
            var sum = 0.0
            var term = v / 1_000 * rate.rate
            while term > 1e-18 { sum += term; term *= rate.rate }
            let projected = Decay.project(velocity: v, decelerationRate: rate)
            XCTAssertEqual(projected, sum, accuracy: 1e-9 * sum)
            // 1 − r ≤ −ln r ≤ (1 − r)/r  ⇒  projection < v/κ ≤ projection/r.
            let continuous = Decay(decelerationRate: rate).destination(from: 0.0, initialVelocity: v)
            XCTAssertLessThan(projected, continuous)
            XCTAssertLessThanOrEqual(continuous, projected / rate.rate)
        }
        // UIKit's normal rate: a 1000 pt/s flick projects 0.998/0.002 = 499 pt.
        XCTAssertEqual(Decay.project(velocity: 1_000.0, decelerationRate: .normal), 499, accuracy: 1e-9)
        let planar = Decay.project(velocity: SIMD2<Double>(1_000, -2_000), decelerationRate: .fast)
        XCTAssertEqual(planar.x, 99, accuracy: 1e-9)
        XCTAssertEqual(planar.y, -198, accuracy: 1e-9)
    }

    func testDurationUntilSpeedFallsBelowAThreshold() throws {
        let decay = Decay(decelerationRate: .normal)
        let t = try decay.duration(initialVelocity: SIMD2<Double>(600, 800), untilSpeedBelow: 0.5)
        let speed = decay.velocity(at: t, initialVelocity: SIMD2<Double>(600, 800)).motionLength
        XCTAssertEqual(speed, 0.5, accuracy: 1e-10)
        XCTAssertEqual(try decay.duration(initialVelocity: 0.1, untilSpeedBelow: 0.5), 0)
        XCTAssertThrowsError(try decay.duration(initialVelocity: 1.0, untilSpeedBelow: 0))
    }

    func testRefusesRatesOutsideTheOpenUnitInterval() {
        for bad in [0, 1, 1.5, -0.2, .nan, .infinity] {
            XCTAssertThrowsError(try DecelerationRate(rate: bad)) { error in
                guard case .invalidParameter("rate", _, _)? = error as? HookeError else {
                    return XCTFail("unexpected \(error)")
                }
            }
        }
    }
}
