import XCTest
import Hooke

/// Restitution against closed forms: a ball dropped from rest through a height H hits
/// at v = √(2gH) and leaves at e·v (the restitution bias applies above 100 pt/s), so it
/// rises to (e·v)²/(2g) = e²·H.
final class WorldCollisionBounceTests: XCTestCase {
    /// Apex of the first rebound of a 20 pt ball dropped 300 pt onto a boundary floor.
    private func reboundHeight(elasticity e: Double, drop: Double) throws -> (height: Double, contactY: Double) {
        var world = try CollisionScene.world()
        let floorY = 600.0
        // The disc (radius 10, no skin) touches the edge (1 pt skin) when its centre is 11 pt above.
        let contactY = floorY - 11
        let ball = try world.createBody(CollisionScene.ball(20, at: SIMD2(100, contactY - drop),
                                                            properties: CollisionScene.material(elasticity: e)))
        var collision = CollisionBehavior(items: [ball])
        collision.addBoundary(withIdentifier: "floor", from: SIMD2(0, floorY), to: SIMD2(400, floorY))
        try world.addBehavior(.collision(collision))
        try world.addBehavior(.gravity(GravityBehavior(items: [ball])))
        var bounced = false, apex = Double.infinity
        for _ in 0..<240 {
            world.step()
            let s = try world.body(ball)
            if s.velocity.y < 0 { bounced = true }
            if bounced { apex = min(apex, s.center.y) }
            if bounced && s.velocity.y > 0 { break }
        }
        XCTAssertTrue(bounced)
        return (contactY - apex, contactY)
    }

    func testReboundHeightIsElasticitySquaredTimesDrop() throws {
        let drop = 300.0
        for e in [0.4, 0.6, 0.8, 1.0] {
            let (height, _) = try reboundHeight(elasticity: e, drop: drop)
            // Contact is found at a step boundary (the speed is within g·h = 8.3 pt/s of
            // √(2gH) = 775 pt/s, about 1%), so the height agrees to a few percent.
            XCTAssertEqual(height, e * e * drop, accuracy: 0.03 * e * e * drop + 1, "e = \(e)")
        }
    }

    /// Below the restitution threshold (approach slower than 100 pt/s) nothing bounces:
    /// a drop of 4 pt (impact ≈ 89 pt/s) stays down even with elasticity 1.
    func testNoBounceBelowThreshold() throws {
        let (height, _) = try reboundHeightOrZero(elasticity: 1, drop: 4)
        XCTAssertLessThan(height, 1.5)
    }

    private func reboundHeightOrZero(elasticity e: Double, drop: Double) throws -> (Double, Double) {
        var world = try CollisionScene.world()
        let contactY = 589.0
        let ball = try world.createBody(CollisionScene.ball(20, at: SIMD2(100, contactY - drop),
                                                            properties: CollisionScene.material(elasticity: e)))
        var collision = CollisionBehavior(items: [ball])
        collision.addBoundary(withIdentifier: "floor", from: SIMD2(0, 600), to: SIMD2(400, 600))
        try world.addBehavior(.collision(collision))
        try world.addBehavior(.gravity(GravityBehavior(items: [ball])))
        var lowest = -Double.infinity, highestAfter = Double.infinity
        for _ in 0..<120 {
            world.step()
            let y = try world.body(ball).center.y
            lowest = max(lowest, y)
            if lowest >= contactY - 1 { highestAfter = min(highestAfter, y) }
        }
        return (contactY - highestAfter, contactY)
    }
}
