import Hooke
import XCTest

/// A force that overflows a body's velocity (a push of 10³⁰⁰ N on a body of 10⁻⁸ kg:
/// a = 100·F/m = ∞) made it infinite, and the solver then carried NaN into every body it
/// touched. Now the step's containment stage quarantines it: removed before any contact
/// reads it, reported as `bodyQuarantined`, its neighbours untouched.
final class NonFiniteStatePropagatedToNeighboursTests: XCTestCase {
    func testAnOverflowingPushQuarantinesItsBodyAndSparesItsNeighbour() throws {
        var world = try World()
        world.referenceBounds = WorldRect(x: 0, y: 0, width: 400, height: 400)
        let feather = try world.createBody(BodyDefinition(
            shape: .rectangle(width: 10, height: 10), center: SIMD2(100, 389),
            properties: ItemProperties(density: 1e-6)))   // 10⁻⁸ kg
        let neighbour = try world.createBody(BodyDefinition(
            shape: .rectangle(width: 10, height: 10), center: SIMD2(111, 389)))
        try world.addBehavior(.gravity(GravityBehavior(items: [feather, neighbour])))
        try world.addBehavior(.collision(CollisionBehavior(items: [feather, neighbour],
                                                           translatesReferenceBoundsIntoBoundary: true)))
        for _ in 0..<30 { world.step() }   // both resting on the floor, side by side
        try world.addBehavior(.push(PushBehavior(items: [feather], mode: .continuous, pushDirection: SIMD2(1e300, 0))))
        world.step()
        let quarantined = world.events.log.compactMap { event -> BodyHandle? in
            if case let .bodyQuarantined(h) = event.kind { return h }
            return nil
        }
        XCTAssertEqual(quarantined, [feather])
        XCTAssertFalse(world.contains(feather))
        for _ in 0..<120 { world.step() }
        let state = world.body(neighbour)
        XCTAssertTrue(state.center.x.isFinite && state.center.y.isFinite && state.velocity.x.isFinite
                      && state.velocity.y.isFinite && state.angle.isFinite)
        // It still rests on the floor (y = 400 − 5 − skin), untouched.
        XCTAssertEqual(state.center.y, 395, accuracy: 2)
    }

    /// A velocity of 10³⁰⁰ pt/s is finite: clamped to 200 pt per step, not quarantined.
    func testAHugeButFiniteVelocityIsNotQuarantined() throws {
        var world = try World()
        let body = try world.createBody(BodyDefinition(shape: .rectangle(width: 10, height: 10),
                                                      velocity: SIMD2(1e300, 0)))
        world.step()
        XCTAssertTrue(world.contains(body))
        XCTAssertFalse(world.events.log.contains { if case .bodyQuarantined = $0.kind { true } else { false } })
    }
}
