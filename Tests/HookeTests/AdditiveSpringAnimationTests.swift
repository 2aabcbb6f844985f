import Foundation
import Hooke
import XCTest

/// Additive springs (SwiftUI's interpolatingSpring): by superposition, the sum of transitions
/// is exactly one spring whose target jumps at each retarget — checked against `SpringMotion`
/// retargeted at the same times, stepped exactly.
final class AdditiveSpringAnimationTests: XCTestCase {
    func testTheSumIsOneSpringWhoseTargetJumps() throws {
        let spring = try Spring(dampingRatio: 0.5, response: 0.4)
        var additive = try AdditiveSpringAnimation(value: 0, spring: spring, threshold: .scale)
        var motion = try SpringMotion(spring: spring, value: 0.0, target: 0)
        let retargets: [(step: Int, target: Double)] = [(0, 100), (12, 40), (20, 250), (45, -30)]
        let h = 1.0 / 120
        for step in 0...240 {
            if let r = retargets.first(where: { $0.step == step }) {
                try additive.retarget(to: r.target, at: Double(step) * h)
                try motion.retarget(to: r.target)
            }
            let t = Double(step) * h
            XCTAssertEqual(additive.value(at: t), motion.value, accuracy: 1e-9 * 250, "step \(step)")
            XCTAssertEqual(additive.velocity(at: t), motion.velocity, accuracy: 1e-8 * 250 * spring.naturalFrequency)
            motion.step(by: h)
        }
    }

    /// A retarget keeps value and velocity (the new transition starts at rest), and the
    /// animation is finished only once the rest of every transition is invisible.
    func testContinuityAndFinish() throws {
        let spring = try Spring(dampingRatio: 0.8, response: 0.3)
        var additive = try AdditiveSpringAnimation(value: 0, spring: spring, threshold: .alpha)
        try additive.retarget(to: 1, at: 0)
        let (x, v) = (additive.value(at: 0.1), additive.velocity(at: 0.1))
        try additive.retarget(to: 0.2, at: 0.1)
        XCTAssertEqual(additive.value(at: 0.1), x, accuracy: 1e-15)
        XCTAssertEqual(additive.velocity(at: 0.1), v, accuracy: 1e-12)
        XCTAssertFalse(additive.isFinished(at: 0.3))
        var t = 0.3
        while !additive.isFinished(at: t) { t += 1.0 / 120 }
        // From then on the value never leaves the band around the target.
        for k in 0..<2000 {
            XCTAssertLessThanOrEqual(abs(additive.value(at: t + Double(k) / 240) - 0.2), RestThreshold.alpha.value)
        }
    }
}
