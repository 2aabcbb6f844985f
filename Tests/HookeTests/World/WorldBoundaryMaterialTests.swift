import Foundation
import Hooke
import XCTest

/// Each boundary's own elasticity and friction, against Newton's restitution law and
/// Coulomb friction with UIKit's mixing rules: restitution max(e_item, e_boundary),
/// friction √(f_item·f_boundary) (Docs/collisions.md).
final class WorldBoundaryMaterialTests: XCTestCase {
    /// Gravity, pt/s², and the step, s.
    private let g = 1000.0, h = 1.0 / 120

    /// Drops the body of `scene` and returns its velocity along y just before the impact
    /// step's solve (the end-of-step velocity one step earlier plus that step's g·h,
    /// which `integrateVelocities` adds before the contact is solved) and just after it.
    private func impact(_ scene: CollisionScene.FloorDrop) throws -> (before: Double, after: Double) {
        var world = scene.world
        var previous = 0.0
        for _ in 0..<480 {
            world.step()
            let v = world.body(scene.body).velocity.y
            if v <= 0 { return (previous + g * h, v) }
            previous = v
        }
        XCTFail("the body never reached the floor")
        return (.nan, .nan)
    }

    /// A ball of elasticity 0 dropped 300 pt (impact ≈ 783 pt/s, far above the 100 pt/s
    /// restitution threshold) on a boundary of elasticity 0 does not bounce: max(0, 0) = 0,
    /// so the contact removes the whole approach speed and adds no restitution bias; the
    /// rebound speed is 0 (to 10⁻⁹ pt/s) and the ball rises nowhere. On a boundary of
    /// UIKit's 0.2 the same ball leaves at 0.2 × 783 ≈ 157 pt/s.
    func testDeadBallOnDeadBoundaryDoesNotBounce() throws {
        let dead = try CollisionScene.floorDrop(solver: .uikit, drop: 300, elasticity: 0, floorElasticity: 0)
        let (before, after) = try impact(dead)
        XCTAssertGreaterThan(before, 700)
        XCTAssertEqual(after, 0, accuracy: 1e-9)
        XCTAssertEqual(try CollisionScene.firstRebound(dead), 0, accuracy: 1e-9)

        let uikit = try CollisionScene.floorDrop(solver: .uikit, drop: 300, elasticity: 0)
        let (uikitBefore, uikitAfter) = try impact(uikit)
        XCTAssertEqual(-uikitAfter / uikitBefore, 0.2, accuracy: 1e-12)
    }

    /// A ball leaves a boundary at e·v, with e = max(e_item, e_boundary): the ratio of
    /// the rebound to the impact speed is the mixed restitution, to rounding (a disc
    /// meets the edge at one point, so one step's sequential impulses solve it exactly),
    /// whichever side is the livelier.
    func testReboundToImpactSpeedIsTheMaxMixedRestitution() throws {
        for (item, boundary) in [(0.0, 1.0), (0.2, 0.5), (0.6, 0.3), (1.0, 0.0)] {
            let scene = try CollisionScene.floorDrop(solver: .uikit, drop: 300, elasticity: item,
                                                     floorElasticity: boundary)
            let (before, after) = try impact(scene)
            XCTAssertGreaterThan(before, 100, "above the restitution threshold")
            XCTAssertEqual(-after / before, max(item, boundary), accuracy: 1e-12, "e_item \(item), e_boundary \(boundary)")
        }
    }

    /// The reference-bounds boundary takes its own elasticity: a ball of elasticity 0
    /// dropped on the bottom of bounds of elasticity 1 rebounds at its impact speed.
    func testReferenceBoundsTakeTheirOwnElasticity() throws {
        var world = try CollisionScene.world()
        world.referenceBounds = WorldRect(x: 0, y: 0, width: 400, height: CollisionScene.floorY)
        let ball = try world.createBody(CollisionScene.ball(20, at: SIMD2(200, 289),
                                                            properties: CollisionScene.material(elasticity: 0)))
        try world.addBehavior(CollisionBehavior(items: [ball], translatesReferenceBoundsIntoBoundary: true,
                                                referenceBoundsElasticity: 1))
        try world.addBehavior(GravityBehavior(items: [ball]))
        let scene = CollisionScene.FloorDrop(world: world, body: ball, collision: world.behaviorHandles[0],
                                             contactY: CollisionScene.floorY - 11)
        let (before, after) = try impact(scene)
        XCTAssertGreaterThan(before, 700)
        XCTAssertEqual(-after / before, 1, accuracy: 1e-12)
    }

