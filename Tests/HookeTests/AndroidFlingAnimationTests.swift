import Foundation
import Hooke
import XCTest

final class AndroidFlingAnimationTests: XCTestCase {
    func testConstantsAreAndroidsPublishedOnes() throws {
        // androidx/androidx dynamicanimation/dynamicanimation/api/current.txt:
        // MIN_VISIBLE_CHANGE_PIXELS = 1.0f, MIN_VISIBLE_CHANGE_ROTATION_DEGREES = 0.1f,
        // MIN_VISIBLE_CHANGE_ALPHA = 0.00390625f, MIN_VISIBLE_CHANGE_SCALE = 0.002f.
        XCTAssertEqual(AndroidFlingAnimation.minimumVisibleChangePixels, 1)
        XCTAssertEqual(AndroidFlingAnimation.minimumVisibleChangeRotationDegrees, 0.1, accuracy: 1e-15)
        XCTAssertEqual(AndroidFlingAnimation.minimumVisibleChangeAlpha, 0.00390625)
        XCTAssertEqual(AndroidFlingAnimation.minimumVisibleChangeScale, 0.002, accuracy: 1e-18)
        // DynamicAnimation.java THRESHOLD_MULTIPLIER = 0.75f; FlingAnimation.DragForce
        // DEFAULT_FRICTION = -4.2f and VELOCITY_THRESHOLD_MULTIPLIER = 1000f / 16f.
        XCTAssertEqual(AndroidFlingAnimation.valueThresholdMultiplier, 0.75)
        XCTAssertEqual(AndroidFlingAnimation.frictionMultiplier, -4.2)
        XCTAssertEqual(AndroidFlingAnimation.velocityThresholdMultiplier, 62.5)
    }

    func testDefaultThresholdsForPixelsAre0_75PxAnd46_875PxPerSecond() throws {
        // Android's guide "Move views using a fling animation": default friction 1, minimum
        // visible change 1 px for translation and scroll properties; so the value threshold
        // is 1 × 0.75 = 0.75 px and the velocity threshold 0.75 × 62.5 = 46.875 px/s.
        let fling = try AndroidFlingAnimation(startVelocity: 2_000)
        XCTAssertEqual(fling.friction, 1)
        XCTAssertEqual(fling.minimumVisibleChange, 1)
        XCTAssertEqual(fling.valueThreshold, 0.75)
        XCTAssertEqual(fling.velocityThreshold, 46.875)
        XCTAssertEqual(fling.decayConstant, 4.2, accuracy: 1e-15)
        // Alpha: 1/256 × 0.75 × 62.5 = 0.18310546875 per second.
        let alpha = try AndroidFlingAnimation(
            startVelocity: 3, minimumVisibleChange: AndroidFlingAnimation.minimumVisibleChangeAlpha)
        XCTAssertEqual(alpha.velocityThreshold, 0.18310546875)
    }

    func testMatchesHighPrecisionValuesOfTheClosedForm() throws {
        // v(t) = v₀e^(−4.2ft), x(t) = x₀ + v₀(1 − e^(−4.2ft))/(4.2f), T = ln(|v₀|/v_th)/(4.2f),
        // distance (|v₀| − v_th)/(4.2f), evaluated with Python's decimal module at 40 digits.
        let fling = try AndroidFlingAnimation(startVelocity: 2_000)
        XCTAssertEqual(fling.value(at: 0.25), 309.55345280421173587, accuracy: 1e-10)
        XCTAssertEqual(fling.velocity(at: 0.25), 699.87549822231070934, accuracy: 1e-10)
        XCTAssertEqual(fling.stopTime, 0.89367094648845416060, accuracy: 1e-13)
        XCTAssertEqual(fling.stopDistance, 465.02976190476190476, accuracy: 1e-10)
        XCTAssertEqual(fling.stopValue, 465.02976190476190476, accuracy: 1e-10)
        XCTAssertEqual(fling.restingValue, 476.19047619047619048, accuracy: 1e-10)
        XCTAssertEqual(fling.value(at: fling.stopTime), fling.stopValue, accuracy: 1e-10)
        XCTAssertEqual(fling.velocity(at: fling.stopTime), 46.875, accuracy: 1e-10)

        let slow = try AndroidFlingAnimation(startValue: 30, startVelocity: -5_000, friction: 0.5)
        XCTAssertEqual(slow.stopTime, 2.2236708129169821618, accuracy: 1e-12)
        XCTAssertEqual(slow.stopDistance, 2_358.6309523809523810, accuracy: 1e-9)
        XCTAssertEqual(slow.stopValue, 30 - 2_358.6309523809523810, accuracy: 1e-9)
        XCTAssertEqual(slow.restingValue, 30 - 2_380.9523809523809524, accuracy: 1e-9)
    }

