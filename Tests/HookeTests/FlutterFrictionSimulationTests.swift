import Foundation
import Hooke
import XCTest

final class FlutterFrictionSimulationTests: XCTestCase {
    func testReproducesFlutterFrictionSimulationTestForAPositiveVelocity() throws {
        // flutter/flutter packages/flutter/test/physics/friction_simulation_test.dart,
        // "Friction simulation positive velocity": FrictionSimulation(0.135, 100, 100) has
        // x(0) = 100, dx(0) = 100, x(0.1) ≈ 110, x(0.5) ≈ 131, x(2) ≈ 149, finalX ≈ 149
        // (each ± 1), timeAtX(100) = 0, timeAtX(x(t)) ≈ t (moreOrLessEquals: 1e-10), and
        // timeAtX(−1) = timeAtX(200) = ∞.
        let friction = try FlutterFrictionSimulation(drag: 0.135, position: 100, velocity: 100)
        XCTAssertEqual(friction.position(at: 0), 100, accuracy: 1e-10)
        XCTAssertEqual(friction.velocity(at: 0), 100, accuracy: 1e-10)
        XCTAssertEqual(friction.position(at: 0.1), 110, accuracy: 1)
        XCTAssertEqual(friction.position(at: 0.5), 131, accuracy: 1)
        XCTAssertEqual(friction.position(at: 2), 149, accuracy: 1)
        XCTAssertEqual(friction.finalPosition, 149, accuracy: 1)
        XCTAssertEqual(friction.time(atPosition: 100), 0)
        for t in [0.1, 0.5, 2.0] {
            XCTAssertEqual(friction.time(atPosition: friction.position(at: t)), t, accuracy: 1e-10)
        }
        XCTAssertEqual(friction.time(atPosition: -1), .infinity)
        XCTAssertEqual(friction.time(atPosition: 200), .infinity)
    }

    func testReproducesFlutterFrictionSimulationTestForANegativeVelocity() throws {
        // Same file, "Friction simulation negative velocity": FrictionSimulation(0.135, 100,
        // −100) has x(0.1) ≈ 91, x(0.5) ≈ 68, x(2) ≈ 51, finalX ≈ 50 (± 1), and
        // timeAtX(101) = timeAtX(40) = ∞.
        let friction = try FlutterFrictionSimulation(drag: 0.135, position: 100, velocity: -100)
        XCTAssertEqual(friction.position(at: 0), 100, accuracy: 1e-10)
        XCTAssertEqual(friction.velocity(at: 0), -100, accuracy: 1e-10)
        XCTAssertEqual(friction.position(at: 0.1), 91, accuracy: 1)
        XCTAssertEqual(friction.position(at: 0.5), 68, accuracy: 1)
        XCTAssertEqual(friction.position(at: 2), 51, accuracy: 1)
        XCTAssertEqual(friction.finalPosition, 50, accuracy: 1)
        XCTAssertEqual(friction.time(atPosition: 100), 0)
        for t in [0.1, 0.5, 2.0] {
            XCTAssertEqual(friction.time(atPosition: friction.position(at: t)), t, accuracy: 1e-10)
        }
        XCTAssertEqual(friction.time(atPosition: 101), .infinity)
        XCTAssertEqual(friction.time(atPosition: 40), .infinity)
    }

    func testMatchesHighPrecisionValuesOfTheClosedForm() throws {
        // x(t) = x₀ + v₀(Dᵗ − 1)/ln D and x(∞) − x₀ = −v₀/ln D for D = 0.135, x₀ = 100,
        // v₀ = ±100, evaluated with Python's decimal module at 40 digits (independent of
        // this code): ln 0.135 = −2.002480500543707603…
        let up = try FlutterFrictionSimulation(drag: 0.135, position: 100, velocity: 100)
        let down = try FlutterFrictionSimulation(drag: 0.135, position: 100, velocity: -100)
        let table: [(Double, Double, Double)] = [
            (0.1, 109.06237578317848074, 90.937624216821519258),
            (0.5, 131.58964785978030588, 68.410352140219694124),
            (2.0, 149.02794308026626705, 50.972056919733732950),
        ]
        for (t, x, xDown) in table {
            XCTAssertEqual(up.position(at: t), x, accuracy: 1e-12 * x, "t=\(t)")
            XCTAssertEqual(down.position(at: t), xDown, accuracy: 1e-12 * x, "t=\(t)")
            // The inverse at the published positions themselves.
            XCTAssertEqual(up.time(atPosition: x), t, accuracy: 1e-11, "t=\(t)")
            XCTAssertEqual(down.time(atPosition: xDown), t, accuracy: 1e-11, "t=\(t)")
        }
        XCTAssertEqual(up.finalPosition, 149.93806430217337684, accuracy: 1e-12 * 150)
        XCTAssertEqual(down.finalPosition, 100 - 49.93806430217337684, accuracy: 1e-12 * 150)
        // The final position is reached only in the limit.
        XCTAssertEqual(up.time(atPosition: up.finalPosition), .infinity)
        XCTAssertEqual(up.position(at: 60), up.finalPosition, accuracy: 1e-12 * 150)
    }

