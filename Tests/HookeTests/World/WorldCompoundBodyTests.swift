import Foundation
import Hooke
import XCTest

/// Compound bodies (#20, item 1; UIKit's `UIDynamicItemGroup`, SpriteKit's
/// `SKPhysicsBody(bodies:)`): one rigid body of several shapes, whose mass, centre of
/// mass and inertia come from the parts, checked against the combined shape's closed
/// form and a grid integration of the union of the parts; the parts collide, are found
/// by the queries and report their contacts as one item; behaviours move the group as
/// one body.
final class WorldCompoundBodyTests: XCTestCase {
    /// An L: a 120 × 20 bar with a 20 × 80 bar below its left end (no overlap).
    private let ell: [BodyPart] = [
        BodyPart(.rectangle(width: 120, height: 20)),
        BodyPart(.rectangle(width: 20, height: 80), offset: SIMD2(-50, 50)),
    ]

    /// Area, centroid and polar moment about the centroid of the points where `inside`
    /// holds, within `box`, by the midpoint rule on a grid of `cell` pt (for a region
    /// whose edges lie on the grid, area and centroid are exact and the moment is short
    /// by area·cell²/6: each cell's own moment, added back).
    private func integrate(_ box: (SIMD2<Double>, SIMD2<Double>), cell: Double,
                           _ inside: (SIMD2<Double>) -> Bool) -> (area: Double, centroid: SIMD2<Double>, moment: Double) {
        var area = 0.0, first = SIMD2<Double>.zero, second = 0.0
        var y = box.0.y + cell / 2
        while y < box.1.y {
            var x = box.0.x + cell / 2
            while x < box.1.x {
                let p = SIMD2(x, y)
                if inside(p) {
                    area += cell * cell
                    first += cell * cell * p
                    second += cell * cell * (p * p).sum()
                }
                x += cell
            }
            y += cell
        }
        let c = first / area
        return (area, c, second - area * (c * c).sum() + area * cell * cell / 6)
    }

    private func insideEll(_ p: SIMD2<Double>) -> Bool {
        (abs(p.x) <= 60 && abs(p.y) <= 10) || (abs(p.x + 50) <= 10 && abs(p.y - 50) <= 40)
    }

    func testTwoBoxesHaveTheInertiaOfTheRectangleTheyMake() throws {
        var world = try World()
        let halves = BodyShape.compound([BodyPart(.rectangle(width: 100, height: 50), offset: SIMD2(0, -25)),
                                         BodyPart(.rectangle(width: 100, height: 50), offset: SIMD2(0, 25))])
        let pair = try world.createBody(BodyDefinition(shape: halves, center: SIMD2(100, 100)))
        let state = world.body(pair)
        // A 100 × 100 pt rectangle of density 1: 1 kg, I = m(w² + h²)/12 kg·pt².
        XCTAssertEqual(state.mass, 1, accuracy: 1e-15)
        XCTAssertEqual(state.inertia, 20_000.0 / 12, accuracy: 1e-9)
        XCTAssertEqual(state.center, SIMD2(100, 100))
        XCTAssertEqual(halves.size, SIMD2(100, 100))
    }

    func testAnLHasTheMassCentreAndInertiaOfItsOutlineIntegrated() throws {
        let reference = integrate((SIMD2(-60, -10), SIMD2(60, 90)), cell: 0.25, insideEll)
        let shape = BodyShape.compound(ell)
        XCTAssertEqual(shape.area, reference.area, accuracy: 1e-9)
        XCTAssertEqual(shape.centroid.x, reference.centroid.x, accuracy: 1e-9)
        XCTAssertEqual(shape.centroid.y, reference.centroid.y, accuracy: 1e-9)

        var world = try World()
        let angle = 0.3, density = 2.5
        var definition = BodyDefinition(shape: shape, center: SIMD2(200, 300), angle: angle)
        definition.properties.density = density
        let body = try world.createBody(definition)
        let state = world.body(body)
        XCTAssertEqual(state.mass, density * reference.area / 10_000, accuracy: 1e-12)
        XCTAssertEqual(state.inertia, density * reference.moment / 10_000, accuracy: 1e-9 * state.inertia)
        // The centre is the centre of mass, turned with the body; the parts stay put.
        let c = reference.centroid
        XCTAssertEqual(state.center.x, 200 + cos(angle) * c.x - sin(angle) * c.y, accuracy: 1e-9)
        XCTAssertEqual(state.center.y, 300 + sin(angle) * c.x + cos(angle) * c.y, accuracy: 1e-9)
        guard case let .compound(stored) = state.shape else { return XCTFail("not a compound") }
        for (given, moved) in zip(ell, stored) {
            let before = given.pose(inBodyAt: SIMD2(200, 300), angle: angle)
            let after = moved.pose(inBodyAt: state.center, angle: state.angle)
            XCTAssertEqual(after.center.x, before.center.x, accuracy: 1e-9)
            XCTAssertEqual(after.center.y, before.center.y, accuracy: 1e-9)
            XCTAssertEqual(after.angle, before.angle)
        }
        XCTAssertEqual(stored.map(\.shape), ell.map(\.shape))
    }

