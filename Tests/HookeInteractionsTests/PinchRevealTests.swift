import Foundation
import Hooke
import HookeInteractions
import XCTest

final class PinchRevealTests: XCTestCase {
    /// easeInEaseOut at a quarter of its duration, from Scripts/timing_curve_fixtures.py (mpmath).
    private let easeInEaseOutAtQuarter = 0.1291619310473198233

    private func pinch(_ phase: GesturePhase, _ time: Double, _ left: Double, _ right: Double) throws -> GestureEvent {
        try GestureEvent(phase, time: time, location: SIMD2(left, 300), secondLocation: SIMD2(right, 300))
    }

    func testDivisionAndFollowTargetsClampAtTheEdges() throws {
        var reveal = try PinchReveal(width: 1024)
        reveal.handle(try pinch(.began, 0, 600, 400))                 // centroid x 500
        XCTAssertEqual(reveal.division, 500)
        XCTAssertEqual(reveal.phase, .pinching)
        func targets(_ a: Double, _ b: Double) -> [Double] {
            let t = reveal.followTargets(SIMD2(a, 0), SIMD2(b, 0))
            return [t.left, t.right]
        }
        XCTAssertEqual(targets(400, 600), [-100, 100])
        XCTAssertEqual(targets(600, 400), [-100, 100], "touches sorted by x")
        XCTAssertEqual(targets(-50, 1100), [-500, 524], "no further than the screen edges")
        XCTAssertEqual(targets(550, 560), [0, 60], "the left half cannot cross the division inward")
        XCTAssertEqual(targets(440, 450), [-60, 0], "nor the right half")
    }

    /// Each half follows with the 0.3 s ease-in-out: a quarter of the way through, a half
    /// sent 100 pt has moved 100·y(0.25) (y from mpmath); at the end it has arrived.
    func testHalvesFollowWithTheEaseInOutCurve() throws {
        var reveal = try PinchReveal(width: 1024)
        reveal.handle(try pinch(.began, 0, 400, 600))
        for _ in 0..<9 { reveal.step(by: 1.0 / 120) }                  // 0.075 s = 0.25·0.3 s
        XCTAssertEqual(reveal.leftOffset, -100 * easeInEaseOutAtQuarter, accuracy: 1e-9)
        XCTAssertEqual(reveal.rightOffset, 100 * easeInEaseOutAtQuarter, accuracy: 1e-9)
        for _ in 0..<27 { reveal.step(by: 1.0 / 120) }                 // 0.3 s
        XCTAssertEqual(reveal.leftOffset, -100, accuracy: 1e-9)
        XCTAssertEqual(reveal.rightOffset, 100, accuracy: 1e-9)
    }

    /// A new finger position mid-transition adds a transition: offset and velocity are
    /// the same just before and just after it (ease-in starts at slope 0).
    func testRetargetIsContinuousInPositionAndVelocity() throws {
        var reveal = try PinchReveal(width: 1024)
        reveal.handle(try pinch(.began, 0, 400, 600))
        for _ in 0..<12 { reveal.step(by: 1.0 / 120) }
        let before = reveal.renderState
        XCTAssertNotEqual(before.leftVelocity, 0)
        reveal.handle(try pinch(.changed, 0.1, 250, 900))
        let after = reveal.renderState
        XCTAssertEqual(after.leftOffset, before.leftOffset, accuracy: 1e-12)
        XCTAssertEqual(after.rightOffset, before.rightOffset, accuracy: 1e-12)
        XCTAssertEqual(after.leftVelocity, before.leftVelocity, accuracy: 1e-9)
        XCTAssertEqual(after.rightVelocity, before.rightVelocity, accuracy: 1e-9)
        // Both transitions run to completion: the half ends at the new target.
        for _ in 0..<60 { reveal.step(by: 1.0 / 120) }
        XCTAssertEqual(reveal.leftOffset, -250, accuracy: 1e-9)
        XCTAssertEqual(reveal.rightOffset, 400, accuracy: 1e-9)
    }

    /// A two-finger stream at 120 Hz, centred at 500, whose span grows at `rate` pt/s from 200.
    private func spreading(rate: Double, end: GesturePhase = .ended) throws -> [GestureEvent] {
        (0...24).map { k in
            let t = Double(k) / 120
            let span = 200 + rate * t
            let phase: GesturePhase = k == 0 ? .began : (k == 24 ? end : .changed)
            return try! pinch(phase, t, 500 - span / 2, 500 + span / 2)
        }
    }

    /// velocity < 0 closes, otherwise it opens; the pinch velocity is the rate of change
    /// of the scale (span/span₀), rate/200 here, checked on both sides of 0.
    func testReleaseOpensOrClosesByTheSignOfThePinchVelocity() throws {
        for (rate, opens) in [(300.0, true), (1.0, true), (0.0, true), (-1.0, false), (-300.0, false)] {
            var reveal = try PinchReveal(width: 1024)
            var time = 0.0
            for event in try spreading(rate: rate) {
                while time < event.time - 1e-9 {
                    reveal.step(by: 1.0 / 120)
                    time += 1.0 / 120
                }
                reveal.handle(event)
            }
            XCTAssertEqual(try XCTUnwrap(reveal.releaseVelocity), rate / 200, accuracy: 1e-9)
            XCTAssertEqual(reveal.phase, opens ? .opening : .closing, "rate \(rate)")
            for _ in 0..<240 { reveal.step(by: 1.0 / 120) }
            XCTAssertEqual(reveal.phase, opens ? .open : .closed, "rate \(rate)")
            XCTAssertEqual(reveal.leftOffset, opens ? -500 : 0)
            XCTAssertEqual(reveal.rightOffset, opens ? 524 : 0)
        }
        var cancelled = try PinchReveal(width: 1024)
        for event in try spreading(rate: 300, end: .cancelled) { cancelled.handle(event) }
        XCTAssertEqual(cancelled.phase, .closing, "a cancelled pinch closes")
    }

    /// At release each half keeps its offset and velocity, then follows the critically
    /// damped release spring (ω₀ = 2π/0.35 s) toward its end, as the closed form says.
    func testReleaseIsContinuousAndFollowsTheSpring() throws {
        var reveal = try PinchReveal(width: 1024)
        let events = try spreading(rate: 600)
        for (k, event) in events.enumerated() {
            if k > 0 { reveal.step(by: 1.0 / 120) }
            if k == events.count - 1 {
                let before = reveal.renderState
                reveal.handle(event)
                let after = reveal.renderState
                XCTAssertEqual(after.phase, .opening)
                XCTAssertEqual(after.leftOffset, before.leftOffset, accuracy: 1e-12)
                XCTAssertEqual(after.leftVelocity, before.leftVelocity, accuracy: 1e-9)
                XCTAssertEqual(after.rightOffset, before.rightOffset, accuracy: 1e-12)
                XCTAssertEqual(after.rightVelocity, before.rightVelocity, accuracy: 1e-9)
            } else {
                reveal.handle(event)
            }
        }
        let x0 = reveal.leftOffset + 500, v0 = reveal.renderState.leftVelocity
        let omega0 = 2 * Double.pi / 0.35
        for n in 1...30 {
            reveal.step(by: 1.0 / 120)
            let expected = dampedOscillator(omega0: omega0, zeta: 1, x0: x0, v0: v0, t: Double(n) / 120)
            XCTAssertEqual(reveal.leftOffset, -500 + expected.x, accuracy: 1e-8)
            XCTAssertEqual(reveal.renderState.leftVelocity, expected.v, accuracy: 1e-6)
        }
    }
}
