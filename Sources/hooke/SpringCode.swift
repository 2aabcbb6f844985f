import Foundation
import Hooke
import HookeIO

/// The recommended spring as code for the platforms people port to, each snippet with
/// the conversion from Hooke's (m, k, c) that it used. Every conversion is one of
/// `Spring`'s getters (the inverse of the initialiser of that parameterisation), so the
/// numbers printed convert back to the same motion (Tests/HookeCLITests/SweepCodeTests).
/// Numbers are printed to six significant digits.
struct SpringCode {
    /// What `--code` chooses.
    enum Target: String, CaseIterable {
        case swiftui, uikit, coreAnimation = "core-animation", compose, flutter, css, motion, hooke

        /// What `hooke sweep` prints without `--code`: everything but the long CSS curve.
        static let defaults: [Target] = allCases.filter { $0 != .css }

        /// `T1,T2,…` or `all`, in the order given, each once.
        static func parse(_ text: String) throws(CommandLineError) -> [Target] {
            if text == "all" { return allCases }
            var targets: [Target] = []
            for name in text.split(separator: ",", omittingEmptySubsequences: false).map(String.init) {
                guard let target = Target(rawValue: name.trimmingCharacters(in: .whitespaces)) else {
                    let names = allCases.map(\.rawValue).joined(separator: ",")
                    throw CommandLineError("--code: '\(name)' is not one of \(names) or all")
                }
                if !targets.contains(target) { targets.append(target) }
            }
            return targets
        }

        /// The label of the text output.
        var label: String {
            switch self {
            case .swiftui: return "SwiftUI"
            case .uikit: return "UIKit"
            case .coreAnimation: return "Core Animation"
            case .compose: return "Compose"
            case .flutter: return "Flutter"
            case .css: return "CSS"
            case .motion: return "motion.dev"
            case .hooke: return "Hooke"
            }
        }
    }

    /// One snippet: the code and how its numbers were obtained.
    struct Snippet {
        let target: Target
        let code: String
        let conversion: String

        var json: JSONValue {
            .object([("target", .string(target.rawValue)), ("code", .string(code)), ("conversion", .string(conversion))])
        }
    }

    let spring: Spring
    /// The move and the velocity it starts with (points, points per second).
    let from: Double
    let to: Double
    let initialVelocity: Double
    /// The largest error of the CSS `linear()` curve, a fraction of the move.
    let cssMaxError: Double

    /// Six significant digits.
    static func number(_ value: Double) -> String { JSONValue.short(value) }

    /// A Kotlin `Float` literal.
    static func float(_ value: Double) -> String { number(value) + "f" }

    /// UIKit's and Core Animation's initial velocity: a fraction of the move per second.
    var relativeVelocity: Double {
        to == from ? 0 : Spring.uikitInitialVelocity(initialVelocity, from: from, to: to)
    }

    /// The snippets of `targets`, in order (a target may give none: UIKit's duration form
    /// for an over-damped spring, CSS for a move of length 0).
    func snippets(_ targets: [Target]) -> [Snippet] {
        targets.flatMap(snippets(for:))
    }

    private static let relativeConversion = "initial velocity = v0/(X1 - X0), the fraction of the move per second"
    private static let coefficientsAsTheyAre = "mass, stiffness and damping as they are"

