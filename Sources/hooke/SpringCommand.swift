import Foundation
import Hooke
import HookeIO

/// `hooke spring`: one spring in every parameterisation, its exact settling, overshoot
/// and peak, and optionally its sampled step response.
enum SpringCommand {
    static let usage = """
        usage: hooke spring SPRING [--from X0] [--to X1] [--initial-velocity V | --uikit-initial-velocity R]
                            [--tolerance E] [--sample START:END:STEP] [--json]

        Describes one spring in every parameterisation Hooke knows, with its exact
        settling duration, overshoot and first peak for a move from X0 to X1.

        SPRING is exactly one of:
          --preset NAME                           a named spring: smooth, snappy, bouncy,
                                                  interactive (SwiftUI); react-spring, gentle,
                                                  wobbly, stiff, slow, molasses (react-spring);
                                                  android, compose (their defaults); motion
          --stiffness K --damping C [--mass M]     physical coefficients (N/m, kg/s, kg)
          --response R --damping-ratio Z [--mass M]
                                                  SwiftUI / Wave: undamped period (s), ratio
          --duration D [--bounce B] [--mass M]    SwiftUI Spring(duration:bounce:), B in (-1, 1]
          --perceptual-duration D [--bounce B] [--mass M]
                                                  Core Animation CASpringAnimation(perceptualDuration:bounce:),
                                                  the same mapping as --duration
          --settling-duration S --damping-ratio Z [--epsilon E] [--mass M]
                                                  SwiftUI Spring(settlingDuration:dampingRatio:epsilon:),
                                                  Z in (0, 1], E default 0.001
          --uikit-duration D --uikit-damping Z [--mass M]
                                                  UIView spring animation duration (s) and damping ratio
                                                  (the settling-duration mapping with E = 0.001)
          --bounciness B --speed S                Pop / Rebound
          --tension T --friction F [--mass M]     react-spring
          --react-spring-frequency F --react-spring-damping Z [--mass M]
                                                  react-spring frequency (a period, s) and damping (ratio)
          --visual-duration D [--bounce B]        Motion (motion.dev) visualDuration (s) and bounce
          --android-stiffness K [--android-damping-ratio Z]
                                                  Android SpringForce / Compose spring(): K a number or
                                                  high, medium, medium-low, low, very-low; Z a number
                                                  or high-bouncy, medium-bouncy (default), low-bouncy,
                                                  no-bouncy; unit mass

        Motion:
          --from X0              start value (default 0)
          --to X1                target value (default 1)
          --initial-velocity V   start velocity in units per second (default 0)
          --uikit-initial-velocity R
                                 start velocity as UIKit gives it: a fraction of the distance
                                 |X1 - X0| per second (initialSpringVelocity), so V = R·(X1 - X0)
          --tolerance E          settling band as a fraction of |X1 - X0| (default 0.001)

        Output:
          (default)              a readable summary
          --sample START:END:STEP
                                 CSV rows t,value,velocity from the exact solution instead
                                 of the summary, t from START to END inclusive (seconds)
          --json                 one JSON object with every quantity (and "samples"
                                 with --sample)

        Bad or conflicting arguments print one line and exit with status 2.
        """

    /// One way of giving a spring on the command line: the option that names it, the
    /// options it needs and those it may take (with their defaults), and how they map onto
    /// `Spring`'s initialisers.
    private struct Parameterization {
        /// The option that chooses this parameterisation.
        let key: String
        /// Options it needs besides the key.
        var required: [String] = []
        /// Options it may take, with the value used when they are absent.
        var optional: [(name: String, default: Double)] = []
        let make: @Sendable (_ values: [String: Double]) throws(HookeError) -> Spring

        var options: [String] { [key] + required + optional.map(\.name) }
    }

    private static let mass = (name: "--mass", default: 1.0)
    private static let bounce = (name: "--bounce", default: 0.0)

