import Dispatch
import Foundation
import Hooke
import HookeIO

/// What one `hooke sweep` run (or one merge) writes: the grid's rows and the
/// recommendation over them, as a table, CSV or JSON.
struct SweepReport {
    enum Format: String, CaseIterable {
        case table, csv, json

        /// `--format`, or the extension of `--out` (`.csv`, `.json`), or `table`.
        static func parse(_ text: String?, out: String?) throws(CommandLineError) -> Format {
            if let text {
                guard let format = Format(rawValue: text) else {
                    throw CommandLineError("--format: '\(text)' is not one of table|csv|json")
                }
                return format
            }
            switch out.map({ URL(fileURLWithPath: $0).pathExtension.lowercased() }) {
            case "csv"?: return .csv
            case "json"?: return .json
            default: return .table
            }
        }
    }

    let grid: SpringSweepGrid
    let settings: SweepSettings
    let shard: SweepShard
    let rows: [SweepRow]
    let recommendation: SweepRecommendation
    /// Where the recommendation lies on the grid's edge (`SweepEdgeWarning`).
    let edgeWarnings: [SweepEdgeWarning]

    init(grid: SpringSweepGrid, settings: SweepSettings, shard: SweepShard, rows: [SweepRow]) {
        self.grid = grid
        self.settings = settings
        self.shard = shard
        self.rows = rows
        recommendation = SweepRecommendation.choose(rows, constraints: settings.constraints)
        if case let .found(row) = recommendation {
            edgeWarnings = SweepEdgeWarning.warnings(for: row, in: grid)
        } else {
            edgeWarnings = []
        }
    }

    /// For the exact integrator, the check of the simulation against the closed form:
    /// at how many points the simulated settling is within one step of
    /// `Spring.settlingDuration`. Points that do not settle within the duration limit
    /// agree when the closed form is beyond the limit too.
    var crossCheck: String? {
        guard settings.integrator == .exact, !rows.isEmpty else { return nil }
        let h = settings.timestep
        let agreeing = rows.count { row in
            let simulated = row.metrics.settlingDuration
            let exact = row.metrics.exactSettlingDuration
            if !simulated.isFinite { return !(exact <= settings.durationLimit) }
            return abs(simulated - exact) <= h
        }
        return "closed-form check: simulated settling within one step of Spring.settlingDuration at \(agreeing) of \(rows.count) points"
    }

    func render(_ format: Format) -> String {
        switch format {
        case .csv: return csv
        case .json: return json
        case .table: return table
        }
    }

    /// Threads used to format rows (the text does not depend on it).
    var threads = 1

