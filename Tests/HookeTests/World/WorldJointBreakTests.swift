import Foundation
import Hooke
import XCTest

/// Breakable attachments (#20, item 4; SpriteKit's breakable joints, Box2D v3's joint
/// events): a bob hangs at rest on a rigid rod, whose reaction is its weight W; a downward
/// continuous push of F newtons from step 30 makes it W + F exactly. A breaking force just
/// below W + F breaks the rod in step 30 and not before; just above, never.
final class WorldJointBreakTests: XCTestCase {
    private func hang(breakingForce: (_ weight: Double, _ push: Double) -> Double) throws
        -> (world: World, bob: BodyHandle, rod: BehaviorHandle, load: Double)
    {
        var world = try World()
        let bob = try world.createBody(BodyDefinition(shape: .ellipse(width: 20, height: 20), center: SIMD2(100, 200),
                                                      properties: ItemProperties(resistance: 0, angularResistance: 0)))
        let weight = world.body(bob).mass * 10, push = 0.5 * weight
        var rodBehavior = AttachmentBehavior(item: bob, attachedToAnchor: SIMD2(100, 100))
        rodBehavior.breakingForce = breakingForce(weight, push)
        let rod = try world.addBehavior(.attachment(rodBehavior))
        try world.addBehavior(.gravity(GravityBehavior(items: [bob])))
        for n in 1..<30 {
            world.step()
            XCTAssertTrue(world.events.jointsBroke.isEmpty, "step \(n)")
        }
        try world.addBehavior(.push(PushBehavior(items: [bob], mode: .continuous, pushDirection: SIMD2(0, push))))
        return (world, bob, rod, weight + push)
    }

    func testARodBreaksInTheStepItsReactionExceedsItsBreakingForce() throws {
        var (world, bob, rod, load) = try hang { w, f in (w + f) * (1 - 1e-9) }
        world.step()
        XCTAssertEqual(world.events.jointsBroke.map(\.behavior), [rod])
        XCTAssertEqual(try XCTUnwrap(world.events.jointsBroke.first).force, load, accuracy: 1e-9 * load)
        XCTAssertFalse(world.contains(rod))
        // Free from the next step: it falls at g + F/m = 1500 pt/s².
        let v = world.linearVelocity(for: bob).y
        world.step()
        XCTAssertEqual(world.linearVelocity(for: bob).y - v, 1500.0 / 120, accuracy: 1e-9)
    }

    func testARodStrongerThanItsLoadHolds() throws {
        var (world, _, rod, load) = try hang { w, f in (w + f) * (1 + 1e-9) }
        for _ in 0..<60 { world.step() }
        XCTAssertTrue(world.contains(rod))
        XCTAssertEqual(try world.jointReaction(of: rod).forceMagnitude, load, accuracy: 1e-9 * load)
        var bad = AttachmentBehavior(item: world.bodyHandles[0], attachedToAnchor: .zero)
        bad.breakingForce = 0
        XCTAssertThrowsError(try world.addBehavior(.attachment(bad))) { XCTAssertTrue("\($0)".contains("breakingForce"), "\($0)") }
    }
}
