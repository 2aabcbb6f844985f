import Foundation
import Hooke
import XCTest

/// `SpringSweep` used from code, as `hooke-bench` uses it.
final class SweepEngineTests: XCTestCase {
    private func cases() throws -> [SpringSweepCase] {
        var cases: [SpringSweepCase] = []
        for zeta in stride(from: 0.0, through: 1.6, by: 0.05) {
            for response in stride(from: 0.05, through: 0.6, by: 0.05) {
                for v0 in [-3.0, 0, 5] {
                    cases.append(SpringSweepCase(spring: try Spring(dampingRatio: zeta, response: response), initialVelocity: v0))
                }
            }
        }
        return cases
    }

    /// Every block of points is stepped by the same operations whichever worker runs it:
    /// 1 and 3 threads give identical metrics (more than one block of 256 points here).
    func testResultsAreBitIdenticalForEveryThreadCount() throws {
        let cases = try cases()
        XCTAssertGreaterThan(cases.count, 3 * SpringSweep.blockSize)
        let sweep = try SpringSweep(start: 3, target: -2, timestep: 1.0 / 60, integrator: .verlet, durationLimit: 2)
        // Compared as text (shortest round-trip digits, "nan" for NaN, which `==` would
        // call unequal to itself).
        let one = sweep.run(cases, threads: 1).map { "\($0)" }
        let three = sweep.run(cases, threads: 3).map { "\($0)" }
        XCTAssertEqual(one.count, cases.count)
        XCTAssertEqual(zip(one, three).filter { $0 != $1 }.count, 0)
    }

    /// `trajectory(of:)` returns the very samples `run` measured: the largest |v| over
    /// them is `peakVelocity` exactly, for every integrator.
    func testTrajectoryIsTheCurveTheMetricsCameFrom() throws {
        let cases = Array(try cases().prefix(300))
        for kind in IntegratorKind.allCases {
            let sweep = try SpringSweep(start: 0, target: 10, timestep: 1.0 / 120, integrator: kind, durationLimit: 1)
            let metrics = sweep.run(cases)
            for (sweepCase, metric) in zip(cases, metrics) where metric.isStable {
                let states = sweep.trajectory(of: sweepCase)
                XCTAssertEqual(states.count, sweep.stepCount + 1)
                XCTAssertEqual(states.map { abs($0.velocity) }.max(), metric.peakVelocity, "\(kind)")
            }
        }
    }

    /// Invalid settings are refused naming the parameter.
    func testInvalidSettingsNameTheParameter() {
        XCTAssertThrowsError(try SpringSweep(tolerance: 0)) { XCTAssertTrue("\($0)".hasPrefix("tolerance")) }
        XCTAssertThrowsError(try SpringSweep(timestep: -1)) { XCTAssertTrue("\($0)".hasPrefix("timestep")) }
        XCTAssertThrowsError(try SpringSweep(start: .nan)) { XCTAssertTrue("\($0)".hasPrefix("start")) }
        XCTAssertThrowsError(try SpringSweep(timestep: 0.1, durationLimit: 0.05)) {
            XCTAssertTrue("\($0)".hasPrefix("durationLimit"))
        }
    }
}
