import Foundation
import Hooke
import XCTest

/// `hooke sweep --code`: every snippet's printed numbers, parsed back and converted by
/// Hooke's initialiser of that platform's parameterisation, give the recommended
/// (m, k, c) — or, for the platforms whose springs have mass 1, the same motion
/// (k/m, c/m) — within a relative 10⁻⁴ (numbers are printed to six significant
/// digits; the conversions amplify that rounding by at most a small factor). The CSS
/// `linear()` curve is checked against the exact step response at its stops and between
/// them.
final class SweepCodeTests: CommandTestCase {
    private let tolerance = 1e-4

    /// The number after `label` (such as "stiffness: " or "dampingRatio = ") in `code`.
    private func number(after label: String, in code: String) throws -> Double {
        let range = try XCTUnwrap(code.range(of: label), "no \(label) in \(code)")
        let rest = code[range.upperBound...]
        let text = rest.prefix { "0123456789.-+e".contains($0) }
        return try XCTUnwrap(Double(text), "\(label) in \(code)")
    }

    private func assertRelative(_ a: Double, _ b: Double, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(a, b, accuracy: tolerance * max(abs(b), 1e-9), message, file: file, line: line)
    }

    /// The recommended spring's code for `arguments` (a one-point grid), with its move.
    private func snippets(_ arguments: [String]) throws -> (spring: Spring, velocity: Double, code: [(String, String, String)]) {
        let document = try CommandRunner.json(["sweep"] + arguments + ["--code", "all", "--format", "json"])
        let recommendation = try XCTUnwrap(document["recommendation"] as? [String: Any])
        let spring = try Spring(
            mass: try XCTUnwrap(recommendation["mass"] as? Double),
            stiffness: try XCTUnwrap(recommendation["stiffness"] as? Double),
            damping: try XCTUnwrap(recommendation["damping"] as? Double))
        let code = try XCTUnwrap(recommendation["code"] as? [[String: String]]).map { ($0["target"]!, $0["code"]!, $0["conversion"]!) }
        return (spring, try XCTUnwrap(recommendation["initialVelocity"] as? Double), code)
    }

