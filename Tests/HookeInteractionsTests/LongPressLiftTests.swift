import Foundation
import Hooke
import HookeInteractions
import XCTest

final class LongPressLiftTests: XCTestCase {
    private let homes: [SIMD2<Double>] = [SIMD2(60, 100), SIMD2(160, 100), SIMD2(260, 100)]
    private let h = 1.0 / 120
    private var omega0: Double { uikitNaturalFrequency(duration: 0.4, dampingRatio: 0.8) }

    func testDefaultSpringIsTheArticlesUIViewAnimation() {
        XCTAssertEqual(LongPressLift.defaultSpring.dampingRatio, 0.8, accuracy: 1e-14)
        // ln(0.8/(0.001·0.6))/(0.8·0.4) = ln(1333.33…)/0.32 = 22.4857 rad/s.
        XCTAssertEqual(LongPressLift.defaultSpring.naturalFrequency, omega0, accuracy: 1e-12)
        XCTAssertEqual(omega0, 22.4857, accuracy: 1e-4)
    }

    /// On the press the pressed item goes to scale 1.2, 10 pt down, alpha 0.9 and the others
    /// to 0.8, each from rest along the textbook oscillator of ζ = 0.8; the lifted item
    /// follows the finger.
    func testPressLiftsTheItemAndShrinksTheOthers() throws {
        var lift = try LongPressLift(homes: homes, itemSize: SIMD2(80, 80))
        lift.handle(try GestureEvent(.began, time: 0, location: SIMD2(165, 105)))
        XCTAssertEqual(lift.liftedItem, 1)
        for n in 1...24 {
            lift.step(by: h)
            let t = Double(n) * h
            let lifted = lift.item(1), other = lift.item(0)
            XCTAssertEqual(lifted.scale, 1.2 + dampedOscillator(omega0: omega0, zeta: 0.8, x0: -0.2, v0: 0, t: t).x, accuracy: 1e-12)
            XCTAssertEqual(lifted.alpha, 0.9 + dampedOscillator(omega0: omega0, zeta: 0.8, x0: 0.1, v0: 0, t: t).x, accuracy: 1e-12)
            let drop = 10 + dampedOscillator(omega0: omega0, zeta: 0.8, x0: -10, v0: 0, t: t).x
            XCTAssertClose(lifted.center, homes[1] + SIMD2(0, drop), accuracy: 1e-10)
            XCTAssertEqual(other.scale, 0.8 + dampedOscillator(omega0: omega0, zeta: 0.8, x0: 0.2, v0: 0, t: t).x, accuracy: 1e-12)
            XCTAssertEqual(other.alpha, 1)
            XCTAssertEqual(lift.item(2).scale, other.scale)
        }
        lift.handle(try GestureEvent(.changed, time: 0.2, location: SIMD2(195, 85)))
        let drop = 10 + dampedOscillator(omega0: omega0, zeta: 0.8, x0: -10, v0: 0, t: 24 * h).x
        XCTAssertClose(lift.item(1).center, homes[1] + SIMD2(30, -20) + SIMD2(0, drop), accuracy: 1e-10)
        XCTAssertTrue(lift.item(1).isLifted)
        for _ in 0..<240 { lift.step(by: h) }
        XCTAssertEqual(lift.item(1).scale, 1.2, accuracy: 1e-9)
        XCTAssertEqual(lift.item(0).scale, 0.8, accuracy: 1e-9)
    }

    /// A release 50 ms into the lift retargets every motion mid-flight: the scale and its
    /// velocity are unchanged by the release, and the motion continues as the oscillator
    /// started from that state toward 1.
    func testReleaseMidFlightKeepsValueAndVelocity() throws {
        var lift = try LongPressLift(homes: homes, itemSize: SIMD2(80, 80))
        lift.handle(try GestureEvent(.began, time: 0, location: SIMD2(165, 105)))
        for _ in 0..<6 { lift.step(by: h) }
        let before = lift.scaleState(1)
        XCTAssertGreaterThan(before.velocity, 0.5, "still growing")
        lift.handle(try GestureEvent(.ended, time: 0.05, location: SIMD2(165, 105)))
        let after = lift.scaleState(1)
        XCTAssertEqual(after.value, before.value)
        XCTAssertEqual(after.velocity, before.velocity)
        XCTAssertNil(lift.liftedItem)
        for n in 1...60 {
            lift.step(by: h)
            let expected = dampedOscillator(omega0: omega0, zeta: 0.8, x0: before.value - 1, v0: before.velocity, t: Double(n) * h)
            XCTAssertEqual(lift.scaleState(1).value, 1 + expected.x, accuracy: 1e-12)
            XCTAssertEqual(lift.scaleState(1).velocity, expected.v, accuracy: 1e-9)
        }
    }

