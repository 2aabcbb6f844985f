import Foundation
import Hooke
import XCTest

final class FlutterBoundedFrictionSimulationTests: XCTestCase {
    func testReproducesFlutterBoundedFrictionSimulationControlTest() throws {
        // flutter/flutter packages/flutter/test/physics/newton_test.dart,
        // "BoundedFrictionSimulation control test": BoundedFrictionSimulation(0.3, 100, 400,
        // 50, 150) with Tolerance(velocity: 1) is not done at 0, has x(0) = 100, dx(0) = 400,
        // x(1) = 150 (clamped: unbounded it would be at 332.56…) and is done at 1.
        let friction = try FlutterBoundedFrictionSimulation(
            drag: 0.3, position: 100, velocity: 400, limits: 50...150,
            tolerance: FlutterTolerance(velocity: 1))
        XCTAssertFalse(friction.isDone(at: 0))
        XCTAssertEqual(friction.position(at: 0), 100)
        XCTAssertEqual(friction.velocity(at: 0), 400)
        XCTAssertEqual(friction.position(at: 1), 150)
        XCTAssertTrue(friction.isDone(at: 1))
        // Flutter documents that only the position is clamped: dx(1) is still 400·0.3 = 120.
        XCTAssertEqual(friction.velocity(at: 1), 120, accuracy: 1e-12)
        XCTAssertFalse(friction.unbounded.isDone(at: 1))
    }

    func testIsDoneWhenItReachesALimitInEitherDirection() throws {
        // The unbounded motion reaches x₀ ± 50 at t = ln(1 + ln 0.3·50/400)/ln 0.3
        // = 0.13547094716287109… s (Python decimal, 40 digits); from then on the position
        // rests on the limit, and the simulation is done (distance tolerance 0.001).
        let t = 0.13547094716287109025
        for (velocity, limit) in [(400.0, 150.0), (-400.0, 50.0)] {
            let friction = try FlutterBoundedFrictionSimulation(
                drag: 0.3, position: 100, velocity: velocity, limits: 50...150)
            XCTAssertEqual(friction.unbounded.time(atPosition: limit), t, accuracy: 1e-12)
            XCTAssertFalse(friction.isDone(at: t - 1e-3))
            XCTAssertNotEqual(friction.position(at: t - 1e-3), limit)
            // At 1 µs before the limit it is 1e-6·|v| ≈ 3e-4 < 0.001 from it: done.
            XCTAssertTrue(friction.isDone(at: t - 1e-6))
            for later in [t + 1e-6, 0.5, 10] {
                XCTAssertEqual(friction.position(at: later), limit)
                XCTAssertTrue(friction.isDone(at: later))
            }
            XCTAssertEqual(friction.finalPosition, limit)
        }
    }

    func testInsideTheLimitsItIsTheUnboundedSimulation() throws {
        // x(∞) = 100 − 400/ln 0.3 = 432.23341803301494766 (Python decimal) lies inside
        // [0, 1000], so the motion never touches a limit and ends by its velocity alone.
        let bounded = try FlutterBoundedFrictionSimulation(
            drag: 0.3, position: 100, velocity: 400, limits: 0...1_000,
            tolerance: FlutterTolerance(velocity: 1))
        XCTAssertEqual(bounded.finalPosition, 432.23341803301494766, accuracy: 1e-10)
        for t in [0.0, 0.5, 2, 4.9, 5.1] {
            XCTAssertEqual(bounded.position(at: t), bounded.unbounded.position(at: t))
            XCTAssertEqual(bounded.isDone(at: t), bounded.unbounded.isDone(at: t))
        }
        // dx(4) = 3.24, dx(5) = 0.972 (velocity tolerance 1).
        XCTAssertFalse(bounded.isDone(at: 4))
        XCTAssertTrue(bounded.isDone(at: 5))
    }

    func testOneSidedLimits() throws {
        let friction = try FlutterBoundedFrictionSimulation(
            drag: 0.1, position: 0, velocity: -300, limits: -50...Double.infinity)
        XCTAssertEqual(friction.position(at: 5), -50)
        XCTAssertTrue(friction.isDone(at: 5))
        let away = try FlutterBoundedFrictionSimulation(
            drag: 0.1, position: 0, velocity: 300, limits: -50...Double.infinity)
        // 300/ln 10 = 130.28834457097555… (Python decimal).
        XCTAssertEqual(away.finalPosition, 130.28834457097555, accuracy: 1e-10)
    }

    func testRefusesAStartOutsideTheLimitsAndInvalidFriction() {
        XCTAssertThrowsError(try FlutterBoundedFrictionSimulation(
            drag: 0.3, position: 151, velocity: 1, limits: 50...150)) { error in
            guard case .invalidParameter("position", _, _)? = error as? HookeError else {
                return XCTFail("unexpected \(error)")
            }
        }
        XCTAssertThrowsError(try FlutterBoundedFrictionSimulation(
            drag: 1.3, position: 100, velocity: 1, limits: 50...150)) { error in
            guard case .invalidParameter("drag", _, _)? = error as? HookeError else {
                return XCTFail("unexpected \(error)")
            }
        }
    }
}
