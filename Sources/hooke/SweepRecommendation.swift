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
        let code = snippets(row, settings: settings)
        members.append(("objective", .string(settings.constraints.objective.rawValue)))
        members.append(("swiftUI", .string(code.swiftUI)))
        members.append(("swiftUIDurationBounce", .string(code.durationBounce)))
        members.append(("uikit", code.uikit.map(JSONValue.string) ?? .null))
        members.append(("hooke", .string(code.hooke)))
        return .object(members)
    }

    static func text(_ recommendation: SweepRecommendation, settings: SweepSettings, pointCount: Int) -> String {
        guard case let .found(row) = recommendation else {
            if case let .none(reason) = recommendation { return "no recommendation: \(reason)" }
            return ""
        }
        let m = row.metrics
        let code = snippets(row, settings: settings)
        var lines = [
            "recommendation (objective: \(settings.constraints.objective.rawValue); grid point \(row.index) of \(pointCount))",
            "  damping ratio \(JSONValue.short(row.dampingRatio)), response \(JSONValue.short(row.response)) s, mass \(JSONValue.short(row.mass)) kg",
            "  stiffness \(JSONValue.short(row.stiffness)) N/m, damping \(JSONValue.short(row.damping)) kg/s",
            "  duration \(JSONValue.short(row.duration)) s, bounce \(JSONValue.short(row.bounce))",
            "  settles in \(JSONValue.short(m.settlingDuration)) s (closed form \(JSONValue.short(m.exactSettlingDuration)) s), overshoot \(JSONValue.short(m.overshoot * 100)) %, "
                + "first peak \(m.peakTime.isFinite ? JSONValue.short(m.peakTime) + " s" : "none"), "
                + "rise \(m.riseTime.isFinite ? JSONValue.short(m.riseTime) + " s" : "none"), \(m.oscillations) oscillation\(m.oscillations == 1 ? "" : "s")",
            "as code",
            "  SwiftUI   \(code.swiftUI)",
            "            \(code.durationBounce)",
        ]
        if let uikit = code.uikit { lines.append("  UIKit     \(uikit)") }
        lines.append("  Hooke     \(code.hooke)")
        return lines.joined(separator: "\n")
    }

    private static func snippets(_ row: SweepRow, settings: SweepSettings)
        -> (swiftUI: String, durationBounce: String, uikit: String?, hooke: String)
    {
        let swiftUI = ".spring(response: \(JSONValue.short(row.response)), dampingFraction: \(JSONValue.short(row.dampingRatio)))"
        let durationBounce = "Spring(duration: \(JSONValue.short(row.duration)), bounce: \(JSONValue.short(row.bounce)))"
        var uikit: String? = nil
        if row.uikitDuration.isFinite {
            // UIKit's initialSpringVelocity is the velocity over the total distance, per second.
            let distance = settings.to - settings.from
            let relative = distance == 0 ? 0 : row.initialVelocity / distance
            uikit = "UIView.animate(withDuration: \(JSONValue.short(row.uikitDuration)), delay: 0, usingSpringWithDamping: \(JSONValue.short(row.dampingRatio)), "
                + "initialSpringVelocity: \(JSONValue.short(relative)), options: [], animations: { … })"
        }
        let hooke = "try Spring(mass: \(JSONValue.short(row.mass)), stiffness: \(JSONValue.short(row.stiffness)), damping: \(JSONValue.short(row.damping)))"
        return (swiftUI, durationBounce, uikit, hooke)
    }
}
