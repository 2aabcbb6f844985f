import Foundation
import Hooke
import XCTest

/// `FlutterBouncingScrollSimulation` against the numbers of Flutter's own tests and 40-digit
/// values (mpmath) of the closed forms.
final class FlutterBouncingScrollSimulationTests: XCTestCase {
    /// flutter/flutter `packages/flutter/test/physics/newton_test.dart`, "over/under scroll
    /// spring": spring withDampingRatio(mass: 1, stiffness: 170, ratio: 1.1), from 500 at
    /// −7500, extents 0…1000, Tolerance(velocity: 45, distance: 1.5). Expected (epsilon 1):
    /// not done at 0, 0.065, 0.1, 0.5; x(0.065) ≈ 42, dx(0.065) ≈ −6584 (friction, before the
    /// crossing at ≈ 0.07); x(0.1) ≈ −123, dx(0.1) ≈ −2613 and x(0.5) ≈ −15, dx(0.5) ≈ 124
    /// (spring); done at 2.0 with x(2.0) = 0.0 exactly and dx(2.0) ≈ 0.
    func testReproducesFlutterOverAndUnderScrollSpring() throws {
        let spring = try Spring(mass: 1, stiffness: 170, damping: 1.1 * 2 * 170.0.squareRoot())
        let scroll = try FlutterBouncingScrollSimulation(
            position: 500, velocity: -7_500, extents: 0...1_000, spring: spring,
            tolerance: FlutterTolerance(distance: 1.5, velocity: 45))
        XCTAssertFalse(scroll.isDone(at: 0))
        XCTAssertEqual(scroll.position(at: 0), 500, accuracy: 1e-10)
        XCTAssertEqual(scroll.velocity(at: 0), -7_500, accuracy: 1e-10)
        XCTAssertFalse(scroll.isDone(at: 0.065))
        XCTAssertEqual(scroll.position(at: 0.065), 42, accuracy: 1)
        XCTAssertEqual(scroll.velocity(at: 0.065), -6_584, accuracy: 1)
        XCTAssertFalse(scroll.isDone(at: 0.1))
        XCTAssertEqual(scroll.position(at: 0.1), -123, accuracy: 1)
        XCTAssertEqual(scroll.velocity(at: 0.1), -2_613, accuracy: 1)
        XCTAssertFalse(scroll.isDone(at: 0.5))
        XCTAssertEqual(scroll.position(at: 0.5), -15, accuracy: 1)
        XCTAssertEqual(scroll.velocity(at: 0.5), 124, accuracy: 1)
        XCTAssertTrue(scroll.isDone(at: 2))
        XCTAssertEqual(scroll.position(at: 2), 0)
        XCTAssertEqual(scroll.velocity(at: 2), 0, accuracy: 1)

        // The same at 40 digits (mpmath: ln 0.135, the over-damped roots): the crossing at
        // T = ln(1 + ln D·(0 − 500)/(−7500))/ln D = 0.07155708609497580752…, where the velocity
        // is −6498.759749728146198…; x(0.065) = 42.893918869400077…, x(0.1) = −123.5176525122959…,
        // dx(0.1) = −2612.857498353106…, x(0.5) = −14.99534587755221…, dx(0.5) = 124.3930584025073….
        XCTAssertEqual(scroll.springTime, 0.0715570860949758075225789996614961883881, accuracy: 1e-15)
        XCTAssertEqual(try XCTUnwrap(scroll.springStartVelocity), -6498.759749728146198366260339970336065332, accuracy: 1e-9)
        XCTAssertEqual(scroll.position(at: 0.065), 42.89391886940007710162113734237239943452, accuracy: 1e-10)
        XCTAssertEqual(scroll.position(at: 0.1), -123.5176525122959173757550458443924196329, accuracy: 1e-9)
        XCTAssertEqual(scroll.velocity(at: 0.1), -2612.857498353106771667488477605183765891, accuracy: 1e-8)
        XCTAssertEqual(scroll.position(at: 0.5), -14.9953458775522160215687153605649332624, accuracy: 1e-9)
        XCTAssertEqual(scroll.velocity(at: 0.5), 124.3930584025073069969699709116975857568, accuracy: 1e-8)
    }

