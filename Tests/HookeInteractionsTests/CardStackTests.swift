import Foundation
import Hooke
import HookeInteractions
import XCTest

/// `CardStack` against the law its documentation states — depth dᵢ = max(i − a, 0) with
/// a = top + p + lag — and the promotion lag against the critically damped oscillator
/// written out.
final class CardStackTests: XCTestCase {
    private let h = 1.0 / 120

    /// Drives `stack` with a pan from (160, 190) moving at `speed` pt/s for `steps`
    /// steps, one event per step, released on the last.
    private func pan(_ stack: inout CardStack, speed: Double, steps: Int, from start: Double = 0,
                     check: (CardStack, Double) -> Void = { _, _ in }) throws {
        stack.handle(try GestureEvent(.began, time: start, location: SIMD2(160, 190)))
        for k in 1...steps {
            stack.step(by: h)
            let phase: GesturePhase = k == steps ? .ended : .changed
            let dx = speed * Double(k) * h
            stack.handle(try GestureEvent(phase, time: start + Double(k) * h, location: SIMD2(160 + dx, 190)))
            if k < steps { check(stack, dx) }
        }
    }

    /// While the top card is dragged to dx, the card behind is at depth 1 − |dx|/120:
    /// scale 1 − 0.05·(1 − |dx|/120), centre 8·(1 − |dx|/120) pt below home; the one
    /// behind that one card deeper.
    func testTheNextCardGrowsAsTheTopOneIsDraggedOut() throws {
        var stack = try CardStack(count: 3)
        XCTAssertEqual(stack.card(1).scale, 0.95)
        XCTAssertEqual(stack.card(2).center, SIMD2(160, 190 + 16))
        var checked = 0
        try pan(&stack, speed: -300, steps: 36) { stack, dx in
            let p = min(abs(dx) / 120, 1)
            XCTAssertEqual(stack.card(1).scale, 1 - 0.05 * (1 - p), accuracy: 1e-12, "dx \(dx)")
            XCTAssertEqual(stack.card(1).center.y, 190 + 8 * (1 - p), accuracy: 1e-12)
            XCTAssertEqual(stack.card(2).depth, 2 - p, accuracy: 1e-12)
            XCTAssertEqual(stack.card(0).depth, 0)
            // The depth's rate is p's, |vx|/120 below the threshold and 0 at it.
            XCTAssertEqual(stack.card(1).velocity.y, p < 1 ? -8 * 300 / 120 : 0, accuracy: 1e-6, "dx \(dx)")
            checked += 1
        }
        XCTAssertEqual(checked, 35)
    }

    /// Let go at dx = 70 moving at 1200 pt/s, card 0 is swiped right; card 1 is the new
    /// top at depth −lag, lag the critically damped spring (response 0.3 s, ω = 2π/0.3)
    /// from x₀ = 70/120 − 1 with v₀ = 1200/120: lag(t) = (x₀ + (v₀ + ω·x₀)·t)·e^(−ωt).
    func testASwipePromotesTheNextCardOnTheSpringFromWhereItWas() throws {
        var stack = try CardStack(count: 3)
        // 7 steps at 1200 pt/s reach dx = 70 (the estimator's fit of a constant speed is exact).
        try pan(&stack, speed: 1200, steps: 7)
        XCTAssertEqual(stack.top, 1)
        XCTAssertEqual(stack.cards[0].phase, .leaving(.swipedRight))
        let (x0, v0, omega) = (70.0 / 120 - 1, 1200.0 / 120, 2 * Double.pi / 0.3)
        XCTAssertEqual(stack.card(1).depth, -x0, accuracy: 1e-12, "no jump at the release")
        XCTAssertEqual(stack.card(1).phase, .resting)
        XCTAssertFalse(stack.card(1).isWaiting)
        XCTAssertTrue(stack.card(2).isWaiting)
        for k in 1...60 {
            stack.step(by: h)
            let t = Double(k) * h
            let lag = (x0 + (v0 + omega * x0) * t) * exp(-omega * t)
            // Exact while the spring runs; within SpringMotion's settling tolerance (0.001
            // of a card) once it has been put to rest.
            let tolerance = abs(lag) < 1e-3 ? 1e-3 : 1e-9
            XCTAssertEqual(stack.card(1).depth, max(-lag, 0), accuracy: tolerance, "step \(k)")
            XCTAssertEqual(stack.card(2).depth, 1 - lag, accuracy: tolerance, "step \(k)")
            XCTAssertEqual(stack.card(1).scale, 1 - 0.05 * max(-lag, 0), accuracy: 0.05 * tolerance)
        }
        XCTAssertEqual(stack.card(2).depth, 1, "settled after 0.5 s")
        // The swiped card flies on above the stack at depth 0 at its exit velocity.
        XCTAssertEqual(stack.card(0).depth, 0)
        XCTAssertEqual(stack.card(0).velocity.x, 1200, accuracy: 1e-9)
    }

