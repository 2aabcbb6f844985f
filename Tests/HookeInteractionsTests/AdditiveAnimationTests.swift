import Foundation
import Hooke
import HookeInteractions
import XCTest

final class AdditiveAnimationTests: XCTestCase {
    /// Two overlapping transitions add: value(t) = target − Σ δᵢ(1 − y((t − sᵢ)/D)), here
    /// with the linear curve so that y(p) = p and the sum is written out by hand.
    func testOverlappingTransitionsAdd() throws {
        var animation = try AdditiveAnimation(value: 0, duration: 1, curve: .linear)
        try animation.retarget(to: 10, at: 0)
        try animation.retarget(to: 4, at: 0.5)
        // At t = 0.75: 4 − 10·(1 − 0.75) − (−6)·(1 − 0.25) = 4 − 2.5 + 4.5 = 6.
        XCTAssertEqual(animation.value(at: 0.75), 6, accuracy: 1e-12)
        // Velocity: 10·1 + (−6)·1 = 4 per second.
        XCTAssertEqual(animation.velocity(at: 0.75), 4, accuracy: 1e-9)
        XCTAssertEqual(animation.value(at: 1.6), 4)
        XCTAssertTrue(animation.isFinished(at: 1.5))
        XCTAssertFalse(animation.isFinished(at: 1.49))
        XCTAssertThrowsError(try AdditiveAnimation(value: 0, duration: 0, curve: .linear)) {
            XCTAssertTrue("\($0)".hasPrefix("duration"))
        }
        XCTAssertThrowsError(try animation.retarget(to: .nan, at: 2)) { XCTAssertTrue("\($0)".hasPrefix("target")) }
    }
}
