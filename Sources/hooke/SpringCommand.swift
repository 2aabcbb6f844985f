import Foundation
import Hooke

/// `hooke spring`: one spring in every parameterisation, its exact settling, overshoot
/// and peak, and optionally its sampled step response.
enum SpringCommand {
    static let usage = """
        usage: hooke spring SPRING [--from X0] [--to X1] [--initial-velocity V]
                            [--tolerance E] [--sample START:END:STEP] [--json]

        Describes one spring in every parameterisation Hooke knows, with its exact
        settling duration, overshoot and first peak for a move from X0 to X1.

        SPRING is exactly one of:
          --stiffness K --damping C [--mass M]     physical coefficients (N/m, kg/s, kg)
          --damping-ratio Z --response R [--mass M]
                                                  SwiftUI / Wave: ratio, undamped period (s)
          --duration D [--bounce B] [--mass M]    SwiftUI Spring(duration:bounce:), B in (-1, 1)
          --uikit-duration D --uikit-damping Z [--mass M]
                                                  UIView spring animation duration (s) and damping ratio
          --bounciness B --speed S                Pop / Rebound
          --tension T --friction F [--mass M]     react-spring

        Motion:
          --from X0              start value (default 0)
          --to X1                target value (default 1)
          --initial-velocity V   start velocity in units per second (default 0)
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

    /// One way of giving a spring on the command line: two options, and how they map
    /// onto `Spring`'s initialisers.
    private struct Parameterization {
        let first: String
        let second: String
        /// The value of `second` when it is omitted; nil when it is required.
        let secondDefault: Double?
        let acceptsMass: Bool
        let make: @Sendable (_ first: Double, _ second: Double, _ mass: Double) throws(HookeError) -> Spring
    }

    private static let parameterizations: [Parameterization] = [
        .init(first: "--stiffness", second: "--damping", secondDefault: nil, acceptsMass: true) { k, c, m throws(HookeError) in
            try Spring(mass: m, stiffness: k, damping: c)
        },
        .init(first: "--damping-ratio", second: "--response", secondDefault: nil, acceptsMass: true) { z, r, m throws(HookeError) in
            try Spring(dampingRatio: z, response: r, mass: m)
        },
        .init(first: "--duration", second: "--bounce", secondDefault: 0, acceptsMass: true) { d, b, m throws(HookeError) in
            try Spring(duration: d, bounce: b, mass: m)
        },
        .init(first: "--uikit-duration", second: "--uikit-damping", secondDefault: nil, acceptsMass: true) { d, z, m throws(HookeError) in
            try Spring(uikitDuration: d, dampingRatio: z, mass: m)
        },
        .init(first: "--bounciness", second: "--speed", secondDefault: nil, acceptsMass: false) { b, s, _ throws(HookeError) in
            try Spring(bounciness: b, speed: s)
        },
        .init(first: "--tension", second: "--friction", secondDefault: nil, acceptsMass: true) { t, f, m throws(HookeError) in
            try Spring(tension: t, friction: f, mass: m)
        },
    ]

    static func run(_ arguments: [String]) throws(CommandLineError) -> String {
        var arguments = try ArgumentList(arguments, flagNames: ["--json", "--help"])
        if arguments.flag("--help") { return usage }

        let spring = try parseSpring(&arguments)
        let start = try arguments.number("--from", default: 0)
        let target = try arguments.number("--to", default: 1)
        let initialVelocity = try arguments.number("--initial-velocity", default: 0)
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

    /// Finds the one parameterisation the user chose and builds its spring.
    private static func parseSpring(_ arguments: inout ArgumentList) throws(CommandLineError) -> Spring {
        let chosen = parameterizations.filter { arguments.has($0.first) || arguments.has($0.second) }
        guard let choice = chosen.first else {
            let options = parameterizations.map { "\($0.first) \($0.second)" }.joined(separator: " | ")
            throw CommandLineError("choose a spring: \(options) (see hooke spring --help)")
        }
        if chosen.count > 1 {
            throw CommandLineError(
                "conflicting spring parameterisations: \(choice.first) and \(chosen[1].first); give one")
        }
        guard let first = try arguments.number(choice.first) else {
            throw CommandLineError("\(choice.second) needs \(choice.first)")
        }
        guard let second = try arguments.number(choice.second) ?? choice.secondDefault else {
            throw CommandLineError("\(choice.first) needs \(choice.second)")
        }
        if !choice.acceptsMass, arguments.has("--mass") {
            throw CommandLineError("--mass does not apply to \(choice.first) \(choice.second) (their mass is 1)")
        }
        let mass = try arguments.number("--mass", default: 1)
        do {
            return try choice.make(first, second, mass)
        } catch {
            throw CommandLineError("\(choice.first) \(first) \(choice.second) \(second): \(error)")
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
