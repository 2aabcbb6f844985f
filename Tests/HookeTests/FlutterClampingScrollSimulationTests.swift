import Foundation
import Hooke
import XCTest

/// `FlutterClampingScrollSimulation` against Flutter's tests
/// (flutter/flutter `packages/flutter/test/widgets/scroll_simulation_test.dart`) and 40-digit
/// values (mpmath) of the closed forms.
final class FlutterClampingScrollSimulationTests: XCTestCase {
    /// The (position, velocity) pairs of Flutter's tests.
    let flutterCases: [(Double, Double)] = [
        (51.0, 2866.91537), (584.0, 2617.294734), (345.0, 1982.785934), (0.0, 1831.366634),
        (-156.2, 1541.57665), (4.0, 1139.250439), (4534.0, 1073.553798), (75.0, 614.2093),
        (5469.0, 182.114534),
    ]

    /// "ClampingScrollSimulation has a stable initial conditions": x(0) and dx(0) equal the
    /// position and velocity (moreOrLessEquals, 1e-10); "velocity eventually reaches zero":
    /// dx(10) == 0 for the same cases (and 2000 from 51).
    func testReproducesFlutterInitialAndFinalConditions() throws {
        for (position, velocity) in flutterCases + [(51.0, 2_000.0)] {
            let simulation = try FlutterClampingScrollSimulation(position: position, velocity: velocity)
            XCTAssertEqual(simulation.position(at: 0), position, accuracy: 1e-10)
            XCTAssertEqual(simulation.velocity(at: 0), velocity, accuracy: 1e-10)
            XCTAssertEqual(simulation.velocity(at: 10), 0)
        }
    }

    /// "only decelerates, never speeds up" (flutter#113424): from 0 at 8000, sampled every
    /// 1/60 s until done, the time stays under 3 s and dx never increases.
    func testReproducesFlutterOnlyDecelerates() throws {
        let simulation = try FlutterClampingScrollSimulation(position: 0, velocity: 8_000)
        var time = 0.0
        var velocity = simulation.velocity(at: time)
        while !simulation.isDone(at: time) {
            XCTAssertLessThan(time, 3)
            time += 1.0 / 60
            let next = simulation.velocity(at: time)
            XCTAssertLessThanOrEqual(next, velocity)
            velocity = next
        }
    }

    /// "reaches a smooth stop: velocity is continuous and goes to zero" (flutter#113424): from
    /// 0 at 8000, each 1/60 s step changes dx by less than (1/60)·5130, where 5130 is the
    /// test's rounding of −acceleration(8000) (the closed form gives 5129.2536415902152…), and
    /// dx ends ≈ 0 (1e-10).
    func testReproducesFlutterSmoothStop() throws {
        let simulation = try FlutterClampingScrollSimulation(position: 0, velocity: 8_000)
        let delta = 1.0 / 60
        var time = 0.0
        var velocity = simulation.velocity(at: time)
        repeat {
            XCTAssertLessThan(time, 3)
            time += delta
            let next = simulation.velocity(at: time)
            XCTAssertLessThan(abs(next - velocity), delta * 5_130)
            velocity = next
        } while !simulation.isDone(at: time)
        XCTAssertEqual(velocity, 0, accuracy: 1e-10)
        // −a(8000) from the velocity-only acceleration law, at 40 digits.
        XCTAssertEqual(-acceleration(8_000), 5129.253641590215215146759411006431333894, accuracy: 1e-9)
    }

    /// "is ballistic" (flutter#120338): restarting a new simulation from x(δ), dx(δ) every
    /// δ = 1/90 s follows the undisturbed one (moreOrLessEquals, 1e-10), total distance first.
    func testReproducesFlutterBallistic() throws {
        let delta = 1.0 / 90
        let undisturbed = try FlutterClampingScrollSimulation(position: 0, velocity: 8_000)
        var restarted = undisturbed
        var time = 0.0
        var xs: [(restarted: Double, undisturbed: Double)] = []
        var dxs: [(restarted: Double, undisturbed: Double)] = []
        repeat {
            XCTAssertLessThan(time, 4)
            time += delta
            restarted = try FlutterClampingScrollSimulation(
                position: restarted.position(at: delta), velocity: restarted.velocity(at: delta))
            xs.append((restarted.position(at: 0), undisturbed.position(at: time)))
            dxs.append((restarted.velocity(at: 0), undisturbed.velocity(at: time)))
        } while !restarted.isDone(at: 0) || !undisturbed.isDone(at: time)
        XCTAssertEqual(xs.last!.restarted, xs.last!.undisturbed, accuracy: 1e-10)
        for (x, dx) in zip(xs, dxs) {
            XCTAssertEqual(x.restarted, x.undisturbed, accuracy: 1e-10)
            XCTAssertEqual(dx.restarted, dx.undisturbed, accuracy: 1e-10)
        }
    }

