import Hooke
import XCTest

/// The same scene stepped the same way gives bit-identical states.
final class WorldDeterminismTests: XCTestCase {
    /// A busy scene: a chain on an anchor under gravity, a spring, a snap with a
    /// flick, pushes with offsets and an action that retargets the snap.
    private func scene() throws -> World {
        var world = try WorldScene.world()
        var previous: BodyHandle?
        var chain: [BodyHandle] = []
        for k in 0..<5 {
            let body = try world.createBody(BodyDefinition(
                shape: k % 2 == 0 ? .rectangle(width: 20, height: 10) : .ellipse(width: 16, height: 16),
                center: SIMD2(Double(k + 1) * 40, 0), angle: 0.1 * Double(k)))
            if let p = previous {
                try world.addBehavior(.attachment(AttachmentBehavior(item: body, offsetFromCenter: SIMD2(-5, 0),
                                                                     attachedTo: p, offsetFromOtherCenter: SIMD2(5, 0))))
            } else {
                try world.addBehavior(.attachment(AttachmentBehavior(item: body, attachedToAnchor: .zero)))
            }
            chain.append(body)
            previous = body
        }
        try world.addBehavior(.gravity(GravityBehavior(items: chain)))
        let card = try world.createBody(BodyDefinition(shape: .polygon([SIMD2(-30, -20), SIMD2(30, -20),
                                                                        SIMD2(40, 20), SIMD2(-40, 20)]),
                                                       center: SIMD2(300, 300), angle: 0.4))
        let snap = try world.addBehavior(Behavior(.snap(SnapBehavior(item: card, snapPoint: SIMD2(100, 200),
                                                                     releaseVelocity: SIMD2(800, -1500),
                                                                     releaseAngularVelocity: 4))))
        var push = PushBehavior(items: [chain[4], card], mode: .continuous, pushDirection: SIMD2(0.3, -0.2))
        push.setTargetOffsetFromCenter(SIMD2(3, 4), for: card)
        try world.addBehavior(Behavior(.push(push), action: { world in
            // Half a second in, move the snap point (as a drag would).
            if world.stepCount == 60 {
                try? world.replaceBehavior(snap, with: .snap(SnapBehavior(item: card, snapPoint: SIMD2(150, 250))))
            }
        }))
        try world.addBehavior(.attachment(AttachmentBehavior(item: chain[2], attachedTo: card, length: 150,
                                                             frequency: 1.5, damping: 0.3)))
        return world
    }

    private func fingerprint(_ world: World) throws -> [UInt64] {
        var bits: [UInt64] = []
        for h in world.bodyHandles {
            let s = world.body(h)
            bits += [s.center.x, s.center.y, s.angle, s.velocity.x, s.velocity.y, s.angularVelocity]
                .map(\.bitPattern)
        }
        return bits
    }

    func testSameSceneSteppedTwiceIsBitIdentical() throws {
        var first = try scene()
        var second = try scene()
        for _ in 0..<600 {
            first.step()
            second.step()
        }
        XCTAssertEqual(try fingerprint(first), try fingerprint(second))
        XCTAssertFalse(try fingerprint(first).isEmpty)
        // A copy taken mid-run continues identically (the world is a value).
        var copy = first
        for _ in 0..<300 {
            first.step()
            copy.step()
        }
        XCTAssertEqual(try fingerprint(first), try fingerprint(copy))
        // Steps through advance(by:) match plain steps: 1/60 s holds two steps.
        var byFrames = try scene()
        var bySteps = try scene()
        for _ in 0..<100 { XCTAssertEqual(try byFrames.advance(by: 1.0 / 60), 2) }
        for _ in 0..<200 { bySteps.step() }
        XCTAssertEqual(try fingerprint(byFrames), try fingerprint(bySteps))
    }
}
