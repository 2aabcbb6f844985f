import XCTest
import Hooke

/// Head-on collisions of two discs in free space against the one-dimensional closed
/// form: with restitution e, v₁' = (m₁v₁ + m₂v₂ − m₂e(v₁ − v₂))/(m₁ + m₂) and
/// v₂' = (m₁v₁ + m₂v₂ + m₁e(v₁ − v₂))/(m₁ + m₂); momentum is conserved for every e and
/// kinetic energy when e = 1.
final class WorldCollisionMomentumTests: XCTestCase {
    private func collide(elasticity e: Double) throws -> (v1: Double, v2: Double, m1: Double, m2: Double) {
        let (v1, v2, m1, m2) = try CollisionScene.headOn(solver: .uikit, elasticity: e)
        return (v1.x, v2.x, m1, m2)
    }

    func testMomentumAndClosedForm() throws {
        let (u1, u2) = CollisionScene.headOnSpeeds
        for e in [0.2, 0.5, 1.0] {
            let (v1, v2, m1, m2) = try collide(elasticity: e)
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