    func snippets(for target: Target) -> [Snippet] {
        let (m, k, c) = (spring.mass, spring.stiffness, spring.damping)
        let n = Self.number
        switch target {
        case .swiftui:
            return [
                Snippet(target: target,
                        code: ".spring(response: \(n(spring.response)), dampingFraction: \(n(spring.dampingRatio)))",
                        conversion: "response = 2π·√(m/k), dampingFraction = c/(2·√(k·m)) (SwiftUI's mass is 1: the same k/m and c/m)"),
                Snippet(target: target,
                        code: "Spring(duration: \(n(spring.duration)), bounce: \(n(spring.bounce)))",
                        conversion: "duration = 2π·√(m/k), bounce = 1 - ζ for ζ <= 1, 1/ζ - 1 above"),
            ]
        case .uikit:
            var list: [Snippet] = []
            let duration = spring.uikitDuration()
            if duration.isFinite {
                list.append(Snippet(
                    target: target,
                    code: "UIView.animate(withDuration: \(n(duration)), delay: 0, usingSpringWithDamping: \(n(spring.dampingRatio)), "
                        + "initialSpringVelocity: \(n(relativeVelocity)), options: [], animations: { … })",
                    conversion: "withDuration = ln(ζ/(0.001·√(1 - ζ²)))/(ζ·ω0) (x*/ω0 at ζ = 1), UIKit's settling-duration "
                        + "mapping with ε = 0.001; usingSpringWithDamping = ζ; ω0 = √(k/m) (UIKit's mass is 1); "
                        + Self.relativeConversion))
            }
            list.append(Snippet(
                target: target,
                code: "UISpringTimingParameters(mass: \(n(m)), stiffness: \(n(k)), damping: \(n(c)), "
                    + "initialVelocity: CGVector(dx: \(n(relativeVelocity)), dy: 0))",
                conversion: "\(Self.coefficientsAsTheyAre); \(Self.relativeConversion)"))
            return list
        case .coreAnimation:
            return [Snippet(
                target: target,
                code: "let animation = CASpringAnimation(); animation.mass = \(n(m)); animation.stiffness = \(n(k)); "
                    + "animation.damping = \(n(c)); animation.initialVelocity = \(n(relativeVelocity)); "
                    + "animation.duration = animation.settlingDuration",
                conversion: "\(Self.coefficientsAsTheyAre); \(Self.relativeConversion)")]
        case .compose:
            return [Snippet(
                target: target,
                code: "spring<Float>(dampingRatio = \(Self.float(spring.dampingRatio)), stiffness = \(Self.float(spring.androidStiffness)))",
                conversion: "Compose's mass is 1: stiffness = k/m, dampingRatio = c/(2·√(k·m)); pass v0 as animateTo's initialVelocity")]
        case .flutter:
            return [Snippet(
                target: target,
                code: "SpringSimulation(SpringDescription(mass: \(n(m)), stiffness: \(n(k)), damping: \(n(c))), "
                    + "\(n(from)), \(n(to)), \(n(initialVelocity)))",
                conversion: "\(Self.coefficientsAsTheyAre); the velocity in units per second")]
        case .css:
            guard let curve = cssCurve() else { return [] }
            return [Snippet(
                target: target,
                code: "animation-duration: \(JSONValue.format(curve.duration))s; animation-timing-function: \(curve.function);",
                conversion: "progress (x - X0)/(X1 - X0) of the exact step response at \(curve.function.split(separator: ",").count) "
                    + "evenly spaced times up to the closed-form settling into a band of \(n(cssMaxError / 2)) of the move, "
                    + "the last point 1; linear interpolation between them within \(n(cssMaxError)) of the move "
                    + "(--css-max-error, measured at 16 points per interval: \(n(curve.error)))")]
        case .motion:
            var list = [Snippet(
                target: target,
                code: "{ type: \"spring\", stiffness: \(n(k)), damping: \(n(c)), mass: \(n(m)), velocity: \(n(initialVelocity)) }",
                conversion: "\(Self.coefficientsAsTheyAre); the velocity in units per second")]
            if let bounce = spring.motionBounce {
                list.append(Snippet(
                    target: target,
                    code: "{ type: \"spring\", visualDuration: \(n(spring.visualDuration)), bounce: \(n(bounce)) }",
                    conversion: "Motion's mapping inverted: visualDuration = 2π/(1.2·ω0), bounce = 1 - ζ (exact for ζ in [0.05, 1]; mass 1)"))
            }
            return list
        case .hooke:
            return [Snippet(
                target: target, code: "try Spring(mass: \(n(m)), stiffness: \(n(k)), damping: \(n(c)))",
                conversion: Self.coefficientsAsTheyAre)]
        }
    }

    // MARK: - CSS linear()

    /// The CSS `linear()` easing of the move: its duration (s), the function and the
    /// largest error measured, or nil for a move of length 0 or one that never settles.
    ///
    /// Samples of the progress at N evenly spaced times over the duration T (the
    /// closed-form settling into a band of half the allowed error), the last replaced by
    /// 1; N starts at 8 and grows (by the h² law of linear interpolation) until the error
    /// measured at 16 points per interval is at most 0.9 of the allowed one. Values are
    /// printed to 6 decimals, stops to 6 decimals of a percent and the duration in full.
    func cssCurve() -> (duration: Double, function: String, error: Double)? {
        guard to != from, cssMaxError > 0,
            let duration = try? spring.settlingDuration(
                from: from, to: to, initialVelocity: initialVelocity, tolerance: cssMaxError / 2),
            duration.isFinite, duration > 0
        else { return nil }
        func progress(_ t: Double) -> Double {
            (spring.state(at: t, from: from, to: to, initialVelocity: initialVelocity).value - from) / (to - from)
        }
        var count = 8
        var values: [Double] = []
        var error = Double.infinity
        for _ in 0..<30 {
            values = (0...count).map { $0 == count ? 1 : progress(duration * Double($0) / Double(count)) }
            error = 0
            for i in 0..<count {
                for j in 1..<16 {
                    let s = Double(j) / 16
                    let t = duration * (Double(i) + s) / Double(count)
                    let line = values[i] + (values[i + 1] - values[i]) * s
                    error = max(error, abs(line - progress(t)))
                }
            }
            if error <= 0.9 * cssMaxError || count >= Self.maximumCSSPoints { break }
            let grown = Double(count) * (error / (0.9 * cssMaxError)).squareRoot() * 1.1
            count = min(Self.maximumCSSPoints, max(count + 1, Int(grown.rounded(.up))))
        }
        let stops = values.enumerated().map { i, value in
            let percent = 100 * Double(i) / Double(count)
            return "\(Self.trimmed(String(format: "%.6f", value))) \(Self.trimmed(String(format: "%.6f", percent)))%"
        }
        return (duration, "linear(\(stops.joined(separator: ", ")))", error)
    }

    /// The most points a `linear()` curve takes.
    static let maximumCSSPoints = 2000

    /// A fixed-point number without trailing zeros ("0.500000" → "0.5", "-0.000000" → "0").
    private static func trimmed(_ text: String) -> String {
        var text = text
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }
}
