import Foundation
import Hooke
import XCTest

/// Kinematic bodies (#20, item 4; Box2D's `b2_kinematicBody`, `b2Body_SetTargetTransform`):
/// checked against the laws they follow — uniform motion whatever acts on them, the
/// collision of a moving infinite mass with a free one, arrival at a target in one step.
final class KinematicBodyTests: XCTestCase {
    private let h = 1.0 / 120

    private func box(_ center: SIMD2<Double>, velocity: SIMD2<Double> = .zero, kinematic: Bool = false,
                     elasticity: Double = 0, resistance: Double = 0) -> BodyDefinition {
        BodyDefinition(shape: .rectangle(width: 40, height: 40), center: center, velocity: velocity,
                       properties: ItemProperties(elasticity: elasticity, friction: 0, resistance: resistance,
                                                  angularResistance: 0),
                       isKinematic: kinematic)
    }

    /// Gravity, a continuous push, resistance 5/s and a field change nothing: after 1 s the
    /// body is at x₀ + v·t, y₀, with its velocity as given — under either solver.
    func testAKinematicBodyMovesUniformlyWhateverActsOnIt() throws {
        for solver in [SolverMode.uikit, .softStep] {
            var world = try World(configuration: WorldConfiguration(solver: solver))
            let body = try world.createBody(box(SIMD2(100, 100), velocity: SIMD2(120, -30), kinematic: true,
                                                resistance: 5))
            try world.addBehavior(.gravity(GravityBehavior(items: [body])))
            try world.addBehavior(.push(PushBehavior(items: [body], mode: .continuous, pushDirection: SIMD2(0, 50))))
            for _ in 0..<120 { world.step() }
            let state = world.body(body)
            XCTAssertEqual(state.center.x, 100 + 120, accuracy: 1e-9, "\(solver)")
            XCTAssertEqual(state.center.y, 100 - 30, accuracy: 1e-9, "\(solver)")
            XCTAssertEqual(state.velocity, SIMD2(120, -30), "\(solver)")
            XCTAssertEqual(state.mass, .infinity)
            XCTAssertTrue(world.isKinematic(body))
        }
    }

    /// A kinematic pusher at v = 200 pt/s meets a resting 40 pt box (no friction): as a
    /// collision with an infinite mass, the box leaves at (1 + e)·v — 200 pt/s for e = 0,
    /// 300 pt/s for e = 0.5 (Box2D mixes restitution as the larger of the two) — with the
    /// impulse m·(1 + e)·v, and the pusher's velocity does not change at all.
    func testAKinematicPusherMovesAFreeBoxAsAnInfiniteMassWould() throws {
        for (solver, e, tolerance) in [(SolverMode.uikit, 0.0, 0.5), (.uikit, 0.5, 1.0), (.softStep, 0.0, 2.0)] {
            var world = try World(configuration: WorldConfiguration(solver: solver))
            let pusher = try world.createBody(box(SIMD2(100, 300), velocity: SIMD2(200, 0), kinematic: true, elasticity: e))
            let target = try world.createBody(box(SIMD2(200, 300), elasticity: e))
            try world.addBehavior(.collision(CollisionBehavior(items: [pusher, target])))
            let mass = world.body(target).mass
            // 60 pt of gap closes in 0.3 s; run 0.6 s.
            for _ in 0..<72 { world.step() }
            let pushed = world.body(target)
            XCTAssertEqual(world.body(pusher).velocity, SIMD2(200, 0), "\(solver) e=\(e): the pusher is not slowed")
            XCTAssertEqual(pushed.velocity.x, (1 + e) * 200, accuracy: tolerance, "\(solver) e=\(e)")
            XCTAssertEqual(mass * pushed.velocity.x, mass * (1 + e) * 200, accuracy: mass * tolerance, "impulse")
            XCTAssertEqual(pushed.velocity.y, 0, accuracy: 1e-9)
            XCTAssertGreaterThanOrEqual(pushed.center.x - world.body(pusher).center.x, 40 - 1, "never overlapped")
        }
    }

