import Hooke
import XCTest

/// `World.stateHash`: the per-step FNV-1a over the state a step carries on.
final class WorldStateHashTests: XCTestCase {
    /// Boxes falling onto a floor and stacking: contacts with warm-start impulses, a
    /// jointed pair, sleep timers.
    private func scene() throws -> World {
        var world = try World()
        world.referenceBounds = WorldRect(x: 0, y: 0, width: 400, height: 600)
        var boxes: [BodyHandle] = []
        for k in 0..<4 {
            boxes.append(try world.createBody(BodyDefinition(shape: .rectangle(width: 40, height: 40),
                                                             center: SIMD2(200 + Double(k % 2) * 10, 500 - Double(k) * 45))))
        }
        try world.addBehavior(.gravity(GravityBehavior(items: boxes)))
        var collision = CollisionBehavior(items: boxes)
        collision.translatesReferenceBoundsIntoBoundary = true
        try world.addBehavior(.collision(collision))
        try world.addBehavior(.attachment(AttachmentBehavior(item: boxes[3], attachedToAnchor: SIMD2(120, 300))))
        return world
    }

    private func hashes(_ world: inout World, steps: Int) -> [UInt64] {
        (0..<steps).map { _ in
            world.step()
            return world.stateHash
        }
    }

    /// Two runs of the same scene hash alike at every step (the hash reads the state alone).
    func testTheSameRunGivesTheSameHashEveryStep() throws {
        var a = try scene(), b = try scene()
        XCTAssertEqual(hashes(&a, steps: 240), hashes(&b, steps: 240))
    }

    /// One ulp of one velocity changes the hash at once.
    func testOneUlpOfVelocityChangesTheHash() throws {
        var a = try scene(), b = try scene()
        _ = hashes(&a, steps: 60)
        _ = hashes(&b, steps: 60)
        XCTAssertEqual(a.stateHash, b.stateHash)
        let body = b.bodyHandles[0]
        let v = b.linearVelocity(for: body)
        try b.setLinearVelocity(SIMD2(v.x.nextUp, v.y), for: body)
        XCTAssertNotEqual(a.stateHash, b.stateHash)
    }

    /// The hash covers the clock: the same bodies with a fraction of a step pending
    /// hash differently (a resumed run that lost the accumulator would show it).
    func testThePendingClockTimeIsHashed() throws {
        var a = try scene(), b = try scene()
        try a.advance(by: 1.0 / 60)
        try b.advance(by: 1.0 / 60 + 0.25 / 120)
        XCTAssertEqual(a.stepCount, b.stepCount)
        XCTAssertNotEqual(a.stateHash, b.stateHash)
    }

    /// The definition in the documentation: a fresh empty world hashes its four clock
    /// values, all zero, after FNV-1a's offset basis.
    func testAnEmptyWorldHashesFourZeroWords() throws {
        var expected = BitHash()
        for _ in 0..<4 { expected.combine(bits: 0) }
        XCTAssertEqual(try World().stateHash, expected.value)
    }
}