    /// The rows formatted by `line`, in order, split over `threads` workers: each worker
    /// formats one contiguous range into its own string, and the strings are joined in
    /// range order.
    private func formatted(separator: String, _ line: @escaping @Sendable (SweepRow) -> String) -> String {
        let rows = RowList(rows: self.rows)
        let workers = max(1, min(threads, rows.rows.count / 10_000))
        let pieces = PieceBuffer(count: workers)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            let lower = worker * rows.rows.count / workers
            let upper = (worker + 1) * rows.rows.count / workers
            var text = ""
            for position in lower..<upper {
                if position > 0 { text += separator }
                text += line(rows.rows[position])
            }
            pieces.store(text, at: worker)
        }
        return pieces.joined()
    }

    /// A header and one line per grid point in index order.
    var csv: String {
        SweepRow.csvHeader(grid.parameterization) + "\n" + formatted(separator: "\n") { $0.csvLine } + (rows.isEmpty ? "" : "\n")
    }

    /// `{"grid", "settings", "shard", "pointCount", "points", "recommendation"}` (and
    /// `"noRecommendation"` with the reason when there is none). Written row by row: a
    /// million points do not become one tree in memory.
    var json: String {
        var text = "{"
        text += "\"grid\":" + grid.json.text
        text += ",\"settings\":" + settings.json.text
        text += ",\"shard\":" + shard.json.text
        text += ",\"pointCount\":\(grid.count)"
        text += ",\"points\":["
        text += formatted(separator: ",") { $0.json.text }
        text += "],\"recommendation\":" + SweepRecommendation.json(recommendation, settings: settings).text
        text += ",\"edgeWarnings\":" + JSONValue.array(edgeWarnings.map(\.json)).text
        if case let .none(reason) = recommendation {
            text += ",\"noRecommendation\":" + JSONValue.string(reason).text
        }
        return text + "}\n"
    }

    /// The readable form: every point for small grids, else the 20 best; then the
    /// recommendation.
    var table: String {
        let limit = 60
        var shown = rows
        var heading = "\(rows.count) grid point\(rows.count == 1 ? "" : "s"), \(settings.integrator.rawValue) integrator, h = \(JSONValue.short(settings.timestep)) s, move \(JSONValue.short(settings.from)) → \(JSONValue.short(settings.to))"
        if shard != .whole { heading += ", shard \(shard.index)/\(shard.count)" }
        if rows.count > limit {
            let objective = settings.constraints.objective
            shown = rows.sorted { a, b in
                let keyA = (sortKey(objective.value(of: a.metrics)), sortKey(a.metrics.settlingDuration), a.index)
                let keyB = (sortKey(objective.value(of: b.metrics)), sortKey(b.metrics.settlingDuration), b.index)
                return keyA < keyB
            }.prefix(20).map { $0 }
            heading += "; the 20 with the smallest \(objective.rawValue) shown (--format csv|json for all)"
        }
        let showError = settings.integrator != .exact
        // The swept parameters that have no column of their own come first, as typed.
        let extraNames = rows.first?.extraParameters.map(\.0) ?? []
        var columns = ["index"] + extraNames + ["zeta", "response", "stiffness", "damping", "mass", "v0", "settle", "exact", "overshoot%", "peak", "rise", "osc", "stable"]
        if showError { columns.append("maxError") }
        var lines = [heading]
        if let crossCheck { lines.append(crossCheck) }
        let widths = columns.map { max(11, $0.count + 1) }
        lines.append(columns.map { pad($0) }.joined())
        for row in shown {
            let m = row.metrics
            var cells = ["\(row.index)"] + row.extraParameters.map { cell($0.1) } + [
                cell(row.dampingRatio), cell(row.response), cell(row.stiffness), cell(row.damping),
                cell(row.mass), cell(row.initialVelocity), cell(m.settlingDuration), cell(m.exactSettlingDuration),
                cell(m.overshoot * 100), cell(m.peakTime), cell(m.riseTime), "\(m.oscillations)", m.isStable ? "yes" : "NO",
            ]
            if showError { cells.append(cell(m.maxError)) }
            lines.append(zip(cells, widths).map { pad($0, width: $1) }.joined())
        }
        lines.append("")
        lines.append(SweepRecommendation.text(recommendation, settings: settings, pointCount: grid.count))
        return lines.joined(separator: "\n")
    }

    private func sortKey(_ value: Double) -> Double { value.isNaN ? .infinity : value }

    private func cell(_ value: Double) -> String {
        value.isFinite ? String(format: "%.5g", value) : (value.isNaN ? "-" : "inf")
    }

    private func pad(_ text: String, width: Int = 11) -> String {
        text.padding(toLength: max(width, text.count + 1), withPad: " ", startingAt: 0)
    }
}

/// The rows, shared read-only with the formatting workers.
private struct RowList: @unchecked Sendable {
    let rows: [SweepRow]
}

/// One string per formatting worker; each worker writes only its own slot.
private final class PieceBuffer: @unchecked Sendable {
    private var pieces: [String]
    private let lock = NSLock()

    init(count: Int) { pieces = Array(repeating: "", count: count) }

    func store(_ text: String, at index: Int) {
        lock.lock()
        pieces[index] = text
        lock.unlock()
    }

    func joined() -> String { pieces.joined() }
}
