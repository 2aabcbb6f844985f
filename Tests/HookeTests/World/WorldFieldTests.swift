import Hooke
import XCTest

/// Field behaviours in the world's step, checked against the force laws of
/// Docs/fields.md integrated by hand with the step's semi-implicit Euler:
///
///     v ← (v + h·(100·F/m)) / (1 + h·c),   x ← x + h·v
///
/// (100 pt = 1 m, F in newtons, m in kg, c the body's resistance).
final class WorldFieldTests: XCTestCase {
    let h = 1.0 / 120

    /// A 10 × 10 pt square of density 1: 0.01 kg.
    func probeBody(at center: SIMD2<Double>, velocity: SIMD2<Double> = .zero,
                   properties: ItemProperties = WorldScene.frictionless) -> BodyDefinition {
        BodyDefinition(shape: .rectangle(width: 10, height: 10), center: center, velocity: velocity,
                       properties: properties)
    }

    /// Radial gravity of strength s and the default falloff 2 pulls toward its position
    /// with 100·s·(100 pt / d)² pt/s², whatever the mass: 200 pt/s² at 100 pt and
    /// 50 pt/s² at 200 pt for s = 2. Two bodies at those distances follow the
    /// recurrence built from that law for 20 steps.
    func testRadialGravityAcceleratesAsTheInverseSquareLawAtTwoDistances() throws {
        var world = try WorldScene.world()
        let near = try world.createBody(probeBody(at: SIMD2(100, 0)))
        let far = try world.createBody(probeBody(at: SIMD2(0, 200)))
        let field = try Field(.radialGravity, position: .zero, strength: 2)
        _ = try world.addBehavior(.field(FieldBehavior(items: [near, far], field: field)))

        // First step alone: the accelerations the law gives at exactly 100 and 200 pt.
        world.step()
        XCTAssertEqual(world.body(near).velocity.x, -h * 200, accuracy: 1e-12)
        XCTAssertEqual(world.body(near).velocity.y, 0, accuracy: 1e-12)
        XCTAssertEqual(world.body(far).velocity.y, -h * 50, accuracy: 1e-12)
        XCTAssertEqual(world.body(far).velocity.x, 0, accuracy: 1e-12)

        // Then the hand-integrated recurrence along each radius.
        func fall(from d0: Double, steps: Int) -> (d: Double, v: Double) {
            var d = d0, v = 0.0
            for _ in 0..<steps {
                let a = 100 * 2 * pow(100 / d, 2)   // toward the centre
                v -= h * a
                d += h * v
            }
            return (d, v)
        }
        for _ in 1..<20 { world.step() }
        let n = fall(from: 100, steps: 20), f = fall(from: 200, steps: 20)
        XCTAssertEqual(world.body(near).center.x, n.d, accuracy: 1e-9)
        XCTAssertEqual(world.body(near).velocity.x, n.v, accuracy: 1e-9)
        XCTAssertEqual(world.body(far).center.y, f.d, accuracy: 1e-9)
        XCTAssertEqual(world.body(far).velocity.y, f.v, accuracy: 1e-9)
        XCTAssertLessThan(n.d, 100 - 1)   // it did move: the test has teeth
    }

