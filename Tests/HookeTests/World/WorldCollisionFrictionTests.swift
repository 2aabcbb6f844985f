import XCTest
import Foundation
import Hooke

/// Coulomb friction on an incline against the textbook result: a block on a slope of
/// angle θ with friction μ stays put when tan θ < μ, and otherwise slides down with
/// a = g(sin θ − μ cos θ) (forces along and across the slope: m·g·sin θ down the slope,
/// normal force m·g·cos θ, kinetic friction μ·N opposing the motion).
final class WorldCollisionFrictionTests: XCTestCase {
    /// Distance travelled down the slope at each step by a 40 pt square resting on an
    /// anchored 1600 × 20 pt slab turned by θ; both have friction μ, so the mixed
    /// friction √(μ·μ) is μ.
    private func slide(angle theta: Double, friction mu: Double, steps: Int) throws -> [Double] {
        var world = try CollisionScene.world()
        let down = SIMD2(cos(theta), sin(theta))          // along the slope, towards +x and down the screen
        let up = SIMD2(sin(theta), -cos(theta))           // the slope's outward normal (up the screen)
        let slabCenter = SIMD2(800.0, 600.0)
        let slab = try world.createBody(BodyDefinition(
            shape: .rectangle(width: 1600, height: 20), center: slabCenter, angle: theta,
            properties: CollisionScene.material(friction: mu, anchored: true)))
        // Cores 2 pt apart: the skins just touch.
        let start = slabCenter - 300 * down + (10 + 20 + 2) * up
        let block = try world.createBody(BodyDefinition(
            shape: .rectangle(width: 40, height: 40), center: start, angle: theta,
            properties: CollisionScene.material(friction: mu)))
        try world.addBehavior(.collision(CollisionBehavior(items: [slab, block])))
        try world.addBehavior(.gravity(GravityBehavior(items: [block])))
        var travel: [Double] = []
        for _ in 0..<steps {
            world.step()
            travel.append(Planar2.dot(try world.body(block).center - start, down))
        }
        return travel
    }

    func testBlockStaysWhenTangentBelowFriction() throws {
        // tan 20° = 0.364 < 0.6.
        let travel = try slide(angle: 20 * .pi / 180, friction: 0.6, steps: 240)
        XCTAssertLessThan(travel.map(abs).max() ?? .infinity, 0.5)
    }

    func testBlockSlidesWithKineticAcceleration() throws {
        let h = 1.0 / 120, g = 1000.0
        for (degrees, mu) in [(30.0, 0.2), (35.0, 0.4)] {
            let theta = degrees * .pi / 180
            let travel = try slide(angle: theta, friction: mu, steps: 120)
            // Acceleration from the trajectory: second differences averaged over the
            // second half second (after the first contact has settled).
            let s1 = travel[59], s2 = travel[89], s3 = travel[119]
            let measured = (s3 - 2 * s2 + s1) / (30 * h * 30 * h)
            let expected = g * (sin(theta) - mu * cos(theta))
            XCTAssertEqual(measured, expected, accuracy: 0.01 * expected, "θ = \(degrees)°, μ = \(mu)")
        }
    }
}

/// Dot product for the tests.
enum Planar2 {
    static func dot(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double { a.x * b.x + a.y * b.y }
}
