import XCTest
import Hooke

final class WorldCollisionDebugTests: XCTestCase {
    func testDebug() throws {
        var world = try CollisionScene.world()
        let ball = try world.createBody(CollisionScene.ball(20, at: SIMD2(100, 289),
                                                            properties: CollisionScene.material(elasticity: 1)))
        var collision = CollisionBehavior(items: [ball])
        collision.addBoundary(withIdentifier: "floor", from: SIMD2(0, 600), to: SIMD2(400, 600))
        try world.addBehavior(.collision(collision))
        try world.addBehavior(.gravity(GravityBehavior(items: [ball])))
        for k in 0..<200 {
            world.step()
            let s = try world.body(ball)
            if k > 85 && k < 110 || k % 20 == 0 { print(k, s.center.y, s.velocity.y, world.events.contactBegan.count, world.events.contactEnded.count) }
        }
    }
}
