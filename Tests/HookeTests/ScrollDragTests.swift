import Foundation
import Hooke
import XCTest

/// `ScrollDrag`: rubber-banding past the limits while dragged, and the release into a fling.
final class ScrollDragTests: XCTestCase {
    func testPastALimitTheContentFollowsThePublishedRubberBand() throws {
        // "Analysis of Apple's rubber band scrolling" (squareb, 2013) tabulates f for d = 960:
        // 2.74, 5.47, 52.02, 178.98, 340.65 at overshoots 5, 10, 100, 400, 960.
        let drag = try ScrollDrag(limits: 0...2_000, rubberBand: RubberBand(dimension: 960))
        let table: [(Double, Double)] = [(5, 2.74), (10, 5.47), (100, 52.02), (400, 178.98), (960, 340.65)]
        for (overshoot, displacement) in table {
            XCTAssertEqual(drag.position(forFingerPosition: 2_000 + overshoot), 2_000 + displacement, accuracy: 0.005)
            XCTAssertEqual(drag.position(forFingerPosition: -overshoot), -displacement, accuracy: 0.005)
        }
        // Inside the limits the content follows the finger.
        XCTAssertEqual(drag.position(forFingerPosition: 1_234.5), 1_234.5)
        XCTAssertEqual(drag.velocity(forFingerPosition: 1_234.5, fingerVelocity: -700), -700)
    }

    func testTheContentVelocityIsTheFingerVelocityTimesTheSlope() throws {
        let drag = try ScrollDrag(limits: 0...1_000, rubberBand: RubberBand(dimension: 600))
        // At the edge the slope is c = 0.55, and just outside it c·(1 − 2cx/d + …).
        XCTAssertEqual(drag.rubberBand.slope(forOvershoot: 0), 0.55)
        XCTAssertEqual(drag.slope(atFingerPosition: 1_000 + 1e-6), 0.55 * (1 - 2 * 0.55 * 1e-6 / 600), accuracy: 1e-15)
        // Past it, the slope is the derivative of the position, by central differences.
        for p in [1_010.0, 1_200.0, 1_900.0, -40.0, -700.0] {
            let h = 1e-4
            let numeric = (drag.position(forFingerPosition: p + h) - drag.position(forFingerPosition: p - h)) / (2 * h)
            XCTAssertEqual(drag.slope(atFingerPosition: p), numeric, accuracy: 1e-8, "p=\(p)")
            XCTAssertEqual(drag.velocity(forFingerPosition: p, fingerVelocity: 300), 300 * numeric, accuracy: 1e-5)
        }
    }

    func testTheFingerPositionInvertsThePosition() throws {
        let drag = try ScrollDrag(limits: -100...100, rubberBand: RubberBand(dimension: 400))
        for p in [-900.0, -150.0, -100.0, 0.0, 37.5, 100.0, 180.0, 2_500.0] {
            let x = drag.position(forFingerPosition: p)
            XCTAssertEqual(try drag.fingerPosition(forPosition: x), p, accuracy: 1e-9 * max(1, abs(p)), "p=\(p)")
        }
        // The band never goes a whole dimension past the limit.
        XCTAssertThrowsError(try drag.fingerPosition(forPosition: 100 + 400)) { error in
            XCTAssertEqual((error as? HookeError).map { if case let .invalidParameter(n, _, _) = $0 { n } else { "" } }, "position")
        }
    }

    func testAReleasePastALimitSpringsBackFromTheContentsState() throws {
        // Finger 200 pt past the upper limit of 0...1000 (d = 800) moving outward at 400 pt/s:
        // content at 1000 + f(200) = 1000 + 200·0.55·800/(200·0.55 + 800) and moving at
        // 400·f′(200) = 400·0.55·800²/(110 + 800)².
        let drag = try ScrollDrag(limits: 0...1_000, rubberBand: RubberBand(dimension: 800))
        let fling = try drag.release(fingerPosition: 1_200, fingerVelocity: 400)
        let x0 = 1_000 + 200 * 0.55 * 800 / (110 + 800)
        let v0 = 400 * 0.55 * 800 * 800 / (910 * 910)
        XCTAssertEqual(fling.position(at: 0), x0, accuracy: 1e-10)
        XCTAssertEqual(fling.velocity(at: 0), v0, accuracy: 1e-10)
        XCTAssertEqual(try XCTUnwrap(fling.handover).time, 0)
        XCTAssertEqual(fling.restingPosition, 1_000)
        // Critically damped from displacement x₀ − 1000 and velocity v₀ (ω₀ = 10).
        let d = x0 - 1_000
        for t in [0.05, 0.3, 1.0] {
            XCTAssertEqual(fling.position(at: t), 1_000 + (d + (v0 + 10 * d) * t) * exp(-10 * t), accuracy: 1e-9)
        }
        // Released inside, it is the plain fling from the finger's state.
        let inside = try drag.release(fingerPosition: 500, fingerVelocity: -300, decelerationRate: .fast)
        XCTAssertEqual(inside, try ScrollFling(position: 500, velocity: -300, limits: 0...1_000, decelerationRate: .fast))
    }
}
