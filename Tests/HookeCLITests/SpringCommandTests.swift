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

    /// react-spring's `{ frequency, damping }` (a period and a ratio): frequency 0.5,
    /// damping 1 is tension (2π/0.5)² = 157.91367041742973, friction 4π/0.5 =
    /// 25.132741228718345 (react-spring's `mergeConfig`), the spring above.
    func testReactSpringFrequencyAndDampingArePeriodAndRatio() throws {
        let object = try CommandRunner.json([
            "spring", "--react-spring-frequency", "0.5", "--react-spring-damping", "1", "--json",
        ])
        XCTAssertEqual(try number(object, "stiffness"), 157.91367041742973, accuracy: 1e-11)
        XCTAssertEqual(try number(object, "damping"), 25.132741228718345, accuracy: 1e-12)
        let missing = try CommandRunner.run(["spring", "--react-spring-frequency", "0.5"])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.standardError.contains("--react-spring-damping"), missing.standardError)
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

    /// The presets and the new parameterisations through the command line: SwiftUI's
    /// `.bouncy` is Apple's own example (mass 1, stiffness 157.9, damping 17.6); Motion's
    /// default `spring()` (visual duration 0.3 s, bounce 0.3) is k = (2π/0.36)², ζ = 0.7;
    /// Android's names are its constants; UIKit's relative velocity 0.5 over 200 pt is
    /// 100 pt/s (Apple's example for `initialSpringVelocity`).
    func testPresetsAndParameterisationsOfOtherFrameworks() throws {
        let bouncy = try CommandRunner.json(["spring", "--preset", "bouncy", "--json"])
        XCTAssertEqual(try number(bouncy, "stiffness"), 157.9, accuracy: 0.05)
        XCTAssertEqual(try number(bouncy, "damping"), 17.6, accuracy: 0.05)
        let motion = try CommandRunner.json(["spring", "--visual-duration", "0.3", "--bounce", "0.3", "--json"])
        XCTAssertEqual(try number(motion, "stiffness"), pow(2 * Double.pi / 0.36, 2), accuracy: 1e-9)
        XCTAssertEqual(try number(motion, "dampingRatio"), 0.7, accuracy: 1e-12)
        XCTAssertEqual(try number(motion, "visualDuration"), 0.3, accuracy: 1e-12)
        XCTAssertEqual(try number(motion, "motionBounce"), 0.3, accuracy: 1e-12)
        let android = try CommandRunner.json(["spring", "--android-stiffness", "medium-low", "--android-damping-ratio", "low-bouncy", "--json"])
        XCTAssertEqual(try number(android, "stiffness"), 400)
        XCTAssertEqual(try number(android, "dampingRatio"), 0.75, accuracy: 1e-15)
        let defaulted = try CommandRunner.json(["spring", "--android-stiffness", "1500", "--json"])
        XCTAssertEqual(try number(defaulted, "dampingRatio"), 0.5, accuracy: 1e-15)
        // Framer's published UIKit spring, through SwiftUI's settling-duration parameterisation.
        let settling = try CommandRunner.json(["spring", "--settling-duration", "3", "--damping-ratio", "0.25", "--json"])
        XCTAssertEqual(try number(settling, "stiffness"), 54.83363359078326, accuracy: 1e-12 * 54.8)
        XCTAssertEqual(try number(settling, "settlingDurationParameter"), 3, accuracy: 1e-13)
        let perceptual = try CommandRunner.json(["spring", "--perceptual-duration", "0.5", "--bounce", "0.3", "--json"])
        XCTAssertEqual(try number(perceptual, "stiffness"), try number(bouncy, "stiffness"))
        let relative = try CommandRunner.json(["spring", "--preset", "smooth", "--from", "0", "--to", "200",
                                               "--uikit-initial-velocity", "0.5", "--json"])
        XCTAssertEqual(try number(relative, "initialVelocity"), 100)
        XCTAssertEqual(try number(relative, "uikitInitialVelocity"), 0.5)
        for preset in ["smooth", "snappy", "interactive", "react-spring", "gentle", "wobbly", "stiff", "slow", "molasses",
                       "android", "compose", "motion"] {
            XCTAssertEqual(try CommandRunner.run(["spring", "--preset", preset]).status, 0, preset)
        }
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
            (["spring", "--bounciness", "5", "--speed", "5", "--mass", "2"], "--mass does not go with --bounciness"),
            (["spring", "--damping-ratio", "0.5"], "--damping-ratio needs --response or --settling-duration"),
            (["spring", "--preset", "bouncy", "--bounce", "0.1"], "--preset bouncy takes no --bounce"),
            (["spring", "--preset", "springy"], "unknown preset 'springy'"),
            (["spring", "--android-stiffness", "stiff"], "--android-stiffness: expected a number or one of high, low, medium"),
            (["spring", "--visual-duration", "0.3", "--mass", "2"], "--mass does not go with --visual-duration"),
            (["spring", "--settling-duration", "1", "--damping-ratio", "1.5"], "dampingRatio"),
            (["spring", "--settling-duration", "1", "--damping-ratio", "0.5", "--epsilon", "2"], "epsilon"),
            (["spring", "--preset", "smooth", "--initial-velocity", "1", "--uikit-initial-velocity", "1"], "give one"),
            (["spring", "--preset", "smooth", "--from", "1", "--to", "1", "--uikit-initial-velocity", "1"], "--from and --to are equal"),
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
