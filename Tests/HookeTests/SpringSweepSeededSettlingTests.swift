import XCTest
import Hooke
@testable import HookeCore

/// The seeded settling search (`Spring.settlingDuration(…near:)`) used by the sweep's
/// closed-form cross-check must return what the full root search returns.
final class SpringSweepSeededSettlingTests: XCTestCase {
    /// Damping ratios from nearly undamped through critical to strongly over-damped,
    /// with the neighbourhood of ζ = 1 on both sides.
    private let ratios = [0.001, 0.02, 0.1, 0.3, 0.5, 0.7, 0.9, 0.99, 0.999999, 1, 1.000001, 1.01, 1.5, 3]
    private let responses = [0.1, 0.37, 1.0]
    private let velocities = [-8.0, -1, 0, 1, 8]

    private func cases() throws -> [SpringSweepCase] {
        var cases: [SpringSweepCase] = []
        for zeta in ratios {
            for response in responses {
                let spring = try Spring(dampingRatio: zeta, response: response)
                for v0 in velocities { cases.append(SpringSweepCase(spring: spring, initialVelocity: v0)) }
            }
        }
        return cases
    }

    /// Seeded with the settling time the exact integrator measures, the local search
    /// agrees with `settlingDuration` to 1e-12 s at every grid point, and it succeeds on
    /// its own (without falling back) at most of them.
    func testSeededBySimulationEqualsFullSearch() throws {
        for (start, target) in [(0.0, 1.0), (3.0, -2.0), (0.5, 0.5)] {
            let sweep = try SpringSweep(start: start, target: target, tolerance: 0.001, timestep: 1.0 / 120,
                                        integrator: .exact, durationLimit: 40)
            let grid = try cases().filter { start != target || $0.initialVelocity != 0 }
            var sweepWithout = sweep
            sweepWithout.computesClosedFormSettling = false
            let measured = sweepWithout.run(grid)
            var local = 0
            var seeded = 0
            for (sweepCase, metrics) in zip(grid, measured) {
                let spring = sweepCase.spring
                let v0 = sweepCase.initialVelocity
                let full = try spring.settlingDuration(from: start, to: target, initialVelocity: v0, tolerance: 0.001)
                let estimate = metrics.settlingDuration
                guard estimate.isFinite, estimate > 0 else { continue }
                seeded += 1
                let fast = try spring.settlingDuration(
                    from: start, to: target, initialVelocity: v0, tolerance: 0.001, near: estimate)
                XCTAssertEqual(fast, full, accuracy: 1e-12,
                               "ζ \(spring.dampingRatio) response \(spring.response) v0 \(v0) from \(start) to \(target)")
                if let proven = spring.seededSettlingDuration(x0: start - target, v0: v0, tolerance: 0.001, estimate: estimate) {
                    local += 1
                    XCTAssertEqual(proven, full, accuracy: 1e-12)
                }
            }
            XCTAssertGreaterThan(seeded, grid.count / 2)
            XCTAssertGreaterThanOrEqual(Double(local), 0.9 * Double(seeded), "local search proved \(local) of \(seeded)")
        }
    }

    /// Poor seeds — half a period early or late, a tenth of the time, far past it — never
    /// give a wrong answer: either the local search proves the true last exit or the full
    /// search runs.
    func testPoorSeedsFallBack() throws {
        var rejected = 0
        var total = 0
        for sweepCase in try cases() {
            let spring = sweepCase.spring
            let v0 = sweepCase.initialVelocity
            let full = try spring.settlingDuration(from: 0, to: 1, initialVelocity: v0, tolerance: 0.001)
            guard full.isFinite, full > 0 else { continue }
            let period = spring.response
            for estimate in [full - 0.5 * period, full + 0.5 * period, 0.1 * full, 3 * full + 1, full - 0.27 * period] where estimate > 0 {
                total += 1
                let fast = try spring.settlingDuration(from: 0, to: 1, initialVelocity: v0, tolerance: 0.001, near: estimate)
                XCTAssertEqual(fast, full, accuracy: 1e-12, "ζ \(spring.dampingRatio) v0 \(v0) seed \(estimate)")
                if spring.seededSettlingDuration(x0: -1, v0: v0, tolerance: 0.001, estimate: estimate) == nil { rejected += 1 }
            }
        }
        // Most poor seeds lead Newton to another crossing, which the proof rejects.
        XCTAssertGreaterThan(rejected, total / 2)
    }

    /// Degenerate motions go to the full search: at rest, undamped, non-finite seeds.
    func testDegenerateMotions() throws {
        let undamped = try Spring(mass: 1, stiffness: 100, damping: 0)
        XCTAssertNil(undamped.seededSettlingDuration(x0: -1, v0: 0, tolerance: 0.001, estimate: 1))
        XCTAssertEqual(try undamped.settlingDuration(from: 0, to: 1, initialVelocity: 0, tolerance: 0.001, near: 1), .infinity)
        let spring = try Spring(dampingRatio: 0.5, response: 0.3)
        XCTAssertNil(spring.seededSettlingDuration(x0: 0, v0: 0, tolerance: 0.001, estimate: 1))
        XCTAssertNil(spring.seededSettlingDuration(x0: -1, v0: 0, tolerance: 0.001, estimate: .nan))
        XCTAssertEqual(try spring.settlingDuration(from: 1, to: 1, initialVelocity: 0, tolerance: 0.001, near: 0.3), 0)
    }
}
