import Foundation
import Hooke
import XCTest

/// `SpringSweepGrid.Parameterization`: each one's points are the springs of its `Spring`
/// initialiser, its domains refuse what the initialiser refuses, and the mass-1 ones
/// refuse a mass axis; the peak requirements and objectives of `SpringSweepConstraints`.
final class SpringSweepParameterizationTests: XCTestCase {
    /// Every parameterisation's point is bit for bit the spring its initialiser makes.
    func testEveryPointIsTheSpringOfItsInitialiser() throws {
        let cases: [(SpringSweepGrid.Parameterization, Double, Double, Double, Spring)] = [
            (.dampingRatioResponse, 0.7, 0.4, 2, try Spring(dampingRatio: 0.7, response: 0.4, mass: 2)),
            (.stiffnessDamping, 300, 20, 1.5, try Spring(mass: 1.5, stiffness: 300, damping: 20)),
            (.durationBounce, 0.5, 0.3, 1, try Spring(duration: 0.5, bounce: 0.3)),
            (.uikitDurationDamping, 0.6, 0.8, 2, try Spring(uikitDuration: 0.6, dampingRatio: 0.8, mass: 2)),
            (.popBouncinessSpeed, 12, 5, 1, try Spring(bounciness: 12, speed: 5)),
            (.reactSpringTensionFriction, 170, 26, 1, try Spring(mass: 1, stiffness: 170, damping: 26)),
            (.reactSpringFrequencyDamping, 0.5, 1, 1, try Spring(reactSpringFrequency: 0.5, damping: 1)),
            (.smoothDurationExtraBounce, 0.5, 0, 1, Spring.smooth),
            (.snappyDurationExtraBounce, 0.5, 0, 1, Spring.snappy),
            (.bouncyDurationExtraBounce, 0.5, 0, 1, Spring.bouncy),
            (.motionVisualDurationBounce, 0.3, 0.3, 1, try Spring(visualDuration: 0.3, bounce: 0.3)),
            (.androidStiffnessDampingRatio, 1500, 1, 1, SpringPreset.compose.spring),
        ]
        XCTAssertEqual(Set(cases.map(\.0.rawValue)), Set(SpringSweepGrid.Parameterization.allCases.map(\.rawValue)))
        for (kind, a, b, m, spring) in cases {
            let grid = try SpringSweepGrid(kind, first: SpringSweepAxis(values: [a]), second: SpringSweepAxis(values: [b]),
                                           mass: SpringSweepAxis(values: [m]))
            let point = try grid.point(0)
            XCTAssertEqual(point.spring, spring, "\(kind)")
            XCTAssertEqual(point.first, a)
            XCTAssertEqual(point.second, b)
        }
        // react-spring's config.default is stiffness 170, damping 26, mass 1.
        XCTAssertEqual(try SpringSweepGrid.Parameterization.reactSpringTensionFriction.spring(170, 26, mass: 1),
                       SpringPreset.reactSpringDefault.spring)
    }

    /// Values outside a parameter's domain are refused with the axis; a mass axis other
    /// than [1] is refused for the parameterisations whose springs have mass 1.
    func testDomainsAndTheUnitMass() {
        func refusal(_ make: () throws(SpringSweepGridError) -> SpringSweepGrid) -> SpringSweepGridError? {
            do { _ = try make(); return nil } catch { return error }
        }
        XCTAssertEqual(refusal { () throws(SpringSweepGridError) in
            try SpringSweepGrid(.popBouncinessSpeed, first: SpringSweepAxis(values: [21]), second: SpringSweepAxis(values: [5]))
        }, .valueOutsideDomain(.first, value: 21, domain: .popRange))
        XCTAssertEqual(refusal { () throws(SpringSweepGridError) in
            try SpringSweepGrid(.uikitDurationDamping, first: SpringSweepAxis(values: [0.5]), second: SpringSweepAxis(values: [1.2]))
        }, .valueOutsideDomain(.second, value: 1.2, domain: .unitInterval))
        // Bouncy's base bounce is 0.3: an extra bounce of 0.8 makes 1.1, outside (−1, 1].
        XCTAssertEqual(refusal { () throws(SpringSweepGridError) in
            try SpringSweepGrid(.bouncyDurationExtraBounce, first: SpringSweepAxis(values: [0.5]), second: SpringSweepAxis(values: [0.7, 0.8]))
        }, .valueOutsideDomain(.second, value: 0.8, domain: .extraBounce(base: 0.3)))
        XCTAssertEqual(refusal { () throws(SpringSweepGridError) in
            try SpringSweepGrid(.motionVisualDurationBounce, first: SpringSweepAxis(values: [0.3]), second: SpringSweepAxis(values: [0]),
                                mass: SpringSweepAxis(values: [1, 2]))
        }, .massNotSwept(.motionVisualDurationBounce, value: 2))
        XCTAssertNil(refusal { () throws(SpringSweepGridError) in
            try SpringSweepGrid(.reactSpringTensionFriction, first: SpringSweepAxis(values: [170]), second: SpringSweepAxis(values: [26]),
                                mass: SpringSweepAxis(values: [1, 2]))
        })
        XCTAssertEqual(SpringSweepGrid.Parameterization.snappyDurationExtraBounce.parameterNames.0, "duration")
        XCTAssertEqual(SpringSweepGrid.Parameterization.snappyDurationExtraBounce.parameterNames.1, "extraBounce")
    }