    func testEverySnippetConvertsBackToTheRecommendedSpring() throws {
        let (from, to) = (20.0, -60.0)
        let grids: [[String]] = [
            ["--damping-ratio", "0.6", "--response", "0.35", "--mass", "2", "--initial-velocity", "-40"],
            ["--uikit-duration", "0.8", "--uikit-damping", "1"],
            ["--stiffness", "300", "--damping", "50", "--mass", "1.5"],  // over-damped: ζ ≈ 1.18
            ["--bounciness", "12", "--speed", "5", "--initial-velocity", "100"],
        ]
        var seen = Set<String>()
        for grid in grids {
            let (spring, v0, code) = try snippets(grid + ["--from", "\(from)", "--to", "\(to)"])
            let motion = (k: spring.stiffness / spring.mass, c: spring.damping / spring.mass)
            let relative = v0 / (to - from)
            XCTAssertEqual(Set(code.map(\.0)), Set(["swiftui", "uikit", "core-animation", "compose", "flutter", "css", "motion", "hooke"]))
            for (target, text, conversion) in code {
                XCTAssertFalse(conversion.isEmpty, "\(target) states its conversion")
                let label = "\(grid) \(target): \(text)"
                /// Asserts a mass-1 spring has this motion.
                func sameMotion(_ other: Spring) {
                    assertRelative(other.stiffness / other.mass, motion.k, label)
                    assertRelative(other.damping / other.mass, motion.c, label)
                }
                func sameCoefficients(mass: String, stiffness: String, damping: String) throws {
                    assertRelative(try number(after: mass, in: text), spring.mass, label)
                    assertRelative(try number(after: stiffness, in: text), spring.stiffness, label)
                    assertRelative(try number(after: damping, in: text), spring.damping, label)
                }
                switch target {
                case "swiftui" where text.hasPrefix(".spring(response:"):
                    sameMotion(try Spring(dampingRatio: try number(after: "dampingFraction: ", in: text),
                                          response: try number(after: "response: ", in: text)))
                case "swiftui":
                    sameMotion(try Spring(duration: try number(after: "duration: ", in: text),
                                          bounce: try number(after: "bounce: ", in: text)))
                case "uikit" where text.hasPrefix("UIView.animate"):
                    sameMotion(try Spring(uikitDuration: try number(after: "withDuration: ", in: text),
                                          dampingRatio: try number(after: "usingSpringWithDamping: ", in: text)))
                    assertRelative(try number(after: "initialSpringVelocity: ", in: text), relative, label)
                case "uikit":
                    try sameCoefficients(mass: "mass: ", stiffness: "stiffness: ", damping: "damping: ")
                    assertRelative(try number(after: "dx: ", in: text), relative, label)
                case "core-animation":
                    try sameCoefficients(mass: "mass = ", stiffness: "stiffness = ", damping: "damping = ")
                    assertRelative(try number(after: "initialVelocity = ", in: text), relative, label)
                case "compose":
                    sameMotion(try Spring(androidStiffness: try number(after: "stiffness = ", in: text),
                                          dampingRatio: try number(after: "dampingRatio = ", in: text)))
                case "flutter":
                    try sameCoefficients(mass: "mass: ", stiffness: "stiffness: ", damping: "damping: ")
                    let arguments = try XCTUnwrap(text.components(separatedBy: "), ").last?.dropLast())
                        .split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces))! }
                    XCTAssertEqual(arguments.count, 3, label)
                    assertRelative(arguments[0], from, label)
                    assertRelative(arguments[1], to, label)
                    assertRelative(arguments[2], v0, label)
                case "motion" where text.contains("visualDuration"):
                    sameMotion(try Spring(visualDuration: try number(after: "visualDuration: ", in: text),
                                          bounce: try number(after: "bounce: ", in: text)))
                case "motion":
                    try sameCoefficients(mass: "mass: ", stiffness: "stiffness: ", damping: "damping: ")
                    assertRelative(try number(after: "velocity: ", in: text), v0, label)
                case "hooke":
                    try sameCoefficients(mass: "mass: ", stiffness: "stiffness: ", damping: "damping: ")
                case "css":
                    try checkCSS(text, spring: spring, from: from, to: to, velocity: v0, maxError: 0.002, label: label)
                default:
                    XCTFail("unknown target \(target)")
                }
                seen.insert(target + (text.hasPrefix("UIView") || text.contains("visualDuration") || text.hasPrefix("Spring(") ? "+" : ""))
            }
            // UIKit's duration form exists exactly for ζ ≤ 1, Motion's for ζ in [0.05, 1].
            let zeta = spring.dampingRatio
            XCTAssertEqual(code.contains { $0.1.hasPrefix("UIView.animate") }, zeta <= 1 + 1e-12, "\(grid)")
            XCTAssertEqual(code.contains { $0.1.contains("visualDuration") }, zeta <= 1 + 1e-12, "\(grid)")
        }
        XCTAssertTrue(seen.isSuperset(of: ["uikit+", "motion+", "swiftui+"]))
    }

    /// The CSS curve: `animation-duration: Ts; animation-timing-function: linear(p0 s0%, …)`.
    /// Each stop is the exact progress at its time (within 10⁻⁶: 6 printed decimals of the
    /// value and of the percentage), the last 1;
    /// between stops (checked at 64 points per interval) and at the last stop the linear
    /// interpolation is within the stated error of the exact curve.
    private func checkCSS(
        _ text: String, spring: Spring, from: Double, to: Double, velocity: Double, maxError: Double, label: String
    ) throws {
        let duration = try number(after: "animation-duration: ", in: text)
        let inner = try XCTUnwrap(text.components(separatedBy: "linear(").last?.components(separatedBy: ")").first)
        let stops = try inner.components(separatedBy: ", ").map { stop -> (Double, Double) in
            let parts = stop.split(separator: " ")
            XCTAssertEqual(parts.count, 2, stop)
            return (try XCTUnwrap(Double(parts[0])), try XCTUnwrap(Double(parts[1].dropLast())) / 100 * duration)
        }
        XCTAssertGreaterThan(stops.count, 8, label)
        XCTAssertEqual(stops.first?.1, 0)
        XCTAssertEqual(stops.last?.0, 1)
        XCTAssertEqual(try XCTUnwrap(stops.last?.1), duration, accuracy: 1e-12)
        func progress(_ t: Double) -> Double {
            (spring.state(at: t, from: from, to: to, initialVelocity: velocity).value - from) / (to - from)
        }
        var largest = 0.0
        for (i, (value, time)) in stops.enumerated() {
            if i < stops.count - 1 {
                XCTAssertEqual(value, progress(time), accuracy: 1e-6, "\(label) stop \(i)")
            } else {
                XCTAssertEqual(value, progress(time), accuracy: maxError, "\(label) last stop")
            }
            guard i + 1 < stops.count else { continue }
            let (next, nextTime) = stops[i + 1]
            for j in 1..<64 {
                let s = Double(j) / 64
                let t = time + (nextTime - time) * s
                largest = max(largest, abs(value + (next - value) * s - progress(t)))
            }
        }
        XCTAssertLessThanOrEqual(largest, maxError, label)
        XCTAssertGreaterThan(largest, 0)
    }

    /// A tighter `--css-max-error` takes more stops and meets it.
    func testCSSCurveMeetsATighterError() throws {
        let arguments = ["--damping-ratio", "0.3", "--response", "0.5", "--from", "0", "--to", "1"]
        let loose = try snippets(arguments)
        let tight = try CommandRunner.json(["sweep"] + arguments + ["--code", "css", "--css-max-error", "0.0002", "--format", "json"])
        let code = try XCTUnwrap(((tight["recommendation"] as? [String: Any])?["code"] as? [[String: String]])?.first?["code"])
        let looseCode = try XCTUnwrap(loose.code.first { $0.0 == "css" }?.1)
        XCTAssertGreaterThan(code.components(separatedBy: "%").count, looseCode.components(separatedBy: "%").count)
        try checkCSS(code, spring: loose.spring, from: 0, to: 1, velocity: 0, maxError: 0.0002, label: "tight")
    }

    /// Without `--code` the text output keeps what it printed before (SwiftUI's two
    /// forms, UIView.animate, Hooke) and adds the other platforms but not the CSS curve;
    /// `--code hooke` prints only Hooke's.
    func testDefaultAndChosenCodeSets() throws {
        let run = try CommandRunner.run(["sweep", "--damping-ratio", "0.7", "--response", "0.4"])
        XCTAssertEqual(run.status, 0, run.standardError)
        for expected in [".spring(response: 0.4, dampingFraction: 0.7)", "Spring(duration: 0.4, bounce: 0.3)", "UIView.animate(withDuration:",
                         "UISpringTimingParameters(mass: 1", "CASpringAnimation()", "spring<Float>(dampingRatio = 0.7f",
                         "SpringDescription(mass: 1", "type: \"spring\"", "try Spring(mass: 1"] {
            XCTAssertTrue(run.standardOutput.contains(expected), expected)
        }
        XCTAssertFalse(run.standardOutput.contains("linear("))
        let only = try CommandRunner.run(["sweep", "--damping-ratio", "0.7", "--response", "0.4", "--code", "hooke"])
        XCTAssertTrue(only.standardOutput.contains("Hooke           try Spring(mass: 1"), only.standardOutput)
        XCTAssertFalse(only.standardOutput.contains("SwiftUI"))
    }
}
