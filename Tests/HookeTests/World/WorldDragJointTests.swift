import Foundation
import Hooke
import XCTest

/// The drag attachment (#20, item 4; Box2D's mouse joint): on a free body it is the
/// implicit Euler step of m·ẍ = −k·x − d·ẋ with k = m·(2πf)², d = 2·m·ζ·(2πf) (Catto,
/// "Soft Constraints", GDC 2011), computed here as that recurrence; with a force limit
/// it pulls at exactly that force while the spring would pull harder.
final class WorldDragJointTests: XCTestCase {
    private let h = 1.0 / 120
    private let free = ItemProperties(resistance: 0, angularResistance: 0)

    func testAGripOnAFreeBodyIsTheImplicitEulerSpring() throws {
        var world = try World()
        let card = try world.createBody(BodyDefinition(shape: .rectangle(width: 40, height: 40), center: SIMD2(100, 100),
                                                       properties: free))
        var grip = try world.dragAttachment(item: card, grabbingAt: SIMD2(100, 100), frequency: 4, damping: 0.3)
        grip.anchorPoint = SIMD2(160, 70)
        try world.addBehavior(.attachment(grip))
        let omega = 2 * Double.pi * 4, zeta = 0.3
        var e = SIMD2(100.0 - 160, 100 - 70), v = SIMD2<Double>.zero
        // 150 steps (1.25 s): afterwards the body is within 0.001 pt and slow enough to fall
        // asleep (rest detection), where the recurrence would go on.
        for n in 1...150 {
            world.step()
            v = (v - h * omega * omega * e) / (1 + 2 * zeta * omega * h + h * h * omega * omega)
            e += h * v
            let c = world.body(card).center
            XCTAssertEqual(c.x - 160, e.x, accuracy: 1e-9, "step \(n)")
            XCTAssertEqual(c.y - 70, e.y, accuracy: 1e-9, "step \(n)")
        }
        XCTAssertLessThan(Planar.length(e), 1e-2, "it has come to the finger")
    }

    func testAWeakGripPullsAtItsForceLimit() throws {
        var world = try World()
        let crate = try world.createBody(BodyDefinition(shape: .rectangle(width: 40, height: 40), center: SIMD2(100, 100),
                                                        properties: free))
        let m = world.body(crate).mass
        var grip = try world.dragAttachment(item: crate, grabbingAt: SIMD2(100, 100), maximumForce: 2 * m * 10)
        grip.anchorPoint = SIMD2(600, 100)
        try world.addBehavior(.attachment(grip))
        // Twice its weight: 2000 pt/s², while the 5 Hz spring would pull harder (it asks
        // for m·(10π)²·500 pt ≈ 4.9·10⁵·m).
        for n in 1...20 {
            world.step()
            XCTAssertEqual(world.linearVelocity(for: crate).x, Double(n) * h * 2000, accuracy: 1e-9, "step \(n)")
        }
    }

    func testAGripAtACornerTurnsTheBodyUntilThatCornerIsUnderTheFinger() throws {
        var world = try World()
        let card = try world.createBody(BodyDefinition(shape: .rectangle(width: 80, height: 40), center: SIMD2(200, 200),
                                                       properties: ItemProperties(angularResistance: 5)))
        var grip = try world.dragAttachment(item: card, grabbingAt: SIMD2(240, 220), damping: 1)
        try world.addBehavior(.gravity(GravityBehavior(items: [card])))
        grip.anchorPoint = SIMD2(240, 220)
        let handle = try world.addBehavior(.attachment(grip))
        for _ in 0..<1800 { world.step() }
        let s = world.body(card)
        let corner = s.center + Planar.rotate(SIMD2(40, 20), by: s.angle)
        // It comes to rest (the world puts it to sleep below 1 pt/s and 2°/s, so the swing
        // stops within a few thousandths of a radian) hanging from the corner, its centre
        // under it, sagging by m·g/k = g/(2π·5)² = 1000/986.96 ≈ 1.01 pt.
        XCTAssertTrue(s.isResting)
        XCTAssertEqual(corner.x, 240, accuracy: 0.01)
        XCTAssertEqual(corner.y - 220, 1000 / pow(10 * Double.pi, 2), accuracy: 0.01)
        XCTAssertEqual(s.center.x, 240, accuracy: 0.5)
        XCTAssertEqual(try world.jointReaction(of: handle).force.y, -s.mass * 10, accuracy: 1e-2 * s.mass * 10)
    }

    func testADragNeedsAnAnchorAndASpring() throws {
        var world = try World()
        let a = try world.createBody(BodyDefinition(shape: .rectangle(width: 10, height: 10), center: .zero))
        let b = try world.createBody(BodyDefinition(shape: .rectangle(width: 10, height: 10), center: SIMD2(50, 0)))
        XCTAssertThrowsError(try world.addBehavior(.attachment(AttachmentBehavior(kind: .drag, item: a, attachedTo: b,
                                                                                  frequency: 5)))) {
            XCTAssertTrue("\($0)".contains("target"), "\($0)")
        }
        XCTAssertThrowsError(try world.addBehavior(.attachment(AttachmentBehavior(kind: .drag, item: a, attachedToAnchor: .zero)))) {
            XCTAssertTrue("\($0)".contains("frequency"), "\($0)")
        }
    }
}
