import Foundation
import Hooke
import XCTest

final class FixedStepClockTests: XCTestCase {
    /// Drives a spring with the exact propagator from frames of the given durations and
    /// records the state after every step.
    private func drive(frames: [Double]) throws -> (states: [SpringState], clock: FixedStepClock) {
        let spring = try Spring(dampingRatio: 0.4, response: 0.3)
        var clock = try FixedStepClock(maxStepsPerAdvance: 1_000)
        let map = ExactIntegrator().propagator(for: spring, step: clock.step)
        var x = -100.0, v = 50.0
        var states: [SpringState] = []
        for frame in frames {
            let steps = try clock.advance(by: frame)
            for _ in 0..<steps {
                (x, v) = map.apply(displacement: x, velocity: v)
                states.append(SpringState(value: x, velocity: v))
            }
        }
        return (states, clock)
    }

    func testTwoSecondsAtEveryFrameRateRunExactly240IdenticalSteps() throws {
        var feeds: [(String, [Double])] = [
            ("30 Hz", Array(repeating: 1.0 / 30, count: 60)),
            ("60 Hz", Array(repeating: 1.0 / 60, count: 120)),
            ("120 Hz", Array(repeating: 1.0 / 120, count: 240)),
            ("144 Hz", Array(repeating: 1.0 / 144, count: 288)),
        ]
        // Jittered frames between 4 and 20 ms, the last one closing the 2 s.
        for seed in [1, 2, 3] as [UInt64] {
            var rng = SplitMix64(seed: seed)
            var frames: [Double] = []
            var total = 0.0
            while true {
                let frame = Double.random(in: 0.004...0.020, using: &rng)
                if total + frame >= 2 { break }
                frames.append(frame)
                total += frame
            }
            frames.append(2 - total)
            feeds.append(("jitter seed \(seed)", frames))
        }
        let reference = try drive(frames: feeds[2].1)
        XCTAssertEqual(reference.states.count, 240)
        for (name, frames) in feeds {
            let run = try drive(frames: frames)
            XCTAssertEqual(run.clock.stepCount, 240, name)
            XCTAssertEqual(run.clock.time, 2, accuracy: 1e-15, name)
            XCTAssertEqual(run.states.count, reference.states.count, name)
            // Bit-identical states at every step.
            for (a, b) in zip(run.states, reference.states) {
                XCTAssertEqual(a.value.bitPattern, b.value.bitPattern, name)
                XCTAssertEqual(a.velocity.bitPattern, b.velocity.bitPattern, name)
            }
        }
    }

    func testStepsArriveWhenTheirBoundaryIsCrossed() throws {
        // After j frames of 1/144 s, exactly ⌊120j/144⌋ = ⌊5j/6⌋ steps have run (integer
        // arithmetic as the reference) and the interpolation factor is (5j mod 6)/6.
        var clock = try FixedStepClock(step: 1.0 / 120)
        for j in 1...10_000 {
            _ = try clock.advance(by: 1.0 / 144)
            XCTAssertEqual(clock.stepCount, 5 * j / 6, "frame \(j)")
            XCTAssertEqual(clock.interpolationFactor, Double(5 * j % 6) / 6, accuracy: 1e-6, "frame \(j)")
        }
        // 60 Hz for an hour: two steps every frame, none lost or gained.
        var sixty = try FixedStepClock()
        for j in 1...(3_600 * 60) {
            XCTAssertEqual(try sixty.advance(by: 1.0 / 60), 2, "frame \(j)")
        }
        XCTAssertEqual(sixty.stepCount, 3_600 * 120)
    }

    func testANaiveFloatingAccumulatorLosesAStepWhereTheClockDoesNot() throws {
        // Why the clock counts carefully: 288 frames of 1/144 s summed into a Double and
        // peeled off in 1/120 s steps leave the last step a few ulps short.
        var accumulator = 0.0
        var naiveSteps = 0
        var clock = try FixedStepClock(step: 1.0 / 120)
        for _ in 0..<288 {
            accumulator += 1.0 / 144
            while accumulator >= 1.0 / 120 { accumulator -= 1.0 / 120; naiveSteps += 1 }
            _ = try clock.advance(by: 1.0 / 144)
        }
        XCTAssertLessThan(naiveSteps, 240)
        XCTAssertEqual(clock.stepCount, 240)
    }

    func testCapDropsSurplusStepsAndKeepsTheFraction() throws {
        var clock = try FixedStepClock(step: 0.01, maxStepsPerAdvance: 8)
        // A 1.005 s stall: 100 steps due plus half a step.
        XCTAssertEqual(try clock.advance(by: 1.005), 8)
        XCTAssertEqual(clock.stepCount, 8)
        XCTAssertEqual(clock.droppedTime, 0.92, accuracy: 1e-12)
        XCTAssertEqual(clock.interpolationFactor, 0.5, accuracy: 1e-9)
        XCTAssertEqual(clock.time, 0.08, accuracy: 1e-15)
        // Normal frames afterwards resume normally; the kept half step completes.
        XCTAssertEqual(try clock.advance(by: 0.005), 1)
        XCTAssertEqual(clock.stepCount, 9)
        XCTAssertEqual(try clock.advance(by: 0.02), 2)
        // An absurd frame is capped too and leaves a usable clock.
        XCTAssertEqual(try clock.advance(by: 1e300), 8)
        XCTAssertEqual(clock.stepCount, 19)
        XCTAssertTrue(clock.interpolationFactor >= 0 && clock.interpolationFactor < 1)
        XCTAssertEqual(try clock.advance(by: 0), 0)
    }

    func testRefusesBadFrameTimesAndSettings() throws {
        var clock = try FixedStepClock()
        for bad in [-1e-9, -.infinity, .infinity, .nan] {
            XCTAssertThrowsError(try clock.advance(by: bad)) { error in
                guard case .invalidParameter("frameTime", _, _)? = error as? HookeError else {
                    return XCTFail("unexpected \(error)")
                }
            }
        }
        XCTAssertEqual(clock.stepCount, 0)
        XCTAssertEqual(clock.pendingTime, 0)
        XCTAssertThrowsError(try FixedStepClock(step: 0))
        XCTAssertThrowsError(try FixedStepClock(step: .nan))
        XCTAssertThrowsError(try FixedStepClock(maxStepsPerAdvance: 0)) { error in
            XCTAssertEqual(error as? HookeError,
                           .invalidParameter("maxStepsPerAdvance", value: 0, requirement: ">= 1"))
        }
        XCTAssertEqual(clock.step, 1.0 / 120)
        XCTAssertEqual(clock.maxStepsPerAdvance, 8)
    }
}
