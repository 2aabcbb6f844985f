import XCTest
import Foundation
import Hooke

/// UIKit's collision semantics: boundaries, groups, modes, events, continuous collision.
final class WorldCollisionBehaviorTests: XCTestCase {
    /// A 20 pt box flicked at 20 000 pt/s (167 pt per step, far more than the 2 pt of
    /// skin) stays inside the reference-bounds boundary: without continuous collision it
    /// would cross the wall in one step.
    func testFlickedBodyStaysInside() throws {
        try CollisionScene.assertFlicksStayInside(solver: .uikit, .rectangle(width: 20, height: 20))
    }

    /// Continuous collision covers anchored items too: a 20 pt box flicked at 20 000 pt/s
    /// at an anchored wall 10 pt thick stays on its side of the wall.
    func testFlickedBodyDoesNotTunnelThroughAnAnchoredItem() throws {
        let (deepest, velocity) = try CollisionScene.wallFlick(
            solver: .uikit, wall: .anchored(CollisionScene.material(anchored: true)), steps: 60)
        XCTAssertLessThan(deepest, 495 - 10)
        XCTAssertLessThan(velocity, 0)   // it bounced back (e = 0.2)
    }

    /// Continuous collision covers free items too: a 20 pt box flicked at 20 000 pt/s
    /// (167 pt per step) at a free plank 10 pt thick, standing still without gravity,
    /// never passes it — the box's centre stays on its side of the plank's at every step,
    /// with either solver — and the plank is pushed the way the box was going. Without
    /// the sweep against the plank the box would cross it within one step.
    func testFlickedBodyDoesNotTunnelThroughAThinFreeItem() throws {
        for solver in [SolverMode.uikit, .softStep] {
            var world = try World(configuration: WorldConfiguration(solver: solver))
            let plank = try world.createBody(BodyDefinition(shape: .rectangle(width: 10, height: 200),
                                                            center: SIMD2(500, 300)))
            let box = try world.createBody(BodyDefinition(shape: .rectangle(width: 20, height: 20),
                                                          center: SIMD2(100, 300), velocity: SIMD2(20_000, 0)))
            try world.addBehavior(.collision(CollisionBehavior(items: [plank, box])))
            for step in 0..<30 {
                world.step()
                let b = world.body(box).center.x, p = world.body(plank).center.x
                XCTAssertLessThan(b, p, "\(solver), step \(step)")
            }
            XCTAssertGreaterThan(world.body(plank).velocity.x, 0, "\(solver)")
        }
    }

    /// Two fast items are swept against each other: a 20 pt box and a free plank 10 pt
    /// thick, flicked at each other at 10 000 pt/s each (closing at 20 000 pt/s, 167 pt
    /// per step), never pass through each other — their centres keep their order at every
    /// step, with either solver — and leave with the 1-D closed form of a collision with
    /// restitution e = 0.2: masses 1 : 5 (areas 400 and 2000 pt²), centre-of-mass velocity
    /// −6 667 pt/s, separating at e·20 000, so the box leaves at −10 000 pt/s and the plank
    /// at −6 000 pt/s, both scaled by the resistance over the steps, (1 + h·0.1)⁻ⁿ.
    func testFastItemsDoNotTunnelThroughEachOther() throws {
        let steps = 30, h = 1.0 / 120
        let drag = pow(1 / (1 + h * ItemProperties().resistance), Double(steps))
        for solver in [SolverMode.uikit, .softStep] {
            var world = try World(configuration: WorldConfiguration(solver: solver))
            let plank = try world.createBody(BodyDefinition(shape: .rectangle(width: 10, height: 200),
                                                            center: SIMD2(700, 300), velocity: SIMD2(-10_000, 0)))
            let box = try world.createBody(BodyDefinition(shape: .rectangle(width: 20, height: 20),
                                                          center: SIMD2(100, 300), velocity: SIMD2(10_000, 0)))
            try world.addBehavior(.collision(CollisionBehavior(items: [plank, box])))
            for step in 0..<steps {
                world.step()
                let b = world.body(box).center.x, p = world.body(plank).center.x
                XCTAssertLessThan(b, p, "\(solver), step \(step)")
            }
            XCTAssertEqual(world.body(box).velocity.x, -10_000 * drag, accuracy: 100, "\(solver)")
            XCTAssertEqual(world.body(plank).velocity.x, -6_000 * drag, accuracy: 60, "\(solver)")
        }
    }

