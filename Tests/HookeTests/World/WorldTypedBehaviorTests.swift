import Foundation
import Hooke
import XCTest

/// Behaviours added on their own and changed in place through typed handles, as UIKit
/// code changes the behaviour objects it keeps: read back without a `switch`, updated
/// with validation, removed, and all removed at once.
final class WorldTypedBehaviorTests: XCTestCase {
    // MARK: - Dragging an attachment's anchor

    /// The drag pattern of UIKit Dynamics demos, `attachment.anchorPoint = touch` on every
    /// frame of a pan, done through `update` moves the bodies exactly as the same changes
    /// made by copying the behaviour out and calling `replaceBehavior` (the only way
    /// before): bit for bit, at every step, for a soft attachment at an offset (whose
    /// joint's warm start must carry over) and a snap whose point follows the finger too.
    func testDraggingAnAnchorThroughUpdateMovesBodiesAsReplaceBehaviorDoes() throws {
        func scene() throws -> (World, BodyHandle, BodyHandle) {
            var world = try WorldScene.world()
            let card = try world.createBody(BodyDefinition(shape: .rectangle(width: 80, height: 50),
                                                           center: SIMD2(200, 300)))
            let badge = try world.createBody(WorldScene.square(30, at: SIMD2(100, 100)))
            try world.addBehavior(.gravity(GravityBehavior(items: [card])))
            return (world, card, badge)
        }
        func touch(_ frame: Int) -> SIMD2<Double> {
            let t = Double(frame) / 60
            return SIMD2(200 + 80 * sin(3 * t), 280 + 40 * sin(5 * t))
        }
        var (typedWorld, card, badge) = try scene()
        let drag = AttachmentBehavior(item: card, offsetFromCenter: SIMD2(20, -10),
                                      attachedToAnchor: SIMD2(220, 290), frequency: 3, damping: 0.4)
        let snap = SnapBehavior(item: badge, snapPoint: SIMD2(120, 100), releaseVelocity: SIMD2(0, -300))
        let typedDrag = try typedWorld.addBehavior(drag)
        let typedSnap = try typedWorld.addBehavior(snap)

        var (replacedWorld, _, _) = try scene()
        let untypedDrag = try replacedWorld.addBehavior(.attachment(drag))
        let untypedSnap = try replacedWorld.addBehavior(.snap(snap))

        for frame in 1...180 {
            let p = touch(frame)
            try typedWorld.update(typedDrag) { $0.anchorPoint = p }
            try typedWorld.update(typedSnap) { $0.snapPoint = p - SIMD2(100, 180) }

            guard case var .attachment(a) = replacedWorld.behavior(untypedDrag).kind,
                  case var .snap(s) = replacedWorld.behavior(untypedSnap).kind else { return XCTFail() }
            a.anchorPoint = p
            s.snapPoint = p - SIMD2(100, 180)
            try replacedWorld.replaceBehavior(untypedDrag, with: .attachment(a))
            try replacedWorld.replaceBehavior(untypedSnap, with: .snap(s))

            for _ in 0..<2 {
                typedWorld.step()
                replacedWorld.step()
                XCTAssertEqual(typedWorld.body(card), replacedWorld.body(card), "frame \(frame)")
                XCTAssertEqual(typedWorld.body(badge), replacedWorld.body(badge), "frame \(frame)")
            }
        }
        // It was dragged: the card hangs near the last touch (80 × 50 card on a 3 Hz spring).
        XCTAssertLessThan(Planar.length(typedWorld.body(card).center - touch(180)), 100)
        XCTAssertEqual(typedWorld[typedDrag].anchorPoint, touch(180))
        XCTAssertEqual(replacedWorld.behavior(untypedDrag).kind, .attachment(typedWorld[typedDrag]))
    }

