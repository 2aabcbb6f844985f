import HookeIO

/// The recommendation of `hooke sweep --scenario`: of the points that meet every
/// `--max` and `--min` and have a value of the objective, the one with the smallest
/// objective; of tied points the one with the smaller grid index.
enum BehaviorSweepRecommendation {
    case found(BehaviorSweepRow)
    case none(String)

    /// Chooses over `rows`, which are in grid index order.
    static func choose(_ rows: [BehaviorSweepRow], criteria: BehaviorSweepCriteria) -> BehaviorSweepRecommendation {
        guard !rows.isEmpty else { return .none("no grid points") }
        let column = criteria.objectiveColumn
        var best: BehaviorSweepRow?
        var exclusions: [String: Int] = [:]
        var order: [String] = []
        var withoutObjective = 0
        for row in rows {
            let reasons = criteria.excludedBy(row.metrics)
            for reason in reasons {
                if exclusions[reason] == nil { order.append(reason) }
                exclusions[reason, default: 0] += 1
            }
            guard reasons.isEmpty else { continue }
            guard let value = row.metrics[column] else {
                withoutObjective += 1
                continue
            }
            if let current = best, let currentValue = current.metrics[column], !(value < currentValue) { continue }
            best = row
        }
        if let best { return .found(best) }
        var counts = order.map { (name: $0, count: exclusions[$0]!) }
        if withoutObjective > 0 { counts.append(("no value of \(criteria.objective.name)", withoutObjective)) }
        let text = counts.sorted { $0.count > $1.count }.map { "\($0.name) excludes \($0.count)" }.joined(separator: ", ")
        return .none("no grid point of \(rows.count) meets the constraints: \(text)")
    }

    static func json(_ recommendation: BehaviorSweepRecommendation, grid: BehaviorSweepGrid,
                     criteria: BehaviorSweepCriteria) -> JSONValue {
        guard case let .found(row) = recommendation, case var .object(members) = row.json(grid, criteria) else {
            return .null
        }
        members.append(("objective", .string(criteria.objective.name)))
        return .object(members)
    }

    static func text(_ recommendation: BehaviorSweepRecommendation, grid: BehaviorSweepGrid,
                     criteria: BehaviorSweepCriteria) -> String {
        switch recommendation {
        case let .none(reason):
            return "no recommendation: \(reason)"
        case let .found(row):
            var lines = ["recommendation (objective: \(criteria.objective.name), minimised; grid point \(row.index) of \(grid.count))"]
            for (axis, value) in zip(grid.axes, row.values) {
                lines.append("  \(axis.path.text) = \(JSONValue.format(value))")
            }
            for (metric, value) in zip(criteria.metrics, row.metrics) {
                let unit = metric.unit.isEmpty ? "" : " \(metric.unit)"
                lines.append("  \(metric.name) \(value.map { JSONValue.short($0) + unit } ?? "none")")
            }
            return lines.joined(separator: "\n")
        }
    }
}
