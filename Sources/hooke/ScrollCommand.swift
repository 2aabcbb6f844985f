import Foundation
import Hooke
import HookeIO

/// `hooke scroll`: one fling of scroll-view content — UIScrollView-like (deceleration, an edge
/// spring past the bounds, or a landing on pages or snap points), or Flutter's bouncing or
/// clamping simulation — summarised, or sampled as CSV.
enum ScrollCommand {
    static let usage = """
        usage: hooke scroll --velocity V --position X [--rate normal|fast|R] [--bounds MIN:MAX]
                            [--page SIZE | --snap-points P1,P2,...]
                            [--model uikit|flutter-bouncing|flutter-clamping]
                            [--sample START:END:STEP [--plot FILE.svg]]

        Describes the fling of scroll-view content released at X (points) moving at V
        (points per second), in closed form, or samples its trajectory.

        Fling:
          --velocity V           release velocity, points per second (required)
          --position X           release position, points (required); with --bounds it may
                                 lie past a bound, as after a rubber-banded drag
          --rate R               UIScrollView's deceleration rate, the fraction of the
                                 velocity kept per millisecond: normal (0.998, default),
                                 fast (0.99) or a number in (0, 1); uikit model only
          --bounds MIN:MAX       the allowed positions (default: unbounded)
          --page SIZE            land on pages SIZE points apart, from MIN (or 0)
          --snap-points P1,P2,...
                                 land on the nearest of these points (inside the bounds)

        Model:
          uikit (default)        decay v(t) = V·R^(1000t); past a bound, Hooke's critically
                                 damped edge spring (mass 1, stiffness 100, damping 20) from
                                 the crossing state; with --page/--snap-points, the point
                                 nearest the resting point X + V/κ (κ = -1000·ln R), landed on
                                 by that spring
          flutter-bouncing       Flutter's BouncingScrollSimulation: friction drag 0.135,
                                 spring mass 0.5, stiffness 100, damping ratio 1.1
          flutter-clamping       Flutter's ClampingScrollSimulation (Android's spline,
                                 friction 0.015); with --bounds the position stops at a bound

        Output:
          (default)              a readable summary
          --sample START:END:STEP
                                 CSV rows t,value,velocity instead of the summary, t from
                                 START to END inclusive (seconds)
          --plot FILE.svg        also draw the sampled position over time, with the bounds
                                 and the moment a spring takes over

        Bad or conflicting arguments print one line and exit with status 2.
        """

    /// The three models `--model` names.
    private enum Model: String, CaseIterable {
        case uikit
        case flutterBouncing = "flutter-bouncing"
        case flutterClamping = "flutter-clamping"
    }

    /// A fling's trajectory and its summary lines.
    private struct Trajectory {
        let state: (Double) -> (value: Double, velocity: Double)
        let summary: [(label: String, value: String)]
        /// Moments worth marking on a plot (seconds, label).
        var markers: [(x: Double, label: String)] = []
    }

    /// Half a pixel at 3×, the threshold of the summary's rest time.
    private static let restThreshold: RestThreshold = {
        do { return try .position(screenScale: 3) } catch { preconditionFailure("screen scale 3 is valid: \(error)") }
    }()

