import XCTest
import Hooke

/// Restitution against closed forms: a ball dropped from rest through a height H hits
/// at v = √(2gH) and leaves at e·v (the restitution bias applies above 100 pt/s), so it
/// rises to (e·v)²/(2g) = e²·H.
final class WorldCollisionBounceTests: XCTestCase {
    func testReboundHeightIsElasticitySquaredTimesDrop() throws {
        let drop = 300.0
        for e in [0.4, 0.6, 0.8, 1.0] {
            let height = try CollisionScene.rebound(solver: .uikit, elasticity: e, drop: drop)
            // Contact is found at a step boundary (the speed is within g·h = 8.3 pt/s of
            // √(2gH) = 775 pt/s, about 1%), so the height agrees to a few percent.
            XCTAssertEqual(height, e * e * drop, accuracy: 0.03 * e * e * drop + 1, "e = \(e)")
        }
    }

    /// Below the restitution threshold (approach slower than 100 pt/s) nothing bounces:
    /// a drop of 4 pt (impact ≈ 89 pt/s) stays down even with elasticity 1.
    func testNoBounceBelowThreshold() throws {
        let height = try CollisionScene.rebound(solver: .uikit, elasticity: 1, drop: 4)
        XCTAssertLessThan(height, 1.5)
    }
}
