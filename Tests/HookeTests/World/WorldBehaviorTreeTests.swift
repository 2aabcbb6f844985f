import Hooke
import XCTest

/// Behaviour trees as value descriptions: read back, replaced, removed, and inert
/// once their bodies are gone.
final class WorldBehaviorTreeTests: XCTestCase {
    /// A tree reads back with its children in order and the values the world filled in.
    func testTreeReadsBackWithFilledInValues() throws {
        var world = try WorldScene.world()
        let a = try world.createBody(WorldScene.square(at: SIMD2(30, 40)))
        let tree = Behavior(children: [
            .gravity(GravityBehavior(items: [a])),
            Behavior(children: [.attachment(AttachmentBehavior(item: a, attachedToAnchor: .zero))]),
            .dynamicItem(DynamicItemBehavior(items: [a], charge: 2)),
        ])
        let handle = try world.addBehavior(tree)
        let read = world.behavior(handle)
        XCTAssertEqual(read.kind, .group)
        XCTAssertEqual(read.children.count, 3)
        XCTAssertEqual(read.children[0].kind, .gravity(GravityBehavior(items: [a])))
        guard case let .attachment(attachment) = read.children[1].children[0].kind else { return XCTFail() }
        XCTAssertEqual(attachment.length!, 50, accuracy: 1e-12)         // 3-4-5 triangle
        XCTAssertEqual(attachment.referenceAngle, 0)
        XCTAssertEqual(world.body(a).properties.charge, 2)
        XCTAssertEqual(world.behaviorHandles, [handle])
    }

    /// Removing a body leaves behaviours naming it inert; other bodies carry on.
    func testBehavioursOfARemovedBodyAreInert() throws {
        var world = try WorldScene.world()
        let a = try world.createBody(WorldScene.square(at: .zero))
        let b = try world.createBody(WorldScene.square(at: SIMD2(100, 0)))
        try world.addBehavior(.gravity(GravityBehavior(items: [a, b])))
        try world.addBehavior(.attachment(AttachmentBehavior(item: a, attachedTo: b)))
        world.removeBody(a)
        for n in 1...10 {
            world.step()
            // b falls freely now: the attachment to a no longer acts.
            let y = world.body(b).center.y
            XCTAssertEqual(y, 1000.0 / 14_400 * Double(n * (n + 1)) / 2, accuracy: 1e-9)
        }
    }

    /// Changing the timestep mid-run scales the warm start by h/h_previous and keeps a
    /// rigid attachment's length.
    func testTimestepChangeKeepsJointsTogether() throws {
        var world = try WorldScene.world()
        let bob = try world.createBody(WorldScene.square(at: SIMD2(100, 0)))
        try world.addBehavior(.gravity(GravityBehavior(items: [bob])))
        try world.addBehavior(.attachment(AttachmentBehavior(item: bob, attachedToAnchor: .zero)))
        for _ in 0..<60 { world.step() }
        try world.setConfiguration(WorldConfiguration(timestep: 1.0 / 240))
        for _ in 0..<240 {
            world.step()
            let c = world.body(bob).center
            XCTAssertEqual((c * c).sum().squareRoot(), 100, accuracy: 0.1)
        }
        XCTAssertEqual(world.elapsedTime, 0.5 + 1, accuracy: 1e-12)
    }
}
