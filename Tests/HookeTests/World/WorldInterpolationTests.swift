import Hooke
import XCTest

/// `World.interpolatedPose(of:)`: the pose drawn between the last two steps.
final class WorldInterpolationTests: XCTestCase {
    /// At 144 Hz frames on the 120 Hz step, a body moving at constant velocity and spin
    /// (no gravity, no resistance) is drawn on the segment between the poses of the last
    /// two steps at parameter α = `interpolationFactor` (the two poses taken from a copy
    /// stepped one step at a time), and at the closed form of uniform motion one step
    /// late: x₀ + v·(t − h), θ₀ + ω·(t − h) for the frame time t (to rounding). Before
    /// the first step it is drawn where it starts.
    func testConstantVelocityIsDrawnOnTheSegmentAtTheFrameTime() throws {
        let h = 1.0 / 120, x0 = SIMD2(100.0, 200.0), v = SIMD2(300.0, -120.0), theta0 = 0.25, omega = 2.0
        var world = try WorldScene.world()
        let body = try world.createBody(BodyDefinition(
            shape: .rectangle(width: 20, height: 10), center: x0, angle: theta0, velocity: v,
            angularVelocity: omega, properties: WorldScene.frictionless))
        var reference = world
        var previous = BodyPose(center: x0, angle: theta0), current = previous
        for frame in 1...288 {
            let steps = try world.advance(by: 1.0 / 144)
            for _ in 0..<steps {
                reference.step()
                previous = current
                let s = reference.body(body)
                current = BodyPose(center: s.center, angle: s.angle)
            }
            let alpha = world.interpolationFactor
            let pose = world.interpolatedPose(of: body)
            let onSegment = previous.center + alpha * (current.center - previous.center)
            XCTAssertEqual(pose.center.x, onSegment.x, accuracy: 1e-12, "frame \(frame)")
            XCTAssertEqual(pose.center.y, onSegment.y, accuracy: 1e-12, "frame \(frame)")
            XCTAssertEqual(pose.angle, previous.angle + alpha * (current.angle - previous.angle), accuracy: 1e-14)

            let t = Double(frame) / 144
            if world.stepCount == 0 {
                XCTAssertEqual(pose, BodyPose(center: x0, angle: theta0), "frame \(frame)")
                continue
            }
            // x₀ + v·(t − h) to the rounding of the step sums (≤ 10⁻⁹ pt over 240 steps).
            XCTAssertEqual(pose.center.x, x0.x + v.x * (t - h), accuracy: 1e-9, "frame \(frame)")
            XCTAssertEqual(pose.center.y, x0.y + v.y * (t - h), accuracy: 1e-9, "frame \(frame)")
            XCTAssertEqual(pose.angle, theta0 + omega * (t - h), accuracy: 1e-11, "frame \(frame)")
        }
        XCTAssertEqual(world.stepCount, 240)
    }

    /// A body moved by `updateBody` or created between steps is drawn where it was put,
    /// not somewhere on the way from its last step's pose.
    func testTeleportedAndNewBodiesAreDrawnWhereTheyArePut() throws {
        var world = try WorldScene.world()
        let body = try world.createBody(BodyDefinition(
            shape: .rectangle(width: 20, height: 20), center: SIMD2(0, 0), velocity: SIMD2(600, 0),
            properties: WorldScene.frictionless))
        _ = try world.advance(by: 3.5 / 120)
        XCTAssertEqual(world.interpolationFactor, 0.5, accuracy: 1e-9)
        XCTAssertNotEqual(world.interpolatedPose(of: body).center, world.body(body).center)
        try world.updateBody(body, center: SIMD2(50, 60), angle: 0.5)
        XCTAssertEqual(world.interpolatedPose(of: body), BodyPose(center: SIMD2(50, 60), angle: 0.5))
        let created = try world.createBody(WorldScene.square(at: SIMD2(-30, 40)))
        XCTAssertEqual(world.interpolatedPose(of: created), BodyPose(center: SIMD2(-30, 40), angle: 0))
        // After the next step it blends again, from the pose it was put at: half way
        // (α = 0.5) along one step of 600 pt/s from (50, 60).
        _ = try world.advance(by: 1.0 / 120)
        let pose = world.interpolatedPose(of: body)
        XCTAssertEqual(pose.center.x, 50 + 0.5 * 600.0 / 120, accuracy: 1e-9)
        XCTAssertEqual(pose.center.y, 60, accuracy: 1e-12)
    }
}
