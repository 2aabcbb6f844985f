import Foundation
import Hooke
import HookeLinear
import XCTest

/// `SpringFit` recovers the spring behind curves written here from the closed-form
/// solution of x'' + c·x' + k·x = 0 (mass 1), independently of Hooke's `Spring`, and
/// refuses the curves no fit can describe.
final class SpringFitTests: XCTestCase {
    /// x(τ) − x₁ of x'' + c·x' + k·x = 0 from the displacement d = x₀ − x₁ and v₀, for
    /// c² < 4k: the roots −λ ± iω of s² + c·s + k.
    private func underdamped(k: Double, c: Double, d: Double, v0: Double, tau: Double) -> Double {
        let (lambda, omega) = (c / 2, (k - c * c / 4).squareRoot())
        return exp(-lambda * tau) * (d * cos(omega * tau) + (v0 + lambda * d) / omega * sin(omega * tau))
    }

    /// The same for c² > 4k: a·e^{r₁τ} + (d − a)·e^{r₂τ} with the real roots r₁, r₂ and
    /// a fixed by the initial velocity, r₁a + r₂(d − a) = v₀.
    private func overdamped(k: Double, c: Double, d: Double, v0: Double, tau: Double) -> Double {
        let spread = (c * c / 4 - k).squareRoot()
        let (r1, r2) = (-c / 2 + spread, -c / 2 - spread)
        let a = (v0 - r2 * d) / (r1 - r2)
        return a * exp(r1 * tau) + (d - a) * exp(r2 * tau)
    }

    /// Samples every `step` seconds from `t0` for `count` samples.
    private func curve(
        k: Double, c: Double, start: Double, target: Double, v0: Double = 0, t0: Double = 0,
        step: Double = 1.0 / 60, count: Int = 90
    ) -> (times: [Double], values: [Double]) {
        let times = (0..<count).map { t0 + Double($0) * step }
        let motion = c * c < 4 * k ? underdamped : overdamped
        return (times, times.map { target + motion(k, c, start - target, v0, $0 - t0) })
    }

    /// An under-damped curve (k = 200, c = 12: ζ ≈ 0.42) from 3 to −5, sampled from
    /// t = 0.25 s (the model's time origin is the first sample): start, target, k and c
    /// recovered, with a residual at rounding level and R² = 1 to 12 digits.
    func testAnExactUnderdampedCurveGivesBackItsSpring() throws {
        let (times, values) = curve(k: 200, c: 12, start: 3, target: -5, t0: 0.25)
        let result = try SpringFit(times: times, values: values).solve()
        XCTAssertEqual(result.stiffness, 200, accuracy: 200 * 1e-8)
        XCTAssertEqual(result.damping, 12, accuracy: 12 * 1e-8)
        XCTAssertEqual(result.start, 3, accuracy: 1e-8)
        XCTAssertEqual(result.target, -5, accuracy: 1e-8)
        XCTAssertEqual(result.initialVelocity, 0)
        XCTAssertNil(result.initialVelocityError)
        XCTAssertNotNil(result.startError)
        XCTAssertNotNil(result.targetError)
        XCTAssertLessThan(result.residualRMS, 1e-9)
        XCTAssertEqual(result.rSquared, 1, accuracy: 1e-12)
        XCTAssertGreaterThan(result.iterations, 0)
    }

    /// An over-damped curve (k = 60, c = 20: ζ ≈ 1.29) from 20 to −30 leaving with
    /// v₀ = −80 /s, all five parameters fitted (`initialVelocity: nil`).
    func testAnExactOverdampedCurveGivesBackItsSpringAndVelocity() throws {
        let (times, values) = curve(k: 60, c: 20, start: 20, target: -30, v0: -80, step: 1.0 / 120, count: 361)
        let result = try SpringFit(times: times, values: values, initialVelocity: nil).solve()
        XCTAssertEqual(result.stiffness, 60, accuracy: 60 * 1e-6)
        XCTAssertEqual(result.damping, 20, accuracy: 20 * 1e-6)
        XCTAssertEqual(result.start, 20, accuracy: 1e-6)
        XCTAssertEqual(result.target, -30, accuracy: 1e-6)
        XCTAssertEqual(result.initialVelocity, -80, accuracy: 1e-4)
        XCTAssertNotNil(result.initialVelocityError)
    }