    static func run(_ arguments: [String]) throws(CommandLineError) -> String {
        var arguments = try ArgumentList(arguments, flagNames: ["--help"])
        if arguments.flag("--help") { return usage }

        guard let velocity = try arguments.number("--velocity") else {
            throw CommandLineError("scroll needs --velocity V (points per second; see hooke scroll --help)")
        }
        guard let position = try arguments.number("--position") else {
            throw CommandLineError("scroll needs --position X (points; see hooke scroll --help)")
        }
        let modelName = try arguments.string("--model") ?? Model.uikit.rawValue
        guard let model = Model(rawValue: modelName) else {
            let names = Model.allCases.map(\.rawValue).joined(separator: ", ")
            throw CommandLineError("--model: unknown model '\(modelName)'; one of \(names)")
        }
        let rateText = try arguments.string("--rate")
        let bounds = try arguments.string("--bounds").map { text throws(CommandLineError) in try parseBounds(text) }
        let pageSize = try arguments.number("--page")
        let snapText = try arguments.string("--snap-points")
        let sampling = try arguments.string("--sample").map { text throws(CommandLineError) in
            try SampleRange(parsing: text, option: "--sample")
        }
        let plot = try arguments.string("--plot")
        try arguments.finish()
        if plot != nil, sampling == nil {
            throw CommandLineError("--plot draws the samples: give --sample START:END:STEP too")
        }
        try SweepCommand.checkPaths(out: nil, plot: plot)

        if pageSize != nil, snapText != nil {
            throw CommandLineError("--page and --snap-points both choose where the fling lands; give one")
        }
        if model != .uikit {
            for (option, given) in [("--rate", rateText != nil), ("--page", pageSize != nil), ("--snap-points", snapText != nil)]
            where given {
                throw CommandLineError("\(option) does not go with --model \(model.rawValue) (see hooke scroll --help)")
            }
        }
        let limits = bounds ?? -Double.infinity...Double.infinity
        let rate = try rateText.map { text throws(CommandLineError) in try parseRate(text) } ?? .normal
        let snapPoints = try parseSnapPoints(pageSize: pageSize, pointsText: snapText, limits: limits)

        let trajectory: Trajectory
        switch model {
        case .uikit:
            if let snapPoints {
                trajectory = try snapTrajectory(snapPoints, position: position, velocity: velocity, rate: rate)
            } else {
                trajectory = try flingTrajectory(position: position, velocity: velocity, limits: limits, rate: rate)
            }
        case .flutterBouncing:
            trajectory = try bouncingTrajectory(position: position, velocity: velocity, limits: limits)
        case .flutterClamping:
            if let bounds, !bounds.contains(position) {
                throw CommandLineError(
                    "--position \(JSONValue.format(position)) is outside --bounds \(describe(bounds)); "
                        + "the flutter-clamping model starts inside them")
            }
            trajectory = try clampingTrajectory(position: position, velocity: velocity, limits: limits)
        }

        if let sampling {
            var lines = ["t,value,velocity"]
            var points: [SIMD2<Double>] = []
            for t in sampling.times {
                let state = trajectory.state(t)
                lines.append("\(JSONValue.format(t)),\(JSONValue.format(state.value)),\(JSONValue.format(state.velocity))")
                points.append(SIMD2(t, state.value))
            }
            if let plot {
                var chart = LineChart(
                    title: "hooke scroll --model \(model.rawValue): from \(JSONValue.format(position)) pt at "
                        + "\(JSONValue.format(velocity)) pt/s", xLabel: "time (s)", yLabel: "position (pt)")
                chart.series.append(.init(name: "position", color: "#1f77b4", points: points))
                chart.levels = [limits.lowerBound, limits.upperBound].filter(\.isFinite)
                chart.markers = trajectory.markers.filter { sampling.start <= $0.x && $0.x <= sampling.end }
                try OutputFile.write(chart.rendered(width: 780, height: 380), to: plot, option: "--plot")
            }
            return lines.joined(separator: "\n")
        }
        let width = trajectory.summary.map(\.label.count).max() ?? 0
        return trajectory.summary.map { line in
            line.label.padding(toLength: width + 2, withPad: " ", startingAt: 0) + line.value
        }.joined(separator: "\n")
    }

    // MARK: - Models