    /// A pendulum whose anchor is moved in place swings about the new anchor. The bob hangs
    /// at rest 100 pt below its anchor; the anchor is then moved to the point 100 pt from
    /// the bob at θ₀ = 0.05 rad from the vertical above it. The rod keeps the attachment's
    /// length (stored when added, unchanged by the update: within the 0.1 pt a rigid
    /// attachment holds, `WorldAttachmentTests`), and the bob swings about the new anchor's
    /// vertical with the exact period T = 4√(L/g)·K(sin(θ₀/2)) (within 10⁻⁴, as
    /// `testRigidPendulumSwingsWithTheExactPeriod` explains) and amplitude L·sin θ₀ on
    /// either side of it — the old anchor's vertical is one end of the swing.
    func testPendulumWhoseAnchorMovesInPlaceSwingsAboutTheNewAnchor() throws {
        let length = 100.0, theta0 = 0.05, g = 1000.0
        var world = try WorldScene.world()
        let bob = try world.createBody(WorldScene.square(at: SIMD2(0, length)))
        try world.addBehavior(GravityBehavior(items: [bob]))
        let rod = try world.addBehavior(AttachmentBehavior(item: bob, attachedToAnchor: .zero))
        XCTAssertEqual(try XCTUnwrap(world[rod].length), length, accuracy: 1e-12)
        for _ in 0..<30 { world.step() }   // hanging still, the joint's impulse warm

        let start = world.body(bob).center
        let anchor = start - length * SIMD2(sin(theta0), cos(theta0))
        try world.update(rod) { $0.anchorPoint = anchor }
        XCTAssertEqual(world[rod].anchorPoint, anchor)
        XCTAssertEqual(try XCTUnwrap(world[rod].length), length, accuracy: 1e-12)

        var times: [Double] = [0], offsets: [Double] = [start.x - anchor.x]
        var worst = 0.0, lowest = Double.infinity, highest = -Double.infinity
        for n in 1...(6 * 240) {
            world.step()
            let c = world.body(bob).center
            worst = WorldScene.largest(worst, abs(Planar.length(c - anchor) - length))
            lowest = min(lowest, c.x)
            highest = max(highest, c.x)
            times.append(Double(n) / 120)
            offsets.append(c.x - anchor.x)
        }
        XCTAssertLessThan(worst, 0.1)
        let crossings = WorldScene.zeroCrossings(times: times, values: offsets)
        XCTAssertGreaterThanOrEqual(crossings.count, 10)
        let exact = 4 * (length / g).squareRoot() * WorldScene.ellipticK(sin(theta0 / 2))
        XCTAssertEqual(WorldScene.meanPeriod(crossings: crossings), exact, accuracy: 1e-4 * exact)
        let amplitude = length * sin(theta0)   // 5.0 pt
        XCTAssertEqual(highest, anchor.x + amplitude, accuracy: 0.02 * amplitude)
        XCTAssertEqual(lowest, anchor.x - amplitude, accuracy: 0.02 * amplitude)
    }

    /// `update` changes the behaviour in place: the joint keeps its accumulated impulse,
    /// so an update that changes nothing leaves a swinging pendulum on exactly the path of
    /// one never updated (bit for bit). Replacing it with a tree of another shape (the
    /// attachment inside a group) makes a new joint that starts from no impulse, and the
    /// path departs — which shows the comparison can tell.
    func testUpdateKeepsTheJointsWarmStart() throws {
        var world = try WorldScene.world()
        let bob = try world.createBody(WorldScene.square(at: SIMD2(100, 0)))
        try world.addBehavior(GravityBehavior(items: [bob]))
        let rod = try world.addBehavior(AttachmentBehavior(item: bob, attachedToAnchor: .zero))
        for _ in 0..<50 { world.step() }

        var updated = world, regrouped = world
        try updated.update(rod) { _ in }
        try regrouped.replaceBehavior(BehaviorHandle(rod), with: Behavior(children: [.attachment(world[rod])]))
        var departed = false
        for n in 0..<100 {
            world.step()
            updated.step()
            regrouped.step()
            XCTAssertEqual(updated.body(bob), world.body(bob), "step \(n)")
            if regrouped.body(bob) != world.body(bob) { departed = true }
        }
        XCTAssertTrue(departed)
    }

    // MARK: - Re-arming a push

