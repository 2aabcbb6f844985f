import Foundation
import Hooke
import XCTest

/// Snap behaviours: construction, end state and release velocity.
final class WorldSnapTests: XCTestCase {
    /// A snap ends at its point and at angle 0, whatever the start angle and velocity
    /// (the four corner springs are relaxed only there), and the world then rests.
    func testSnapEndsAtItsPointAndAtAngleZero() throws {
        var world = try WorldScene.world()
        let card = try world.createBody(BodyDefinition(
            shape: .rectangle(width: 120, height: 80), center: SIMD2(40, 700), angle: 0.6,
            velocity: SIMD2(-300, 200), angularVelocity: 3))
        let target = SIMD2<Double>(200, 300)
        try world.addBehavior(.snap(SnapBehavior(item: card, snapPoint: target)))
        for _ in 0..<(6 * 120) { world.step() }
        let s = world.body(card)
        XCTAssertEqual(s.center.x, target.x, accuracy: 0.1)
        XCTAssertEqual(s.center.y, target.y, accuracy: 0.1)
        XCTAssertEqual(s.angle, 0, accuracy: 1e-3)
        XCTAssertTrue(world.isPaused)
    }

    /// An item sitting at the snap point, at angle 0 and at rest, feels no force:
    /// the four springs are exactly relaxed there, so it does not move at all.
    func testSnapSpringsAreRelaxedAtThePoint() throws {
        var world = try WorldScene.world()
        let target = SIMD2<Double>(120, 80)
        let card = try world.createBody(BodyDefinition(shape: .rectangle(width: 60, height: 90), center: target))
        try world.addBehavior(.snap(SnapBehavior(item: card, snapPoint: target)))
        for _ in 0..<30 { world.step() }
        let s = world.body(card)
        XCTAssertEqual(s.center, target)
        XCTAssertEqual(s.angle, 0)
    }

    /// A release velocity V is the item's velocity when the snap is added and carries
    /// into the first step. With rotation disabled and the item at the point, only the
    /// two horizontal springs resist a horizontal V: each soft joint enforces
    /// Ċ + γλ = 0 (bias 0 at rest length), whose joint solution is
    /// v₁ = V/(1 + 2h(2ζω₀ + hω₀²)) (1/(mγ) = h(c + hk)/m per spring, ω₀ = 2π·4 Hz);
    /// the eight Gauss–Seidel sweeps reach it to ~10⁻¹¹. Then x₁ = x₀ + h·v₁.
    func testSnapCarriesTheReleaseVelocityIntoItsFirstStep() throws {
        var world = try WorldScene.world()
        let target = SIMD2<Double>(0, 0)
        let card = try world.createBody(BodyDefinition(
            shape: .rectangle(width: 100, height: 100), center: target,
            properties: ItemProperties(resistance: 0, allowsRotation: false)))
        let release = SIMD2<Double>(900, 0), zeta = 0.5
        try world.addBehavior(.snap(SnapBehavior(item: card, snapPoint: target, damping: zeta,
                                                 releaseVelocity: release)))
        XCTAssertEqual(world.linearVelocity(for: card), release)
        world.step()
        let h = 1.0 / 120, w = 2 * Double.pi * 4
        let v1 = release.x / (1 + 2 * h * (2 * zeta * w + h * w * w))
        let s = world.body(card)
        XCTAssertEqual(s.velocity.x, v1, accuracy: 1e-9 * v1)
        XCTAssertEqual(s.velocity.y, 0, accuracy: 1e-9)
        XCTAssertEqual(s.center.x, h * v1, accuracy: 1e-9 * h * v1)
        XCTAssertGreaterThan(v1, 0.6 * release.x)
        // The flick overshoots the point before the springs bring the item back.
        var farthest = 0.0
        for _ in 0..<120 {
            world.step()
            farthest = max(farthest, world.body(card).center.x)
        }
        XCTAssertGreaterThan(farthest, 5)
        XCTAssertEqual(world.body(card).center.x, 0, accuracy: 1)
    }

    /// The snap joints pull with 4 Hz springs: a small displacement along x of an item
    /// that cannot turn feels two springs in parallel along x (joints 1 and 3), so it
    /// oscillates at √2 · 4 Hz with damping ratio ζ/√2 (k doubles, c doubles) —
    /// to first order in h as for every soft joint (here ζ = 0, frequency only).
    func testSnapSpringsAreFourHertzEach() throws {
        var world = try WorldScene.world(timestep: 1.0 / 2400)
        let card = try world.createBody(BodyDefinition(
            shape: .rectangle(width: 100, height: 100), center: SIMD2(2, 0),
            properties: ItemProperties(resistance: 0, allowsRotation: false)))
        try world.addBehavior(.snap(SnapBehavior(item: card, snapPoint: .zero, damping: 0)))
        var times: [Double] = [0], xs: [Double] = [2]
        for _ in 0..<2400 {
            world.step()
            times.append(world.elapsedTime)
            xs.append(world.body(card).center.x)
        }
        let period = WorldScene.meanPeriod(crossings: WorldScene.zeroCrossings(times: times, values: xs))
        // The vertical springs, stretched to second order by a 2 pt sideways move,
        // add a stiffness of order (2/50)² — under 0.2 %.
        XCTAssertEqual(1 / period, 4 * 2.0.squareRoot(), accuracy: 0.01 * 4 * 2.0.squareRoot())
    }
}