    func testReproducesTheBoundsOfAndroidxFlingTests() throws {
        // androidx/androidx dynamicanimation/.../androidTest/.../tests/FlingTests.java. Each
        // test waits for the end (a timeout) and bounds the end value:
        // testCustomProperties: start 100, velocity 2000, ends within 2000 ms above 110.
        let custom = try AndroidFlingAnimation(startValue: 100, startVelocity: 2_000)
        XCTAssertLessThan(custom.stopTime, 2)
        XCTAssertGreaterThan(custom.stopValue, 110)
        // testFloatValueHolder: start 0, velocity −2500, ends within 2000 ms below −50.
        let holder = try AndroidFlingAnimation(startVelocity: -2_500)
        XCTAssertLessThan(holder.stopTime, 2)
        XCTAssertLessThan(holder.stopValue, -50)
        // testFriction: velocity 5000; friction 2 ends within 1000 ms above 200, while
        // friction 0.5 is still running then.
        let high = try AndroidFlingAnimation(startVelocity: 5_000, friction: 2)
        let low = try AndroidFlingAnimation(startVelocity: 5_000, friction: 0.5)
        XCTAssertLessThan(high.stopTime, 1)
        XCTAssertGreaterThan(high.stopValue, 200)
        XCTAssertFalse(low.isDone(at: high.stopTime))
        XCTAssertGreaterThan(low.stopTime, high.stopTime)
        // testVelocityThreshold: velocity 2000; minimum visible change 10 ends within
        // 1000 ms above 200 (its velocity ≥ 10 on every frame but the last), while 5 is still
        // running then.
        let coarse = try AndroidFlingAnimation(startVelocity: 2_000, minimumVisibleChange: 10)
        let fine = try AndroidFlingAnimation(startVelocity: 2_000, minimumVisibleChange: 5)
        XCTAssertLessThan(coarse.stopTime, 1)
        XCTAssertGreaterThan(coarse.stopValue, 200)
        XCTAssertGreaterThanOrEqual(coarse.velocity(at: coarse.stopTime), 10)
        XCTAssertFalse(fine.isDone(at: coarse.stopTime))
        // The numbers behind those bounds (Python decimal): T = 0.89367 s, 0.94680 s,
        // 0.55592 s (2.22367 s at friction 0.5), 0.34544 s (0.51047 s at 5); distances
        // 465.030, 584.077, 589.658, 364.583.
        XCTAssertEqual(holder.stopTime, 0.94680036346802791197, accuracy: 1e-13)
        XCTAssertEqual(high.stopTime, 0.55591770322924554044, accuracy: 1e-13)
        XCTAssertEqual(coarse.stopTime, 0.34543640053749090250, accuracy: 1e-13)
        XCTAssertEqual(fine.stopTime, 0.51047144352795407141, accuracy: 1e-13)
        XCTAssertEqual(holder.stopDistance, 584.07738095238095238, accuracy: 1e-10)
        XCTAssertEqual(high.stopDistance, 589.65773809523809524, accuracy: 1e-10)
        XCTAssertEqual(coarse.stopDistance, 364.58333333333333333, accuracy: 1e-10)
    }