    /// newton_test.dart, "test_kinetic_scroll": spring withDampingRatio(mass: 1, stiffness: 50,
    /// ratio: 0.5), from 100 at ±800, extents 0…300, Tolerance(velocity: 0.5, distance: 0.1):
    /// not done at 0 or at 0.5 ("switch from friction to spring"), done at 3.5, both ways.
    func testReproducesFlutterKineticScroll() throws {
        let spring = try Spring(mass: 1, stiffness: 50, damping: 0.5 * 2 * 50.0.squareRoot())
        for velocity in [800.0, -800.0] {
            let scroll = try FlutterBouncingScrollSimulation(
                position: 100, velocity: velocity, extents: 0...300, spring: spring,
                tolerance: FlutterTolerance(distance: 0.1, velocity: 0.5))
            XCTAssertFalse(scroll.isDone(at: 0), "v₀=\(velocity)")
            XCTAssertFalse(scroll.isDone(at: 0.5), "v₀=\(velocity)")
            XCTAssertTrue(scroll.isDone(at: 3.5), "v₀=\(velocity)")
            // Both flings reach an extent before 0.5 s: the spring has taken over.
            XCTAssertLessThan(scroll.springTime, 0.5)
            XCTAssertEqual(scroll.position(at: 3.5), velocity > 0 ? 300 : 0)
        }
    }

    /// newton_test.dart, "scroll_with_inf_edge_ends": the same spring, from 100 at 400, extents
    /// 0…∞, Tolerance(velocity: 1): x(0) = 100, dx(0) = 400, x(1) ≈ 272, dx(1) ≈ 54,
    /// dx(2) ≈ 7 (epsilon 1), dx(3) < 1, done at 5 with x(5) ≈ 300 (epsilon 1). At 40 digits:
    /// x(1) = 272.78570248551988…, dx(1) = 400·0.135 = 54, dx(2) = 7.29, x(5) = 299.74330025…
    func testReproducesFlutterScrollWithAnInfiniteEdge() throws {
        let spring = try Spring(mass: 1, stiffness: 50, damping: 0.5 * 2 * 50.0.squareRoot())
        let scroll = try FlutterBouncingScrollSimulation(
            position: 100, velocity: 400, extents: 0...Double.infinity, spring: spring,
            tolerance: FlutterTolerance(velocity: 1))
        XCTAssertFalse(scroll.isDone(at: 0))
        XCTAssertEqual(scroll.position(at: 0), 100)
        XCTAssertEqual(scroll.velocity(at: 0), 400)
        XCTAssertEqual(scroll.position(at: 1), 272, accuracy: 1)
        XCTAssertEqual(scroll.velocity(at: 1), 54, accuracy: 1)
        XCTAssertEqual(scroll.velocity(at: 2), 7, accuracy: 1)
        XCTAssertLessThan(scroll.velocity(at: 3), 1)
        XCTAssertTrue(scroll.isDone(at: 5))
        XCTAssertEqual(scroll.position(at: 5), 300, accuracy: 1)
        XCTAssertEqual(scroll.springTime, .infinity)
        XCTAssertNil(scroll.springStartVelocity)
        XCTAssertEqual(scroll.position(at: 1), 272.7857024855198838753786813466994212838, accuracy: 1e-10)
        XCTAssertEqual(scroll.velocity(at: 1), 54, accuracy: 1e-11)
        XCTAssertEqual(scroll.velocity(at: 2), 7.29, accuracy: 1e-11)
        XCTAssertEqual(scroll.position(at: 5), 299.7433002506881085493525990702868077532, accuracy: 1e-10)
    }

