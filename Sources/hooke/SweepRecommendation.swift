import Foundation
import Hooke
import HookeIO

/// The recommendation of a sweep report: the row HookeTuning's `SpringSweepRecommendation`
/// chose (its rule is there), or why there is none, in the words of the options.
enum SweepRecommendation {
    case found(SweepRow)
    case none(String)

    /// The requirement as the options name it.
    private static func name(_ requirement: SpringSweepRequirement) -> String {
        switch requirement {
        case .stable: return "stability at --timestep"
        case .settles: return "settling within --duration-limit"
        case .rises: return "a rise time (10-90 %) within --duration-limit"
        case let .maxOvershoot(limit): return "--max-overshoot \(JSONValue.format(limit))"
        case let .maxSettle(limit): return "--max-settle \(JSONValue.format(limit))"
        case let .minOscillations(limit): return "--min-oscillations \(limit)"
        case let .maxOscillations(limit): return "--max-oscillations \(limit)"
        case let .maxPeakVelocity(limit): return "--max-peak-velocity \(JSONValue.format(limit))"
        case let .maxPeakAcceleration(limit): return "--max-peak-acceleration \(JSONValue.format(limit))"
        }
    }

    /// The recommendation over `rows`, which are in grid index order (a run's are its
    /// shard's range, a merge's are checked to be), so the earlier of two tied points is
    /// the one with the smaller index. The explanation lists the requirements that
    /// exclude points, the largest count first.
    static func choose(_ rows: [SweepRow], constraints: SpringSweepConstraints) -> SweepRecommendation {
        switch SpringSweepRecommendation.choose(rows.lazy.map(\.metrics), constraints: constraints) {
        case let .found(position):
            return .found(rows[position])
        case .noPoints:
            return .none("no grid points")
        case let .noCandidate(shortfall):
            let counts = shortfall.exclusions.filter { $0.count > 0 }.sorted { $0.count > $1.count }
                .map { "\(name($0.requirement)) excludes \($0.count)" }.joined(separator: ", ")
            return .none(
                "no grid point of \(shortfall.pointCount) meets the constraints: \(counts); applied in order, "
                    + "\(name(shortfall.lastRequirement)) removed the last \(shortfall.lastRemoved)")
        }
    }

    // MARK: - Output

    static func json(_ recommendation: SweepRecommendation, settings: SweepSettings) -> JSONValue {
        guard case let .found(row) = recommendation else { return .null }
        guard case var .object(members) = row.json else { return .null }
        members.append(("objective", .string(settings.constraints.objective.rawValue)))
        // The snippets of earlier versions, under their names, whatever --code chooses.
        let all = code(row, settings: settings)
        let swiftUI = all.snippets(for: .swiftui)
        members.append(("swiftUI", .string(swiftUI[0].code)))
        members.append(("swiftUIDurationBounce", .string(swiftUI[1].code)))
        let uikit = all.snippets(for: .uikit).first { $0.code.hasPrefix("UIView.animate") }
        members.append(("uikit", uikit.map { .string($0.code) } ?? .null))
        members.append(("hooke", .string(all.snippets(for: .hooke)[0].code)))
        members.append(("code", .array(all.snippets(settings.code).map(\.json))))
        return .object(members)
    }

    static func text(_ recommendation: SweepRecommendation, settings: SweepSettings, pointCount: Int) -> String {
        guard case let .found(row) = recommendation else {
            if case let .none(reason) = recommendation { return "no recommendation: \(reason)" }
            return ""
        }
        let m = row.metrics
        var lines = [
            "recommendation (objective: \(settings.constraints.objective.rawValue); grid point \(row.index) of \(pointCount))",
        ]
        if !row.extraParameters.isEmpty {
            lines.append("  as swept: " + row.extraParameters.map { "\($0.0) \(JSONValue.short($0.1))" }.joined(separator: ", "))
        }
        lines += [
            "  damping ratio \(JSONValue.short(row.dampingRatio)), response \(JSONValue.short(row.response)) s, mass \(JSONValue.short(row.mass)) kg",
            "  stiffness \(JSONValue.short(row.stiffness)) N/m, damping \(JSONValue.short(row.damping)) kg/s",
            "  duration \(JSONValue.short(row.duration)) s, bounce \(JSONValue.short(row.bounce))",
            "  settles in \(JSONValue.short(m.settlingDuration)) s (closed form \(JSONValue.short(m.exactSettlingDuration)) s), overshoot \(JSONValue.short(m.overshoot * 100)) %, "
                + "first peak \(m.peakTime.isFinite ? JSONValue.short(m.peakTime) + " s" : "none"), "
                + "rise \(m.riseTime.isFinite ? JSONValue.short(m.riseTime) + " s" : "none"), \(m.oscillations) oscillation\(m.oscillations == 1 ? "" : "s")",
            "  peak velocity \(JSONValue.short(m.peakVelocity)) points/s, peak acceleration \(JSONValue.short(m.peakAcceleration)) points/s²",
        ]
        let snippets = code(row, settings: settings).snippets(settings.code)
        if !snippets.isEmpty { lines.append("as code (each with its conversion from m, k, c)") }
        var previous: SpringCode.Target? = nil
        for snippet in snippets {
            let label = snippet.target == previous ? "" : snippet.target.label
            previous = snippet.target
            lines.append("  " + label.padding(toLength: 16, withPad: " ", startingAt: 0) + snippet.code)
            lines.append("  " + String(repeating: " ", count: 16) + "// " + snippet.conversion)
        }
        return lines.joined(separator: "\n")
    }

    /// The code of the row's spring for the sweep's move.
    private static func code(_ row: SweepRow, settings: SweepSettings) -> SpringCode {
        // The row's coefficients make a spring: they came from one.
        let spring = row.spring ?? .smooth
        return SpringCode(
            spring: spring, from: settings.from, to: settings.to, initialVelocity: row.initialVelocity,
            cssMaxError: settings.cssMaxError)
    }
}