    /// A fast item stopped early is an obstacle for the fast items behind it: a box
    /// flicked at 10 000 pt/s toward an anchored wall, and a second box chasing it at
    /// 20 000 pt/s, keep their order and stay on their side of the wall at every step,
    /// with either solver, though the chaser covers the gap to the first box within a
    /// step (both are swept, the first stopped by the wall while the second is moving).
    func testFastItemChasingAnotherIntoAWallDoesNotPassIt() throws {
        for solver in [SolverMode.uikit, .softStep] {
            var world = try World(configuration: WorldConfiguration(solver: solver))
            let wall = try world.createBody(BodyDefinition(shape: .rectangle(width: 10, height: 200),
                                                           center: SIMD2(500, 300),
                                                           properties: CollisionScene.material(anchored: true)))
            let first = try world.createBody(BodyDefinition(shape: .rectangle(width: 20, height: 20),
                                                            center: SIMD2(330, 300), velocity: SIMD2(10_000, 0)))
            let chaser = try world.createBody(BodyDefinition(shape: .rectangle(width: 20, height: 20),
                                                             center: SIMD2(200, 300), velocity: SIMD2(20_000, 0)))
            try world.addBehavior(.collision(CollisionBehavior(items: [wall, first, chaser])))
            for step in 0..<30 {
                world.step()
                let a = world.body(first).center.x, b = world.body(chaser).center.x
                XCTAssertLessThan(b, a, "\(solver), step \(step)")
                XCTAssertLessThan(a, 495, "\(solver), step \(step)")
            }
        }
    }

    /// Events fire once when a contact begins and once when it ends: two discs in free
    /// space meet head on (e = 1), touch for one step and part; the began point is the
    /// midpoint between their surfaces on the line of centres.
    func testItemEventsFireOncePerContact() throws {
        try CollisionScene.assertItemEventsFireOncePerContact(solver: .uikit)
    }

    /// A box dropped 3 pt (landing at 77 pt/s, below the 100 pt/s restitution
    /// threshold, so it cannot bounce) lands once on the boundary "floor": one began
    /// event naming the boundary, none ended while it rests; removing the behaviour
    /// ends the contact.
    func testBoundaryEventsCarryTheIdentifier() throws {
        // Core bottom at 595: 3 pt above where the two 1 pt skins touch.
        var scene = try CollisionScene.floorDrop(solver: .uikit, diameter: 40, box: true, drop: 3, elasticity: 0)
        let (began, ended) = CollisionScene.events(&scene, steps: 240)
        // A box lands on its face: one contact (two points), reported once.
        XCTAssertEqual(began.count, 1)
        XCTAssertEqual(began.first?.partner, .boundary("floor"))
        XCTAssertEqual(began.first?.item, scene.body)
        XCTAssertEqual(began.first?.point.y ?? 0, 600, accuracy: 2)
        XCTAssertTrue(ended.isEmpty)
        try CollisionScene.assertRemovingCollisionEndsFloorContact(&scene)
    }

    /// A closed path blocks as the segments along it do: a ball dropped into a
    /// V-shaped cup made as one path rests where it rests in the same cup made of
    /// two segments, at the cup's bottom (x = 200).
    func testPathBoundariesBlockAsSegments() throws {
        func rest(_ configure: (inout CollisionBehavior) -> Void) throws -> SIMD2<Double> {
            var world = try CollisionScene.world()
            let ball = try world.createBody(CollisionScene.ball(20, at: SIMD2(150, 100)))
            var collision = CollisionBehavior(items: [ball])
            configure(&collision)
            try world.addBehavior(.collision(collision))
            try world.addBehavior(.gravity(GravityBehavior(items: [ball])))
            CollisionScene.run(&world, steps: 600)
            return world.body(ball).center
        }
        let path = try rest { $0.addBoundary(withIdentifier: "cup", path: [SIMD2(0, 200), SIMD2(200, 400), SIMD2(400, 200)],
                                             closed: false) }
        let segments = try rest {
            $0.addBoundary(withIdentifier: "left", from: SIMD2(0, 200), to: SIMD2(200, 400))
            $0.addBoundary(withIdentifier: "right", from: SIMD2(200, 400), to: SIMD2(400, 200))
        }
        XCTAssertEqual(path.x, 200, accuracy: 1)
        XCTAssertEqual(segments.x, 200, accuracy: 1)
        // Resting in a 90° corner, the disc's centre is (10 + 1)·√2 pt above the vertex
        // (radius plus the edge's skin along each wall), less up to 1.5 pt of penetration.
        XCTAssertEqual(path.y, 400 - 11 * 2.0.squareRoot(), accuracy: 1.5)
        XCTAssertEqual(path.y, segments.y, accuracy: 0.1)
    }