    /// An instantaneous push J (N·s) on a body of m kg changes its velocity once by
    /// Δv = 100·J/m pt/s (Docs/uikit-dynamics.md) and turns inactive; setting `active`
    /// to true through `update`, as UIKit code sets `push.active = true`, fires it again:
    /// a second Δv of 100·J/m on the next step, and then nothing more.
    func testRearmingAnInstantaneousPushThroughUpdateGivesASecondImpulse() throws {
        var world = try WorldScene.world()
        // 100 × 100 pt of density 1: 1 kg.
        let body = try world.createBody(BodyDefinition(shape: .rectangle(width: 100, height: 100), center: .zero,
                                                       properties: WorldScene.frictionless))
        let m = world.body(body).mass
        XCTAssertEqual(m, 1, accuracy: 1e-15)
        let j = SIMD2(1.5, -0.5)
        let push = try world.addBehavior(PushBehavior(items: [body], mode: .instantaneous, pushDirection: j))
        let dv = 100 * j / m   // (150, −50) pt/s
        world.step()
        XCTAssertEqual(world.body(body).velocity, dv)
        XCTAssertFalse(world[push].active)
        world.step()
        XCTAssertEqual(world.body(body).velocity, dv)

        try world.update(push) { $0.active = true }
        XCTAssertTrue(world[push].active)
        world.step()
        XCTAssertEqual(world.body(body).velocity, 2 * dv)
        XCTAssertFalse(world[push].active)
        world.step()
        XCTAssertEqual(world.body(body).velocity, 2 * dv)
    }

    // MARK: - Every kind

    /// Each of the seven primitive behaviours reads back through its typed handle as it
    /// was added (an attachment with its length measured from the geometry, 50 pt here),
    /// and its handle is the untyped handle the world lists.
    func testEveryKindReadsBackThroughItsTypedHandle() throws {
        var world = try WorldScene.world()
        let a = try world.createBody(WorldScene.square(at: SIMD2(0, 0)))
        let b = try world.createBody(WorldScene.square(at: SIMD2(30, 40)))
        let gravity = GravityBehavior(items: [a], gravityDirection: SIMD2(0.5, 1))
        let push = PushBehavior(items: [a, b], mode: .continuous, pushDirection: SIMD2(1, 0))
        let snap = SnapBehavior(item: b, snapPoint: SIMD2(10, 10), damping: 0.3)
        let attachment = AttachmentBehavior(item: a, attachedTo: b)
        let item = DynamicItemBehavior(items: [b], elasticity: 0.7, density: 2)
        let field = FieldBehavior(items: [a], field: try Field(.drag))
        var collision = CollisionBehavior(items: [a, b])
        collision.addBoundary(withIdentifier: "floor", from: SIMD2(-100, 100), to: SIMD2(100, 100))

        let typedGravity = try world.addBehavior(gravity), typedPush = try world.addBehavior(push)
        let typedSnap = try world.addBehavior(snap), typedAttachment = try world.addBehavior(attachment)
        let typedItem = try world.addBehavior(item), typedField = try world.addBehavior(field)
        let typedCollision = try world.addBehavior(collision)
        XCTAssertEqual(world.behaviorHandles, [
            BehaviorHandle(typedGravity), BehaviorHandle(typedPush), BehaviorHandle(typedSnap),
            BehaviorHandle(typedAttachment), BehaviorHandle(typedItem), BehaviorHandle(typedField),
            BehaviorHandle(typedCollision),
        ])

        XCTAssertEqual(world[typedGravity], gravity)
        XCTAssertEqual(world[typedPush], push)
        XCTAssertEqual(world[typedSnap], snap)
        var measured = attachment
        measured.length = 50
        measured.referenceAngle = 0
        XCTAssertEqual(world[typedAttachment], measured)
        XCTAssertEqual(world[typedItem], item)
        XCTAssertEqual(world[typedField], field)
        XCTAssertEqual(world[typedCollision], collision)
        XCTAssertEqual(world.behavior(BehaviorHandle(typedCollision)).kind, .collision(collision))
        XCTAssertEqual(BehaviorHandle(typedCollision).description, typedCollision.description)
    }

    /// Gravity changed in place: a body falling freely accelerates at the new magnitude
    /// from the next step (UIKit's 1.0 = 1000 pt/s²: v gains 2000·h per step at
    /// magnitude 2), and a dynamic item behaviour changed in place sets the mass it
    /// implies (density 4 on 20 × 20 pt: 4·400/10⁴ = 0.16 kg).
    func testGravityAndItemPropertiesChangeInPlace() throws {
        var world = try WorldScene.world()
        let body = try world.createBody(WorldScene.square(20, at: .zero))
        let gravity = try world.addBehavior(GravityBehavior(items: [body]))
        let item = try world.addBehavior(DynamicItemBehavior(items: [body]))
        world.step()
        let h = 1.0 / 120
        XCTAssertEqual(world.body(body).velocity.y, 1000 * h, accuracy: 1e-12)
        try world.update(gravity) { $0.magnitude = 2 }
        try world.update(item) { $0.density = 4 }
        XCTAssertEqual(world.body(body).mass, 0.16, accuracy: 1e-15)
        world.step()
        XCTAssertEqual(world.body(body).velocity.y, 1000 * h + 2000 * h, accuracy: 1e-12)
    }

