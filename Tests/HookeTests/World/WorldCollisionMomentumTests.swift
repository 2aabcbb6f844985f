import XCTest
import Hooke

/// Head-on collisions of two discs in free space against the one-dimensional closed
/// form: with restitution e, v₁' = (m₁v₁ + m₂v₂ − m₂e(v₁ − v₂))/(m₁ + m₂) and
/// v₂' = (m₁v₁ + m₂v₂ + m₁e(v₁ − v₂))/(m₁ + m₂); momentum is conserved for every e and
/// kinetic energy when e = 1.
final class WorldCollisionMomentumTests: XCTestCase {
    private func collide(elasticity e: Double) throws -> (v1: Double, v2: Double, m1: Double, m2: Double) {
        var world = try CollisionScene.world()
        let a = try world.createBody(CollisionScene.ball(40, at: SIMD2(100, 300), velocity: SIMD2(300, 0),
                                                         properties: CollisionScene.material(elasticity: e)))
        let b = try world.createBody(CollisionScene.ball(40, at: SIMD2(300, 300), velocity: SIMD2(-200, 0),
                                                         properties: CollisionScene.material(elasticity: e, density: 3)))
        try world.addBehavior(.collision(CollisionBehavior(items: [a, b])))
        CollisionScene.run(&world, steps: 120)
        let sa = try world.body(a), sb = try world.body(b)
        XCTAssertEqual(sa.velocity.y, 0, accuracy: 1e-9)
        XCTAssertEqual(sb.velocity.y, 0, accuracy: 1e-9)
        return (sa.velocity.x, sb.velocity.x, sa.mass, sb.mass)
    }

    func testMomentumAndClosedForm() throws {
        for e in [0.2, 0.5, 1.0] {
            let (v1, v2, m1, m2) = try collide(elasticity: e)
            let u1 = 300.0, u2 = -200.0
            XCTAssertEqual(m1 * v1 + m2 * v2, m1 * u1 + m2 * u2, accuracy: 1e-9 * m1 * 300, "e = \(e)")
            XCTAssertEqual(v1, (m1 * u1 + m2 * u2 - m2 * e * (u1 - u2)) / (m1 + m2), accuracy: 1e-6, "e = \(e)")
            XCTAssertEqual(v2, (m1 * u1 + m2 * u2 + m1 * e * (u1 - u2)) / (m1 + m2), accuracy: 1e-6, "e = \(e)")
        }
    }

    func testEnergyIsConservedWhenElastic() throws {
        let (v1, v2, m1, m2) = try collide(elasticity: 1)
        let before = 0.5 * m1 * 300 * 300 + 0.5 * m2 * 200 * 200
        XCTAssertEqual(0.5 * m1 * v1 * v1 + 0.5 * m2 * v2 * v2, before, accuracy: 1e-9 * before)
    }
}
