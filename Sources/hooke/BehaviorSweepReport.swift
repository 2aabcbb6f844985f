import Foundation
import HookeIO

/// What one `hooke sweep --scenario` run (or one merge of its parts) writes: a row per
/// grid point and the recommendation, as a table, CSV or JSON.
struct BehaviorSweepReport {
    let grid: BehaviorSweepGrid
    let criteria: BehaviorSweepCriteria
    let shard: SweepShard
    /// The recordings of a `--gestures` sweep; nil otherwise.
    let corpus: GestureCorpus.Summary?
    let rows: [BehaviorSweepRow]
    let recommendation: BehaviorSweepRecommendation

    /// The first member of the JSON output, by which `hooke sweep merge` tells these
    /// parts from a spring sweep's.
    static let kind = "behaviorSweep"

    init(grid: BehaviorSweepGrid, criteria: BehaviorSweepCriteria, shard: SweepShard,
         corpus: GestureCorpus.Summary? = nil, rows: [BehaviorSweepRow]) {
        self.grid = grid
        self.corpus = corpus
        self.criteria = criteria
        self.shard = shard
        self.rows = rows
        recommendation = BehaviorSweepRecommendation.choose(rows, criteria: criteria)
    }

    func render(_ format: SweepReport.Format) -> String {
        switch format {
        case .csv: return csv
        case .json: return json
        case .table: return table
        }
    }

    var csv: String {
        ([BehaviorSweepRow.csvHeader(grid, criteria)] + rows.map(\.csvLine)).joined(separator: "\n") + "\n"
    }

    /// `{"kind", "scenario", "scenarioHash", "axes", "settings", "shard", "pointCount",
    /// "points", "recommendation"}` (and `"noRecommendation"` with the reason when there
    /// is none; `"gestures"`, the corpus, after `"scenarioHash"` in a `--gestures` sweep).
    var json: String {
        var text = "{\"kind\":" + JSONValue.string(Self.kind).text
        text += ",\"scenario\":" + JSONValue.string(grid.scenarioPath).text
        text += ",\"scenarioHash\":" + JSONValue.string(grid.scenarioHash).text
        if let corpus { text += ",\"gestures\":" + corpus.json.text }
        text += ",\"axes\":" + grid.json.text
        text += ",\"settings\":" + criteria.json.text
        text += ",\"shard\":" + shard.json.text
        text += ",\"pointCount\":\(grid.count)"
        text += ",\"points\":[" + rows.map { $0.json(grid, criteria).text }.joined(separator: ",") + "]"
        text += ",\"recommendation\":" + BehaviorSweepRecommendation.json(recommendation, grid: grid, criteria: criteria).text
        if case let .none(reason) = recommendation {
            text += ",\"noRecommendation\":" + JSONValue.string(reason).text
        }
        return text + "}\n"
    }

    /// Every point for small grids, else the 20 with the smallest objective; then the
    /// recommendation.
    var table: String {
        let limit = 60
        var shown = rows
        var heading = "\(rows.count) grid point\(rows.count == 1 ? "" : "s") of \(grid.scenarioPath), band \(JSONValue.short(criteria.band)) pt"
        if let corpus {
            heading += ", each on the \(corpus.count) recordings of \(corpus.directory) (\(corpus.dismissCount) dismiss, \(corpus.keepCount) keep)"
        }
        if shard != .whole { heading += ", shard \(shard.index)/\(shard.count)" }
        if rows.count > limit {
            let column = criteria.objectiveColumn
            shown = rows.sorted { a, b in
                (a.metrics[column] ?? .infinity, a.index) < (b.metrics[column] ?? .infinity, b.index)
            }.prefix(20).map { $0 }
            heading += "; the 20 with the smallest \(criteria.objective.name) shown (--format csv|json for all)"
        }
        let columns = ["index"] + grid.axes.map(\.path.text) + criteria.metrics.map(\.name)
        let cells = shown.map { row in
            ["\(row.index)"] + row.values.map(cell) + row.metrics.map { $0.map(cell) ?? "-" }
        }
        // Each column as wide as its widest entry and a space, at least 11.
        let widths = columns.indices.map { column in
            max(11, ([columns[column]] + cells.map { $0[column] }).map(\.count).max()! + 1)
        }
        func line(_ entries: [String]) -> String {
            let padded = zip(entries, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined()
            return String(padded.reversed().drop { $0 == " " }.reversed())
        }
        var lines = [heading, line(columns)]
        lines += cells.map(line)
        lines.append("")
        lines.append(BehaviorSweepRecommendation.text(recommendation, grid: grid, criteria: criteria))
        return lines.joined(separator: "\n")
    }

    private func cell(_ value: Double) -> String { String(format: "%.5g", value) }
}
