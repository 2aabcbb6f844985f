import Foundation
import Hooke
import XCTest

/// Seeded random scenes of mixed shapes — boxes, discs, ellipses, triangles, of varied
/// sizes, materials, spins and speeds — thrown into a walled box under gravity, with
/// both solvers. Whatever the solver does, the system has no energy source but gravity:
/// contacts, friction and resistance only take energy out (restitution ≤ 1, and the
/// soft contacts' relax pass removes the velocity their push adds), so the mechanical
/// energy E = Σ ½m|v|² + ½Iω² + m·g·(H − y) must not grow, and nothing may leave the
/// box or turn non-finite.
final class WorldCollisionRandomSceneTests: XCTestCase {
    private let width = 600.0, height = 800.0, g = 1000.0

    private func energy(_ world: World, _ handles: [BodyHandle]) throws -> Double {
        var total = 0.0
        for h in handles {
            let s = world.body(h)
            total += 0.5 * s.mass * (s.velocity.x * s.velocity.x + s.velocity.y * s.velocity.y)
                + 0.5 * s.inertia * s.angularVelocity * s.angularVelocity + s.mass * g * (height - s.center.y)
        }
        return total
    }

    /// 80 bodies on a grid (none overlapping at the start), random shapes up to 36 pt,
    /// angles, velocities up to 600 pt/s and spins up to 6 rad/s, elasticity 0…0.8,
    /// friction 0.1…0.9.
    private func scene(solver: SolverMode, seed: UInt64) throws -> (World, [BodyHandle]) {
        var world = try World(configuration: WorldConfiguration(solver: solver))
        world.referenceBounds = WorldRect(x: 0, y: 0, width: width, height: height)
        var rng = SplitMix64(seed: seed)
        var handles: [BodyHandle] = []
        for k in 0..<80 {
            let center = SIMD2(30 + Double(k % 12) * 48, 40 + Double(k / 12) * 48)
            let a = rng.uniform(12...36), b = rng.uniform(12...36)
            let shape: BodyShape
            switch k % 4 {
            case 0: shape = .rectangle(width: a, height: b)
            case 1: shape = .ellipse(width: a, height: a)
            case 2: shape = .ellipse(width: a, height: b)
            default: shape = .polygon([SIMD2(-a / 2, b / 3), SIMD2(a / 2, b / 3), SIMD2(0, -2 * b / 3)])
            }
            let speed = rng.uniform(0...600), heading = rng.uniform(0...(2 * Double.pi))
            handles.append(try world.createBody(BodyDefinition(
                shape: shape, center: center, angle: rng.uniform(-1...1),
                velocity: speed * SIMD2(cos(heading), sin(heading)), angularVelocity: rng.uniform(-6...6),
                properties: ItemProperties(elasticity: rng.uniform(0...0.8), friction: rng.uniform(0.1...0.9)))))
        }
        try world.addBehavior(.collision(CollisionBehavior(items: handles, translatesReferenceBoundsIntoBoundary: true)))
        try world.addBehavior(.gravity(GravityBehavior(items: handles)))
        return (world, handles)
    }

    func testRandomScenesStayInsideFiniteAndLoseEnergy() throws {
        for solver in [SolverMode.uikit, .softStep] {
            for seed: UInt64 in [1, 2] {
                var (world, handles) = try scene(solver: solver, seed: seed)
                let start = try energy(world, handles)
                var highest = start
                // 3 s: the bodies have hit the walls and each other and mostly settled.
                for step in 0..<360 {
                    world.step()
                    for h in handles {
                        let s = world.body(h)
                        let finite = s.center.x.isFinite && s.center.y.isFinite && s.velocity.x.isFinite
                            && s.velocity.y.isFinite && s.angle.isFinite && s.angularVelocity.isFinite
                        XCTAssertTrue(finite, "\(solver) seed \(seed) step \(step)")
                        XCTAssertTrue(s.center.x > 0 && s.center.x < width && s.center.y > 0 && s.center.y < height,
                                      "\(solver) seed \(seed) step \(step): \(s.center) left the box")
                        if !finite { return }
                    }
                    if step % 4 == 0 { highest = max(highest, try energy(world, handles)) }
                }
                let end = try energy(world, handles)
                // Nothing adds energy: even free fall under the semi-implicit Euler step
                // loses ½h²g² per unit mass and step (ΔKE = hgv + ½h²g², ΔPE = −hg(v + hg)).
                // 0.1 % is slack for round-off; in these scenes the sampled energy never
                // rose above its start.
                XCTAssertLessThanOrEqual(highest, start * 1.001, "\(solver) seed \(seed): energy grew")
                XCTAssertLessThan(end, 0.9 * start, "\(solver) seed \(seed): nothing was dissipated")
            }
        }
    }
}