    /// On release the dragged item springs home from where it was let go, starting with
    /// the finger's release velocity (least squares over the last 100 ms).
    func testDroppedItemReturnsHomeWithTheReleaseVelocity() throws {
        var lift = try LongPressLift(homes: homes, itemSize: SIMD2(80, 80))
        let events = try panStream(start: SIMD2(160, 100), translation: SIMD2(120, 60), velocity: SIMD2(-300, 500))
        for (k, event) in events.enumerated() {
            if k > 0 { lift.step(by: h) }
            lift.handle(event)
        }
        XCTAssertNil(lift.liftedItem)
        // Horizontally (the 10 pt drop is vertical): released where dropped, at the finger's speed.
        XCTAssertEqual(lift.item(1).center.x, 160 + 120, accuracy: 1e-9)
        XCTAssertEqual(lift.itemVelocity(1).x, -300, accuracy: 1e-7)
        // Then the offset from home follows the oscillator from 120 pt at −300 pt/s.
        for n in 1...30 {
            lift.step(by: h)
            let x = dampedOscillator(omega0: omega0, zeta: 0.8, x0: 120, v0: -300, t: Double(n) * h).x
            XCTAssertEqual(lift.item(1).center.x, 160 + x, accuracy: 1e-7)
        }
        for _ in 0..<300 { lift.step(by: h) }
        XCTAssertClose(lift.item(1).center, homes[1], accuracy: 1e-6)
        XCTAssertEqual(lift.item(1).scale, 1, accuracy: 1e-9)
        XCTAssertEqual(lift.item(1).alpha, 1, accuracy: 1e-9)
        XCTAssertEqual(lift.item(0).scale, 1, accuracy: 1e-9)
    }

    func testPressOutsideEveryItemIsIgnored() throws {
        var lift = try LongPressLift(homes: homes, itemSize: SIMD2(80, 80))
        lift.handle(try GestureEvent(.began, time: 0, location: SIMD2(110, 100)))   // between items
        XCTAssertNil(lift.liftedItem)
        lift.step(by: h)
        XCTAssertEqual(lift.item(0).scale, 1)
        XCTAssertThrowsError(try LongPressLift(homes: [], itemSize: SIMD2(1, 1))) { XCTAssertTrue("\($0)".hasPrefix("homes")) }
        XCTAssertThrowsError(try LongPressLift(homes: homes, itemSize: SIMD2(1, -1))) { XCTAssertTrue("\($0)".hasPrefix("itemSize.y")) }
    }

    /// Where two frames overlap the press lifts the one drawn on top (the later item), and
    /// a frame's edge belongs to it: items at x = 100 and 140, 80 pt wide, span 60…140
    /// and 100…180.
    func testAPressWhereFramesOverlapLiftsTheTopmostAndEdgesCount() throws {
        let stacked: [SIMD2<Double>] = [SIMD2(100, 100), SIMD2(140, 100)]
        func lifted(at x: Double) throws -> Int? {
            var lift = try LongPressLift(homes: stacked, itemSize: SIMD2(80, 80))
            lift.handle(try GestureEvent(.began, time: 0, location: SIMD2(x, 100)))
            return lift.liftedItem
        }
        XCTAssertEqual(try lifted(at: 120), 1)
        XCTAssertEqual(try lifted(at: 70), 0)
        XCTAssertEqual(try lifted(at: 60), 0)
        XCTAssertEqual(try lifted(at: 180), 1)
        XCTAssertNil(try lifted(at: 180.000001))
        XCTAssertNil(try lifted(at: 59.999999))
    }

    /// From a raw touch stream: the article's 0.3 s press is recognised at t = 0.3 s, so
    /// the lift starts at step 36 (the first at or after 0.3 s) and not before.
    func testRecordedPressLiftsAfterThreeTenthsOfASecond() throws {
        var raw: [GestureEvent] = [try GestureEvent(.began, time: 0, location: SIMD2(165, 105))]
        for k in 1...60 { raw.append(try GestureEvent(.changed, time: Double(k) / 100, location: SIMD2(165 + Double(k) / 60, 105))) }
        raw.append(try GestureEvent(.ended, time: 0.61, location: SIMD2(166, 105)))
        let press = try XCTUnwrap(try GestureRecording(kind: .pan, events: raw).recognizingLongPress())
        var playback = try GesturePlayback(
            recording: press, body: try LongPressLift(homes: homes, itemSize: SIMD2(80, 80)), startTime: 0)
        let frames = try playback.run(until: 0.4)
        XCTAssertEqual(frames[35].state.items[1].scale, 1)
        XCTAssertEqual(frames[36].state.items[1].scale, 1, "delivered after the step of 0.3 s")
        XCTAssertTrue(frames[36].state.items[1].isLifted)
        XCTAssertGreaterThan(frames[37].state.items[1].scale, 1)
        XCTAssertEqual(frames[36].deliveredEvents.lowerBound, 0)
    }
}
