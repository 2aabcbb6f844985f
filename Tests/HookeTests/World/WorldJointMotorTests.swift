import Foundation
import Hooke
import XCTest

/// Motors on the pin and sliding attachments (#20, item 4; Box2D's revolute and prismatic
/// motors): the friction torque or force becomes the motor's limit and `motorSpeed` its
/// target. Each step the motor's accumulated impulse is at most h·limit, so a free body
/// driven from rest gains exactly h·limit/I (or /m) of speed per step until it reaches the
/// target, then holds it: ω(nh) = min(n·h·T/I, ω*), the constant-torque closed form on the
/// step grid.
final class WorldJointMotorTests: XCTestCase {
    private let h = 1.0 / 120
    /// No air resistance, so that the motor alone changes the speed.
    private let free = ItemProperties(resistance: 0, angularResistance: 0)

    func testAPinMotorSpinsAWheelUpAtItsTorqueLimitAndHoldsItsSpeed() throws {
        for solver in [SolverMode.uikit, .softStep(substeps: 4)] { try spinUp(solver) }
    }

    private func spinUp(_ solver: SolverMode) throws {
        var world = try World(configuration: WorldConfiguration(solver: solver))
        // A 100 pt disc of density 1: m = π·50²/10⁴ kg, I = m·r²/2 kg·pt².
        let wheel = try world.createBody(BodyDefinition(shape: .ellipse(width: 100, height: 100), center: SIMD2(200, 200),
                                                        properties: free))
        let state = world.body(wheel)
        XCTAssertEqual(state.inertia, state.mass * 2500 / 2, accuracy: 1e-9)
        var pin = try world.attachment(.pin, item: wheel, anchorPoint: SIMD2(200, 200))
        pin.frictionTorque = 0.5           // N·m = 5000 kg·pt²/s²
        pin.motorSpeed = 3                  // rad/s, clockwise on screen
        try world.addBehavior(.attachment(pin))
        let alpha = 0.5 * 1e4 / state.inertia
        var reached: Int?
        for n in 1...240 {
            world.step()
            let expected = min(Double(n) * h * alpha, 3)
            // The soft step carries velocities between its kernels as Float (2⁻²⁴ relative
            // per rounding, Docs/collisions.md): allow 10⁻⁶ per step under it.
            let tolerance = solver == .uikit ? 1e-9 : 1e-6 * Double(n)
            XCTAssertEqual(world.angularVelocity(for: wheel), expected, accuracy: tolerance, "\(solver) step \(n)")
            if reached == nil && world.angularVelocity(for: wheel) >= 3 - 1e-5 { reached = n }
        }
        // It reaches the target at the first step with n·h·α ≥ 3.
        XCTAssertEqual(reached, Int((3 / (h * alpha)).rounded(.up)))
        XCTAssertEqual(world.body(wheel).center.x, 200, accuracy: 1e-9)

        // Reversed, the same limit brings it down and to the other side.
        let handle = try XCTUnwrap(world.behaviorHandles.first)
        world.removeBehavior(handle)
        pin = try world.attachment(.pin, item: wheel, anchorPoint: SIMD2(200, 200))
        pin.frictionTorque = 0.5
        pin.motorSpeed = -1
        try world.addBehavior(.attachment(pin))
        world.step()
        XCTAssertEqual(world.angularVelocity(for: wheel), 3 - h * alpha, accuracy: solver == .uikit ? 1e-9 : 1e-5)
    }

    func testASlidingMotorDrivesACarriageAtItsForceLimitAlongItsAxis() throws {
        var world = try World()
        let carriage = try world.createBody(BodyDefinition(shape: .rectangle(width: 40, height: 20), center: SIMD2(100, 100),
                                                           properties: free))
        let m = world.body(carriage).mass
        // The axis points down-right at 30°, in world coordinates.
        let axis = SIMD2(cos(Double.pi / 6), sin(Double.pi / 6))
        var slide = try world.attachment(.sliding, item: carriage, anchorPoint: SIMD2(100, 100), axisOfTranslation: axis)
        slide.frictionForce = 0.2           // N = 20 kg·pt/s²
        slide.motorSpeed = 50               // pt/s along the axis
        try world.addBehavior(.attachment(slide))
        let a = 0.2 * 100 / m
        for n in 1...180 {
            world.step()
            let v = world.linearVelocity(for: carriage)
            let expected = min(Double(n) * h * a, 50)
            XCTAssertEqual(Planar.dot(v, axis), expected, accuracy: 1e-9, "step \(n)")
            XCTAssertEqual(Planar.cross(axis, v), 0, accuracy: 1e-9, "step \(n): off the axis")
        }
        XCTAssertEqual(world.angularVelocity(for: carriage), 0, accuracy: 1e-12)
    }

    func testAMotorAgainstALoadBeyondItsLimitSlipsAtItsLimit() throws {
        // A carriage on a vertical slide under gravity (1000 pt/s² down), its motor asking
        // for 0 pt/s (friction) with less force than the weight: it falls with
        // a = g − F/m, exactly, step by step.
        var world = try World()
        let carriage = try world.createBody(BodyDefinition(shape: .rectangle(width: 20, height: 20), center: SIMD2(100, 100),
                                                           properties: free))
        let m = world.body(carriage).mass
        var slide = try world.attachment(.sliding, item: carriage, anchorPoint: SIMD2(100, 100), axisOfTranslation: SIMD2(0, 1))
        let weight = m * 1000 / 100          // N
        slide.frictionForce = 0.5 * weight
        try world.addBehavior(.attachment(slide))
        try world.addBehavior(.gravity(GravityBehavior(items: [carriage])))
        for n in 1...60 {
            world.step()
            XCTAssertEqual(world.linearVelocity(for: carriage).y, Double(n) * h * 500, accuracy: 1e-9, "step \(n)")
        }
        XCTAssertThrowsError(try world.addBehavior(.attachment({
            var bad = slide
            bad.frictionForce = -1
            return bad
        }()))) { XCTAssertTrue("\($0)".contains("frictionForce"), "\($0)") }
    }
}