    /// Fixed values come back exactly as given, with no standard error; the rest is fitted.
    func testFixedValuesComeBackAsGiven() throws {
        let (times, values) = curve(k: 150, c: 9, start: 0.1, target: 0.7, v0: 0.3)
        let result = try SpringFit(times: times, values: values, start: 0.1, target: 0.7, initialVelocity: 0.3).solve()
        XCTAssertEqual(result.start, 0.1)
        XCTAssertEqual(result.target, 0.7)
        XCTAssertEqual(result.initialVelocity, 0.3)
        XCTAssertNil(result.startError)
        XCTAssertNil(result.targetError)
        XCTAssertNil(result.initialVelocityError)
        XCTAssertEqual(result.stiffness, 150, accuracy: 150 * 1e-8)
        XCTAssertEqual(result.damping, 9, accuracy: 9 * 1e-8)
    }

    /// The model is linear in x₀, x₁ and v₀, so scaling the values by S scales those and
    /// the residual by S and leaves k, c and R² alone — at S = 10³⁰⁰ and 10⁻³⁰⁰ too,
    /// whose squares overflow and underflow.
    func testScalingTheValuesScalesOnlyTheMove() throws {
        let (times, values) = curve(k: 200, c: 12, start: 0, target: 1)
        for scale in [1e-300, 1e300] {
            let result = try SpringFit(times: times, values: values.map { $0 * scale }).solve()
            XCTAssertEqual(result.stiffness, 200, accuracy: 200 * 1e-8, "scale \(scale)")
            XCTAssertEqual(result.damping, 12, accuracy: 12 * 1e-8, "scale \(scale)")
            XCTAssertEqual(result.target / scale, 1, accuracy: 1e-8, "scale \(scale)")
            XCTAssertEqual(result.rSquared, 1, accuracy: 1e-12, "scale \(scale)")
        }
    }

    /// Noise of known size: ±ε alternating sample by sample is far from anything a
    /// spring does, so the residual RMS is ε to within a few per cent, and R² < 1.
    func testTheResidualMeasuresTheNoise() throws {
        let (times, values) = curve(k: 200, c: 12, start: 0, target: 100)
        let epsilon = 0.25
        let noisy = values.enumerated().map { $0.element + ($0.offset % 2 == 0 ? epsilon : -epsilon) }
        let result = try SpringFit(times: times, values: noisy).solve()
        XCTAssertEqual(result.residualRMS, epsilon, accuracy: 0.05 * epsilon)
        XCTAssertLessThan(result.rSquared, 1)
        XCTAssertEqual(result.stiffness, 200, accuracy: 200 * 0.01)
    }

    func testCurvesNoFitDescribesAreRefusedWithTheReason() throws {
        let (times, values) = curve(k: 200, c: 12, start: 0, target: 1, count: 30)
        XCTAssertEqual(SpringFit.minimumSampleCount, 10)
        assertRefused(.tooFewSamples(9, minimum: 10), times: Array(times.prefix(9)), values: Array(values.prefix(9)))
        var backwards = times
        backwards[6] = backwards[4]
        assertRefused(.timeNotIncreasing(sample: 7, previous: times[5], time: times[4]), times: backwards, values: values)
        assertRefused(.constantValue, times: times, values: Array(repeating: 4, count: times.count))
        // ±10³⁰⁸: each finite, their difference not.
        assertRefused(.valuesTooFarApart, times: times, values: times.indices.map { $0 % 2 == 0 ? -1e308 : 1e308 })
    }

    func testMalformedArgumentsAreRefusedByTheInitialiser() {
        XCTAssertThrowsError(try SpringFit(times: [0, 1, 2], values: [0, 1])) { error in
            XCTAssertEqual(error as? HookeError, .invalidParameter("values", value: 2, requirement: "one value per time (3 times)"))
        }
        XCTAssertThrowsError(try SpringFit(times: [0, 1, .nan], values: [0, 1, 2])) { error in
            guard case let .invalidParameter(name, _, _)? = error as? HookeError else { return XCTFail("\(error)") }
            XCTAssertEqual(name, "times[2]")
        }
        XCTAssertThrowsError(try SpringFit(times: [0, 1, 2], values: [0, .infinity, 2])) { error in
            XCTAssertEqual(error as? HookeError, .invalidParameter("values[1]", value: .infinity, requirement: "finite"))
        }
        XCTAssertThrowsError(try SpringFit(times: [0, 1, 2], values: [0, 1, 2], target: -.infinity)) { error in
            XCTAssertEqual(error as? HookeError, .invalidParameter("target", value: -.infinity, requirement: "finite"))
        }
    }

    private func assertRefused(
        _ expected: SpringFitError, times: [Double], values: [Double], line: UInt = #line
    ) {
        XCTAssertThrowsError(try SpringFit(times: times, values: values).solve(), line: line) { error in
            XCTAssertEqual(error as? SpringFitError, expected, line: line)
        }
    }
}