    /// `setTargetTransform` gives the velocities that arrive in one step: (Δx/h, Δθ/h).
    func testSetTargetTransformArrivesAtTheEndOfTheStep() throws {
        var world = try World()
        let body = try world.createBody(box(SIMD2(100, 100), kinematic: true))
        try world.setTargetTransform(body, center: SIMD2(103, 98), angle: 0.03)
        XCTAssertEqual(world.body(body).velocity, SIMD2(3, -2) / h)
        XCTAssertEqual(world.body(body).angularVelocity, 0.03 / h, accuracy: 1e-9)
        world.step()
        XCTAssertEqual(world.body(body).center.x, 103, accuracy: 1e-12)
        XCTAssertEqual(world.body(body).center.y, 98, accuracy: 1e-12)
        XCTAssertEqual(world.body(body).angle, 0.03, accuracy: 1e-12)
        // Over four steps instead: a quarter of the way per step.
        try world.setTargetTransform(body, center: SIMD2(107, 98), angle: 0.03, time: 4 * h)
        world.step()
        XCTAssertEqual(world.body(body).center.x, 104, accuracy: 1e-12)

        let dynamic = try world.createBody(box(SIMD2(300, 100)))
        XCTAssertThrowsError(try world.setTargetTransform(dynamic, center: .zero, angle: 0)) {
            XCTAssertTrue("\($0)".contains("body"), "\($0)")
        }
        XCTAssertThrowsError(try world.setTargetTransform(body, center: SIMD2(.nan, 0), angle: 0))
        XCTAssertThrowsError(try world.setTargetTransform(body, center: .zero, angle: 0, time: 0))
    }

    /// Made kinematic mid-fall, a box stops gaining speed; made dynamic again, it falls on
    /// with its mass back: Δv = g·t over each dynamic stretch, none over the kinematic one.
    func testABodyMadeKinematicAndDynamicAgainKeepsItsState() throws {
        var world = try World()
        let body = try world.createBody(box(SIMD2(100, 100)))
        let mass = world.body(body).mass
        try world.addBehavior(.gravity(GravityBehavior(items: [body])))
        for _ in 0..<60 { world.step() }
        let falling = world.body(body).velocity.y
        world.setKinematic(true, for: body)
        for _ in 0..<60 { world.step() }
        XCTAssertEqual(world.body(body).velocity.y, falling, "no gravity while kinematic")
        world.setKinematic(false, for: body)
        XCTAssertEqual(world.body(body).mass, mass)
        for _ in 0..<60 { world.step() }
        XCTAssertEqual(world.body(body).velocity.y, 2 * falling, accuracy: 1e-9, "the same 0.5 s of gravity again")
    }

    /// A kinematic body meets a boundary and an anchored body without any response (two
    /// infinite masses): it passes on at its own velocity and nothing turns non-finite.
    func testAKinematicBodyPassesThroughBoundariesAndAnchoredBodies() throws {
        var world = try World()
        world.referenceBounds = WorldRect(x: 0, y: 0, width: 300, height: 300)
        let body = try world.createBody(box(SIMD2(150, 150), velocity: SIMD2(600, 0), kinematic: true))
        var wall = box(SIMD2(200, 150))
        wall.properties.isAnchored = true
        let anchored = try world.createBody(wall)
        try world.addBehavior(.collision(CollisionBehavior(items: [body, anchored], translatesReferenceBoundsIntoBoundary: true)))
        for _ in 0..<60 { world.step() }
        XCTAssertEqual(world.body(body).center.x, 150 + 300, accuracy: 1e-9)
        XCTAssertEqual(world.body(body).velocity, SIMD2(600, 0))
        XCTAssertEqual(world.body(anchored).center, SIMD2(200, 150))
    }

    func testTheScenarioKeyMakesABodyKinematic() throws {
        let json = """
            { "bodies": [ {"id": "pusher", "size": [40, 40], "center": [100, 100], "velocity": [60, 0], "kinematic": true} ],
              "behaviors": [ {"type": "gravity", "items": ["pusher"]} ], "duration": 1 }
            """
        var simulation = try ScenarioSimulation(try Scenario.parse(Data(json.utf8)))
        for _ in 0..<120 { try simulation.advance() }
        let row = try XCTUnwrap(simulation.samples().first)
        XCTAssertEqual(row.center.x, 160, accuracy: 1e-9)
        XCTAssertEqual(row.center.y, 100, accuracy: 1e-9, "no gravity")
        let both = #"{ "bodies": [ {"id": "a", "size": [4, 4], "center": [0, 0], "kinematic": true, "anchored": true} ], "duration": 1 }"#
        XCTAssertThrowsError(try Scenario.parse(Data(both.utf8))) {
            XCTAssertTrue("\($0)".contains("bodies[0].kinematic: a body is kinematic"), "\($0)")
        }
    }
}