    func testReproducesFlutterNewtonTestFriction() throws {
        // flutter/flutter packages/flutter/test/physics/newton_test.dart, "test_friction":
        // FrictionSimulation(0.3, 100, 400) with Tolerance(velocity: 1): not done at 0,
        // x(0) = 100, dx(0) = 400, 330 < x(1) < 335, dx(1) = 120, dx(2) = 36, dx(3) ≈ 10.8,
        // dx(4) < 3.5, done at 5, 431 < x(5) < 432.
        let friction = try FlutterFrictionSimulation(
            drag: 0.3, position: 100, velocity: 400, tolerance: FlutterTolerance(velocity: 1))
        XCTAssertFalse(friction.isDone(at: 0))
        XCTAssertEqual(friction.position(at: 0), 100)
        XCTAssertEqual(friction.velocity(at: 0), 400)
        XCTAssertTrue(friction.position(at: 1) > 330 && friction.position(at: 1) < 335)
        XCTAssertEqual(friction.velocity(at: 1), 120, accuracy: 1e-12)
        XCTAssertEqual(friction.velocity(at: 2), 36, accuracy: 1e-12)
        XCTAssertEqual(friction.velocity(at: 3), 10.8, accuracy: 1e-10)
        XCTAssertLessThan(friction.velocity(at: 4), 3.5)
        XCTAssertTrue(friction.isDone(at: 5))
        XCTAssertTrue(friction.position(at: 5) > 431 && friction.position(at: 5) < 432)
        // The same at 40 digits (Python decimal): x(1) = 332.5633926231…, x(5) = 431.4260908271…,
        // dx(5) = 400·0.3⁵ = 0.972 (so done: 0.972 < 1, while dx(4) = 3.24 is not).
        XCTAssertEqual(friction.position(at: 1), 332.56339262311046336, accuracy: 1e-10)
        XCTAssertEqual(friction.position(at: 5), 431.42609082719472134, accuracy: 1e-10)
        XCTAssertEqual(friction.velocity(at: 5), 0.972, accuracy: 1e-13)
        XCTAssertFalse(friction.isDone(at: 4))
    }

    func testThroughReproducesFlutterNewtonTestFrictionThrough() throws {
        // newton_test.dart, "test_friction_through": a FrictionSimulation(0.025, 10, 600) is at
        // (x, dx) = (x(1), dx(1)) after 1 s; FrictionSimulation.through(10, x(1), 600, dx(1))
        // starts at (10, 600), is not done at 0, is done at 1 + precisionErrorTolerance
        // (1e-10), and has x(1) ≈ x(1), dx(1) ≈ dx(1) (1e-10); likewise from (1000, −500).
        // The end states, at 40 digits (Python decimal): x(1) = 10 + 600·0.975/(−ln 0.025)
        // = 168.58474294886282…, dx(1) = 15; and 1000 − 500·0.975/(−ln 0.025) = 867.84604754…,
        // dx(1) = −12.5.
        let cases: [(x0: Double, v0: Double, x1: Double, v1: Double)] = [
            (10, 600, 168.58474294886282307, 15),
            (1_000, -500, 867.84604754261431411, -12.5),
        ]
        for c in cases {
            let friction = try FlutterFrictionSimulation.through(
                startPosition: c.x0, endPosition: c.x1, startVelocity: c.v0, endVelocity: c.v1)
            // The drag that produced the end state, recovered from it.
            XCTAssertEqual(friction.drag, 0.025, accuracy: 1e-13)
            XCTAssertEqual(friction.tolerance.velocity, abs(c.v1))
            XCTAssertFalse(friction.isDone(at: 0))
            XCTAssertEqual(friction.position(at: 0), c.x0)
            XCTAssertEqual(friction.velocity(at: 0), c.v0)
            XCTAssertTrue(friction.isDone(at: 1 + 1e-10))
            XCTAssertFalse(friction.isDone(at: 1 - 1e-9))
            XCTAssertEqual(friction.position(at: 1), c.x1, accuracy: 1e-10)
            XCTAssertEqual(friction.velocity(at: 1), c.v1, accuracy: 1e-10)
            XCTAssertEqual(friction.time(atPosition: c.x1), 1, accuracy: 1e-12)
        }
    }

    func testThroughWithAnEndVelocityOfZeroStopsAtTheEndPosition() throws {
        // v₁ = 0: ln D = −v₀/(x₁ − x₀), so x(∞) = x₀ − v₀/ln D = x₁, reached only in the
        // limit; the velocity tolerance is 0, so the simulation is never done.
        let friction = try FlutterFrictionSimulation.through(
            startPosition: -20, endPosition: 280, startVelocity: 900, endVelocity: 0)
        XCTAssertEqual(friction.drag, exp(-3), accuracy: 1e-15)
        XCTAssertEqual(friction.finalPosition, 280, accuracy: 1e-12)
        XCTAssertEqual(friction.tolerance.velocity, 0)
        XCTAssertFalse(friction.isDone(at: 1_000))
    }

