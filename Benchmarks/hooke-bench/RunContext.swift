import Foundation

/// Where and when a run measured, carried by every `--json` record (field `context`) so
/// that a result file kept under `Benchmarks/results/` still says, read on its own, which
/// processor it came from, what vector instructions that processor has, and how busy the
/// machine was.
struct RunContext: Codable, Sendable {
    var machine: MachineDescription
    /// Load averages (1, 5, 15 min) when the run started and when it ended.
    var loadAverageStart: [Double]
    var loadAverageEnd: [Double]
    /// When the run started, UTC, ISO 8601.
    var startedAt: String
    /// The source revision measured (`--revision`, e.g. a git commit), when given.
    var revision: String?

    /// The context of a run starting now; `loadAverageEnd` is filled in by `finished()`.
    static func starting(revision: String?) -> RunContext {
        RunContext(machine: .current(), loadAverageStart: LoadAverage.current(), loadAverageEnd: [],
                   startedAt: ISO8601DateFormatter().string(from: Date()), revision: revision)
    }

    /// The same context with the load average read now, at the end of the run.
    func finished() -> RunContext {
        var context = self
        context.loadAverageEnd = LoadAverage.current()
        return context
    }

    /// The name of this run's file in its machine's results folder: its start time
    /// without separators, then the scenarios, e.g. `20250601T101500Z-springs.json`, so
    /// that runs sort by time and never replace one another.
    func resultFileName(scenarios: [Scenario]) -> String {
        let time = startedAt.replacingOccurrences(of: "-", with: "").replacingOccurrences(of: ":", with: "")
        return "\(time)-\(scenarios.map(\.rawValue).joined(separator: "+")).json"
    }
}