    /// A drag field F = −s·v (s in kg/s, v in m/s) on a 1 kg body with resistance c:
    /// 100·F/m = −s·v/m pt/s², so each step multiplies the velocity by
    /// r = (1 − h·s/m)/(1 + h·c), v_n = v₀·rⁿ and x_n = x₀ + h·Σ_{k=1..n} v_k.
    func testDragFieldDecaysVelocityGeometricallyStepByStep() throws {
        var world = try WorldScene.world()
        let s = 0.5, c = 0.1, m = 1.0
        let body = try world.createBody(BodyDefinition(
            shape: .rectangle(width: 100, height: 100), center: SIMD2(0, 0), velocity: SIMD2(300, -120),
            properties: ItemProperties(resistance: c, angularResistance: 0)))
        let drag = try Field(.drag, position: .zero, strength: s)
        _ = try world.addBehavior(.field(FieldBehavior(items: [body], field: drag)))

        let r = (1 - h * s / m) / (1 + h * c)
        var x = SIMD2<Double>(0, 0)
        for n in 1...120 {
            world.step()
            let v = SIMD2<Double>(300, -120) * pow(r, Double(n))
            x += h * v
            let state = world.body(body)
            XCTAssertEqual(state.velocity.x, v.x, accuracy: 1e-10, "step \(n)")
            XCTAssertEqual(state.velocity.y, v.y, accuracy: 1e-10, "step \(n)")
            XCTAssertEqual(state.center.x, x.x, accuracy: 1e-9, "step \(n)")
            XCTAssertEqual(state.center.y, x.y, accuracy: 1e-9, "step \(n)")
        }
        // Resistance alone would leave 300/(1 + h·c)^120; drag takes much more.
        XCTAssertLessThan(world.body(body).velocity.x, 300 * pow(1 / (1 + h * c), 120) * 0.9)
    }

    /// A field outside whose region the body lies exerts nothing; the inverse region,
    /// which contains the body, does act.
    func testFieldOutsideItsRegionDoesNothing() throws {
        var world = try WorldScene.world()
        let body = try world.createBody(probeBody(at: SIMD2(100, 0)))
        let inside = try Field(.linearGravity(direction: SIMD2(0, 1)), position: .zero,
                               region: .circle(radius: 50), strength: 3)
        let handle = try world.addBehavior(.field(FieldBehavior(items: [body], field: inside)))
        for _ in 0..<30 { world.step() }
        XCTAssertEqual(world.body(body).center, SIMD2(100, 0))
        XCTAssertEqual(world.body(body).velocity, .zero)

        // Linear gravity: 100·m·s·g/m = 300 pt/s² along +y.
        let outside = try Field(.linearGravity(direction: SIMD2(0, 1)), position: .zero,
                                region: .inverse(.circle(radius: 50)), strength: 3)
        try world.replaceBehavior(handle, with: .field(FieldBehavior(items: [body], field: outside)))
        world.step()
        XCTAssertEqual(world.body(body).velocity.y, h * 300, accuracy: 1e-12)
    }

    /// A field acts on its own items only: a second body in the same place is untouched.
    func testFieldActsOnlyOnItsItems() throws {
        var world = try WorldScene.world()
        let item = try world.createBody(probeBody(at: SIMD2(100, 0)))
        let bystander = try world.createBody(probeBody(at: SIMD2(100, 0)))
        let well = try Field(.radialGravity, position: .zero, strength: 1)
        _ = try world.addBehavior(.field(FieldBehavior(items: [item], field: well)))
        world.step()
        XCTAssertEqual(world.body(item).velocity.x, -h * 100, accuracy: 1e-12)
        XCTAssertEqual(world.body(bystander).velocity, .zero)
        XCTAssertEqual(world.body(bystander).center, SIMD2(100, 0))
    }

    /// An electric field pushes a charge q away with 100·q·s·(100/d)²/m pt/s²: the
    /// body's own charge (`ItemProperties.charge`) enters the law, and mass divides it.
    func testElectricFieldUsesTheBodysChargeAndMass() throws {
        var world = try WorldScene.world()
        var properties = WorldScene.frictionless
        properties.charge = 3
        let body = try world.createBody(BodyDefinition(
            shape: .rectangle(width: 20, height: 10), center: SIMD2(0, -50), properties: properties))
        let neutral = try world.createBody(probeBody(at: SIMD2(0, -50)))
        let field = try Field(.electric, position: .zero, strength: 0.5)
        _ = try world.addBehavior(.field(FieldBehavior(items: [body, neutral], field: field)))
        world.step()
        let m = 20.0 * 10 / 1e4
        let a = 100 * 3 * 0.5 * pow(100.0 / 50, 2) / m   // away from the field: −y
        XCTAssertEqual(world.body(body).velocity.y, -h * a, accuracy: 1e-9)
        XCTAssertEqual(world.body(neutral).velocity, .zero)
    }

