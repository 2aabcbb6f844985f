import Foundation
import Hooke
import XCTest

/// `World.jointReaction(of:)` against statics: a hanging bob's rope carries its weight,
/// a motor at its limit applies its torque, a slider's friction at its limit pushes with
/// its force (#20, item 4; Box2D's GetReactionForce / GetReactionTorque).
final class WorldJointReactionTests: XCTestCase {
    private let free = ItemProperties(resistance: 0, angularResistance: 0)

    func testARigidRodHoldingABobAtRestCarriesItsWeight() throws {
        for solver in [SolverMode.uikit, .softStep(substeps: 4)] {
            var world = try World(configuration: WorldConfiguration(solver: solver))
            let bob = try world.createBody(BodyDefinition(shape: .ellipse(width: 20, height: 20), center: SIMD2(100, 200),
                                                          properties: free))
            let rod = try world.addBehavior(.attachment(AttachmentBehavior(item: bob, attachedToAnchor: SIMD2(100, 100))))
            try world.addBehavior(.gravity(GravityBehavior(items: [bob])))
            let before = try world.jointReaction(of: rod)
            XCTAssertEqual(before.force, .zero, "before a step")
            XCTAssertEqual(before.torque, 0, "before a step")
            // Weight m·g with g = 1000 pt/s² = 10 m/s², pulled up the rod (−y on screen).
            let weight = world.body(bob).mass * 10
            for n in 1...120 {
                world.step()
                let r = try world.jointReaction(of: rod)
                XCTAssertEqual(r.force.x, 0, accuracy: 1e-9, "\(solver) step \(n)")
                XCTAssertEqual(r.force.y, -weight, accuracy: solver == .uikit ? 1e-9 : 1e-6 * weight, "\(solver) step \(n)")
                XCTAssertEqual(r.torque, 0)
            }
        }
    }

    func testAMotorAtItsLimitAppliesItsTorqueAndNoneOnceAtSpeed() throws {
        var world = try World()
        let wheel = try world.createBody(BodyDefinition(shape: .ellipse(width: 100, height: 100), center: SIMD2(200, 200),
                                                        properties: free))
        var axle = try world.attachment(.pin, item: wheel, anchorPoint: SIMD2(200, 200))
        axle.frictionTorque = 0.5
        axle.motorSpeed = 3
        let handle = try world.addBehavior(.attachment(axle))
        world.step()
        XCTAssertEqual(try world.jointReaction(of: handle).torque, 0.5, accuracy: 1e-12)
        XCTAssertEqual(try world.jointReaction(of: handle).forceMagnitude, 0, accuracy: 1e-9)
        for _ in 0..<120 { world.step() }
        XCTAssertEqual(try world.jointReaction(of: handle).torque, 0, accuracy: 1e-9)
    }

    func testASlidingFrictionAtItsLimitHoldsWithItsForce() throws {
        var world = try World()
        let carriage = try world.createBody(BodyDefinition(shape: .rectangle(width: 20, height: 20), center: SIMD2(100, 100),
                                                           properties: free))
        var slide = try world.attachment(.sliding, item: carriage, anchorPoint: SIMD2(100, 100), axisOfTranslation: SIMD2(0, 1))
        let weight = world.body(carriage).mass * 10
        slide.frictionForce = 0.5 * weight
        let handle = try world.addBehavior(.attachment(slide))
        try world.addBehavior(.gravity(GravityBehavior(items: [carriage])))
        for _ in 0..<30 { world.step() }
        let r = try world.jointReaction(of: handle)
        XCTAssertEqual(r.force.y, -0.5 * weight, accuracy: 1e-9)
        XCTAssertEqual(r.force.x, 0, accuracy: 1e-9)
        XCTAssertEqual(r.torque, 0, accuracy: 1e-12)
        let gravity = try world.addBehavior(.gravity(GravityBehavior(items: [])))
        XCTAssertThrowsError(try world.jointReaction(of: gravity)) { XCTAssertTrue("\($0)".contains("behavior"), "\($0)") }
    }
}