    // MARK: - Validation

    /// `update` validates as `addBehavior` does, names the offending value by its path,
    /// and changes nothing when it throws: the behaviour reads as before, a resting body
    /// is not woken, and the world steps on exactly as an untouched copy.
    func testUpdateThatThrowsChangesNothing() throws {
        var world = try WorldScene.world()
        let body = try world.createBody(WorldScene.square(at: SIMD2(0, 100)))
        let rod = try world.addBehavior(AttachmentBehavior(item: body, attachedToAnchor: .zero))
        let snap = try world.addBehavior(SnapBehavior(item: body, snapPoint: SIMD2(0, 100)))
        for _ in 0..<120 { world.step() }
        XCTAssertTrue(world.body(body).isResting)
        let untouched = world
        let before = world[rod]

        WorldScene.assertRejects("behaviors[0].anchorPoint.x") {
            try world.update(rod) { $0.anchorPoint = SIMD2(.nan, 0) }
        }
        WorldScene.assertRejects("behaviors[0].damping", value: 2) {
            try world.update(snap) { $0.damping = 2 }
        }
        let stranger = BodyHandle(index: 7, generation: 1)
        WorldScene.assertRejectsHandle("behaviors[0].item", stranger) {
            try world.update(rod) { $0.item = stranger }
        }
        XCTAssertEqual(world[rod], before)
        XCTAssertTrue(world.body(body).isResting)
        var copy = untouched
        for _ in 0..<10 {
            world.step()
            copy.step()
        }
        XCTAssertEqual(world.body(body), copy.body(body))
    }

    /// A field is rebuilt and assigned in `update`: switched off (strength 0) it no
    /// longer pulls the body, which then keeps its velocity exactly.
    func testAFieldIsRebuiltInsideUpdate() throws {
        var world = try World()
        let body = try world.createBody(BodyDefinition(shape: .rectangle(width: 10, height: 10),
                                                      center: SIMD2(100, 0), velocity: SIMD2(0, 50),
                                                      properties: ItemProperties(resistance: 0)))
        let pull = try world.addBehavior(FieldBehavior(items: [body], field: try Field(.spring, strength: 5)))
        for _ in 0..<10 { world.step() }
        let off = try Field(.spring, strength: 0)
        try world.update(pull) { $0.field = off }
        let v = world.body(body).velocity
        for _ in 0..<10 { world.step() }
        XCTAssertEqual(world.body(body).velocity, v)
        XCTAssertEqual(world[pull].field.strength, 0)
    }

    // MARK: - Removing

    /// After `removeAllBehaviors()` no force, joint or contact acts: a body that was
    /// falling on a spring towards a floor (with a continuous push on it) moves on at the
    /// velocity it had, x(t) = x_r + v_r·t and θ(t) = θ_r + ω_r·t (no resistance), through
    /// where the floor was; the world lists no behaviour and its typed handles are gone.
    func testRemoveAllBehaviorsLeavesBodiesMovingFreely() throws {
        var world = try WorldScene.world()
        let body = try world.createBody(WorldScene.square(20, at: SIMD2(0, 0)))
        try world.addBehavior(GravityBehavior(items: [body]))
        let spring = try world.addBehavior(AttachmentBehavior(item: body, offsetFromCenter: SIMD2(5, 5),
                                                              attachedToAnchor: SIMD2(-50, 0), frequency: 2,
                                                              damping: 0.1))
        try world.addBehavior(PushBehavior(items: [body], mode: .continuous, pushDirection: SIMD2(0.01, 0)))
        var floor = CollisionBehavior(items: [body])
        floor.addBoundary(withIdentifier: "floor", from: SIMD2(-500, 80), to: SIMD2(500, 80))
        try world.addBehavior(floor)
        for _ in 0..<20 { world.step() }

        world.removeAllBehaviors()
        XCTAssertTrue(world.behaviorHandles.isEmpty)
        XCTAssertFalse(world.contains(spring))
        let r = world.body(body)
        XCTAssertGreaterThan(r.velocity.y, 100)   // moving towards the floor at y = 80
        let h = 1.0 / 120
        for n in 1...240 {
            world.step()
            let s = world.body(body)
            let t = Double(n) * h
            XCTAssertEqual(s.velocity, r.velocity, "step \(n)")
            XCTAssertEqual(s.angularVelocity, r.angularVelocity, "step \(n)")
            XCTAssertEqual(s.center.x, r.center.x + r.velocity.x * t, accuracy: 1e-9)
            XCTAssertEqual(s.center.y, r.center.y + r.velocity.y * t, accuracy: 1e-9)
            XCTAssertEqual(s.angle, r.angle + r.angularVelocity * t, accuracy: 1e-12)
        }
        XCTAssertGreaterThan(world.body(body).center.y, 200)   // through where the floor was
    }

