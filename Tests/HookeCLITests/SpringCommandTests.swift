import Foundation
import XCTest

/// `hooke spring` against published numbers and closed forms derived here.
final class SpringCommandTests: XCTestCase {
    private func number(_ object: [String: Any], _ key: String) throws -> Double {
        try XCTUnwrap(object[key] as? Double ?? (object[key] as? Int).map(Double.init), "missing \(key)")
    }

    /// Pop's documented example: bounciness 12, speed 5 is tension 193.4144, friction 14.2537.
    func testPopBouncinessAndSpeedGiveThePublishedTensionAndFriction() throws {
        let object = try CommandRunner.json(["spring", "--bounciness", "12", "--speed", "5", "--json"])
        XCTAssertEqual(try number(object, "stiffness"), 193.4144, accuracy: 1e-4)
        XCTAssertEqual(try number(object, "damping"), 14.2537, accuracy: 1e-4)
    }

    /// react-spring: frequency 0.5 and damping 1 is tension 157.91367041742973 and friction
    /// 25.132741228718345, i.e. a critically damped spring with a 0.5 s period.
    func testReactSpringTensionAndFrictionAreACriticallyDampedHalfSecondSpring() throws {
        let object = try CommandRunner.json([
            "spring", "--tension", "157.91367041742973", "--friction", "25.132741228718345", "--json",
        ])
        XCTAssertEqual(try number(object, "dampingRatio"), 1, accuracy: 1e-14)
        XCTAssertEqual(try number(object, "response"), 0.5, accuracy: 1e-14)
        XCTAssertEqual(try number(object, "overshoot"), 0, accuracy: 1e-12)
    }

    /// The overshoot of an under-damped step from rest is exp(−ζπ/√(1−ζ²)); its first
    /// peak comes at π/ω_d.
    func testOvershootAndPeakOfAnUnderdampedStep() throws {
        let zeta = 0.3
        let response = 0.5
        let object = try CommandRunner.json([
            "spring", "--damping-ratio", "\(zeta)", "--response", "\(response)", "--from", "10", "--to", "110", "--json",
        ])
        let omegaD = 2 * Double.pi / response * (1 - zeta * zeta).squareRoot()
        XCTAssertEqual(try number(object, "overshoot"), exp(-zeta * Double.pi / (1 - zeta * zeta).squareRoot()), accuracy: 1e-12)
        XCTAssertEqual(try number(object, "peakTime"), Double.pi / omegaD, accuracy: 1e-9)
        XCTAssertEqual(try number(object, "stiffness"), pow(2 * Double.pi / response, 2), accuracy: 1e-9)
    }

    /// Samples follow the critically damped closed form x(t) = 1 − (1 + ω₀t)e^{−ω₀t},
    /// with END included.
    func testSampledCriticallyDampedStepMatchesTheClosedForm() throws {
        let result = try CommandRunner.run([
            "spring", "--stiffness", "100", "--damping", "20", "--sample", "0:1:0.1",
        ])
        XCTAssertEqual(result.status, 0, result.standardError)
        let lines = result.standardOutput.split(separator: "\n")
        XCTAssertEqual(lines.first, "t,value,velocity")
        XCTAssertEqual(lines.count, 12)
        for line in lines.dropFirst() {
            let fields = line.split(separator: ",").compactMap { Double($0) }
            XCTAssertEqual(fields.count, 3)
            let (t, value, velocity) = (fields[0], fields[1], fields[2])
            let omega = 10.0
            XCTAssertEqual(value, 1 - (1 + omega * t) * exp(-omega * t), accuracy: 1e-14)
            XCTAssertEqual(velocity, omega * omega * t * exp(-omega * t), accuracy: 1e-12)
        }
        XCTAssertEqual(lines.last.flatMap { $0.split(separator: ",").first }, "1")
    }

    func testJSONCarriesTheSamples() throws {
        let object = try CommandRunner.json([
            "spring", "--duration", "0.5", "--bounce", "0.2", "--sample", "0:0.5:0.25", "--json",
        ])
        let samples = try XCTUnwrap(object["samples"] as? [[String: Any]])
        XCTAssertEqual(samples.count, 3)
        XCTAssertEqual(try number(samples[0], "value"), 0)
        for key in ["mass", "stiffness", "damping", "dampingRatio", "response", "naturalFrequency", "settlingDuration", "overshoot"] {
            XCTAssertNotNil(object[key], key)
        }
    }

    func testSummaryNamesTheSettlingDuration() throws {
        let result = try CommandRunner.run(["spring", "--uikit-duration", "1", "--uikit-damping", "0.5"])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertTrue(result.standardOutput.contains("settling duration"), result.standardOutput)
        XCTAssertTrue(result.standardOutput.contains("UIView.animate"), result.standardOutput)
    }

    func testHelpExitsZero() throws {
        let result = try CommandRunner.run(["spring", "--help"])
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.standardOutput.contains("--damping-ratio"))
    }

    /// Every bad invocation: one line on standard error, nothing on standard output, status 2.
    func testBadArgumentsExitTwoWithOneLine() throws {
        let cases: [([String], String)] = [
            (["spring"], "choose a spring"),
            (["spring", "--stiffness", "10"], "--stiffness needs --damping"),
            (["spring", "--stiffness", "10", "--damping", "1", "--response", "1"], "conflicting"),
            (["spring", "--stiffness", "ten", "--damping", "1"], "--stiffness: 'ten' is not a number"),
            (["spring", "--stiffness", "10", "--damping", "1", "--mass", "-1"], "mass"),
            (["spring", "--stiffness", "nan", "--damping", "1"], "not a finite number"),
            (["spring", "--stiffness", "10", "--damping", "1", "--frobnicate", "1"], "unknown option --frobnicate"),
            (["spring", "--stiffness", "10", "--damping", "1", "--tolerance", "2"], "--tolerance"),
            (["spring", "--stiffness", "10", "--damping", "1", "--sample", "1:0:0.1"], "--sample"),
            (["spring", "--stiffness", "10", "--damping", "1", "--sample", "0:1:0"], "STEP"),
            (["spring", "--bounciness", "5", "--speed", "5", "--mass", "2"], "--mass does not apply"),
            (["spring", "--stiffness"], "--stiffness needs a value"),
            (["frobnicate"], "unknown command"),
        ]
        for (arguments, expected) in cases {
            let result = try CommandRunner.run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertEqual(result.standardOutput, "", "\(arguments)")
            let lines = result.standardError.split(separator: "\n")
            XCTAssertTrue(result.standardError.contains(expected), "\(arguments): \(result.standardError)")
            if arguments != ["frobnicate"] { XCTAssertEqual(lines.count, 1, "\(arguments): \(result.standardError)") }
        }
    }
}
