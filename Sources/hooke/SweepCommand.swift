import Foundation
import Hooke
import HookeIO

/// `hooke sweep`: simulate a grid of springs with the engine's integrator and timestep,
/// measure every step response, and recommend the best spring under constraints.
enum SweepCommand {
    static let usage = """
        usage: hooke sweep GRID [MOVE] [SIMULATION] [CONSTRAINTS] [OUTPUT] [SCALE-OUT]
               hooke sweep merge PART.json… --out FILE [--format table|csv|json] [--plot FILE.svg]

        Simulates every spring of a grid with the chosen integrator at a fixed timestep,
        measures its step response, and recommends the best one that meets the
        constraints. Each axis takes V, V1,V2,… or A:B:STEP (B inclusive).

        GRID, exactly one of (the option names of hooke spring; every point's spring is
        made by the Spring initialiser of its parameterisation):
          --damping-ratio Z --response R      SwiftUI .spring(response:dampingFraction:)
          --stiffness K --damping C           physical coefficients (N/m, kg/s); with --mass,
                                              Core Animation CASpringAnimation mass/stiffness/damping
          --duration D [--bounce B]           SwiftUI Spring(duration:bounce:), B in (-1, 1]
          --uikit-duration D --uikit-damping Z
                                              UIView spring animation duration (s) and damping
                                              ratio, Z in (0, 1]
          --bounciness B --speed S            Pop / Rebound, both in [0, 20] (mass 1)
          --tension T --friction F            react-spring tension and friction
          --react-spring-frequency F --react-spring-damping Z
                                              react-spring frequency (a period, s) and damping (ratio)
          --preset smooth|snappy|bouncy [--duration D] [--extra-bounce E]
                                              SwiftUI Spring.smooth/.snappy/.bouncy(duration:extraBounce:),
                                              D default 0.5, E default 0 (mass 1)
          --visual-duration D [--bounce B]    Motion (motion.dev) visualDuration and bounce (mass 1)
          --android-stiffness K [--android-damping-ratio Z]
                                              Android SpringForce / Compose spring(), Z default 0.5
                                              (mass 1); list items may be hooke spring's names
                                              (medium, low-bouncy…)
          [--mass M]                          kg (default 1), may be swept too (not with the
                                              mass-1 parameterisations)
          [--initial-velocity V]              points/s (default 0), may be swept too

        MOVE:
          --from X0 --to X1                   start and target (default 0 and 1)
          --tolerance E                       settling band, fraction of |X1 - X0| (default 0.001)

        SIMULATION:
          --integrator exact|euler|verlet|rk4 (default exact)
          --timestep H                        seconds (default 1/120)
          --duration-limit T                  seconds simulated per point (default 10)
          --threads N                         worker threads (default 1; results identical)

        CONSTRAINTS (for the recommendation):
          --max-overshoot F                   largest overshoot, fraction of the move (0.05 = 5 %)
          --max-settle S                      latest settling, seconds
          --min-oscillations N, --max-oscillations N
                                              turning points outside the band
          --max-peak-velocity V               largest |velocity|, points/s (units of the move per s)
          --max-peak-acceleration A           largest |acceleration|, points/s²
          --objective settle|overshoot|rise|peak-velocity|peak-acceleration
                                              what to minimise (default settle)
        A recommendation on the edge of an axis with more than one value is warned about
        (one line on standard error, "edgeWarnings" in JSON), naming the option and the
        direction to extend it.

        OUTPUT:
          --format table|csv|json             default: from --out's extension, else table
          --out FILE                          write the output there (atomically) and print
                                              the recommendation
          --plot FILE.svg                     heatmap of the objective with overshoot
                                              contours, and step responses of the
                                              recommendation and its neighbours
          --code T1,T2,…|all                  the recommendation as code, each with its
                                              conversion: swiftui, uikit, core-animation,
                                              compose, flutter, css, motion, hooke (default
                                              all but css; JSON "code")
          --css-max-error E                   CSS linear() curve within E of the move of the
                                              exact step response (default 0.002)

        SCALE-OUT:
          --shard I/N                         compute only part I (0-based) of N of the grid
          --shard auto [--shard-count N]      I and N from SLURM_ARRAY_TASK_ID/_MIN/_COUNT,
                                              or from JOB_COMPLETION_INDEX and --shard-count
                                              or HOOKE_SHARD_COUNT (Kubernetes indexed Job)
          merge PART.json…                    combine JSON parts into what one run writes

        Bad arguments print one line naming the option and exit with status 2; no output
        file is written then.
        """

