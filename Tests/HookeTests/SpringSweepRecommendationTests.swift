import Foundation
import Hooke
import XCTest

/// `SpringSweepRecommendation.choose` on metrics written by hand, whose answer is known by
/// inspection, and on a real sweep against the closed-form overshoot e^{−ζπ/√(1−ζ²)}.
final class SpringSweepRecommendationTests: XCTestCase {
    private func metrics(
        settle: Double, overshoot: Double = 0, rise: Double = 0.1, oscillations: Int = 0, stable: Bool = true
    ) -> SpringSweepMetrics {
        SpringSweepMetrics(
            settlingDuration: settle, overshoot: overshoot, peakTime: .nan, riseTime: rise,
            oscillations: oscillations, peakVelocity: 0, peakAcceleration: 0, maxError: .nan,
            isStable: stable, exactSettlingDuration: settle)
    }

    func testTheRequirementsAreAppliedInTheirOrder() {
        XCTAssertEqual(SpringSweepConstraints().requirements, [.stable, .settles])
        let all = SpringSweepConstraints(
            maxOvershoot: 0.02, maxSettle: 1, minOscillations: 1, maxOscillations: 3, objective: .rise)
        XCTAssertEqual(all.requirements, [.stable, .settles, .rises, .maxOvershoot(0.02), .maxSettle(1),
                                          .minOscillations(1), .maxOscillations(3)])
    }

    /// The smallest objective among the candidates: the unstable point and the one that
    /// never settles are passed over although their numbers are smaller.
    func testTheCandidateWithTheSmallestObjectiveIsChosen() {
        let points = [
            metrics(settle: 0.1, stable: false),
            metrics(settle: .infinity),
            metrics(settle: 0.5, overshoot: 0.2),
            metrics(settle: 0.3, overshoot: 0.1),
            metrics(settle: 0.4, overshoot: 0.01),
        ]
        XCTAssertEqual(SpringSweepRecommendation.choose(points, constraints: SpringSweepConstraints()), .found(position: 3))
        XCTAssertEqual(SpringSweepRecommendation.choose(points, constraints: SpringSweepConstraints(objective: .overshoot)),
                       .found(position: 4))
        XCTAssertEqual(SpringSweepRecommendation.choose(points, constraints: SpringSweepConstraints(maxOvershoot: 0.05)),
                       .found(position: 4))
        XCTAssertTrue(SpringSweepConstraints(maxOvershoot: 0.05).admits(points[4]))
        XCTAssertFalse(SpringSweepConstraints(maxOvershoot: 0.05).admits(points[3]))
    }

    /// Equal objectives go to the smaller settling duration, then to the earlier point.
    func testTiesGoToTheFasterThenTheEarlierPoint() {
        let points = [
            metrics(settle: 0.6, overshoot: 0.1),
            metrics(settle: 0.4, overshoot: 0.1),
            metrics(settle: 0.4, overshoot: 0.1),
        ]
        let constraints = SpringSweepConstraints(objective: .overshoot)
        XCTAssertEqual(SpringSweepRecommendation.choose(points, constraints: constraints), .found(position: 1))
        // A lazy view chooses as the array does.
        XCTAssertEqual(SpringSweepRecommendation.choose(points.lazy.map { $0 }, constraints: constraints), .found(position: 1))
    }

    /// The rise objective needs a rise time: a point without one is no candidate.
    func testTheRiseObjectiveNeedsARiseTime() {
        let points = [metrics(settle: 0.2, rise: .nan), metrics(settle: 0.5, rise: 0.2)]
        XCTAssertEqual(SpringSweepRecommendation.choose(points, constraints: SpringSweepConstraints(objective: .rise)),
                       .found(position: 1))
    }

    /// With no candidate, each requirement's count on its own and the one that removed
    /// the last candidates: of 4 points 1 is unstable; of the 3 left, overshoot ≤ 5 %
    /// keeps 1 (it excludes 2 points on its own), and ≥ 2 oscillations removes that one.
    func testNoCandidateSaysWhichRequirementLeftNone() {
        let points = [
            metrics(settle: 0.2, overshoot: 0.01, oscillations: 3, stable: false),
            metrics(settle: 0.3, overshoot: 0.2, oscillations: 4),
            metrics(settle: 0.4, overshoot: 0.1, oscillations: 2),
            metrics(settle: 0.5, overshoot: 0.03, oscillations: 1),
        ]
        let constraints = SpringSweepConstraints(maxOvershoot: 0.05, minOscillations: 2)
        let expected = SpringSweepRecommendation.Shortfall(
            pointCount: 4,
            exclusions: [
                .init(requirement: .stable, count: 1), .init(requirement: .settles, count: 0),
                .init(requirement: .maxOvershoot(0.05), count: 2), .init(requirement: .minOscillations(2), count: 1),
            ],
            lastRequirement: .minOscillations(2), lastRemoved: 1)
        XCTAssertEqual(SpringSweepRecommendation.choose(points, constraints: constraints), .noCandidate(expected))
        XCTAssertEqual(SpringSweepRecommendation.choose([SpringSweepMetrics](), constraints: constraints), .noPoints)
    }

    /// A sweep of ζ = 0.3, 0.5, 0.7 (response 0.4 s) stepped exactly: each overshoot is
    /// the closed form's e^{−ζπ/√(1−ζ²)} to 10⁻⁴, and the least-overshoot point is ζ = 0.7.
    func testARealSweepRecommendsTheClosedFormsAnswer() throws {
        let zetas = [0.3, 0.5, 0.7]
        let grid = try SpringSweepGrid(.dampingRatioResponse, first: SpringSweepAxis(values: zetas),
                                       second: SpringSweepAxis(values: [0.4]))
        let cases = try (0..<grid.count).map { index throws(SpringSweepGridError) in try grid.point(index).sweepCase }
        let measured = try SpringSweep(timestep: 1.0 / 240).run(cases)
        for (zeta, point) in zip(zetas, measured) {
            XCTAssertEqual(point.overshoot, exp(-zeta * Double.pi / (1 - zeta * zeta).squareRoot()), accuracy: 1e-4)
        }
        XCTAssertEqual(SpringSweepRecommendation.choose(measured, constraints: SpringSweepConstraints(objective: .overshoot)),
                       .found(position: 2))
    }
}
