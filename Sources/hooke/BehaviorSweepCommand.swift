import Foundation
import Hooke
import HookeIO
import HookeInteractions

/// `hooke sweep --scenario S.json --vary PATH=AXIS…`: runs a scenario at every point of
/// a grid of its own numbers, measures every recorded body, and recommends the point
/// that minimises an objective under constraints.
enum BehaviorSweepCommand {
    static let usage = """
        usage: hooke sweep --scenario S.json --vary PATH=AXIS [--vary PATH=AXIS…]
                           [--gestures DIR] [--metric NAME…] [--band PT] [--max NAME=V…]
                           [--min NAME=V…] [--objective NAME] [OUTPUT] [--threads N] [SCALE-OUT]

        Runs the scenario (Docs/scenarios.md) at every point of the grid, the cartesian
        product of the --vary axes (the last changing fastest), each run as hooke
        simulate runs the file, and measures every recorded body from its rows.

          --vary PATH=AXIS    a number of the scenario by its JSON path (objects by key,
                              arrays by index: behaviors[0].damping, bodies[1].center[0])
                              and its values: V, V1,V2,… or A:B:STEP (B inclusive). Each
                              value is substituted into the document, which is then read
                              by the scenario parser: a value it refuses stops the sweep
                              before any run, with its error
          --metric NAME       bodies.<id>.settle|overshoot|peakSpeed|finalX|finalY|rest|
                              dismissed, repeatable (default: all of every recorded body)
                                settle     last time (s) the centre was farther than
                                           --band from where it ends
                                overshoot  farthest the centre went past its final
                                           position along its travel (pt)
                                peakSpeed  largest recorded speed (pt/s)
                                finalX/Y   the centre in the last row (pt)
                                rest       time (s) of the rest event after which the
                                           body rests to the end (empty if none)
                                dismissed  1 if an interaction (swipe card, card stack,
                                           flick) ends with the body thrown away, 0 if
                                           not; only for bodies with a state column
          --gestures DIR      run every grid point on each labelled recording of DIR (its
                              *.json files in name order, at most 1000, each at most
                              1 MiB, each {"label": "dismiss"|"keep", "gesture": {…}}),
                              the recording's gesture replacing that of the scenario's
                              one swipeCard or flick; the metrics are then the corpus's:
                                gestures.wrong        wrong dismissals / "keep" recordings
                                gestures.missed       missed dismissals / "dismiss" ones
                                gestures.errors       both kinds / all recordings (the
                                                      default objective)
                                gestures.wrongCount, gestures.missedCount  the counts
                                gestures.settle       the body's mean settle (s)
          --band PT           settling band, points (default 0.5)
          --max NAME=V, --min NAME=V
                              constraints for the recommendation, repeatable
          --objective NAME    what to minimise (default: the first --metric, else the
                              first body's settle)

        OUTPUT, --threads, --shard and merge are as for the spring grid above.
        """

    static func run(_ raw: [String]) throws(CommandLineError) -> String {
        let repeated = try RepeatedOptions(raw, names: ["--vary", "--metric", "--max", "--min"])
        var arguments = try ArgumentList(repeated.remaining, flagNames: ["--help"])
        if arguments.flag("--help") { return usage }
        guard let input = try arguments.string("--scenario") else { throw CommandLineError("--scenario needs a value") }
        let band = try arguments.number("--band")
        let gestures = try arguments.string("--gestures")
        let objective = try arguments.string("--objective")
        let out = try arguments.string("--out")
        let format = try SweepReport.Format.parse(try arguments.string("--format"), out: out)
        let threadCount = try SweepCommand.threads(&arguments)
        let shard = try SweepShard.parse(
            try arguments.string("--shard"), shardCount: try arguments.number("--shard-count"),
            environment: ProcessInfo.processInfo.environment)
        if arguments.has("--plot") { throw CommandLineError("--plot: only the spring grid draws a plot") }
        try arguments.finish()
        try SweepCommand.checkPaths(out: out, plot: nil, inputs: [input])

        let grid = try BehaviorSweepGrid.parse(scenario: input, vary: repeated.all("--vary"))
        try grid.validateAxes()
        let corpus = try gestures.map { (directory) throws(CommandLineError) in
            try GestureCorpus(directory: directory, grid: grid)
        }
        let recorded = try recordedIDs(grid)
        let criteria = try BehaviorSweepCriteria.parse(
            band: band, metrics: repeated.all("--metric"), maxima: repeated.all("--max"), minima: repeated.all("--min"),
            objective: objective, recorded: recorded, gestures: corpus != nil)
        let range = shard.range(of: grid.count)
        try SweepCommand.requireMemory(forPoints: range.count)
        try grid.validatePoints(range)

        // A bar on a terminal when the shard runs a million steps or more.
        let steps = try grid.scenario(grid.values(0), context: "grid point 0").scenario.stepCount(duration: nil)
        let runsPerPoint = corpus?.recordings.count ?? 1
        let progress = ProgressBar.sweep(total: range.count, steps: steps * runsPerPoint, minimumWork: 1e6)
        let rows = try BehaviorSweepRunner.rows(range, grid: grid, criteria: criteria, corpus: corpus,
                                                threads: threadCount, progress: progress)
        progress?.finish()
        return try deliver(BehaviorSweepReport(grid: grid, criteria: criteria, shard: shard, corpus: corpus?.summary,
                                               rows: rows),
                           format: format, out: out)
    }

    /// The ids of the rows the scenario records at its first point, in row order, and
    /// whether each carries an interaction's state.
    static func recordedIDs(_ grid: BehaviorSweepGrid) throws(CommandLineError) -> [(id: String, hasState: Bool)] {
        let values = grid.values(0)
        let context = "grid point 0 (\(grid.describe(values)))"
        let file = try grid.scenario(values, context: context)
        do {
            return try file.simulation().samples().map { ($0.sample.id, !$0.state.isEmpty) }
        } catch {
            throw CommandLineError("\(context): \(error)")
        }
    }

    /// Writes `--out` (atomically) and returns what goes to standard output.
    static func deliver(_ report: BehaviorSweepReport, format: SweepReport.Format, out: String?) throws(CommandLineError)
        -> String
    {
        let document = report.render(format)
        guard let out else {
            return format == .table ? document : String(document.dropLast(document.hasSuffix("\n") ? 1 : 0))
        }
        try OutputFile.write(document.hasSuffix("\n") ? document : document + "\n", to: out, option: "--out")
        let count = report.rows.count
        return ["wrote \(count) point\(count == 1 ? "" : "s") to \(out) (\(format.rawValue))",
                BehaviorSweepRecommendation.text(report.recommendation, grid: report.grid, criteria: report.criteria)]
            .joined(separator: "\n")
    }
}
