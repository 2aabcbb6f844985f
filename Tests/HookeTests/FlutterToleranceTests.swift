import Hooke
import XCTest

final class FlutterToleranceTests: XCTestCase {
    func testDefaultIsFlutters0_001ForEachValue() throws {
        // flutter/flutter packages/flutter/lib/src/physics/tolerance.dart: "By default, the
        // distance, time, and velocity tolerances are all ±0.001".
        let standard = FlutterTolerance.defaultTolerance
        XCTAssertEqual(standard.distance, 0.001)
        XCTAssertEqual(standard.time, 0.001)
        XCTAssertEqual(standard.velocity, 0.001)
        XCTAssertEqual(try FlutterTolerance(), standard)
        let velocityOnly = try FlutterTolerance(velocity: 45)
        XCTAssertEqual(velocityOnly.distance, 0.001)
        XCTAssertEqual(velocityOnly.velocity, 45)
        // 0 is allowed: FrictionSimulation.through builds Tolerance(velocity: 0) for v₁ = 0.
        XCTAssertEqual(try FlutterTolerance(velocity: 0).velocity, 0)
    }

    func testRefusesNegativeOrNonFiniteValuesNamingThem() {
        let cases: [(String, () throws -> FlutterTolerance)] = [
            ("distance", { try FlutterTolerance(distance: -1e-3) }),
            ("time", { try FlutterTolerance(time: .nan) }),
            ("velocity", { try FlutterTolerance(velocity: .infinity) }),
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