    /// "satisfies a physical acceleration formula" (flutter#120338): over 2 s in 1/60 s steps,
    /// dx(t + δ) − dx(t) differs from δ·a(dx(t + δ/2)) by less than jerk(dx(t + δ))·δ²/2, with
    /// a(v) = −sign(v)·a_ref·(|v|/v_ref)^((D − 2)/(D − 1)), a_ref = (D − 1)·v_ref/(D·0.35),
    /// jerk(v) = v_ref/(D·0.35)²·(D − 1)(D − 2)·(|v|/v_ref)^((D − 3)/(D − 1)).
    func testReproducesFlutterAccelerationFormula() throws {
        let exponent = log(0.78) / log(0.9)
        let referenceVelocity = 0.015 * 9.80665 * 39.37 * 160.0 * 0.84 / 0.35
        let referenceDuration = exponent * 0.35
        func jerk(_ v: Double) -> Double {
            referenceVelocity / referenceDuration / referenceDuration * (exponent - 1) * (exponent - 2)
                * pow(abs(v) / referenceVelocity, (exponent - 3) / (exponent - 1))
        }
        for (position, velocity) in flutterCases {
            let simulation = try FlutterClampingScrollSimulation(position: position, velocity: velocity)
            let delta = 1.0 / 60
            var time = 0.0
            while time < 2 {
                let difference = simulation.velocity(at: time + delta) - simulation.velocity(at: time)
                let predicted = delta * acceleration(simulation.velocity(at: time + delta / 2))
                XCTAssertLessThan(abs(difference - predicted), jerk(simulation.velocity(at: time + delta)) * delta * delta / 2,
                                  "v₀=\(velocity) t=\(time)")
                time += delta
            }
        }
    }

    /// The distance is Android's spline distance, f·g'·(|v|/v_ref)^(D/(D − 1)) (the longer form
    /// Flutter asserts), and the values at 40 digits (mpmath): from 0 at 8000 the fling lasts
    /// 2.1183617115957059025… s and travels 7186.3627539887444999… px; x(0.25) =
    /// 1842.0140005817457912…, dx(0.25) = 6745.5101730755963574…, x(1) = 5593.0467809172451367…,
    /// dx(1) = 3359.7006954782731383…; from 0 at 2866.91537, 0.99509368145575467… s and
    /// 1209.7562436318021665… px, x(0.25) = 598.27585667330057863….
    func testDurationAndDistanceMatchAndroidsSpline() throws {
        let constants = (exponent: 2.358201815425944466770982425331579922425, referenceVelocity: 2223.86578848)
        XCTAssertEqual(FlutterClampingScrollSimulation.decelerationExponent, constants.exponent, accuracy: 1e-15)
        XCTAssertEqual(FlutterClampingScrollSimulation.referenceVelocity(friction: 0.015), constants.referenceVelocity,
                       accuracy: 1e-9)
        XCTAssertEqual(FlutterClampingScrollSimulation.physicalCoefficient, 51890.2017312, accuracy: 1e-8)
        let fast = try FlutterClampingScrollSimulation(position: 0, velocity: 8_000)
        XCTAssertEqual(fast.duration, 2.11836171159570590258508573785486783748, accuracy: 1e-13)
        XCTAssertEqual(fast.distance, 7186.362753988744499974062385921910343895, accuracy: 1e-9)
        XCTAssertEqual(fast.position(at: 0.25), 1842.014000581745791203863975065754675218, accuracy: 1e-9)
        XCTAssertEqual(fast.velocity(at: 0.25), 6745.510173075596357414204674138524760893, accuracy: 1e-9)
        XCTAssertEqual(fast.position(at: 1), 5593.046780917245136796134213236121420943, accuracy: 1e-9)
        XCTAssertEqual(fast.velocity(at: 1), 3359.70069547827313836707182511444993669, accuracy: 1e-9)
        XCTAssertEqual(fast.position(at: 100), 7186.362753988744499974062385921910343895, accuracy: 1e-9)
        let slow = try FlutterClampingScrollSimulation(position: 0, velocity: 2866.91537)
        XCTAssertEqual(slow.duration, 0.995093681455754670225049371035130331666, accuracy: 1e-13)
        XCTAssertEqual(slow.distance, 1209.756243631802166559209744142052482919, accuracy: 1e-9)
        XCTAssertEqual(slow.position(at: 0.25), 598.275856673300578632495415391349814316, accuracy: 1e-9)
        for (_, velocity) in flutterCases {
            let simulation = try FlutterClampingScrollSimulation(position: 0, velocity: -velocity)
            let spline = 0.015 * 51890.2017312 * exp(log(velocity / constants.referenceVelocity)
                * constants.exponent / (constants.exponent - 1))
            XCTAssertEqual(simulation.distance, -spline, accuracy: 1e-9 * spline, "v₀=\(velocity)")
            // Android's duration, (|v|/v_ref)^(1/(D − 1)) s, shortened by D·0.35.
            XCTAssertEqual(simulation.duration / pow(velocity / constants.referenceVelocity, 1 / (constants.exponent - 1)),
                           constants.exponent * 0.35, accuracy: 1e-13)
        }
    }

    func testAZeroVelocityIsAFlingOfNoLength() throws {
        let still = try FlutterClampingScrollSimulation(position: 12, velocity: 0)
        XCTAssertEqual(still.duration, 0)
        XCTAssertEqual(still.position(at: 0), 12)
        XCTAssertEqual(still.position(at: 1), 12)
        XCTAssertEqual(still.velocity(at: 0), 0)
        XCTAssertTrue(still.isDone(at: 0))
        XCTAssertThrowsError(try FlutterClampingScrollSimulation(position: 0, velocity: 1, friction: 0))
    }

    /// The acceleration as a function of the velocity alone (Flutter's test formula).
    private func acceleration(_ velocity: Double) -> Double {
        let exponent = log(0.78) / log(0.9)
        let referenceVelocity = 0.015 * 9.80665 * 39.37 * 160.0 * 0.84 / 0.35
        let referenceDeceleration = (exponent - 1) * referenceVelocity / (exponent * 0.35)
        return -(velocity < 0 ? -1 : 1) * referenceDeceleration
            * pow(abs(velocity) / referenceVelocity, (exponent - 2) / (exponent - 1))
    }
}