    /// A push's impulse J at r from the centre of mass changes the velocity by J/m and
    /// the angular velocity by (r × J)/I, I the integrated outline's.
    func testAPushTurnsAnLByTheIntegratedInertia() throws {
        var world = try World()
        let reference = integrate((SIMD2(-60, -10), SIMD2(60, 90)), cell: 0.25, insideEll)
        let body = try world.createBody(BodyDefinition(shape: .compound(ell), center: SIMD2(200, 300),
                                                       properties: CollisionScene.material()))
        let j = SIMD2<Double>(0, -2), r = SIMD2<Double>(40, 0)
        var push = PushBehavior(items: [body], mode: .instantaneous, pushDirection: j)
        push.setTargetOffsetFromCenter(r, for: body)
        try world.addBehavior(.push(push))
        world.step()
        let mass = reference.area / 10_000, inertia = reference.moment / 10_000   // kg, kg·pt²
        let s = world.body(body)
        XCTAssertEqual(s.velocity.y, 100 * j.y / mass, accuracy: 1e-9)
        // r × J in N·s·pt, ×100 for kg·pt²/s.
        XCTAssertEqual(s.angularVelocity, 100 * (r.x * j.y - r.y * j.x) / inertia, accuracy: 1e-6 * abs(s.angularVelocity))
    }

    /// A table, a top on two legs with a gap between them, dropped on a floor: it lands
    /// level and stays so, both legs' feet at the touching height (the two 1 pt skins
    /// apart, within the 0.5 pt slop); the floor reports one contact; nothing is found
    /// between the legs.
    private func table() -> BodyShape {
        .compound([BodyPart(.rectangle(width: 200, height: 20), offset: SIMD2(0, -40)),
                   BodyPart(.rectangle(width: 20, height: 80), offset: SIMD2(-90, 10)),
                   BodyPart(.rectangle(width: 20, height: 80), offset: SIMD2(90, 10))])
    }

    /// A body of `shape` at `center` under gravity above the boundary "floor" from
    /// (0, floorY) to (400, floorY).
    private func onFloor(_ shape: BodyShape, center: SIMD2<Double>, properties: ItemProperties,
                         solver: SolverMode = .uikit) throws -> (World, BodyHandle) {
        var world = try CollisionScene.world(solver: solver)
        let body = try world.createBody(BodyDefinition(shape: shape, center: center, properties: properties))
        var collision = CollisionBehavior(items: [body])
        collision.addBoundary(withIdentifier: "floor", from: SIMD2(0, CollisionScene.floorY),
                              to: SIMD2(400, CollisionScene.floorY))
        try world.addBehavior(.collision(collision))
        try world.addBehavior(.gravity(GravityBehavior(items: [body])))
        return (world, body)
    }

    func testATableRestsLevelOnBothLegs() throws {
        for solver in [SolverMode.uikit, .softStep(substeps: 4)] {
            // The legs' feet 50 pt below the given centre, 3 pt above the touching height.
            var (world, body) = try onFloor(table(), center: SIMD2(200, CollisionScene.floorY - 2 - 50 - 3),
                                            properties: CollisionScene.material(elasticity: 0), solver: solver)
            var began: [ContactEvent] = []
            for _ in 0..<360 {
                world.step()
                began += world.events.contactBegan
            }
            let s = world.body(body)
            XCTAssertEqual(s.angle, 0, accuracy: 1e-4, "\(solver)")
            guard case let .compound(parts) = s.shape else { return XCTFail("not a compound") }
            for leg in parts[1...] {
                let foot = leg.pose(inBodyAt: s.center, angle: s.angle).center.y + 40
                XCTAssertEqual(foot, CollisionScene.floorY - 2, accuracy: 0.5, "\(solver)")
            }
            XCTAssertEqual(began.map(\.partner), [.boundary("floor")], "\(solver)")
            XCTAssertTrue(try world.bodies(at: SIMD2(200, CollisionScene.floorY - 10)).isEmpty)
            XCTAssertEqual(try world.bodies(at: SIMD2(290, CollisionScene.floorY - 10)), [body])
        }
    }