    /// androidx's frame loop, restated from `FlingAnimation.DragForce.updateValueAndVelocity`
    /// and `isAtEquilibrium`: each frame of `frameMilliseconds` multiplies the velocity by
    /// e^(−4.2f·Δt) and moves the value by v/(−4.2f)·(e^(−4.2f·Δt) − 1), in `Float` as Android
    /// does; the loop ends on the first frame whose speed is under the threshold.
    private func androidFrameLoop(
        startValue: Float, startVelocity: Float, friction: Float, minimumVisibleChange: Float,
        frameMilliseconds: Int
    ) -> (value: Float, frames: Int) {
        let drag = friction * -4.2
        let threshold = minimumVisibleChange * 0.75 * 62.5
        let dt = Float(frameMilliseconds) / 1_000
        var value = startValue, velocity = startVelocity
        var frames = 0
        repeat {
            let factor = Float(exp(Double(dt * drag)))
            value = value - velocity / drag + velocity / drag * factor
            velocity *= factor
            frames += 1
        } while abs(velocity) >= threshold
        return (value, frames)
    }

    func testAndroidsFrameLoopEndsOnTheFirstFrameAfterTheStopTime() throws {
        for (v0, friction, change, frame) in [(2_000.0, 1.0, 1.0, 16), (-3_500, 1.1, 1, 16),
                                              (800, 0.7, 0.5, 8), (12_000, 1, 1, 33)] {
            let fling = try AndroidFlingAnimation(
                startValue: 20, startVelocity: v0, friction: friction, minimumVisibleChange: change)
            let android = androidFrameLoop(
                startValue: 20, startVelocity: Float(v0), friction: Float(friction),
                minimumVisibleChange: Float(change), frameMilliseconds: frame)
            let h = Double(frame) / 1_000
            XCTAssertEqual(android.frames, Int(fling.stopTime / h) + 1, "v0=\(v0)")
            // Its value at that frame is the closed form there, to Float precision …
            let endTime = Double(android.frames) * h
            XCTAssertEqual(Double(android.value), fling.value(at: endTime),
                           accuracy: 1e-5 * abs(fling.restingValue), "v0=\(v0)")
            // … beyond the stop value by less than one frame at the threshold speed.
            let beyond = (Double(android.value) - fling.stopValue) * (v0 < 0 ? -1 : 1)
            XCTAssertGreaterThanOrEqual(beyond, -1e-5 * abs(fling.restingValue), "v0=\(v0)")
            XCTAssertLessThan(beyond, fling.velocityThreshold * h, "v0=\(v0)")
        }
    }

    func testVelocityIsTheDerivativeOfTheValue() throws {
        let fling = try AndroidFlingAnimation(startValue: -3, startVelocity: 1_234, friction: 1.3)
        let delta = 1e-5
        for t in [0.0, 0.05, 0.4, 1.2] {
            let slope = (fling.value(at: t + delta) - fling.value(at: t - delta)) / (2 * delta)
            XCTAssertEqual(slope, fling.velocity(at: t), accuracy: 1e-5, "t=\(t)")
        }
    }

    func testASlowStartStopsAtOnce() throws {
        // |v₀| ≤ v_th: the end test holds from the start.
        let fling = try AndroidFlingAnimation(startValue: 5, startVelocity: -40)
        XCTAssertEqual(fling.stopTime, 0)
        XCTAssertEqual(fling.stopDistance, 0)
        XCTAssertEqual(fling.stopValue, 5)
        XCTAssertTrue(fling.isDone(at: 0))
        XCTAssertTrue(try AndroidFlingAnimation(startVelocity: 0).isDone(at: 0))
    }

    func testRefusesInvalidParametersNamingThem() {
        let cases: [(String, () throws -> AndroidFlingAnimation)] = [
            ("startValue", { try AndroidFlingAnimation(startValue: .nan, startVelocity: 1) }),
            ("startVelocity", { try AndroidFlingAnimation(startVelocity: .infinity) }),
            ("friction", { try AndroidFlingAnimation(startVelocity: 1, friction: 0) }),
            ("friction", { try AndroidFlingAnimation(startVelocity: 1, friction: -1) }),
            ("minimumVisibleChange", { try AndroidFlingAnimation(startVelocity: 1, minimumVisibleChange: 0) }),
            ("minimumVisibleChange", { try AndroidFlingAnimation(startVelocity: 1, minimumVisibleChange: .nan) }),
        ]
        for (name, body) in cases {
            XCTAssertThrowsError(try body()) { error in
                guard case .invalidParameter(name, _, _)? = error as? HookeError else {
                    return XCTFail("expected \(name), got \(error)")
                }
            }
        }
    }
}
