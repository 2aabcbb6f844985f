import Hooke
import XCTest

/// Behaviour bookkeeping: gravity, dynamic item properties, actions, queries, clock.
final class WorldBehaviorTests: XCTestCase {
    /// One gravity per world: the last gravity behaviour sets the vector for every
    /// item of any gravity behaviour (UIKit: the last set wins).
    func testLastGravityWins() throws {
        var world = try WorldScene.world()
        let a = try world.createBody(WorldScene.square(at: .zero))
        let b = try world.createBody(WorldScene.square(at: SIMD2(100, 0)))
        let c = try world.createBody(WorldScene.square(at: SIMD2(200, 0)))
        try world.addBehavior(.gravity(GravityBehavior(items: [a])))
        let sideways = try world.addBehavior(.gravity(GravityBehavior(items: [b], gravityDirection: SIMD2(-0.5, 0))))
        world.step()
        let h = 1.0 / 120
        XCTAssertEqual(world.body(a).velocity, SIMD2(-500 * h, 0))
        XCTAssertEqual(world.body(b).velocity, SIMD2(-500 * h, 0))
        XCTAssertEqual(world.body(c).velocity, .zero)
        world.removeBehavior(sideways)
        world.step()
        XCTAssertEqual(world.body(a).velocity.y, 1000 * h, accuracy: 1e-12)
        XCTAssertEqual(world.body(b).velocity, SIMD2(-500 * h, 0))   // no gravity left on b
    }

    /// A dynamic item behaviour overrides properties while present (density changes
    /// the mass by density·area/10⁴) and removing it restores the body's own.
    func testDynamicItemBehaviourOverridesAndRestores() throws {
        var world = try WorldScene.world()
        let a = try world.createBody(BodyDefinition(shape: .rectangle(width: 100, height: 100)))
        let item = try world.addBehavior(.dynamicItem(DynamicItemBehavior(items: [a], density: 4, resistance: 0,
                                                                          allowsRotation: false)))
        var s = world.body(a)
        XCTAssertEqual(s.mass, 4, accuracy: 1e-15)
        XCTAssertEqual(s.inertia, .infinity)
        XCTAssertEqual(s.properties.resistance, 0)
        XCTAssertEqual(s.properties.friction, 0.2)      // untouched: the engine default
        try world.setAngularVelocity(5, for: a)
        XCTAssertEqual(world.angularVelocity(for: a), 0)   // rotation not allowed
        world.removeBehavior(item)
        s = world.body(a)
        XCTAssertEqual(s.mass, 1, accuracy: 1e-15)
        XCTAssertEqual(s.properties, ItemProperties())
    }

    /// Actions run once per step, first, and may change the world.
    func testActionsRunEveryStepAndMayChangeTheWorld() throws {
        var world = try WorldScene.world()
        let a = try world.createBody(WorldScene.square(at: .zero))
        try world.addBehavior(Behavior(children: [.gravity(GravityBehavior(items: [a]))], action: { world in
            // Runs before forces: the velocity set here is integrated in the same step.
            let vy = world.linearVelocity(for: a).y
            try? world.setLinearVelocity(SIMD2(Double(world.stepCount), vy), for: a)
        }))
        for _ in 0..<5 { world.step() }
        let s = world.body(a)
        XCTAssertEqual(s.velocity.x, 4)
        XCTAssertEqual(s.center.x, (0 + 1 + 2 + 3 + 4) / 120.0, accuracy: 1e-12)
        XCTAssertEqual(s.velocity.y, 5 * 1000.0 / 120, accuracy: 1e-9)   // the child gravity acts
    }

    /// `bodies(in:)` finds the bodies whose turned bounding box meets the rectangle.
    func testBodiesInRect() throws {
        var world = try WorldScene.world()
        let a = try world.createBody(BodyDefinition(shape: .rectangle(width: 20, height: 20), center: SIMD2(0, 0)))
        let b = try world.createBody(BodyDefinition(shape: .rectangle(width: 20, height: 20), center: SIMD2(50, 0),
                                                    angle: .pi / 4))
        _ = try world.createBody(BodyDefinition(shape: .ellipse(width: 10, height: 10), center: SIMD2(200, 200)))
        // b turned by 45° reaches 10√2 ≈ 14.1 pt left of its centre, to x ≈ 35.9.
        XCTAssertEqual(world.bodies(in: WorldRect(x: 5, y: -1, width: 32, height: 2)), [a, b])
        XCTAssertEqual(world.bodies(in: WorldRect(x: 11, y: -1, width: 24, height: 2)), [])
        XCTAssertEqual(world.bodies(in: WorldRect(x: 36.5, y: -1, width: 1, height: 2)), [b])
    }

    /// `advance(by:)` runs whole steps, keeps the remainder for interpolation and caps
    /// a long frame at `maximumStepsPerAdvance`.
    func testAdvanceCountsWholeSteps() throws {
        var world = try WorldScene.world()
        XCTAssertEqual(try world.advance(by: 1.0 / 60), 2)
        XCTAssertEqual(try world.advance(by: 0.5 / 120), 0)
        XCTAssertEqual(world.interpolationFactor, 0.5, accuracy: 1e-9)
        XCTAssertEqual(try world.advance(by: 0.5 / 120), 1)
        XCTAssertEqual(try world.advance(by: 1), 8)
        XCTAssertEqual(world.stepCount, 11)
        XCTAssertEqual(world.elapsedTime, 11.0 / 120, accuracy: 1e-12)
    }

    /// Every stage of the step is timed under its name: UIKit's solver's, and the soft
    /// step's own passes (with a joint in an island, its joint set-up too).
    func testProfileNamesEveryStage() throws {
        for solver in [SolverMode.uikit, .softStep(substeps: 4)] {
            var world = try World(configuration: WorldConfiguration(isProfiling: true, solver: solver))
            let a = try world.createBody(WorldScene.square(at: .zero))
            try world.addBehavior(.snap(SnapBehavior(item: a, snapPoint: SIMD2(10, 10))))
            world.step()
            XCTAssertEqual(Set(world.profile.durations.keys), Set(WorldStage.stages(of: solver)), "\(solver)")
            XCTAssertTrue(world.profile.durations.values.allSatisfy { $0 >= 0 })
            XCTAssertGreaterThan(world.profile.total, 0)
        }
        XCTAssertEqual(WorldStage.stages(of: .uikit).count + 6, WorldStage.stages(of: .softStep(substeps: 1)).count)
        XCTAssertFalse(WorldStage.stages(of: .uikit).contains(.solve))
        XCTAssertFalse(WorldStage.stages(of: .softStep(substeps: 2)).contains(.solveConstraints))
    }
}