    /// A body tips when its centre of mass is beyond its support: a 20 pt foot with a
    /// 100 pt arm out to one side (centre of mass 43 pt from the foot's axis) falls over;
    /// the same foot with an arm to each side (centre of mass above it) stands.
    func testABodyTipsOnlyWhenItsCentreOfMassIsBeyondItsFoot() throws {
        let foot = BodyPart(.rectangle(width: 20, height: 20))
        let right = BodyPart(.rectangle(width: 100, height: 10), offset: SIMD2(60, -5))
        let left = BodyPart(.rectangle(width: 100, height: 10), offset: SIMD2(-60, -5))
        func angleAfterTwoSeconds(_ parts: [BodyPart]) throws -> Double {
            var (world, body) = try onFloor(.compound(parts), center: SIMD2(200, CollisionScene.floorY - 2 - 10 - 1),
                                            properties: CollisionScene.material(elasticity: 0, friction: 0.8))
            CollisionScene.run(&world, steps: 240)
            return world.body(body).angle
        }
        XCTAssertEqual(BodyShape.compound([foot, right]).centroid.x, 60_000.0 / 1400, accuracy: 1e-12)
        // Clockwise on screen (y down): towards the arm.
        XCTAssertGreaterThan(try angleAfterTwoSeconds([foot, right]), 0.1)
        XCTAssertEqual(try angleAfterTwoSeconds([foot, left, right]), 0, accuracy: 1e-6)
    }

    /// A table set on an anchored slab touches it with both legs but reports one began
    /// event for the pair and no ended event while it stands; a ball falling through a
    /// sensor made of two stacked boxes enters and leaves it once.
    func testACompoundReportsOneContactPerPartner() throws {
        var world = try CollisionScene.world()
        let slab = try world.createBody(BodyDefinition(
            shape: .rectangle(width: 300, height: 20), center: SIMD2(200, 600),
            properties: CollisionScene.material(anchored: true)))
        let body = try world.createBody(BodyDefinition(
            shape: table(), center: SIMD2(200, 590 - 2 - 50 - 2), properties: CollisionScene.material(elasticity: 0)))
        try world.addBehavior(.collision(CollisionBehavior(items: [slab, body])))
        try world.addBehavior(.gravity(GravityBehavior(items: [body])))
        var began: [ContactEvent] = [], ended: [ContactEvent] = []
        for _ in 0..<240 {
            world.step()
            began += world.events.contactBegan
            ended += world.events.contactEnded
        }
        XCTAssertEqual(began.map(\.partner), [.item(max(slab, body))])
        XCTAssertEqual(ended, [])
        XCTAssertEqual(world.body(body).angle, 0, accuracy: 1e-6)

        var sensing = try World()
        let gate = try sensing.createBody(BodyDefinition(
            shape: .compound([BodyPart(.rectangle(width: 100, height: 40), offset: SIMD2(0, -20)),
                              BodyPart(.rectangle(width: 100, height: 40), offset: SIMD2(0, 20))]),
            center: SIMD2(200, 300), properties: CollisionScene.material(anchored: true), isSensor: true))
        let ball = try sensing.createBody(CollisionScene.ball(10, at: SIMD2(200, 200)))
        try sensing.addBehavior(.collision(CollisionBehavior(items: [gate, ball])))
        try sensing.addBehavior(.gravity(GravityBehavior(items: [ball])))
        var entered: [SensorEvent] = [], left: [SensorEvent] = []
        for _ in 0..<120 {
            sensing.step()
            entered += sensing.events.sensorBegan
            left += sensing.events.sensorEnded
        }
        XCTAssertGreaterThan(sensing.body(ball).center.y, 400)
        XCTAssertEqual(entered, [SensorEvent(sensor: gate, visitor: ball)])
        XCTAssertEqual(left, [SensorEvent(sensor: gate, visitor: ball)])
    }

    /// Continuous collision sweeps every part: a dumbbell of two 10 pt boxes 120 pt apart
    /// thrown at 6000 pt/s (50 pt a step) at a wall, its leading box listed last, stops
    /// with every part on the near side.
    func testEveryPartOfAFastCompoundIsStoppedByAWall() throws {
        var world = try CollisionScene.world()
        let dumbbell = try world.createBody(BodyDefinition(
            shape: .compound([BodyPart(.rectangle(width: 10, height: 10), offset: SIMD2(-60, 0)),
                              BodyPart(.rectangle(width: 10, height: 10), offset: SIMD2(60, 0))]),
            center: SIMD2(100, 300), velocity: SIMD2(6000, 0), properties: CollisionScene.material(elasticity: 0)))
        var collision = CollisionBehavior(items: [dumbbell])
        collision.addBoundary(withIdentifier: "wall", from: SIMD2(300, 0), to: SIMD2(300, 600))
        try world.addBehavior(.collision(collision))
        for _ in 0..<120 {
            world.step()
            let s = world.body(dumbbell)
            guard case let .compound(parts) = s.shape else { return XCTFail("not a compound") }
            for part in parts {
                XCTAssertLessThan(part.pose(inBodyAt: s.center, angle: s.angle).center.x, 300 - 5)
            }
        }
    }

