import Foundation
import Hooke
import HookeInteractions
import XCTest

/// The swipe card at article fidelity against the article's own code (GGDraggableView.m of
/// "Creating a cool Tinder like drag animations", quoted in SwipeCard+Article.swift) and
/// Core Animation's ease-in-out curve, evaluated here by bisection.
final class SwipeCardArticleFidelityTests: XCTestCase {
    private let home = SIMD2<Double>(160, 190)
    private let h = 1.0 / 120

    private func articleCard() throws -> SwipeCard {
        SwipeCard(configuration: try SwipeCardConfiguration(fidelity: .article))
    }

    /// `rotationStrength = MIN(xDistance / 320, 1)` has no lower bound: at dx = −800 the
    /// strength is −2.5, the angle 2π·(−2.5)/16 = −56.25°, the scale MAX(1 − 2.5/4, 0.93) = 0.93;
    /// `distance <= 0` picks the left (nope) image, alpha MIN(800/100, 0.4).
    func testTheArticleRotatesPastTheLowerClampHookeAdds() throws {
        var card = try articleCard()
        card.handle(try GestureEvent(.began, time: 0, location: home))
        card.handle(try GestureEvent(.changed, time: 0.1, location: home + SIMD2(-800, 30)))
        XCTAssertEqual(card.angle, 2 * .pi * -2.5 / 16, accuracy: 1e-15)
        XCTAssertEqual(card.scale, 0.93)
        XCTAssertEqual(card.overlay, SwipeOverlay(mode: .nope, alpha: 0.4))
        XCTAssertEqual(card.renderState.center, home + SIMD2(-800, 30))

        var physical = try SwipeCard()
        physical.handle(try GestureEvent(.began, time: 0, location: home))
        physical.handle(try GestureEvent(.changed, time: 0.1, location: home + SIMD2(-800, 30)))
        XCTAssertEqual(physical.angle, -2 * .pi / 16, accuracy: 1e-15, "physical fidelity clamps at −1")

        // At dx = 0 the article shows the left image at alpha 0.
        card.handle(try GestureEvent(.changed, time: 0.2, location: home + SIMD2(0, 30)))
        XCTAssertEqual(card.overlay, SwipeOverlay(mode: .nope, alpha: 0))
    }

    /// `animateWithDuration:0.2` back to `originalPoint`, `rotation(0)` and overlay alpha 0,
    /// on the default ease-in-out curve, from rest whatever the finger's speed: after k steps,
    /// every animated quantity is p₀ + (p₁ − p₀)·y(kh/0.2), its rate (p₁ − p₀)·y′/0.2, and the
    /// card rests at home from the first step at or after 0.2 s.
    func testTheReleaseAnimatesHomeIn0_2sOnEaseInOutFromRest() throws {
        var card = try articleCard()
        // A fast throw back toward home: the physical card would carry its velocity.
        card.handle(try GestureEvent(.began, time: 0, location: home))
        for k in 1...6 {
            card.handle(try GestureEvent(.changed, time: Double(k) / 60, location: home + SIMD2(90 - 6 * Double(k), 40)))
        }
        card.handle(try GestureEvent(.ended, time: 7.0 / 60, location: home + SIMD2(48, 40)))
        // The article's `ended` moves nothing: the pose is the last `changed` one, dx = 54.
        let s = 54.0 / 320
        let start = (translation: SIMD2<Double>(54, 40), angle: 2 * Double.pi * s / 16, scale: 1 - s / 4, alpha: 0.4)
        XCTAssertEqual(card.translation, start.translation)
        XCTAssertEqual(card.velocity, .zero, "from rest")
        XCTAssertEqual(card.phase, .returning)
        // The rule decides (54 − 0.499·360 ≈ −126 pt projected: left); the card goes home anyway.
        XCTAssertEqual(card.decision, .swipedLeft)

        let k = stepThrough(0.2, h: h, { card.step(by: h) }) { k, t in
            let (y, slope) = easeInEaseOutByBisection(t / 0.2)
            XCTAssertClose(card.translation, start.translation * (1 - y), accuracy: 1e-9, "translation at step \(k)")
            XCTAssertClose(card.velocity, -start.translation * slope / 0.2, accuracy: 1e-7, "velocity at step \(k)")
            XCTAssertEqual(card.angle, start.angle * (1 - y), accuracy: 1e-11, "angle at step \(k)")
            XCTAssertEqual(card.angularVelocity, -start.angle * slope / 0.2, accuracy: 1e-9)
            XCTAssertEqual(card.scale, start.scale + (1 - start.scale) * y, accuracy: 1e-11, "scale at step \(k)")
            XCTAssertEqual(card.overlay.alpha, start.alpha * (1 - y), accuracy: 1e-11, "alpha at step \(k)")
            XCTAssertEqual(card.overlay.mode, .like, "the mode stays as last set")
            XCTAssertEqual(card.phase, .returning)
        }
        XCTAssertEqual(k, 24, "0.2 s at 120 Hz")
        XCTAssertEqual(card.phase, .resting)
        XCTAssertEqual(card.translation, .zero)
        XCTAssertEqual(card.angle, 0)
        XCTAssertEqual(card.scale, 1)
        XCTAssertEqual(card.overlay.alpha, 0)
    }

