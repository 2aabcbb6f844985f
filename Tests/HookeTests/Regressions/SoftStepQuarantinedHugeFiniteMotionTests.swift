import Hooke
import XCTest

/// Under the soft step, a body thrown at 10³⁰⁰ pt/s or spun at 10³⁰⁰ rad/s, or pushed by a
/// force of 10³⁰⁰ N or gravity of magnitude 10²⁰⁰, was quarantined on its first step
/// (a `bodyQuarantined` event, the body removed) although every input was finite: the
/// soft step keeps velocities and the substep's forcing in `Float` records, where 10³⁰⁰
/// is infinity and ∞·0 is NaN. The UIKit solver moved the same bodies at UIKit's limits
/// (`HugeVelocityStoppedDeadTests`). The soft step now applies those limits — 200 pt and
/// π/2 per step — to the velocities before they become `Float`, and caps each substep's
/// forcing increment at 10²⁰ (far above any limit, far below `Float`'s 3.4·10³⁸), so the
/// bodies move at the limit, as Box2D's b2_maxTranslation and b2_maxRotation have them.
final class SoftStepQuarantinedHugeFiniteMotionTests: XCTestCase {
    private let bounds = WorldRect(x: -10_000, y: -10_000, width: 20_000, height: 20_000)

    /// A soft-step world with one 10 pt box at the origin in a collision behaviour with
    /// the reference bounds (so that it is solved by the soft step's island stages) and
    /// `behaviour` added; returns the world and the box after one step.
    private func stepOnce(_ definition: BodyDefinition, _ behaviour: ((inout World, BodyHandle) throws -> Void)? = nil)
        throws -> (World, BodyHandle) {
        var world = try World(configuration: WorldConfiguration(solver: .softStep(substeps: 4)))
        world.referenceBounds = bounds
        let box = try world.createBody(definition)
        try world.addBehavior(CollisionBehavior(items: [box], translatesReferenceBoundsIntoBoundary: true))
        try behaviour?(&world, box)
        world.step()
        if world.events.log.contains(where: { if case .bodyQuarantined = $0.kind { true } else { false } }) {
            throw Quarantined()
        }
        return (world, box)
    }

    private struct Quarantined: Error {}

    /// A 10 pt box without resistance, so that a body set moving at the limit keeps it
    /// exactly through the step (resistance r would slow it by the factor 1/(1 + hₛ·r)
    /// per substep after the limit).
    private func box(velocity: SIMD2<Double> = .zero, angularVelocity: Double = 0) -> BodyDefinition {
        var box = BodyDefinition(shape: .rectangle(width: 10, height: 10), velocity: velocity,
                                 angularVelocity: angularVelocity)
        box.properties.resistance = 0
        box.properties.angularResistance = 0
        return box
    }

    func testAHugeVelocityMovesTwoHundredPointsPerStep() throws {
        for velocity in [SIMD2<Double>(1e300, 0), SIMD2(0, -1e300), SIMD2(3e250, 4e250)] {
            let (world, box) = try stepOnce(box(velocity: velocity))
            let h = world.configuration.timestep
            let state = world.body(box)
            let unit = velocity / max(abs(velocity.x), abs(velocity.y))
            let direction = unit / unit.length
            XCTAssertEqual(state.center.length, 200, accuracy: 1e-6, "\(velocity)")
            XCTAssertEqual(state.velocity.x, 200 / h * direction.x, accuracy: 1e-3, "\(velocity)")
            XCTAssertEqual(state.velocity.y, 200 / h * direction.y, accuracy: 1e-3, "\(velocity)")
        }
    }

    func testAHugeSpinTurnsAQuarterTurnPerStep() throws {
        for spin in [1e300, -1e300] {
            let (world, box) = try stepOnce(box(angularVelocity: spin))
            let h = world.configuration.timestep
            XCTAssertEqual(abs(world.body(box).angle), .pi / 2, accuracy: 1e-6, "\(spin)")
            XCTAssertEqual(abs(world.body(box).angularVelocity), .pi / 2 / h, accuracy: 1e-3, "\(spin)")
        }
    }

    func testAHugeForceOrGravityMovesAtTheLimit() throws {
        let pushes: [(inout World, BodyHandle) throws -> Void] = [
            { try $0.addBehavior(PushBehavior(items: [$1], mode: .continuous, pushDirection: SIMD2(1e300, 0))) },
            { try $0.addBehavior(GravityBehavior(items: [$1], angle: 0, magnitude: 1e200)) },
        ]
        for push in pushes {
            var (world, box) = try stepOnce(box(), push)
            world.step()
            XCTAssertEqual(world.body(box).center.x, 400, accuracy: 1e-6, "two steps at the limit")
            XCTAssertEqual(world.body(box).center.y, 0, accuracy: 1e-9)
        }
    }
}