    /// The queries see each part's exact outline: a ray under the table top enters the
    /// left leg's outer face, and a compound probe finds what its parts meet.
    func testQueriesSeeThePartsAndTheGapsBetweenThem() throws {
        var world = try World()
        let body = try world.createBody(BodyDefinition(shape: table(), center: SIMD2(200, 300)))
        let state = world.body(body)
        let hit = try XCTUnwrap(try world.closestRayHit(from: SIMD2(0, 320), to: SIMD2(400, 320)))
        XCTAssertEqual(hit.body, body)
        // The left leg's outer face: x = 200 − 100 (no skin), its normal outward.
        XCTAssertEqual(hit.point.x, 100, accuracy: 1e-9)
        XCTAssertEqual(hit.normal.x, -1, accuracy: 1e-12)
        XCTAssertEqual(hit.fraction, 100.0 / 400, accuracy: 1e-12)
        XCTAssertEqual(try world.castRay(from: SIMD2(0, 320), to: SIMD2(400, 320)).count, 1)
        XCTAssertEqual(state.center, SIMD2(200, 300) + BodyShape.compound(tableParts).centroid)
        XCTAssertTrue(try world.bodies(overlapping: .rectangle(width: 100, height: 40),
                                       center: SIMD2(200, 330)).isEmpty)
        let tongs = BodyShape.compound([BodyPart(.rectangle(width: 10, height: 10), offset: SIMD2(-100, 0)),
                                        BodyPart(.rectangle(width: 10, height: 10), offset: SIMD2(100, 0))])
        XCTAssertEqual(try world.bodies(overlapping: tongs, center: SIMD2(200, 330)), [body])
        let cast = try world.castShape(tongs, center: SIMD2(200, 500), translation: SIMD2(0, -200))
        // The tongs' upper faces (y = 495) meet the legs' feet (y = 350), skins left out.
        XCTAssertEqual(cast.map(\.body), [body])
        XCTAssertEqual(try XCTUnwrap(cast.first).fraction, (495.0 - 350) / 200, accuracy: 1e-6)
    }

    private var tableParts: [BodyPart] {
        guard case let .compound(parts) = table() else { return [] }
        return parts
    }

    /// A snap pulls a compound's centre of mass to the snap point as it pulls any item.
    func testASnapMovesTheGroupAsOneItem() throws {
        var world = try World()
        let body = try world.createBody(BodyDefinition(shape: .compound(ell), center: SIMD2(100, 100)))
        try world.addBehavior(.snap(SnapBehavior(item: body, snapPoint: SIMD2(250, 400))))
        for _ in 0..<600 { world.step() }
        let s = world.body(body)
        XCTAssertEqual(s.center.x, 250, accuracy: 0.01)
        XCTAssertEqual(s.center.y, 400, accuracy: 0.01)
        XCTAssertEqual(s.angle, 0, accuracy: 1e-6)
    }

    func testInvalidPartsAreRefusedByPath() throws {
        var world = try World()
        func refusal(_ shape: BodyShape) -> String {
            do {
                _ = try world.createBody(BodyDefinition(shape: shape))
                return "accepted"
            } catch { return "\(error)" }
        }
        XCTAssertTrue(refusal(.compound([])).contains("shape.parts.count"))
        XCTAssertTrue(refusal(.compound(Array(repeating: BodyPart(.rectangle(width: 1, height: 1)),
                                               count: BodyShape.maximumPartCount + 1))).contains("shape.parts.count"))
        XCTAssertTrue(refusal(.compound([BodyPart(.compound(ell))])).contains("shape.parts[0].shape"))
        XCTAssertTrue(refusal(.compound([BodyPart(.rectangle(width: 1, height: 1)),
                                         BodyPart(.rectangle(width: 1, height: 1), offset: SIMD2(.nan, 0))]))
            .contains("shape.parts[1].offset.x"))
        XCTAssertTrue(refusal(.compound([BodyPart(.ellipse(width: -1, height: 1))])).contains("shape.parts[0].shape.width"))
        XCTAssertEqual(world.bodyHandles, [])
    }
}