    private static let parameterizations: [Parameterization] = [
        .init(key: "--stiffness", required: ["--damping"], optional: [mass]) { v throws(HookeError) in
            try Spring(mass: v["--mass"]!, stiffness: v["--stiffness"]!, damping: v["--damping"]!)
        },
        .init(key: "--response", required: ["--damping-ratio"], optional: [mass]) { v throws(HookeError) in
            try Spring(dampingRatio: v["--damping-ratio"]!, response: v["--response"]!, mass: v["--mass"]!)
        },
        .init(key: "--duration", optional: [bounce, mass]) { v throws(HookeError) in
            try Spring(duration: v["--duration"]!, bounce: v["--bounce"]!, mass: v["--mass"]!)
        },
        // Core Animation's CASpringAnimation(perceptualDuration:bounce:) is SwiftUI's mapping.
        .init(key: "--perceptual-duration", optional: [bounce, mass]) { v throws(HookeError) in
            try Spring(duration: v["--perceptual-duration"]!, bounce: v["--bounce"]!, mass: v["--mass"]!)
        },
        .init(key: "--settling-duration", required: ["--damping-ratio"], optional: [("--epsilon", 0.001), mass]) {
            v throws(HookeError) in
            try Spring(settlingDuration: v["--settling-duration"]!, dampingRatio: v["--damping-ratio"]!,
                       epsilon: v["--epsilon"]!, mass: v["--mass"]!)
        },
        .init(key: "--uikit-duration", required: ["--uikit-damping"], optional: [mass]) { v throws(HookeError) in
            try Spring(uikitDuration: v["--uikit-duration"]!, dampingRatio: v["--uikit-damping"]!, mass: v["--mass"]!)
        },
        .init(key: "--bounciness", required: ["--speed"]) { v throws(HookeError) in
            try Spring(bounciness: v["--bounciness"]!, speed: v["--speed"]!)
        },
        .init(key: "--tension", required: ["--friction"], optional: [mass]) { v throws(HookeError) in
            try Spring(tension: v["--tension"]!, friction: v["--friction"]!, mass: v["--mass"]!)
        },
        .init(key: "--react-spring-frequency", required: ["--react-spring-damping"], optional: [mass]) {
            v throws(HookeError) in
            try Spring(reactSpringFrequency: v["--react-spring-frequency"]!, damping: v["--react-spring-damping"]!,
                       mass: v["--mass"]!)
        },
        .init(key: "--visual-duration", optional: [bounce]) { v throws(HookeError) in
            try Spring(visualDuration: v["--visual-duration"]!, bounce: v["--bounce"]!)
        },
        .init(key: "--android-stiffness",
              optional: [("--android-damping-ratio", Spring.AndroidDampingRatio.mediumBouncy.rawValue)]) { v throws(HookeError) in
            try Spring(androidStiffness: v["--android-stiffness"]!, dampingRatio: v["--android-damping-ratio"]!)
        },
    ]

    /// Android's named constants, accepted where `--android-stiffness` and
    /// `--android-damping-ratio` take a number (here and in `hooke sweep`'s lists).
    static let androidNames: [String: [String: Double]] = [
        "--android-stiffness": Dictionary(uniqueKeysWithValues: Spring.AndroidStiffness.allCases.map { (kebab($0), $0.rawValue) }),
        "--android-damping-ratio": Dictionary(
            uniqueKeysWithValues: Spring.AndroidDampingRatio.allCases.map { (kebab($0), $0.rawValue) }),
    ]

    /// `mediumLow` → `medium-low`.
    private static func kebab(_ value: some Any) -> String {
        String(describing: value).reduce(into: "") { out, c in
            if c.isUppercase { out += "-" + c.lowercased() } else { out.append(c) }
        }
    }

    static func run(_ arguments: [String]) throws(CommandLineError) -> String {
        var arguments = try ArgumentList(arguments, flagNames: ["--json", "--help"])
        if arguments.flag("--help") { return usage }

        let spring = try parseSpring(&arguments)
        let start = try arguments.number("--from", default: 0)
        let target = try arguments.number("--to", default: 1)
        let absoluteVelocity = try arguments.number("--initial-velocity")
        let relativeVelocity = try arguments.number("--uikit-initial-velocity")
        if absoluteVelocity != nil && relativeVelocity != nil {
            throw CommandLineError("--initial-velocity and --uikit-initial-velocity give the same velocity twice; give one")
        }
        if relativeVelocity != nil && start == target {
            throw CommandLineError("--uikit-initial-velocity: a fraction of the distance, but --from and --to are equal")
        }
        let initialVelocity = absoluteVelocity
            ?? relativeVelocity.map { Spring.velocity(uikitInitialVelocity: $0, from: start, to: target) } ?? 0
        let tolerance = try arguments.number("--tolerance", default: 0.001)
        guard tolerance > 0, tolerance < 1 else {
            throw CommandLineError("--tolerance must be in (0, 1), got \(tolerance)")
        }
        let sampling = try arguments.string("--sample").map { text throws(CommandLineError) in
            try SampleRange(parsing: text, option: "--sample")
        }
        let json = arguments.flag("--json")
        try arguments.finish()

        let motion: SpringReport.Motion
        do {
            motion = try SpringReport.Motion(
                spring: spring, start: start, target: target,
                initialVelocity: initialVelocity, tolerance: tolerance)
        } catch {
            throw CommandLineError("invalid motion: \(error)")
        }
        let report = SpringReport(spring: spring, motion: motion)
        if json {
            return report.json(samples: sampling).text
        }
        if let sampling {
            return report.csv(samples: sampling)
        }
        return report.summary
    }

