import Foundation
import Hooke
import HookeInteractions
import XCTest

/// The long-press lift at article fidelity against the article's code (quoted in
/// LongPressLift+Article.swift), CGAffineTransform's composition written out, and the
/// damped oscillator of InteractionTestSupport for UIKit's 0.4 s / 0.8 spring from rest.
final class LongPressLiftArticleFidelityTests: XCTestCase {
    private let h = 1.0 / 120
    private let homes: [SIMD2<Double>] = [SIMD2(60, 100), SIMD2(160, 100), SIMD2(260, 100)]
    private let size = SIMD2<Double>(80, 80)

    /// x(t) of the article's spring from x₀ = 1 at rest: the fraction of a transition left.
    private func remaining(_ t: Double) -> Double {
        dampedOscillator(omega0: uikitNaturalFrequency(duration: 0.4, dampingRatio: 0.8), zeta: 0.8, x0: 1, v0: 0, t: t).x
    }

    func testTheArticlesLiftMoveAndDrop() throws {
        var lift = try LongPressLift(homes: homes, itemSize: size, fidelity: .article)
        lift.handle(try GestureEvent(.began, time: 0, location: SIMD2(170, 110)))
        XCTAssertEqual(lift.liftedItem, 1)

        // The lift from rest: scale(1.2).concatenating(translation(0, 10)), alpha 0.9, others 0.8.
        for k in 1...24 {
            lift.step(by: h)
            let x = remaining(Double(k) * h)
            let item = lift.item(1)
            XCTAssertEqual(item.scale, 1.2 - 0.2 * x, accuracy: 1e-9, "step \(k)")
            XCTAssertEqual(item.alpha, 0.9 + 0.1 * x, accuracy: 1e-9)
            XCTAssertClose(item.center, homes[1] + SIMD2(0, 10 - 10 * x), accuracy: 1e-8)
            XCTAssertEqual(lift.item(0).scale, 0.8 + 0.2 * x, accuracy: 1e-9)
        }

        // A move replaces the transform with translation(d).concatenating(scale(1.2)):
        // the view at 1.2·d from home, scale 1.2, no drop; the alpha's spring runs on.
        let d = SIMD2<Double>(40, 20)
        lift.handle(try GestureEvent(.changed, time: 0.2, location: SIMD2(170, 110) + d))
        XCTAssertEqual(lift.item(1).center, homes[1] + 1.2 * d)
        XCTAssertEqual(lift.item(1).scale, 1.2)
        lift.step(by: h)
        XCTAssertEqual(lift.item(1).alpha, 0.9 + 0.1 * remaining(25 * h), accuracy: 1e-9)
        XCTAssertEqual(lift.item(1).center, homes[1] + 1.2 * d, "set, not animated")

        // The drop: someView.frame.origin = snapshot.frame.origin, where the frame is the
        // bounding box of the 1.2-scaled view: centre − 1.2·size/2; someView's centre is
        // that origin + size/2. Shown at once at scale 1 and alpha 1; the others spring
        // back from where they are, at rest.
        let othersAtDrop = lift.item(0).scale
        lift.handle(try GestureEvent(.ended, time: 0.21, location: SIMD2(170, 110) + d))
        let dropped = homes[1] + 1.2 * d - 1.2 * size / 2 + size / 2
        XCTAssertClose(lift.item(1).center, dropped, accuracy: 1e-12)
        XCTAssertEqual(lift.item(1).scale, 1)
        XCTAssertEqual(lift.item(1).alpha, 1)
        for k in 1...240 {
            lift.step(by: h)
            XCTAssertEqual(lift.item(0).scale, 1 - (1 - othersAtDrop) * remaining(Double(k) * h), accuracy: 1e-9)
        }
        XCTAssertClose(lift.item(1).center, dropped, accuracy: 1e-12, "it stays where it was dropped")
        XCTAssertClose(lift.homes[1], dropped, accuracy: 1e-12)

        // At physical fidelity the dropped item springs home instead.
        var physical = try LongPressLift(homes: homes, itemSize: size)
        physical.handle(try GestureEvent(.began, time: 0, location: SIMD2(170, 110)))
        physical.handle(try GestureEvent(.changed, time: 0.2, location: SIMD2(170, 110) + d))
        physical.handle(try GestureEvent(.ended, time: 0.21, location: SIMD2(170, 110) + d))
        for _ in 0..<480 { physical.step(by: h) }
        XCTAssertClose(physical.item(1).center, homes[1], accuracy: 0.01)
    }

    /// Released without a move, the snapshot's model transform is still the lift's,
    /// scale(1.2) then 10 pt down: the view lands 10 pt lower, less the frame's 0.1·size.
    func testAPressReleasedWithoutAMoveDropsTheViewTenPointsLower() throws {
        var lift = try LongPressLift(homes: homes, itemSize: size, fidelity: .article)
        lift.handle(try GestureEvent(.began, time: 0, location: SIMD2(60, 100)))
        lift.handle(try GestureEvent(.ended, time: 0.5, location: SIMD2(60, 100)))
        XCTAssertClose(lift.item(0).center, homes[0] + SIMD2(0, 10) - 0.1 * size, accuracy: 1e-12)
    }
}
