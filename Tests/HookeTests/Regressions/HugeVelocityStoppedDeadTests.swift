import Hooke
import XCTest

/// A body with velocity [1e200, 0] (or gravity of magnitude ≥ 1e200) stopped dead from
/// its first step: the translation clamp computed |h·v|², which overflowed to infinity,
/// and scaled v by 200/∞ = 0. Box2D's clamp (b2_maxTranslation, 2 m = 200 pt per step)
/// leaves the body moving at 200 pt per step in the same direction.
final class HugeVelocityStoppedDeadTests: XCTestCase {
    func testAHugeVelocityIsClampedToTwoHundredPointsPerStep() throws {
        for velocity in [SIMD2<Double>(1e200, 0), SIMD2(0, -1e300), SIMD2(3e250, 4e250)] {
            var world = try World()
            let h = world.configuration.timestep
            let body = try world.createBody(BodyDefinition(shape: .rectangle(width: 10, height: 10),
                                                          velocity: velocity))
            world.step()
            let state = world.body(body)
            // The direction without squaring the huge components.
            let unit = velocity / max(abs(velocity.x), abs(velocity.y))
            let direction = unit / unit.length
            XCTAssertEqual(state.velocity.x, 200 / h * direction.x, accuracy: 1e-9, "\(velocity)")
            XCTAssertEqual(state.velocity.y, 200 / h * direction.y, accuracy: 1e-9, "\(velocity)")
            XCTAssertEqual(state.center.length, 200, accuracy: 1e-9, "\(velocity)")
        }
    }

    func testHugeGravityFallsAtTheClampedSpeed() throws {
        var world = try World()
        let h = world.configuration.timestep
        let body = try world.createBody(BodyDefinition(shape: .rectangle(width: 10, height: 10)))
        try world.addBehavior(.gravity(GravityBehavior(items: [body], angle: .pi / 2, magnitude: 1e200)))
        world.step()
        world.step()
        XCTAssertEqual(world.body(body).velocity.y, 200 / h, accuracy: 1e-9)
        XCTAssertEqual(world.body(body).center.y, 400, accuracy: 1e-9)
    }
}
