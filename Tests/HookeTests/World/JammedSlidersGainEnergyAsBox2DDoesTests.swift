import Foundation
import Hooke
import XCTest

/// The soak's slider pair gained 45.8 pt of lift in a free phase with no input (cycle
/// 8 860; Docs/reliability.md, "The soak"): a drag had pressed the carriage 28.6 pt off its
/// axis and 0.377 rad off its angle, and the pair stayed so while its velocity grew — each
/// step gravity moves it and the position iterations put it back. These tests pin that the
/// gain is Box2D 2.3's own, the engine UIKit Dynamics runs on, and that
/// `World.jointPositionError` reports the jam.
///
/// The reference is Box2D 2.3.10 (pybox2d 2.3.10 from PyPI), run from the same state by
/// `Benchmarks/peers/box2d_slider_jam.py` (the pair alone, as the soak traced it after step
/// 6 379 700, rounded; UIKit's default resistance 0.1; 8 velocity and 3 position iterations,
/// h = 1/120 s). Box2D computes in single precision.
final class JammedSlidersGainEnergyAsBox2DDoesTests: XCTestCase {
    /// Box2D's step, slider x velocity, carriage velocity (pt/s), carriage angle (rad) and
    /// the pair's energy rise (kg·pt²/s²), as the script prints them.
    static let box2D: [(step: Int, sliderVX: Double, carriage: SIMD2<Double>, angle: Double, rise: Double)] = [
        (10, 1796.20, SIMD2(1796.09, 2954.91), -0.3723, 2952.2),
        (20, 1781.25, SIMD2(1781.25, 3013.33), -0.3670, 6011.5),
        (30, 1766.46, SIMD2(1766.46, 3071.27), -0.3618, 9175.9),
        (40, 1751.80, SIMD2(1751.80, 3128.72), -0.3567, 12442.5),
        (50, 1737.26, SIMD2(1737.25, 3185.70), -0.3517, 15808.5),
        (60, 1722.83, SIMD2(1722.83, 3242.20), -0.3467, 19270.6),
        (70, 1708.53, SIMD2(1708.53, 3298.24), -0.3418, 22826.5),
        (80, 1694.36, SIMD2(1694.31, 3353.81), -0.4017, 26402.2),
        (90, 1680.28, SIMD2(1680.27, 3408.91), -0.3910, 30098.1),
        (100, 1666.33, SIMD2(1666.32, 3463.56), -0.3834, 33906.5),
        (110, 1652.49, SIMD2(1652.49, 3517.76), -0.3760, 37798.3),
        (120, 1638.77, SIMD2(1638.77, 3571.50), -0.3687, 41770.4),
        (140, -17.86, SIMD2(-18.70, 8.28), -0.0154, -294417.3),
        (160, -17.87, SIMD2(-17.79, -0.00), -0.0016, -294419.8),
        (200, -17.28, SIMD2(-17.21, -0.00), -0.0001, -294420.7),
    ]

    /// The pair, one step from rest, then set to the traced state.
    static func jammedPair() throws -> (World, slider: BodyHandle, carriage: BodyHandle) {
        var world = try World(configuration: WorldConfiguration(solver: .uikit))
        func box(_ w: Double, _ h: Double, _ c: SIMD2<Double>) throws -> BodyHandle {
            try world.createBody(BodyDefinition(shape: .rectangle(width: w, height: h), center: c))
        }
        let slider = try box(40, 16, SIMD2(300, 740)), carriage = try box(18, 18, SIMD2(300, 770))
        var slide = try world.attachment(.sliding, item: slider, anchorPoint: SIMD2(300, 740),
                                         axisOfTranslation: SIMD2(1, 0))
        slide.attachmentRange = -80...80
        try world.addBehavior(slide)
        var carriageSlide = try world.attachment(.sliding, item: slider, attachedTo: carriage,
                                                 anchorPoint: SIMD2(300, 770), axisOfTranslation: SIMD2(0, 1))
        carriageSlide.attachmentRange = -40...40
        try world.addBehavior(carriageSlide)
        try world.addBehavior(GravityBehavior(items: [slider, carriage]))
        world.step()
        try world.updateBody(slider, center: SIMD2(376.47, 738.74), angle: 0)
        try world.updateBody(carriage, center: SIMD2(405.11, 798.59), angle: -0.3772)
        try world.setLinearVelocity(SIMD2(1811.2, 0), for: slider)
        try world.setLinearVelocity(SIMD2(1811.2, 2896), for: carriage)
        return (world, slider, carriage)
    }

    static func energy(_ world: World, _ bodies: [BodyHandle]) -> Double {
        bodies.reduce(0) { e, handle in
            let b = world.body(handle)
            return e + 0.5 * b.mass * (b.velocity * b.velocity).sum() + 0.5 * b.inertia * b.angularVelocity * b.angularVelocity
                - b.mass * 1000 * b.center.y
        }
    }

    /// Step by step within Box2D's single precision: velocities within 0.1% (or 0.5 pt/s),
    /// the angle within 10⁻³ rad, the energy rise within 0.5% of the pair's largest.
    func testJammedSlidersGainEnergyAsBox2DDoes() throws {
        var (world, slider, carriage) = try Self.jammedPair()
        let start = Self.energy(world, [slider, carriage])
        var n = 0
        for reference in Self.box2D {
            while n < reference.step {
                world.step()
                n += 1
            }
            let a = world.body(slider), b = world.body(carriage)
            let rise = Self.energy(world, [slider, carriage]) - start
            XCTAssertEqual(a.velocity.x, reference.sliderVX, accuracy: max(0.5, 1e-3 * abs(reference.sliderVX)), "step \(n)")
            XCTAssertEqual(b.velocity.x, reference.carriage.x, accuracy: max(0.5, 1e-3 * abs(reference.carriage.x)), "step \(n)")
            XCTAssertEqual(b.velocity.y, reference.carriage.y, accuracy: max(0.5, 1e-3 * abs(reference.carriage.y)), "step \(n)")
            XCTAssertEqual(b.angle, reference.angle, accuracy: 1e-3, "step \(n)")
            XCTAssertEqual(rise, reference.rise, accuracy: 0.005 * 294_420, "step \(n)")
        }
    }

    /// While jammed, every step leaves the carriage's joint tens of points in error, far
    /// beyond Box2D's 0.5 pt slop; once the pair comes free, none.
    func testJammedSlidersReportTheirJointError() throws {
        var (world, _, _) = try Self.jammedPair()
        for _ in 0..<120 {
            world.step()
            XCTAssertGreaterThan(world.jointPositionError.linear, 20)
        }
        for _ in 120..<160 { world.step() }
        for _ in 160..<200 {
            world.step()
            XCTAssertEqual(world.jointPositionError, .zero)
        }
    }
}