    /// `removeAllBehaviors()` wakes the bodies its behaviours named: a box asleep on a
    /// floor is awake at once and the next step reports it (restEnded, didResume).
    func testRemoveAllBehaviorsWakesRestingBodies() throws {
        var world = try WorldScene.world()
        let box = try world.createBody(WorldScene.square(20, at: SIMD2(0, 70)))
        try world.addBehavior(GravityBehavior(items: [box]))
        var floor = CollisionBehavior(items: [box])
        floor.addBoundary(withIdentifier: "floor", from: SIMD2(-500, 80), to: SIMD2(500, 80))
        try world.addBehavior(floor)
        for _ in 0..<240 { world.step() }
        XCTAssertTrue(world.isPaused)
        XCTAssertTrue(world.body(box).isResting)

        world.removeAllBehaviors()
        XCTAssertFalse(world.body(box).isResting)
        XCTAssertFalse(world.isPaused)
        world.step()
        XCTAssertEqual(world.events.restEnded, [box])
        XCTAssertTrue(world.events.didResume)
    }

    /// `removeBehavior` with a typed handle removes that behaviour only: the snap stops
    /// pulling (the body keeps the velocity it had: no force acts) and its handle is gone.
    func testRemovingATypedHandleRemovesThatBehaviour() throws {
        var world = try WorldScene.world()
        let body = try world.createBody(WorldScene.square(at: .zero))
        let snap = try world.addBehavior(SnapBehavior(item: body, snapPoint: SIMD2(100, 0)))
        let other = try world.addBehavior(DynamicItemBehavior(items: [body]))
        for _ in 0..<10 { world.step() }
        world.removeBehavior(snap)
        XCTAssertFalse(world.contains(snap))
        XCTAssertTrue(world.contains(other))
        XCTAssertEqual(world.behaviorHandles, [BehaviorHandle(other)])
        let v = world.body(body).velocity
        world.step()
        XCTAssertEqual(world.body(body).velocity, v)
    }

    // MARK: - Stale handles

    /// Reading a removed behaviour through its typed handle is a programmer error: it
    /// traps, naming the handle as a handle.
    func testReadingARemovedBehaviorTrapsNamingTheHandle() throws {
        if TrapExpectation.isChild {
            var world = try WorldScene.world()
            let body = try world.createBody(WorldScene.square(at: .zero))
            let gravity = try world.addBehavior(GravityBehavior(items: [body]))
            world.removeBehavior(gravity)
            _ = world[gravity]
            return
        }
        try TrapExpectation.assertTraps("HookeTests.WorldTypedBehaviorTests/testReadingARemovedBehaviorTrapsNamingTheHandle",
                                        printing: "behavior#0.1 is not a live behavior of this world")
    }

    /// Updating or removing through a stale typed handle traps likewise; `contains` tells
    /// beforehand. (A handle whose slot was reused carries the old generation.)
    func testUpdatingAStaleHandleTrapsNamingTheHandle() throws {
        var world = try WorldScene.world()
        let body = try world.createBody(WorldScene.square(at: .zero))
        let first = try world.addBehavior(GravityBehavior(items: [body]))
        world.removeAllBehaviors()
        let second = try world.addBehavior(GravityBehavior(items: [body]))
        XCTAssertFalse(world.contains(first))
        XCTAssertTrue(world.contains(second))
        XCTAssertEqual(second.description, "behavior#0.2")
        if TrapExpectation.isChild {
            try world.update(first) { $0.magnitude = 2 }
            return
        }
        try TrapExpectation.assertTraps("HookeTests.WorldTypedBehaviorTests/testUpdatingAStaleHandleTrapsNamingTheHandle",
                                        printing: "behavior#0.1 is not a live behavior of this world")
    }
}
