import Foundation
import Hooke
import XCTest

/// Rest that is provably invisible (`Spring.restTime(displacement:velocity:threshold:)`,
/// `SpringMotion.settleIfInvisible(threshold:)`), against a 40-digit reference: the rest
/// times of 72 seeded motions — every damping regime, positions, alpha, rotation and scale
/// thresholds — computed with mpmath at 60 digits by Scripts/rest_reference.py
/// (Fixtures/rest-reference.json), which also checked that nothing after each exceeds its
/// threshold.
final class RestTimeTests: XCTestCase {
    struct Case {
        let spring: Spring
        let displacement: Double
        let velocity: Double
        let threshold: RestThreshold
        /// The reference rest time, rounded to the nearest Double.
        let restTime: Double
        let exceedsOneFrameEarlier: Bool
    }

    static let cases: [Case] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/rest-reference.json")
        guard let data = try? Data(contentsOf: url),
              let document = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let cases = document["cases"] as? [[String: Any]] else { return [] }
        return cases.compactMap { c in
            guard let m = c["mass"] as? Double, let k = c["stiffness"] as? Double, let d = c["damping"] as? Double,
                  let x = c["displacement"] as? Double, let v = c["velocity"] as? Double,
                  let threshold = c["threshold"] as? Double, let t = (c["restTime"] as? String).flatMap(Double.init),
                  let earlier = c["exceedsOneFrameEarlier"] as? Bool,
                  let spring = try? Spring(mass: m, stiffness: k, damping: d),
                  let band = try? RestThreshold(threshold) else { return nil }
            return Case(spring: spring, displacement: x, velocity: v, threshold: band, restTime: t,
                        exceedsOneFrameEarlier: earlier)
        }
    }()

    /// Never early: the reported time is at or after the true last exit, so every value after
    /// it is within the threshold; and never late by more than 10⁻⁹ of itself. One frame
    /// (1/120 s) before the true rest time, most of these motions are still visibly moving.
    func testTheRestTimeIsTheTrueLastExitNeverEarlier() throws {
        XCTAssertEqual(Self.cases.count, 72, "the fixture did not load")
        for (i, c) in Self.cases.enumerated() {
            let t = try c.spring.restTime(displacement: c.displacement, velocity: c.velocity, threshold: c.threshold)
            // The reference rounded to a Double can sit half an ulp either side of the real one.
            XCTAssertGreaterThanOrEqual(t, c.restTime.nextUp, "case \(i): reported before the last exit")
            XCTAssertLessThanOrEqual(t, c.restTime * (1 + 1e-9), "case \(i): later than the last exit")
        }
        XCTAssertGreaterThan(Self.cases.filter(\.exceedsOneFrameEarlier).count, 0)
    }

    /// A motion stepped at 120 Hz and settled with `settleIfInvisible` ends on the first step
    /// at or after its rest time — the reference's — exactly on the target.
    func testAMotionEndsOnTheFirstStepAfterItsRestTime() throws {
        let h = 1.0 / 120
        for c in Self.cases.prefix(24) {
            var motion = try SpringMotion(spring: c.spring, value: c.displacement, target: 0, velocity: c.velocity)
            var steps = 0
            while !motion.settleIfInvisible(threshold: c.threshold) {
                motion.step(by: h)
                steps += 1
                XCTAssertLessThan(steps, 100_000)
            }
            XCTAssertEqual(motion.value, 0)
            XCTAssertEqual(motion.velocity, 0)
            // The step it ended on is the first one at or after the rest time (within the
            // rounding of n·h against the reference).
            let first = (c.restTime / h).rounded(.up)
            XCTAssertTrue(abs(Double(steps) - first) <= 1, "ended at step \(steps), rest time at step \(first)")
        }
    }

    /// A motion that is inside the band now but is thrown out of it later is not at rest:
    /// a threshold on the present distance and speed alone would stop it too early.
    func testAMotionInsideTheBandButThrownOutIsNotAtRest() throws {
        let spring = try Spring(dampingRatio: 0.5, response: 0.5)
        var motion = try SpringMotion(spring: spring, value: 0.1, target: 0, velocity: 200)
        XCTAssertFalse(motion.settleIfInvisible(threshold: try .position(screenScale: 3)))
        XCTAssertGreaterThan(motion.restTime(threshold: try .position(screenScale: 3)), 0.1)
        // A 2-D motion rests when both coordinates do.
        let planar = try SpringMotion(spring: spring, value: SIMD2<Double>(0.01, 40), target: .zero)
        XCTAssertEqual(planar.restTime(threshold: .scale),
                       try spring.restTime(displacement: 40, velocity: 0, threshold: .scale))
    }

    /// Android's minimum visible changes (androidx.dynamicanimation DynamicAnimation:
    /// rotation 1/10°, alpha 1/256, scale 1/500) and half a device pixel for positions.
    func testTheThresholdsAreTheDocumentedMinimumVisibleChanges() throws {
        XCTAssertEqual(RestThreshold.alpha.value, 0.00390625)
        XCTAssertEqual(RestThreshold.scale.value, 0.002)
        XCTAssertEqual(RestThreshold.rotation.value, 0.1 * Double.pi / 180, accuracy: 1e-18)
        XCTAssertEqual(try RestThreshold.position(screenScale: 3).value, 1.0 / 6)
        XCTAssertThrowsError(try RestThreshold(0))
        XCTAssertThrowsError(try RestThreshold.position(screenScale: .nan))
        // An undamped spring in motion never rests; one at its target already has.
        let undamped = try Spring(mass: 1, stiffness: 100, damping: 0)
        XCTAssertEqual(try undamped.restTime(displacement: 1, velocity: 0, threshold: .alpha), .infinity)
        XCTAssertEqual(try undamped.restTime(displacement: 0, velocity: 0, threshold: .alpha), 0)
    }
}
