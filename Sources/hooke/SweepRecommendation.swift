import Foundation
import Hooke

/// The best grid point that meets the constraints, or why there is none.
///
/// ## Rule
///
/// A point is a candidate when the integrator is stable for it, it settles within the
/// duration limit, its objective is defined (a rise time exists for `rise`), and it
/// meets every constraint given: overshoot ≤ `--max-overshoot`, settling ≤
/// `--max-settle`, `--min-oscillations` ≤ oscillations ≤ `--max-oscillations`. The
/// recommendation is the candidate with the smallest objective (settling duration,
/// overshoot or rise time); ties go to the smaller settling duration, then to the
/// smaller grid index — so the choice does not depend on threads or shards.
///
/// When no point is a candidate, the explanation gives, for each requirement, how many
/// points it excludes on its own (the largest first), and which requirement, applied in
/// the order above, removed the last remaining candidates.
enum SweepRecommendation {
    case found(SweepRow)
    case none(String)

    private struct Requirement {
        let name: String
        let admits: (SweepRow) -> Bool
    }

    private static func requirements(_ c: SweepConstraints) -> [Requirement] {
        var list = [
            Requirement(name: "stability at --timestep") { $0.metrics.isStable },
            Requirement(name: "settling within --duration-limit") { $0.metrics.settlingDuration.isFinite },
        ]
        if c.objective == .rise {
            list.append(Requirement(name: "a rise time (10-90 %) within --duration-limit") { $0.metrics.riseTime.isFinite })
        }
        if let limit = c.maxOvershoot {
            list.append(Requirement(name: "--max-overshoot \(JSONValue.format(limit))") { $0.metrics.overshoot <= limit })
        }
        if let limit = c.maxSettle {
            list.append(Requirement(name: "--max-settle \(JSONValue.format(limit))") { $0.metrics.settlingDuration <= limit })
        }
        if let limit = c.minOscillations {
            list.append(Requirement(name: "--min-oscillations \(limit)") { $0.metrics.oscillations >= limit })
        }
        if let limit = c.maxOscillations {
            list.append(Requirement(name: "--max-oscillations \(limit)") { $0.metrics.oscillations <= limit })
        }
        return list
    }

    static func objective(of row: SweepRow, _ objective: SweepConstraints.Objective) -> Double {
        switch objective {
        case .settle: return row.metrics.settlingDuration
        case .overshoot: return row.metrics.overshoot
        case .rise: return row.metrics.riseTime
        }
    }

    static func choose(_ rows: [SweepRow], constraints: SweepConstraints) -> SweepRecommendation {
        let requirements = requirements(constraints)
        var best: SweepRow? = nil
        for row in rows where requirements.allSatisfy({ $0.admits(row) }) {
            guard let current = best else { best = row; continue }
            let a = (objective(of: row, constraints.objective), row.metrics.settlingDuration, row.index)
            let b = (objective(of: current, constraints.objective), current.metrics.settlingDuration, current.index)
            if a < b { best = row }
        }
        if let best { return .found(best) }
        if rows.isEmpty { return .none("no grid points") }

        let excluded = requirements.map { requirement in
            (requirement.name, rows.count { !requirement.admits($0) })
        }
        var remaining = rows
        var last = requirements[0].name
        var lastRemoved = 0
        for requirement in requirements {
            let kept = remaining.filter(requirement.admits)
            if kept.isEmpty {
                last = requirement.name
                lastRemoved = remaining.count
                break
            }
            remaining = kept
        }
        let counts = excluded.filter { $0.1 > 0 }.sorted { $0.1 > $1.1 }
            .map { "\($0.0) excludes \($0.1)" }.joined(separator: ", ")
        return .none(
            "no grid point of \(rows.count) meets the constraints: \(counts); applied in order, \(last) removed the last \(lastRemoved)")
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
            "  damping ratio \(short(row.dampingRatio)), response \(short(row.response)) s, mass \(short(row.mass)) kg",
            "  stiffness \(short(row.stiffness)) N/m, damping \(short(row.damping)) kg/s",
            "  duration \(short(row.duration)) s, bounce \(short(row.bounce))",
            "  settles in \(short(m.settlingDuration)) s (closed form \(short(m.exactSettlingDuration)) s), overshoot \(short(m.overshoot * 100)) %, "
                + "first peak \(m.peakTime.isFinite ? short(m.peakTime) + " s" : "none"), "
                + "rise \(m.riseTime.isFinite ? short(m.riseTime) + " s" : "none"), \(m.oscillations) oscillation\(m.oscillations == 1 ? "" : "s")",
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
        let swiftUI = ".spring(response: \(short(row.response)), dampingFraction: \(short(row.dampingRatio)))"
        let durationBounce = "Spring(duration: \(short(row.duration)), bounce: \(short(row.bounce)))"
        var uikit: String? = nil
        if row.uikitDuration.isFinite {
            // UIKit's initialSpringVelocity is the velocity over the total distance, per second.
            let distance = settings.to - settings.from
            let relative = distance == 0 ? 0 : row.initialVelocity / distance
            uikit = "UIView.animate(withDuration: \(short(row.uikitDuration)), delay: 0, usingSpringWithDamping: \(short(row.dampingRatio)), "
                + "initialSpringVelocity: \(short(relative)), options: [], animations: { … })"
        }
        let hooke = "try Spring(mass: \(short(row.mass)), stiffness: \(short(row.stiffness)), damping: \(short(row.damping)))"
        return (swiftUI, durationBounce, uikit, hooke)
    }

    /// A number rounded to 6 significant digits for code snippets.
    static func short(_ value: Double) -> String {
        guard value.isFinite else { return value.description }
        return JSONValue.format(Double(String(format: "%.6g", value)) ?? value)
    }
}