    /// Whether an axis ending at a value could go further: not past a domain's end.
    func testDomainExtension() {
        XCTAssertFalse(SpringSweepAxis.Domain.nonNegative.extends(beyond: 0, upward: false))
        XCTAssertTrue(SpringSweepAxis.Domain.nonNegative.extends(beyond: 0.1, upward: false))
        XCTAssertFalse(SpringSweepAxis.Domain.bounce.extends(beyond: 1, upward: true))
        XCTAssertFalse(SpringSweepAxis.Domain.popRange.extends(beyond: 20, upward: true))
        XCTAssertTrue(SpringSweepAxis.Domain.popRange.extends(beyond: 19, upward: true))
        XCTAssertFalse(SpringSweepAxis.Domain.extraBounce(base: 0.3).extends(beyond: 0.7, upward: true))
        XCTAssertTrue(SpringSweepAxis.Domain.positive.extends(beyond: 1e-9, upward: false))
    }

    /// The peak limits follow the other requirements, and the peak objectives choose the
    /// smallest peak among the candidates.
    func testPeakRequirementsAndObjectives() {
        func point(settle: Double, velocity: Double, acceleration: Double) -> SpringSweepMetrics {
            SpringSweepMetrics(
                settlingDuration: settle, overshoot: 0, peakTime: .nan, riseTime: 0.1, oscillations: 0,
                peakVelocity: velocity, peakAcceleration: acceleration, maxError: .nan, isStable: true,
                exactSettlingDuration: settle)
        }
        let constraints = SpringSweepConstraints(maxOvershoot: 0.1, maxPeakVelocity: 5, maxPeakAcceleration: 100)
        XCTAssertEqual(constraints.requirements, [.stable, .settles, .maxOvershoot(0.1), .maxPeakVelocity(5), .maxPeakAcceleration(100)])
        let points = [
            point(settle: 0.2, velocity: 6, acceleration: 50),    // too fast
            point(settle: 0.3, velocity: 4, acceleration: 150),   // accelerates too hard
            point(settle: 0.5, velocity: 3, acceleration: 90),
            point(settle: 0.4, velocity: 4.5, acceleration: 80),
        ]
        XCTAssertEqual(SpringSweepRecommendation.choose(points, constraints: constraints), .found(position: 3))
        XCTAssertEqual(SpringSweepRecommendation.choose(points, constraints: SpringSweepConstraints(objective: .peakVelocity)),
                       .found(position: 2))
        XCTAssertEqual(SpringSweepRecommendation.choose(points, constraints: SpringSweepConstraints(objective: .peakAcceleration)),
                       .found(position: 0))
        guard case let .noCandidate(shortfall) = SpringSweepRecommendation.choose(
            points, constraints: SpringSweepConstraints(maxPeakVelocity: 2)) else { return XCTFail("a candidate") }
        XCTAssertEqual(shortfall.lastRequirement, .maxPeakVelocity(2))
        XCTAssertEqual(shortfall.lastRemoved, 4)
    }
}
