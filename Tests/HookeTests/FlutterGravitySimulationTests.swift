import Foundation
import Hooke
import XCTest

final class FlutterGravitySimulationTests: XCTestCase {
    func testReproducesFlutterGravitySimulationTest1() throws {
        // flutter/flutter packages/flutter/test/physics/gravity_simulation_test.dart,
        // "Gravity simulation 1": GravitySimulation(9.81, 10, 0, 0).x(10) ≈ 50·9.81 + 10.
        let gravity = try FlutterGravitySimulation(acceleration: 9.81, position: 10, endDistance: 0, velocity: 0)
        XCTAssertEqual(gravity.position(at: 10), 50 * 9.81 + 10, accuracy: 1e-10)
        // An end distance of 0 is reached from the start: |x| ≥ 0 always.
        XCTAssertTrue(gravity.isDone(at: 0))
    }

    func testReproducesFlutterGravitySimulationTest2() throws {
        // Same file, "Gravity simulation 2": GravitySimulation(−10, 0, 6, 10), a throw up
        // that turns at t = 1 and falls back past the origin; exact values:
        // t = 0: x 0, dx 10, not done; t = 1: x 5, dx 0; not done at 0.2;
        // t = 2: x 0, dx −10, not done; t = 3: x −15, dx −20, done (|−15| ≥ 6).
        let gravity = try FlutterGravitySimulation(acceleration: -10, position: 0, endDistance: 6, velocity: 10)
        XCTAssertEqual(gravity.position(at: 0), 0)
        XCTAssertEqual(gravity.velocity(at: 0), 10)
        XCTAssertFalse(gravity.isDone(at: 0))
        XCTAssertEqual(gravity.position(at: 1), 5)
        XCTAssertEqual(gravity.velocity(at: 1), 0)
        XCTAssertFalse(gravity.isDone(at: 0.2))
        XCTAssertEqual(gravity.position(at: 2), 0)
        XCTAssertEqual(gravity.velocity(at: 2), -10)
        XCTAssertFalse(gravity.isDone(at: 2))
        XCTAssertEqual(gravity.position(at: 3), -15)
        XCTAssertEqual(gravity.velocity(at: 3), -20)
        XCTAssertTrue(gravity.isDone(at: 3))
        // The end distance is measured from the origin on either side: |x| reaches 6 on the
        // way down at t = 1 + √(11/5) = 2.48324… (x = −6), never on the way up (peak 5).
        let tEnd = 1 + (11.0 / 5).squareRoot()
        XCTAssertEqual(gravity.position(at: tEnd), -6, accuracy: 1e-12)
        XCTAssertFalse(gravity.isDone(at: tEnd - 1e-6))
        XCTAssertTrue(gravity.isDone(at: tEnd + 1e-6))
    }

    func testReproducesFlutterNewtonTestGravity() throws {
        // flutter/flutter packages/flutter/test/physics/newton_test.dart, "test_gravity":
        // GravitySimulation(200, 100, 600, 0): x = 100, 106.25, 125, 156.25, 200, 256.25, 325,
        // 406.25 and dx = 0, 50, …, 350 at t = 0, 0.25, …, 1.75 (all exact); done at 2.5 with
        // x 725, dx 500.
        let gravity = try FlutterGravitySimulation(acceleration: 200, position: 100, endDistance: 600, velocity: 0)
        XCTAssertFalse(gravity.isDone(at: 0))
        let positions = [100, 106.25, 125, 156.25, 200, 256.25, 325, 406.25]
        for (i, x) in positions.enumerated() {
            let t = Double(i) * 0.25
            XCTAssertEqual(gravity.position(at: t), x, "t=\(t)")
            XCTAssertEqual(gravity.velocity(at: t), Double(i) * 50, "t=\(t)")
        }
        XCTAssertTrue(gravity.isDone(at: 2.5))
        XCTAssertEqual(gravity.position(at: 2.5), 725)
        XCTAssertEqual(gravity.velocity(at: 2.5), 500)
    }

    func testRefusesInvalidParametersNamingThem() {
        let cases: [(String, () throws -> FlutterGravitySimulation)] = [
            ("acceleration", { try FlutterGravitySimulation(acceleration: .nan, position: 0, endDistance: 1, velocity: 0) }),
            ("position", { try FlutterGravitySimulation(acceleration: 1, position: .infinity, endDistance: 1, velocity: 0) }),
            ("endDistance", { try FlutterGravitySimulation(acceleration: 1, position: 0, endDistance: -1, velocity: 0) }),
            ("velocity", { try FlutterGravitySimulation(acceleration: 1, position: 0, endDistance: 1, velocity: .nan) }),
        ]
        for (name, body) in cases {
            XCTAssertThrowsError(try body()) { error in
                guard case .invalidParameter(name, _, _)? = error as? HookeError else {
                    return XCTFail("expected \(name), got \(error)")
                }
            }
        }
    }
}