    private static func flingTrajectory(
        position: Double, velocity: Double, limits: ClosedRange<Double>, rate: DecelerationRate
    ) throws(CommandLineError) -> Trajectory {
        let fling = try checked { () throws(HookeError) in
            try ScrollFling(position: position, velocity: velocity, limits: limits, decelerationRate: rate)
        }
        var summary: [(label: String, value: String)] = [
            ("model", "uikit: deceleration, then Hooke's critically damped edge spring past a bound"),
            ("deceleration rate", "\(JSONValue.format(rate.rate)) per ms (κ = \(JSONValue.format(rate.decayConstant)) 1/s)"),
            ("resting position", "\(JSONValue.format(fling.restingPosition)) pt"),
        ]
        if let handover = fling.handover {
            summary.append(handover.time == 0
                ? ("edge spring", "from the start, past the bound, toward \(JSONValue.format(handover.target)) pt")
                : ("bound reached", "\(JSONValue.format(handover.target)) pt at \(JSONValue.format(handover.time)) s, "
                    + "\(JSONValue.format(handover.velocity)) pt/s"))
        } else {
            summary.append(("bound reached", "never"))
        }
        let rest = fling.restTime(threshold: restThreshold)
        summary.append(("rest time", "\(JSONValue.format(rest)) s (within 1/6 pt)"))
        var markers = [(x: rest, label: "at rest")]
        if let handover = fling.handover, handover.time > 0 { markers.insert((handover.time, "bound reached"), at: 0) }
        return Trajectory(
            state: { t in let s = fling.state(at: t); return (s.value, s.velocity) }, summary: summary, markers: markers)
    }

    private static func snapTrajectory(
        _ points: ScrollSnapPoints, position: Double, velocity: Double, rate: DecelerationRate
    ) throws(CommandLineError) -> Trajectory {
        let fling = try checked { () throws(HookeError) in
            try ScrollSnapFling(snapPoints: points, position: position, velocity: velocity, decelerationRate: rate)
        }
        let summary: [(label: String, value: String)] = [
            ("model", "uikit: landing on the snap point nearest the projected resting point"),
            ("deceleration rate", "\(JSONValue.format(rate.rate)) per ms (κ = \(JSONValue.format(rate.decayConstant)) 1/s)"),
            ("projected position", "\(JSONValue.format(fling.projectedPosition)) pt"),
            ("target", "\(JSONValue.format(fling.target)) pt"),
            ("rest time", "\(JSONValue.format(fling.restTime(threshold: restThreshold))) s (within 1/6 pt)"),
        ]
        return Trajectory(state: { t in let s = fling.state(at: t); return (s.value, s.velocity) }, summary: summary)
    }

    private static func bouncingTrajectory(
        position: Double, velocity: Double, limits: ClosedRange<Double>
    ) throws(CommandLineError) -> Trajectory {
        let simulation = try checked { () throws(HookeError) in
            try FlutterBouncingScrollSimulation(position: position, velocity: velocity, extents: limits)
        }
        var summary: [(label: String, value: String)] = [
            ("model", "flutter-bouncing: Flutter's BouncingScrollSimulation (drag 0.135; spring 0.5, 100, ζ 1.1)"),
        ]
        if let springVelocity = simulation.springStartVelocity {
            summary.append(simulation.springTime == -.infinity
                ? ("spring", "from the start, outside the extents")
                : ("extent reached", "at \(JSONValue.format(simulation.springTime)) s, spring from "
                    + "\(JSONValue.format(springVelocity)) pt/s"))
        } else {
            let final = simulation.friction?.finalPosition ?? position
            summary.append(("extent reached", "never; friction comes to rest at \(JSONValue.format(final)) pt"))
        }
        let markers = simulation.springTime > 0 && simulation.springTime < .infinity
            ? [(x: simulation.springTime, label: "extent reached")] : []
        return Trajectory(
            state: { t in (simulation.position(at: t), simulation.velocity(at: t)) }, summary: summary, markers: markers)
    }