    /// A velocity field drives the velocity to its target w in one step (force
    /// m·(w − v)/h), after which the body's resistance divides it by 1 + h·c.
    func testVelocityFieldSetsTheVelocityInOneStepBeforeResistance() throws {
        var world = try WorldScene.world()
        let c = 0.1
        let body = try world.createBody(BodyDefinition(
            shape: .rectangle(width: 100, height: 100), center: .zero, velocity: SIMD2(-40, 10),
            properties: ItemProperties(resistance: c)))
        // Target velocity direction·strength in m/s: (0.5, 0) m/s = 50 pt/s.
        let stream = try Field(.velocity(direction: SIMD2(0.5, 0)), position: .zero)
        _ = try world.addBehavior(.field(FieldBehavior(items: [body], field: stream)))
        world.step()
        XCTAssertEqual(world.body(body).velocity.x, 50 / (1 + h * c), accuracy: 1e-10)
        XCTAssertEqual(world.body(body).velocity.y, 0, accuracy: 1e-10)
    }

    /// The stage runs between forces and the collision stages (after the containment
    /// of what the forces made non-finite, then islands) and is profiled under its name.
    func testFieldsStageSitsBetweenForcesAndIslands() {
        let stages = WorldStage.allCases
        let i = stages.firstIndex(of: .fields)
        XCTAssertNotNil(i)
        XCTAssertEqual(stages[(i ?? 1) - 1], .forces)
        XCTAssertEqual(stages[(i ?? 0) + 1], .containment)
        XCTAssertEqual(stages[(i ?? 0) + 2], .broadphase)
        XCTAssertEqual(stages[(i ?? 0) + 4], .islands)
    }

    /// The behaviour reads back as added, and removing it stops the force.
    func testFieldBehaviorReadsBackAndCanBeRemoved() throws {
        var world = try WorldScene.world()
        let body = try world.createBody(probeBody(at: SIMD2(100, 0)))
        let well = try Field(.radialGravity, position: .zero, strength: 1)
        let behavior = FieldBehavior(items: [body], field: well)
        let handle = try world.addBehavior(.field(behavior))
        XCTAssertEqual(world.behavior(handle).kind, .field(behavior))
        world.step()
        let v = world.body(body).velocity
        world.removeBehavior(handle)
        world.step()
        XCTAssertEqual(world.body(body).velocity, v)
    }

    /// A custom law receives the body's mass and charge, the world's elapsed
    /// time at the start of the step and the step h: with F = (m·t, q·Δt) N on a
    /// 0.01 kg body of charge 2, a_x = 100·t and a_y = 100·2·h/m.
    func testCustomFieldReceivesTheProbeOfEachStep() throws {
        var world = try WorldScene.world()
        var properties = WorldScene.frictionless
        properties.charge = 2
        let body = try world.createBody(probeBody(at: SIMD2(10, 10), properties: properties))
        let law = try Field(.custom({ probe in
            SIMD2(probe.mass * probe.time, probe.charge * probe.deltaTime)
        }))
        _ = try world.addBehavior(.field(FieldBehavior(items: [body], field: law)))
        world.step()
        world.step()
        let m = 0.01
        // Step 1 at t = 0, step 2 at t = h.
        XCTAssertEqual(world.body(body).velocity.x, h * 100 * h, accuracy: 1e-12)
        XCTAssertEqual(world.body(body).velocity.y, 2 * h * (100 * 2 * h / m), accuracy: 1e-9)
    }

    /// An anchored body does not move in a field.
    func testAnchoredBodyIgnoresFields() throws {
        var world = try WorldScene.world()
        var properties = WorldScene.frictionless
        properties.isAnchored = true
        let pinned = try world.createBody(probeBody(at: SIMD2(100, 0), properties: properties))
        let well = try Field(.radialGravity, position: .zero, strength: 1)
        _ = try world.addBehavior(.field(FieldBehavior(items: [pinned], field: well)))
        for _ in 0..<10 { world.step() }
        XCTAssertEqual(world.body(pinned).center, SIMD2(100, 0))
    }
}