    /// The drawn scale of the card behind changes by no more than its rate times a step
    /// across the release: the promotion does not jump.
    func testTheDrawnStackIsContinuousAcrossAPromotion() throws {
        var stack = try CardStack(count: 2)
        var previous = stack.card(1).scale
        var largest = 0.0
        try pan(&stack, speed: 900, steps: 10) { stack, _ in
            largest = max(largest, abs(stack.card(1).scale - previous))
            previous = stack.card(1).scale
        }
        let atRelease = stack.card(1).scale
        stack.step(by: h)
        // p grows at 900/120 per second: 0.05·7.5·h per step.
        let perStep = 0.05 * 900 / 120 * h
        XCTAssertEqual(largest, perStep, accuracy: 1e-12)
        XCTAssertLessThanOrEqual(abs(atRelease - previous), perStep + 1e-12)
        XCTAssertLessThanOrEqual(abs(stack.card(1).scale - atRelease), perStep + 1e-12)
    }

    /// A card dragged past nothing returns, and the card behind shrinks back to depth 1
    /// with it; once every card is swiped, events change nothing.
    func testAReturnedCardLeavesTheStackAndAnEmptyStackIgnoresGestures() throws {
        var stack = try CardStack(count: 2)
        stack.handle(try GestureEvent(.began, time: 0, location: SIMD2(160, 190)))
        stack.handle(try GestureEvent(.changed, time: 0.1, location: SIMD2(220, 190)))
        stack.handle(try GestureEvent(.ended, time: 0.5, location: SIMD2(220, 190)))
        XCTAssertEqual(stack.top, 0)
        XCTAssertEqual(stack.cards[0].phase, .returning)
        for _ in 0..<240 { stack.step(by: h) }
        XCTAssertEqual(stack.cards[0].phase, .resting)
        XCTAssertEqual(stack.card(1).depth, 1)

        for start in [1.0, 2.0] { try pan(&stack, speed: -1500, steps: 6, from: start) }
        XCTAssertEqual(stack.top, 2)
        let before = stack.renderState
        stack.handle(try GestureEvent(.began, time: 3, location: SIMD2(160, 190)))
        XCTAssertEqual(stack.renderState, before)
    }

    func testBadStacksAreRefusedByName() throws {
        func named(_ make: () throws -> CardStack) -> String {
            do { _ = try make(); return "" } catch { return "\(error)" }
        }
        XCTAssertTrue(named { try CardStack(count: 0) }.contains("count"))
        XCTAssertTrue(named { try CardStack(count: 10_001) }.contains("count"))
        XCTAssertTrue(named { try CardStack(count: 2, depthScale: 1) }.contains("depthScale"))
        XCTAssertTrue(named { try CardStack(count: 2, depthOffset: .infinity) }.contains("depthOffset"))
        XCTAssertTrue(named {
            try CardStack(count: 2, card: try SwipeCardConfiguration(fidelity: .article))
        }.contains("fidelity"))
    }
}