    /// Finds the one parameterisation the user chose (by its key option, or `--preset`)
    /// and builds its spring.
    private static func parseSpring(_ arguments: inout ArgumentList) throws(CommandLineError) -> Spring {
        let springOptions = Set(parameterizations.flatMap(\.options))
        if let name = try arguments.string("--preset") {
            if let stray = springOptions.sorted().first(where: arguments.has) {
                throw CommandLineError("--preset \(name) takes no \(stray); give one spring")
            }
            guard let preset = SpringPreset(rawValue: name) else {
                let names = SpringPreset.allCases.map(\.rawValue).joined(separator: ", ")
                throw CommandLineError("--preset: unknown preset '\(name)'; one of \(names)")
            }
            return preset.spring
        }
        let chosen = parameterizations.filter { arguments.has($0.key) }
        guard let choice = chosen.first else {
            if let given = parameterizations.flatMap(\.options).first(where: arguments.has) {
                let owners = parameterizations.filter { $0.options.contains(given) }.map(\.key)
                throw CommandLineError("\(given) needs \(owners.joined(separator: " or ")) (see hooke spring --help)")
            }
            let keys = parameterizations.map(\.key).joined(separator: " | ")
            throw CommandLineError("choose a spring: --preset NAME | \(keys) (see hooke spring --help)")
        }
        if chosen.count > 1 {
            throw CommandLineError("conflicting spring parameterisations: \(choice.key) and \(chosen[1].key); give one")
        }
        if let stray = springOptions.subtracting(choice.options).sorted().first(where: arguments.has) {
            throw CommandLineError("\(stray) does not go with \(choice.key) (see hooke spring --help)")
        }
        var values: [String: Double] = [:]
        for name in [choice.key] + choice.required {
            guard let value = try value(name, in: &arguments) else {
                throw CommandLineError("\(choice.key) needs \(name)")
            }
            values[name] = value
        }
        for (name, defaultValue) in choice.optional { values[name] = try value(name, in: &arguments) ?? defaultValue }
        do {
            return try choice.make(values)
        } catch {
            let given = choice.options.compactMap { name in values[name].map { "\(name) \(JSONValue.format($0))" } }
            throw CommandLineError("\(given.joined(separator: " ")): \(error)")
        }
    }

    /// An option's number, or one of Android's constant names where the option takes them.
    private static func value(_ name: String, in arguments: inout ArgumentList) throws(CommandLineError) -> Double? {
        guard let names = androidNames[name] else { return try arguments.number(name) }
        guard let text = try arguments.string(name) else { return nil }
        if let constant = names[text] { return constant }
        do {
            return try ArgumentList.parseNumber(text, option: name)
        } catch {
            throw CommandLineError("\(name): expected a number or one of \(names.keys.sorted().joined(separator: ", ")), got '\(text)'")
        }
    }
}

/// `START:END:STEP`, END inclusive: the times at which `--sample` evaluates a curve.
struct SampleRange {
    let start: Double
    let end: Double
    let step: Double

    /// The most samples one request may produce (a typo such as a step of 1e-9 would
    /// otherwise print gigabytes).
    static let maximumCount = 10_000_000

    init(parsing text: String, option: String) throws(CommandLineError) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3 else {
            throw CommandLineError("\(option): expected START:END:STEP, got '\(text)'")
        }
        start = try ArgumentList.parseNumber(parts[0], option: "\(option) START")
        end = try ArgumentList.parseNumber(parts[1], option: "\(option) END")
        step = try ArgumentList.parseNumber(parts[2], option: "\(option) STEP")
        guard start >= 0 else { throw CommandLineError("\(option): START must be >= 0, got \(start)") }
        guard end >= start else { throw CommandLineError("\(option): END (\(end)) is before START (\(start))") }
        guard step > 0 else { throw CommandLineError("\(option): STEP must be > 0, got \(step)") }
        guard (end - start) / step < Double(Self.maximumCount) else {
            throw CommandLineError("\(option): more than \(Self.maximumCount) samples; use a larger STEP")
        }
    }

    /// The sample times start + i·step for i = 0, 1, … up to END inclusive. Times are
    /// computed from the index (never accumulated), and END counts as reached when
    /// within a millionth of a step, so 0:1:0.1 ends at exactly 1.
    var times: [Double] {
        let count = Int(((end - start) / step + 1e-6).rounded(.down)) + 1
        return (0..<count).map { index in
            index == count - 1 && abs(start + Double(index) * step - end) <= 1e-6 * step
                ? end : start + Double(index) * step
        }
    }
}