    /// Items of different collision behaviours pass through each other; mode
    /// `.boundaries` ignores items even within one behaviour; free motion continues.
    func testGroupsAndModes() throws {
        func pass(_ behaviors: (BodyHandle, BodyHandle) -> [CollisionBehavior]) throws -> (Double, Double) {
            var world = try CollisionScene.world()
            let a = try world.createBody(CollisionScene.ball(40, at: SIMD2(100, 300), velocity: SIMD2(300, 0)))
            let b = try world.createBody(CollisionScene.ball(40, at: SIMD2(300, 300), velocity: SIMD2(-300, 0)))
            for c in behaviors(a, b) { try world.addBehavior(.collision(c)) }
            CollisionScene.run(&world, steps: 120)
            return (world.body(a).center.x, world.body(b).center.x)
        }
        // Free motion for 1 s: x = x₀ + v·t.
        let separate = try pass { [CollisionBehavior(items: [$0]), CollisionBehavior(items: [$1])] }
        XCTAssertEqual(separate.0, 400, accuracy: 1e-9)
        XCTAssertEqual(separate.1, 0, accuracy: 1e-9)
        let boundariesOnly = try pass { [CollisionBehavior(items: [$0, $1], mode: .boundaries)] }
        XCTAssertEqual(boundariesOnly.0, 400, accuracy: 1e-9)
        XCTAssertEqual(boundariesOnly.1, 0, accuracy: 1e-9)
        // The same pair in one behaviour collides (and so cannot end where free motion would).
        let together = try pass { [CollisionBehavior(items: [$0, $1])] }
        XCTAssertLessThan(together.0, 200)
        XCTAssertGreaterThan(together.1, 200)
    }

    /// Mode `.items` ignores boundaries: a ball falls through a floor it would land on.
    func testItemsModeIgnoresBoundaries() throws {
        var world = try CollisionScene.world()
        let ball = try world.createBody(CollisionScene.ball(20, at: SIMD2(100, 500)))
        var collision = CollisionBehavior(items: [ball], mode: .items)
        collision.addBoundary(withIdentifier: "floor", from: SIMD2(0, 600), to: SIMD2(400, 600))
        try world.addBehavior(.collision(collision))
        try world.addBehavior(.gravity(GravityBehavior(items: [ball])))
        CollisionScene.run(&world, steps: 120)
        XCTAssertGreaterThan(world.body(ball).center.y, 900)
    }

    /// A resting stack of three boxes goes to sleep and the world pauses.
    func testRestingStackSleeps() throws {
        var world = try CollisionScene.world()
        var items: [BodyHandle] = []
        for k in 0..<3 {
            items.append(try world.createBody(BodyDefinition(
                shape: .rectangle(width: 40, height: 40), center: SIMD2(100, 600 - 1 - 20 - Double(k) * 42),
                properties: ItemProperties())))
        }
        var collision = CollisionBehavior(items: items)
        collision.addBoundary(withIdentifier: "floor", from: SIMD2(0, 600), to: SIMD2(400, 600))
        try world.addBehavior(.collision(collision))
        try world.addBehavior(.gravity(GravityBehavior(items: items)))
        CollisionScene.run(&world, steps: 360)
        XCTAssertTrue(world.isPaused)
        for h in items { XCTAssertTrue(world.body(h).isResting) }
        XCTAssertEqual(world.body(items[2]).center.x, 100, accuracy: 0.01)
    }

    /// Two items joined by an attachment do not collide: two 40 pt discs held 30 pt
    /// apart by a rigid attachment overlap by 10 pt and stay so, with no contact event.
    func testAttachedItemsDoNotCollide() throws {
        var world = try CollisionScene.world()
        let a = try world.createBody(CollisionScene.ball(40, at: SIMD2(100, 300)))
        let b = try world.createBody(CollisionScene.ball(40, at: SIMD2(130, 300)))
        try world.addBehavior(.attachment(AttachmentBehavior(item: a, attachedTo: b)))
        try world.addBehavior(.collision(CollisionBehavior(items: [a, b])))
        var events = 0
        for _ in 0..<60 {
            world.step()
            events += world.events.contactBegan.count
        }
        XCTAssertEqual(events, 0)
        XCTAssertEqual(world.body(a).center.x, 100, accuracy: 1e-9)
        XCTAssertEqual(world.body(b).center.x, 130, accuracy: 1e-9)
    }

    func testValidation() throws {
        var world = try CollisionScene.world()
        let box = try world.createBody(BodyDefinition(shape: .rectangle(width: 10, height: 10)))
        XCTAssertThrowsError(try world.addBehavior(.collision(CollisionBehavior(
            items: [box], translatesReferenceBoundsIntoBoundary: true)))) { error in
            XCTAssertTrue("\(error)".contains("translatesReferenceBoundsIntoBoundary"), "\(error)")
        }
        var bad = CollisionBehavior(items: [box])
        bad.addBoundary(withIdentifier: "dot", from: SIMD2(1, 1), to: SIMD2(1, 1))
        XCTAssertThrowsError(try world.addBehavior(.collision(bad))) { error in
            XCTAssertTrue("\(error)".contains("boundaries[0]"), "\(error)")
        }
    }
}