    func testPositionMatchesAHighResolutionIntegrationOfTheDragODE() throws {
        // ẋ = v, v̇ = ln D·v (the drag keeps D of the velocity per second), RK4 at 10 µs.
        let friction = try FlutterFrictionSimulation(drag: 0.025, position: -40, velocity: 1_800)
        let checkpoints = [0.02, 0.25, 1.0, 3.0]
        let reference = LinearDragReference.states(x0: -40, v0: 1_800, k: log(0.025), at: checkpoints)
        for (checkpoint, (x, v)) in zip(checkpoints, reference) {
            XCTAssertEqual(friction.position(at: checkpoint), x, accuracy: 1e-9 * 1_800, "t=\(checkpoint)")
            XCTAssertEqual(friction.velocity(at: checkpoint), v, accuracy: 1e-9 * 1_800, "t=\(checkpoint)")
        }
    }

    func testUIKitsNormalRatePerMillisecondIsTheDragPerSecondOfDecay() throws {
        // A rate r per ms is the drag r¹⁰⁰⁰ per s: 0.998¹⁰⁰⁰ = 0.13506… (Flutter's iOS 0.135).
        let drag = pow(0.998, 1_000.0)
        XCTAssertEqual(drag, 0.135, accuracy: 1e-4)
        let friction = try FlutterFrictionSimulation(drag: drag, position: 0, velocity: 2_000)
        let decay = Decay(decelerationRate: .normal)
        XCTAssertEqual(friction.finalPosition, decay.destination(from: 0.0, initialVelocity: 2_000.0),
                       accuracy: 1e-9)
        XCTAssertEqual(friction.position(at: 0.4), decay.value(at: 0.4, from: 0.0, initialVelocity: 2_000.0),
                       accuracy: 1e-9)
    }

    func testTimeAtPositionWithoutVelocityIsInfiniteExceptAtTheStart() throws {
        let resting = try FlutterFrictionSimulation(drag: 0.5, position: 7, velocity: 0)
        XCTAssertEqual(resting.time(atPosition: 7), 0)
        XCTAssertEqual(resting.time(atPosition: 8), .infinity)
        XCTAssertEqual(resting.finalPosition, 7)
        XCTAssertTrue(resting.isDone(at: 0))
    }

    func testRefusesInvalidParametersNamingThem() {
        func assertRefuses(_ name: String, _ body: () throws -> FlutterFrictionSimulation,
                           line: UInt = #line) {
            XCTAssertThrowsError(try body(), line: line) { error in
                guard case .invalidParameter(name, _, _)? = error as? HookeError else {
                    return XCTFail("expected \(name), got \(error)", line: line)
                }
            }
        }
        for drag in [0, 1, 1.5, -0.1, .nan, .infinity] {
            assertRefuses("drag") { try FlutterFrictionSimulation(drag: drag, position: 0, velocity: 1) }
        }
        assertRefuses("position") { try FlutterFrictionSimulation(drag: 0.5, position: .nan, velocity: 1) }
        assertRefuses("velocity") { try FlutterFrictionSimulation(drag: 0.5, position: 0, velocity: .infinity) }
        typealias F = FlutterFrictionSimulation
        assertRefuses("startPosition") {
            try F.through(startPosition: .nan, endPosition: 1, startVelocity: 1, endVelocity: 0)
        }
        assertRefuses("endPosition") {
            try F.through(startPosition: 3, endPosition: 3, startVelocity: 1, endVelocity: 0)
        }
        // Moving away from the end, or not moving.
        assertRefuses("startVelocity") {
            try F.through(startPosition: 0, endPosition: 10, startVelocity: -5, endVelocity: -1)
        }
        assertRefuses("startVelocity") {
            try F.through(startPosition: 0, endPosition: 10, startVelocity: 0, endVelocity: 0)
        }
        // Speeding up, keeping its speed (D = 1) or turning back.
        assertRefuses("endVelocity") {
            try F.through(startPosition: 0, endPosition: 10, startVelocity: 5, endVelocity: 6)
        }
        assertRefuses("endVelocity") {
            try F.through(startPosition: 0, endPosition: 10, startVelocity: 5, endVelocity: 5)
        }
        assertRefuses("endVelocity") {
            try F.through(startPosition: 0, endPosition: 10, startVelocity: 5, endVelocity: -1)
        }
        // e^(−2000) underflows to a drag of 0.
        assertRefuses("endPosition") {
            try F.through(startPosition: 0, endPosition: 1, startVelocity: 2_000, endVelocity: 0)
        }
    }
}