    /// Flutter's defaults: drag 0.135 (0.998¹⁰⁰⁰ = 0.13506…), `ScrollPhysics.spring` =
    /// withDampingRatio(mass: 0.5, stiffness: 100, ratio: 1.1), i.e. damping 1.1·2·√50.
    func testDefaultsAreFlutters() {
        XCTAssertEqual(FlutterBouncingScrollSimulation.drag, 0.135)
        XCTAssertEqual(pow(0.998, 1_000), 0.135, accuracy: 1e-3)
        let spring = FlutterBouncingScrollSimulation.defaultSpring
        XCTAssertEqual(spring.mass, 0.5)
        XCTAssertEqual(spring.stiffness, 100)
        XCTAssertEqual(spring.damping, 15.556349186104045, accuracy: 1e-12)
        XCTAssertEqual(spring.dampingRatio, 1.1, accuracy: 1e-15)
        XCTAssertEqual(FlutterBouncingScrollSimulation.maxSpringTransferVelocity, 5_000)
    }

    func testTheSpringTakesOverAtTheExtentWithFluttersOneSidedCap() throws {
        // From 0 at 20 000 toward 1000: friction velocity at the crossing is
        // 20000 + ln(0.135)·1000 = 17 997.5 > 5000, capped to 5000 by Flutter's min(). The
        // same fling into the leading extent keeps −17 997.5: min() does not cap it.
        let logDrag = log(0.135)
        let up = try FlutterBouncingScrollSimulation(position: 0, velocity: 20_000, extents: -1_000...1_000)
        XCTAssertEqual(try XCTUnwrap(up.springStartVelocity), 5_000)
        XCTAssertEqual(up.position(at: up.springTime), 1_000, accuracy: 1e-9)       // friction at T
        XCTAssertEqual(up.velocity(at: up.springTime), 20_000 + logDrag * 1_000, accuracy: 1e-8)
        XCTAssertEqual(up.velocity(at: up.springTime.nextUp), 5_000, accuracy: 1e-6)  // spring after T
        let down = try FlutterBouncingScrollSimulation(position: 0, velocity: -20_000, extents: -1_000...1_000)
        XCTAssertEqual(try XCTUnwrap(down.springStartVelocity), -20_000 - logDrag * 1_000, accuracy: 1e-8)
        // Position is continuous at the hand-over either way.
        for scroll in [up, down] {
            let t = scroll.springTime
            XCTAssertEqual(scroll.position(at: t), scroll.position(at: t.nextUp), accuracy: 1e-8)
        }
        // Over-damped (ζ = 1.1) return to the extent: done, and exactly on it.
        XCTAssertTrue(up.isDone(at: 3))
        XCTAssertEqual(up.position(at: 3), 1_000)
    }

    func testAStartOutsideTheExtentsIsTheSpringAlone() throws {
        // From 1040 (40 past 1000) at rest: the free over-damped response from displacement 40,
        // x(t) − 1000 = c₁e^(r₁t) + c₂e^(r₂t), r = (−c ∓ √(c² − 4mk))/(2m), c₂ = −r₁·40/(r₂ − r₁).
        let scroll = try FlutterBouncingScrollSimulation(position: 1_040, velocity: 0, extents: 0...1_000)
        XCTAssertEqual(scroll.springTime, -.infinity)
        XCTAssertNil(scroll.friction)
        let m = 0.5, k = 100.0, c = 1.1 * 2 * (m * k).squareRoot()
        let root = (c * c - 4 * m * k).squareRoot()
        let r1 = (-c - root) / (2 * m), r2 = (-c + root) / (2 * m)
        let c2 = (0 - r1 * 40) / (r2 - r1), c1 = 40 - c2
        for t in [0.0, 0.05, 0.2, 0.6] {
            XCTAssertEqual(scroll.position(at: t), 1_000 + c1 * exp(r1 * t) + c2 * exp(r2 * t), accuracy: 1e-9, "t=\(t)")
            XCTAssertEqual(scroll.velocity(at: t), c1 * r1 * exp(r1 * t) + c2 * r2 * exp(r2 * t), accuracy: 1e-8, "t=\(t)")
        }
        XCTAssertThrowsError(try FlutterBouncingScrollSimulation(position: .nan, velocity: 0, extents: 0...1))
    }
}