    static func run(_ arguments: [String]) throws(CommandLineError) -> String {
        if arguments.first == "merge" {
            if BehaviorSweepMerge.handles(Array(arguments.dropFirst())) {
                return try BehaviorSweepMerge.run(Array(arguments.dropFirst()))
            }
            return try SweepMerge.run(Array(arguments.dropFirst()))
        }
        if arguments.contains(where: { $0 == "--scenario" || $0.hasPrefix("--scenario=") }) {
            return try BehaviorSweepCommand.run(arguments)
        }
        var arguments = try ArgumentList(arguments, flagNames: ["--help"])
        if arguments.flag("--help") { return usage + "\n\n" + BehaviorSweepCommand.usage }

        let grid = try SpringSweepGrid.parse(&arguments)
        let settings = try SweepSettings.parse(&arguments)
        let out = try arguments.string("--out")
        let plot = try arguments.string("--plot")
        let format = try SweepReport.Format.parse(try arguments.string("--format"), out: out)
        let threadCount = try threads(&arguments)
        let shard = try SweepShard.parse(
            try arguments.string("--shard"), shardCount: try arguments.number("--shard-count"),
            environment: ProcessInfo.processInfo.environment)
        try arguments.finish()
        try checkPaths(out: out, plot: plot)

        let sweep = try settings.makeSweep()
        let range = shard.range(of: grid.count)
        try requireMemory(forPoints: range.count)
        var points: [SpringSweepGrid.Point] = []
        points.reserveCapacity(range.count)
        for index in range { points.append(try grid.commandLinePoint(index)) }
        let cases = points.map(\.sweepCase)

        let progress = ProgressBar.sweep(total: cases.count, steps: sweep.stepCount)
        var advance: (@Sendable (Int) -> Void)? = nil
        if let progress {
            advance = { @Sendable count in progress.advance(by: count) }
        }
        let metrics = sweep.run(cases, threads: threadCount, progress: advance)
        progress?.finish()

        let rows = zip(points, metrics).map { SweepRow(point: $0, parameterization: grid.parameterization, metrics: $1) }
        var report = SweepReport(grid: grid, settings: settings, shard: shard, rows: rows)
        report.threads = threadCount
        return try deliver(report, format: format, out: out, plot: plot)
    }

    /// Memory one grid point of a sweep takes while its rows are measured and written,
    /// rounded up from 747 bytes measured (peak RSS of `hooke sweep … --format csv` at
    /// 10⁵ and 10⁶ points, Docs/sweep.md).
    static let bytesPerPoint = 800
    /// The most memory one process's points may take: 8 GiB.
    static let maximumPointBytes = 8 << 30

    /// Refuses a sweep whose points (this shard's) would take more than
    /// `maximumPointBytes`, before any is made.
    static func requireMemory(forPoints count: Int) throws(CommandLineError) {
        let limit = maximumPointBytes / bytesPerPoint
        guard count <= limit else {
            let gigabytes = Double(count) * Double(bytesPerPoint) / Double(1 << 30)
            throw CommandLineError(
                "the sweep would hold \(count) points in memory, about \(JSONValue.short(gigabytes)) GiB at "
                    + "\(bytesPerPoint) bytes per point; one process takes at most \(limit) (8 GiB): "
                    + "split it with --shard-count N and --shard K, or use fewer values")
        }
    }

    /// `--threads N`: a whole number in 1...1024 (default 1), for both kinds of sweep.
    static func threads(_ arguments: inout ArgumentList) throws(CommandLineError) -> Int {
        let count = try arguments.number("--threads", default: 1)
        guard count >= 1, count == count.rounded(), count <= 1024 else {
            throw CommandLineError("--threads must be a whole number in 1...1024, got \(JSONValue.format(count))")
        }
        return Int(count)
    }

    /// Refuses output paths that cannot work before any simulation runs: an empty name,
    /// a missing directory, a plot that is not SVG, and an output that is the other
    /// output or one of the `inputs` (a merge's parts).
    static func checkPaths(out: String?, plot: String?, inputs: [String] = []) throws(CommandLineError) {
        for (option, path) in [("--out", out), ("--plot", plot)] {
            guard let path else { continue }
            guard !path.isEmpty else { throw CommandLineError("\(option): empty file name") }
            let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw CommandLineError("\(option): directory \(directory) does not exist")
            }
        }
        if let plot, !plot.lowercased().hasSuffix(".svg") {
            throw CommandLineError("--plot: '\(plot)' must end in .svg")
        }
        try OutputFile.requireDistinct(outputs: [("--out", out), ("--plot", plot)], inputs: inputs)
    }

    /// Writes the files (atomically) and returns what goes to standard output.
    static func deliver(
        _ report: SweepReport, format: SweepReport.Format, out: String?, plot: String?
    ) throws(CommandLineError) -> String {
        let document = report.render(format)
        if let warning = SweepEdgeWarning.line(report.edgeWarnings) {
            FileHandle.standardError.write(Data((warning + "\n").utf8))
        }
        var svg: String? = nil
        if plot != nil {
            svg = try SweepPlot(report: report).svg()
        }
        if let plot, let svg {
            try OutputFile.write(svg, to: plot, option: "--plot")
        }
        guard let out else {
            return format == .table ? document : String(document.dropLast(document.hasSuffix("\n") ? 1 : 0))
        }
        try OutputFile.write(document.hasSuffix("\n") ? document : document + "\n", to: out, option: "--out")
        var lines = ["wrote \(report.rows.count) point\(report.rows.count == 1 ? "" : "s") to \(out) (\(format.rawValue))"]
        if let plot { lines.append("wrote the plot to \(plot)") }
        if let check = report.crossCheck { lines.append(check) }
        lines.append(SweepRecommendation.text(report.recommendation, settings: report.settings, pointCount: report.grid.count))
        return lines.joined(separator: "\n")
    }
}
