import HookeInteractions
import XCTest

final class VelocityEstimatorTests: XCTestCase {
    /// A finger moving as x(t) = x₀ + v·t + ½a·t² (exactly quadratic, no noise): the
    /// quadratic fit reproduces it, so the estimate is the true velocity v + a·t at the
    /// newest sample, to rounding.
    func testNoiselessQuadraticMotionGivesTheExactVelocity() throws {
        var estimator = VelocityEstimator()
        let velocity = SIMD2(1200.0, -300.0)
        let acceleration = SIMD2(-4000.0, 2500.0)
        var lastTime = 0.0
        for index in 0..<30 {
            let t = Double(index) / 120
            lastTime = t
            try estimator.add(GestureSample(time: t, location: SIMD2(10, 20) + velocity * t + 0.5 * acceleration * t * t))
        }
        let expected = velocity + acceleration * lastTime
        let estimate = estimator.velocity()
        XCTAssertEqual(estimate.x, expected.x, accuracy: 1e-8 * abs(expected.x))
        XCTAssertEqual(estimate.y, expected.y, accuracy: 1e-8 * abs(expected.y))
    }

    /// With half a point of Gaussian touch noise at 120 Hz (and jittered timestamps), the
    /// least-squares estimate beats the last-two-points difference quotient by a wide
    /// margin. Theory for the difference quotient: σ·√2/Δt ≈ 85 pt/s RMS. For the
    /// quadratic fit over 12–13 samples spanning 0.1 s, the slope at the window's end has
    /// a standard deviation of roughly σ·√(192/n)/T ≈ 20 pt/s; both are checked here
    /// against a true velocity of 1500 pt/s over 400 seeded gestures.
    func testNoisyGesturesAreEstimatedFarBetterThanByTheLastTwoPoints() throws {
        var random = SeededRandom(seed: 42)
        let sigma = 0.5
        var squaredErrorFit = 0.0
        var squaredErrorTwoPoint = 0.0
        let trials = 400
        for _ in 0..<trials {
            var estimator = VelocityEstimator()
            let velocity = SIMD2(1500.0, 0.0)
            let acceleration = SIMD2(-2000.0, 0.0)
            var time = 0.0
            var previous: GestureSample? = nil
            var last: GestureSample? = nil
            for _ in 0..<40 {
                time += 1.0 / 120 + Double.random(in: -0.0005...0.0005, using: &random)
                let truth = velocity * time + 0.5 * acceleration * time * time
                let sample = GestureSample(
                    time: time, location: truth + SIMD2(sigma * random.gaussian(), sigma * random.gaussian()))
                try estimator.add(sample)
                previous = last
                last = sample
            }
            let trueVelocity = (velocity + acceleration * time).x
            let fit = estimator.velocity().x
            let (a, b) = (try XCTUnwrap(previous), try XCTUnwrap(last))
            let twoPoint = (b.location.x - a.location.x) / (b.time - a.time)
            squaredErrorFit += (fit - trueVelocity) * (fit - trueVelocity)
            squaredErrorTwoPoint += (twoPoint - trueVelocity) * (twoPoint - trueVelocity)
        }
        let rmsFit = (squaredErrorFit / Double(trials)).squareRoot()
        let rmsTwoPoint = (squaredErrorTwoPoint / Double(trials)).squareRoot()
        print("velocity RMS error: fit \(rmsFit) pt/s, last two points \(rmsTwoPoint) pt/s")
        XCTAssertEqual(rmsTwoPoint, 85, accuracy: 15, "the difference quotient's noise is σ√2/Δt")
        XCTAssertLessThan(rmsFit, 30, "RMS error of the fit \(rmsFit) pt/s")
        XCTAssertLessThan(rmsFit, rmsTwoPoint / 3)
    }

    /// Only the last 100 ms count: an earlier, different motion does not leak in.
    func testOnlyTheHorizonCounts() throws {
        var estimator = VelocityEstimator()
        var x = 0.0
        for index in 0..<60 {
            let t = Double(index) / 120
            // 0.25 s at −800 pt/s, then 250 ms at +400 pt/s.
            x += (index < 30 ? -800.0 : 400.0) / 120
            try estimator.add(GestureSample(time: t, location: SIMD2(x, 0)))
        }
        XCTAssertEqual(estimator.velocity().x, 400, accuracy: 1e-8)
    }

    /// A finger that stopped for more than 40 ms has no release velocity.
    func testAPauseResetsTheVelocity() throws {
        var estimator = VelocityEstimator()
        for index in 0..<10 {
            let t = Double(index) / 120
            try estimator.add(GestureSample(time: t, location: SIMD2(1000 * t, 0)))
        }
        let newest = 9.0 / 120
        XCTAssertEqual(estimator.velocity(at: newest + 0.03).x, 1000, accuracy: 1e-8)
        XCTAssertEqual(estimator.velocity(at: newest + 0.05), .zero)
        // A sample after a 60 ms pause starts a new window: one sample, no velocity.
        try estimator.add(GestureSample(time: newest + 0.06, location: SIMD2(75, 0)))
        XCTAssertEqual(estimator.velocity(), .zero)
    }

    func testTwoSamplesGiveTheirSlope() throws {
        var estimator = VelocityEstimator()
        try estimator.add(GestureSample(time: 1.00, location: SIMD2(0, 0)))
        try estimator.add(GestureSample(time: 1.01, location: SIMD2(5, -2)))
        XCTAssertEqual(estimator.velocity().x, 500, accuracy: 1e-9)
        XCTAssertEqual(estimator.velocity().y, -200, accuracy: 1e-9)
    }

    func testBadSamplesAreRefusedByName() throws {
        var estimator = VelocityEstimator()
        try estimator.add(GestureSample(time: 1, location: .zero))
        XCTAssertThrowsError(try estimator.add(GestureSample(time: 0.5, location: .zero))) { error in
            XCTAssertTrue("\(error)".contains("sample.time"), "\(error)")
        }
        XCTAssertThrowsError(try estimator.add(GestureSample(time: 2, location: SIMD2(.nan, 0)))) { error in
            XCTAssertTrue("\(error)".contains("sample.location.x"), "\(error)")
        }
        XCTAssertThrowsError(try VelocityEstimator(horizon: 0))
        XCTAssertEqual(estimator.samples.count, 1, "refused samples are not kept")
    }
}
