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
        try CollisionScene.slide(solver: .uikit, angle: theta, itemFriction: mu, slabFriction: mu, steps: steps)
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