    /// A release past the threshold still goes home (the article stops at "this is the
    /// place we can issue some kind of action"); the decision is reported for that action.
    func testASwipeIsDecidedButTheCardStillGoesHome() throws {
        var card = try articleCard()
        card.handle(try GestureEvent(.began, time: 0, location: home))
        card.handle(try GestureEvent(.changed, time: 0.1, location: home + SIMD2(200, 0)))
        card.handle(try GestureEvent(.ended, time: 0.2, location: home + SIMD2(200, 0)))
        XCTAssertEqual(card.decision, .swipedRight)
        for _ in 0..<24 { card.step(by: h) }
        XCTAssertEqual(card.phase, .resting)
        XCTAssertEqual(card.center, home)
    }

    /// `case UIGestureRecognizerStateCancelled: break;`: a cancelled drag leaves the card as
    /// it was, and the next drag's `originalPoint` is that place, where its release returns.
    func testACancelledDragLeavesTheCardWhereItIs() throws {
        var card = try articleCard()
        card.handle(try GestureEvent(.began, time: 0, location: home))
        card.handle(try GestureEvent(.changed, time: 0.1, location: home + SIMD2(30, 20)))
        card.handle(try GestureEvent(.cancelled, time: 0.2, location: home + SIMD2(50, 20)))
        for _ in 0..<60 { card.step(by: h) }
        XCTAssertEqual(card.translation, SIMD2(30, 20))
        XCTAssertEqual(card.angle, 2 * .pi * (30.0 / 320) / 16, accuracy: 1e-15)
        XCTAssertEqual(card.phase, .resting)

        card.handle(try GestureEvent(.began, time: 1, location: SIMD2(0, 0)))
        card.handle(try GestureEvent(.changed, time: 1.1, location: SIMD2(10, 0)))
        XCTAssertEqual(card.translation, SIMD2(40, 20), "originalPoint + translation")
        XCTAssertEqual(card.angle, 2 * .pi * (10.0 / 320) / 16, accuracy: 1e-15, "the strength is the new pan's")
        card.handle(try GestureEvent(.ended, time: 1.2, location: SIMD2(10, 0)))
        for _ in 0..<24 { card.step(by: h) }
        XCTAssertEqual(card.translation, SIMD2(30, 20), "home is the originalPoint of this pan")
    }

    /// UIView animations are additive since iOS 8: a card grabbed 0.1 s into its return is
    /// at home in the model (`originalPoint = self.center`), and the rest of the return
    /// plays on top of the new drag: drawn = model − δ·(1 − y(t/0.2)).
    func testACardGrabbedDuringItsReturnKeepsTheReturnPlayingOnTop() throws {
        var card = try articleCard()
        card.handle(try GestureEvent(.began, time: 0, location: home))
        card.handle(try GestureEvent(.changed, time: 0.1, location: home + SIMD2(64, 0)))
        card.handle(try GestureEvent(.ended, time: 0.1, location: home + SIMD2(64, 0)))
        for _ in 0..<12 { card.step(by: h) }              // 0.1 s of the return
        card.handle(try GestureEvent(.began, time: 0.2, location: SIMD2(100, 100)))
        card.handle(try GestureEvent(.changed, time: 0.2, location: SIMD2(110, 100)))
        let y = easeInEaseOutByBisection(0.1 / 0.2).value
        XCTAssertEqual(card.translation.x, 10 + 64 * (1 - y), accuracy: 1e-9)
        for _ in 0..<12 { card.step(by: h) }              // the return ends under the drag
        XCTAssertEqual(card.translation.x, 10, accuracy: 1e-12)
        XCTAssertEqual(card.phase, .dragging)
    }

    func testTheArticleReturnDurationIsValidated() {
        XCTAssertThrowsError(try SwipeCardConfiguration(articleReturnDuration: 0)) {
            XCTAssertTrue("\($0)".hasPrefix("articleReturnDuration"), "\($0)")
        }
    }
}