    private static func clampingTrajectory(
        position: Double, velocity: Double, limits: ClosedRange<Double>
    ) throws(CommandLineError) -> Trajectory {
        let simulation = try checked { () throws(HookeError) in
            try FlutterClampingScrollSimulation(position: position, velocity: velocity)
        }
        let final = min(max(position + simulation.distance, limits.lowerBound), limits.upperBound)
        let summary: [(label: String, value: String)] = [
            ("model", "flutter-clamping: Flutter's ClampingScrollSimulation (Android's spline, friction 0.015)"),
            ("duration", "\(JSONValue.format(simulation.duration)) s"),
            ("distance", "\(JSONValue.format(simulation.distance)) pt"),
            ("final position",
             "\(JSONValue.format(final)) pt" + (final != position + simulation.distance ? " (stopped at a bound)" : "")),
        ]
        // The position is monotone: once past a bound it stays there, stopped (Flutter's
        // ClampingScrollPhysics ends the fling at the scroll extent).
        return Trajectory(state: { t in
            let x = simulation.position(at: t)
            if x > limits.upperBound { return (limits.upperBound, 0) }
            if x < limits.lowerBound { return (limits.lowerBound, 0) }
            return (x, simulation.velocity(at: t))
        }, summary: summary)
    }

    // MARK: - Parsing

    /// `MIN:MAX` with MIN ≤ MAX.
    private static func parseBounds(_ text: String) throws(CommandLineError) -> ClosedRange<Double> {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2 else { throw CommandLineError("--bounds: expected MIN:MAX, got '\(text)'") }
        let lower = try ArgumentList.parseNumber(parts[0], option: "--bounds MIN")
        let upper = try ArgumentList.parseNumber(parts[1], option: "--bounds MAX")
        guard lower <= upper else {
            throw CommandLineError("--bounds: MAX (\(JSONValue.format(upper))) is below MIN (\(JSONValue.format(lower)))")
        }
        return lower...upper
    }

    /// `normal`, `fast` or a number in (0, 1).
    private static func parseRate(_ text: String) throws(CommandLineError) -> DecelerationRate {
        switch text {
        case "normal": return .normal
        case "fast": return .fast
        default:
            guard let value = Double(text.trimmingCharacters(in: .whitespaces)) else {
                throw CommandLineError("--rate: expected normal, fast or a number in (0, 1), got '\(text)'")
            }
            do {
                return try DecelerationRate(rate: value)
            } catch {
                throw CommandLineError("--rate must be normal, fast or a number in (0, 1), got \(text)")
            }
        }
    }

    /// The snap points of `--page` or `--snap-points`, if either was given.
    private static func parseSnapPoints(
        pageSize: Double?, pointsText: String?, limits: ClosedRange<Double>
    ) throws(CommandLineError) -> ScrollSnapPoints? {
        if let pageSize {
            guard pageSize > 0 else { throw CommandLineError("--page must be > 0, got \(JSONValue.format(pageSize))") }
            return try checked { () throws(HookeError) in try ScrollSnapPoints(pageSize: pageSize, limits: limits) }
        }
        guard let pointsText else { return nil }
        var points: [Double] = []
        for part in pointsText.split(separator: ",", omittingEmptySubsequences: false) {
            points.append(try ArgumentList.parseNumber(String(part), option: "--snap-points"))
        }
        do {
            return try ScrollSnapPoints(points: points, limits: limits)
        } catch let .invalidParameter(_, value, _) {
            throw CommandLineError("--snap-points: \(JSONValue.format(value)) is outside --bounds \(describe(limits))")
        } catch {
            throw CommandLineError("--snap-points: \(error)")
        }
    }

    private static func describe(_ limits: ClosedRange<Double>) -> String {
        "\(JSONValue.format(limits.lowerBound)):\(JSONValue.format(limits.upperBound))"
    }

    /// Runs a library initialiser whose arguments the command has already checked; an error
    /// would be a gap in those checks, reported as a bad argument rather than a crash.
    private static func checked<T>(_ make: () throws(HookeError) -> T) throws(CommandLineError) -> T {
        do {
            return try make()
        } catch {
            throw CommandLineError("scroll: \(error)")
        }
    }
}