    /// Coulomb friction: a 40 pt box set sliding at v₀ = 300 pt/s on a floor, under
    /// gravity, decelerates at a = μ·g with μ = √(f_item·f_boundary) while it slides —
    /// exactly μ·g·h of speed per step, as the clamped friction impulse μ·λₙ with the
    /// normal impulse λₙ = m·g·h removes — and stops after v₀/(μg) (within a step) having
    /// slid v₀²/(2μg) (within v₀·h, the
    /// semi-implicit step's offset from the continuous closed form). On a floor of
    /// friction 0 it keeps its speed exactly.
    func testBoxSlidingOnABoundaryDeceleratesAtTheMixedFrictionTimesG() throws {
        for (item, boundary, referenceBounds) in [(0.5, 0.8, false), (0.2, 0.0, false), (0.5, 0.8, true),
                                                  (0.6, 0.0, true)] {
            let mu = (item * boundary).squareRoot()
            let label = "f_item \(item), f_boundary \(boundary), reference bounds \(referenceBounds)"
            var world = try CollisionScene.world()
            let v0 = 300.0, start = SIMD2(100.0, CollisionScene.floorY - 20 - 1.9)   // skins overlapping by 0.1 pt
            let box = try world.createBody(BodyDefinition(shape: .rectangle(width: 40, height: 40), center: start,
                                                          velocity: SIMD2(v0, 0),
                                                          properties: CollisionScene.material(friction: item)))
            var collision = CollisionBehavior(items: [box])
            if referenceBounds {
                world.referenceBounds = WorldRect(x: 0, y: 0, width: 1000, height: CollisionScene.floorY)
                collision.translatesReferenceBoundsIntoBoundary = true
                collision.referenceBoundsFriction = boundary
            } else {
                collision.addBoundary(withIdentifier: "floor", from: SIMD2(0, CollisionScene.floorY),
                                      to: SIMD2(1000, CollisionScene.floorY), friction: boundary)
            }
            try world.addBehavior(collision)
            try world.addBehavior(GravityBehavior(items: [box]))

            var speeds = [v0]
            for _ in 0..<120 {
                world.step()
                speeds.append(world.body(box).velocity.x)
            }
            guard mu > 0 else {
                XCTAssertEqual(speeds.max(), v0, label)
                XCTAssertEqual(speeds.min(), v0, label)
                continue
            }
            let a = mu * g
            let stop = v0 / a   // s
            for n in 1..<speeds.count where speeds[n] > a * h {
                XCTAssertEqual(speeds[n - 1] - speeds[n], a * h, accuracy: 1e-9 * a * h, "\(label), step \(n)")
            }
            // Within a step of v₀/(μg) less than one step's μ·g·h is left, and it stays stopped.
            let stopped = try XCTUnwrap(speeds.firstIndex { $0 < a * h }, label)
            XCTAssertEqual(Double(stopped) * h, stop, accuracy: h, label)
            XCTAssertLessThan(speeds[stopped...].map(abs).max() ?? .infinity, a * h, label)
            XCTAssertEqual(speeds.last ?? .nan, 0, accuracy: 1e-3, label)
            let travel = world.body(box).center.x - start.x
            XCTAssertEqual(travel, v0 * v0 / (2 * a), accuracy: v0 * h, label)
        }
    }

    /// Boundary materials are validated when the behaviour is added, named by their path.
    func testBoundaryMaterialsOutOfRangeAreRefused() throws {
        var world = try CollisionScene.world()
        world.referenceBounds = WorldRect(x: 0, y: 0, width: 400, height: 600)
        let ball = try world.createBody(CollisionScene.ball(20, at: SIMD2(100, 100)))
        func collision(_ change: (inout CollisionBehavior) -> Void) -> CollisionBehavior {
            var c = CollisionBehavior(items: [ball], translatesReferenceBoundsIntoBoundary: true)
            c.addBoundary(withIdentifier: "floor", from: SIMD2(0, 500), to: SIMD2(400, 500))
            c.addBoundary(withIdentifier: "shelf", from: SIMD2(0, 300), to: SIMD2(100, 300))
            change(&c)
            return c
        }
        WorldScene.assertRejects("behaviors[0].boundaries[1].elasticity", value: 1.5) {
            try world.addBehavior(collision { $0.boundaries[1].elasticity = 1.5 })
        }
        WorldScene.assertRejects("behaviors[0].boundaries[0].friction", value: -0.1) {
            try world.addBehavior(collision { $0.boundaries[0].friction = -0.1 })
        }
        WorldScene.assertRejects("behaviors[0].boundaries[0].friction", value: .infinity) {
            try world.addBehavior(collision { $0.boundaries[0].friction = .infinity })
        }
        WorldScene.assertRejects("behaviors[0].referenceBoundsElasticity", value: -1) {
            try world.addBehavior(collision { $0.referenceBoundsElasticity = -1 })
        }
        WorldScene.assertRejects("behaviors[0].referenceBoundsFriction") {
            try world.addBehavior(collision { $0.referenceBoundsFriction = .nan })
        }
        XCTAssertTrue(world.behaviorHandles.isEmpty)
        // The defaults are UIKit's 0.2 and 0.2, and accepted.
        let fine = collision { _ in }
        XCTAssertEqual(fine.boundaries.map(\.elasticity), [0.2, 0.2])
        XCTAssertEqual(fine.boundaries.map(\.friction), [0.2, 0.2])
        XCTAssertEqual(fine.referenceBoundsElasticity, 0.2)
        XCTAssertEqual(fine.referenceBoundsFriction, 0.2)
        try world.addBehavior(fine)
    }
}
