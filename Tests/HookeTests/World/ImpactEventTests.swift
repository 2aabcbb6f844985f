import Foundation
import Hooke
import XCTest

/// Impact events (#20, item 5; SpriteKit's `collisionImpulse`, Box2D v3's hit events): a
/// began contact carries the approach speed and the normal impulse of its first step,
/// checked against free fall under the step's own integrator and the impulse of a
/// restitution e against an immovable floor.
final class ImpactEventTests: XCTestCase {
    private let h = 1.0 / 120
    private let g = 1000.0

    /// A ball (20 pt circle, no resistance) and the step at which it first touches the
    /// floor at y = 500, with its contact event.
    private func drop(from height: Double, elasticity e: Double, solver: SolverMode = .uikit)
        throws -> (event: ContactEvent, stepsBefore: Int, mass: Double, fallen: Double) {
        var world = try World(configuration: WorldConfiguration(solver: solver))
        world.referenceBounds = WorldRect(x: 0, y: 0, width: 1000, height: 500)
        let start = SIMD2(500, 500 - 10 - height)
        let ball = try world.createBody(BodyDefinition(
            shape: .ellipse(width: 20, height: 20), center: start,
            properties: ItemProperties(elasticity: e, friction: 0, resistance: 0, angularResistance: 0)))
        try world.addBehavior(.gravity(GravityBehavior(items: [ball])))
        try world.addBehavior(.collision(CollisionBehavior(
            items: [ball], mode: .boundaries, translatesReferenceBoundsIntoBoundary: true,
            referenceBoundsElasticity: e, referenceBoundsFriction: 0)))
        var previous = world.body(ball).center
        for step in 1...600 {
            world.step()
            if let event = world.events.contactBegan.first {
                return (event, step - 1, world.body(ball).mass, previous.y - start.y)
            }
            previous = world.body(ball).center
        }
        throw XCTSkip("the ball never touched the floor")
    }

    /// The approach speed is the ball's speed when the touching step began: after n steps
    /// of semi-implicit Euler from rest, v = n·g·h exactly, and that is the continuous
    /// fall's √(2g·height) to within 2·g·h (the discrete step's correction, and the step
    /// that continuous collision stops short at the floor). The impulse is m·(1 + e)·v
    /// within the one step of gravity the solver also takes out, m·(1 + e)·g·h.
    func testABallDroppedOnTheFloorHitsAtTheFreeFallSpeedWithTheRestitutionImpulse() throws {
        for (height, e) in [(300.0, 0.5), (120.0, 0.0), (450.0, 0.8)] {
            let (event, n, m, fallen) = try drop(from: height, elasticity: e)
            let v = Double(n) * g * h
            XCTAssertEqual(event.approachSpeed, v, accuracy: 1e-9, "h = \(height)")
            XCTAssertGreaterThanOrEqual(fallen, height - 1, "it had fallen the whole height")
            XCTAssertEqual(event.approachSpeed, (2 * g * height).squareRoot(), accuracy: 2 * g * h, "from the drop height")
            // N·s: the impulse in kg·pt/s over 100.
            XCTAssertEqual(event.normalImpulse * 100, m * (1 + e) * v, accuracy: m * (1 + e) * g * h + 1e-9, "h = \(height)")
            XCTAssertEqual(event.partner, .boundary(nil))
        }
    }

    /// The soft step reports the same approach speed (to its 32-bit body records), but
    /// its soft contact spreads the impact over several steps: the first step's impulse is
    /// only a share of m·(1 + e)·v (a third for this drop, 12.2 of 36.5 kg·pt/s).
    func testTheSoftStepReportsTheSameApproachAndAShareOfTheImpulse() throws {
        let (event, n, m, _) = try drop(from: 300, elasticity: 0.5, solver: .softStep)
        let v = Double(n) * g * h
        XCTAssertEqual(event.approachSpeed, v, accuracy: 1e-5 * v)
        XCTAssertGreaterThan(event.normalImpulse * 100, 0.2 * m * 1.5 * v)
        XCTAssertLessThan(event.normalImpulse * 100, m * 1.5 * v)
    }

    /// `impacts(minimumSpeed:)` keeps the hard hits: a ball let go 1 pt above the floor
    /// touches at about √(2·1000·1) ≈ 45 pt/s and is left out at the default 100 pt/s;
    /// one dropped from 300 pt (≈ 775 pt/s) is kept.
    func testTheImpactThresholdLeavesOutSoftTouches() throws {
        var world = try World()
        world.referenceBounds = WorldRect(x: 0, y: 0, width: 1000, height: 500)
        func ball(_ x: Double, _ height: Double) throws -> BodyHandle {
            try world.createBody(BodyDefinition(shape: .ellipse(width: 20, height: 20),
                                                center: SIMD2(x, 490 - height),
                                                properties: ItemProperties(resistance: 0)))
        }
        let soft = try ball(200, 1), hard = try ball(600, 300)
        try world.addBehavior(.gravity(GravityBehavior(items: [soft, hard])))
        try world.addBehavior(.collision(CollisionBehavior(items: [soft, hard], mode: .boundaries,
                                                           translatesReferenceBoundsIntoBoundary: true)))
        var began: [ContactEvent] = [], impacts: [ContactEvent] = []
        for _ in 0..<120 {
            world.step()
            began += world.events.contactBegan
            impacts += world.events.impacts()
        }
        XCTAssertEqual(Set(began.map(\.item)), [soft, hard])
        XCTAssertEqual(impacts.map(\.item), [hard])
        XCTAssertLessThan(try XCTUnwrap(began.first { $0.item == soft }).approachSpeed, 100)
    }
}
