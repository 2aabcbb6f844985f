import Foundation
import Hooke
import XCTest

/// `CurveAnimator`: UIViewPropertyAnimator's scrubbing, reversing, pausing and continuing with
/// a spring, against the cubic Bézier it runs on.
final class CurveAnimatorTests: XCTestCase {
    func testScrubReverseAndFinish() throws {
        var animator = try CurveAnimator(from: 10, to: 110, duration: 0.5, curve: .easeInEaseOut)
        try animator.scrub(toFraction: 0.3)
        XCTAssertEqual(animator.value, 10 + 100 * TimingCurve.easeInEaseOut.value(at: 0.3))
        XCTAssertThrowsError(try animator.scrub(toFraction: 1.5))
        _ = animator.advance(by: 0.1)                  // fraction 0.5
        let forward = animator.value
        animator.reverse()
        XCTAssertLessThan(animator.velocity, 0)
        _ = animator.advance(by: 0.05)                 // back to 0.4
        XCTAssertEqual(animator.fraction, 0.4, accuracy: 1e-15)
        _ = animator.advance(by: 0.05)
        XCTAssertEqual(animator.fraction, 0.3, accuracy: 1e-15)
        XCTAssertLessThan(animator.value, forward)
        var completion: AnimatorCompletion?
        while completion == nil { completion = animator.advance(by: 1.0 / 60) }
        XCTAssertEqual(completion, .finished)
        XCTAssertEqual(animator.value, 10)
    }

    /// Continuing with a spring keeps value and velocity: the spring's first instants carry on
    /// the curve's slope.
    func testContinuingWithASpringKeepsValueAndVelocity() throws {
        var animator = try CurveAnimator(from: 0, to: 200, duration: 0.4, curve: .easeIn)
        _ = animator.advance(by: 0.2)
        let spring = try animator.continued(with: Spring(dampingRatio: 0.7, response: 0.3), threshold: .scale)
        XCTAssertEqual(spring.value, animator.value)
        XCTAssertEqual(spring.velocity, 200 * TimingCurve.easeIn.slope(at: 0.5) / 0.4, accuracy: 1e-9)
        XCTAssertEqual(spring.target, 200)
        animator.pause()
        XCTAssertEqual(animator.velocity, 0)
        XCTAssertEqual(animator.stop(), .cancelled)
    }
}
