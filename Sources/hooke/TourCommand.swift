import Foundation
import HookeIO

/// `hooke tour`: what Hooke does, as pages a reader opens in a browser (`make run`).
///
/// It renders every scene of `scenes` (`RenderCommand.page`), plots springs' step
/// responses (`TourSprings`), runs a small sweep (`SweepCommand`), times a quick
/// benchmark when `hooke-bench` was built beside `hooke`, and writes an index page
/// linking them (`TourIndex`). Everything goes under `--out`; nothing else is written.
enum TourCommand {
    static let usage = """
        usage: hooke tour [--out DIR] [--examples DIR] [--no-bench]

        Shows Hooke at work as pages to open in a browser. It plays the five article
        interactions, the UIKit Dynamics Catalog's scenes and a pyramid on the soft step
        (one 'hooke render' page each), plots springs' step responses in three
        parameterisations, runs a small sweep with its recommendation and heatmap, runs
        a quick benchmark (hooke-bench --quick --scenario springs, when hooke-bench was
        built beside hooke: 'swift build -c release' builds both), and writes
        DIR/index.html, which links them all. Progress goes to standard error: a bar on
        a terminal, one line per item otherwise.

        Options:
          --out DIR       where the pages go (default out/tour); created when missing.
                          Only DIR/index.html, DIR/springs-*.svg, DIR/sweep.csv,
                          DIR/sweep.svg, DIR/bench.md, DIR/bench.svg and DIR/scenes/*.html
                          are written, each replaced atomically.
          --examples DIR  the example scenarios (default Docs/examples: run it from the
                          checkout)
          --no-bench      leave out the benchmark
        """

    /// One scene of the tour: its file under the examples directory, its title and what
    /// it shows.
    struct Scene {
        enum Group: String, CaseIterable {
            case articles = "The five articles' interactions, played from recorded gestures"
            case catalog = "UIKit Dynamics Catalog scenes"
            case more = "Fields, springs and the soft step"
        }

        var file: String
        var title: String
        var caption: String
        var group: Group

        /// The page's name under `scenes/`: the file's path with its directories joined by "-".
        var pageName: String {
            String(file.dropLast(".json".count)).replacingOccurrences(of: "/", with: "-") + ".html"
        }
    }

    static let scenes: [Scene] = [
        Scene(file: "interactions/swipe-card.json", title: "Swipe card",
              caption: "dragged and let go: it springs home, or is swiped away", group: .articles),
        Scene(file: "interactions/flick.json", title: "Flick to dismiss",
              caption: "a slow throw returns, a fast one leaves the screen", group: .articles),
        Scene(file: "interactions/jelly-edge.json", title: "Jelly edge",
              caption: "an edge pulled down by its control point, released on a spring", group: .articles),
        Scene(file: "interactions/pinch-reveal.json", title: "Pinch to reveal",
              caption: "two halves follow the fingers apart and close again", group: .articles),
        Scene(file: "interactions/long-press-lift.json", title: "Long-press lift",
              caption: "an item pressed, lifted, dragged and dropped into a new home", group: .articles),
        Scene(file: "floor.json", title: "Gravity and boundaries",
              caption: "a box and a ball fall onto the bounds and a sloped shelf", group: .catalog),
        Scene(file: "pendulum.json", title: "Pendulum",
              caption: "a bob on a rigid 100 pt attachment", group: .catalog),
        Scene(file: "snap.json", title: "Snap",
              caption: "a tilted card flicked up and snapped to the centre", group: .catalog),
        Scene(file: "push.json", title: "Push",
              caption: "an off-centre instantaneous push and a continuous one", group: .catalog),
        Scene(file: "cradle.json", title: "Newton's cradle",
              caption: "five elastic balls on rigid attachments", group: .catalog),
        Scene(file: "sticky-corners.json", title: "Sticky corners",
              caption: "a thrown tile caught by the spring field of the nearest corner", group: .catalog),
        Scene(file: "well.json", title: "Gravity well",
              caption: "a radial field limited to a ring, with drag", group: .more),
        Scene(file: "tether.json", title: "Tether and vortex",
              caption: "a weight on a 2 Hz spring released at 1 s; a vortex from 0.5 s", group: .more),
        Scene(file: "pyramid.json", title: "Pyramid on the soft step",
              caption: "300 boxes in 24 rows stand on a floor", group: .more),
    ]

    /// The spring `hooke spring` describes on the index page, and the sweep it runs.
    static let springArguments = ["--damping-ratio", "0.5", "--response", "0.4", "--from", "0", "--to", "100"]
    static let sweepArguments = ["--damping-ratio", "0.5:1:0.05", "--response", "0.2:0.6:0.05",
                                 "--max-overshoot", "0.02", "--objective", "settle"]

    static func run(_ arguments: [String]) throws(CommandLineError) -> String {
        var arguments = try ArgumentList(arguments, flagNames: ["--help", "--no-bench"])
        if arguments.flag("--help") { return usage }
        let out = try arguments.string("--out") ?? "out/tour"
        let examples = try arguments.string("--examples") ?? "Docs/examples"
        let bench = !arguments.flag("--no-bench")
        try arguments.finish()
        guard !out.isEmpty else { throw CommandLineError("--out: expected a directory") }
        for scene in scenes where !FileManager.default.fileExists(atPath: examples + "/" + scene.file) {
            throw CommandLineError("--examples: no \(scene.file) in '\(examples)' (run hooke tour from the checkout, "
                                   + "or pass --examples with the checkout's Docs/examples)")
        }
        try makeDirectory(out, option: "--out")
        try makeDirectory(out + "/scenes", option: "--out")

        let clock = ContinuousClock(), start = clock.now
        let progress = ProgressBar(label: "tour", total: scenes.count + (bench ? 3 : 2), lines: true)
        var index = TourIndex()
        for scene in scenes {
            let page = try RenderCommand.page(for: examples + "/" + scene.file, title: scene.title,
                                              duration: nil, unlimited: false)
            try OutputFile.write(page.html, to: out + "/scenes/" + scene.pageName, option: "--out")
            index.scenes.append((scene, page.frameCount, page.recordedIDs.count))
            progress.advance(by: 1, note: scene.file)
        }

        index.springText = try SpringCommand.run(springArguments)
        let plots: [TourSprings]
        do {
            plots = try TourSprings.plots()
        } catch {
            throw CommandLineError("spring plots: \(error)")
        }
        for plot in plots {
            try OutputFile.write(plot.svg(), to: out + "/" + plot.file, option: "--out")
            index.springPlots.append(plot)
        }
        progress.advance(by: 1, note: "spring step responses")

        index.sweepText = try SweepCommand.run(sweepArguments + ["--out", out + "/sweep.csv", "--plot", out + "/sweep.svg"])
        progress.advance(by: 1, note: "sweep")

        if bench {
            index.bench = try runBench(out: out)
            progress.advance(by: 1, note: "benchmark")
        }
        progress.finish()
        let elapsed = (clock.now - start).components
        let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18
        index.seconds = seconds
        try OutputFile.write(index.html, to: out + "/index.html", option: "--out")
        return String(format: "hooke tour: %d scene pages, the spring plots, a sweep%@ in %.1f s\nopen %@/index.html",
                      scenes.count, bench ? " and a benchmark" : "", seconds, out)
    }

    /// Creates `path` (and its parents) unless it is already a directory.
    private static func makeDirectory(_ path: String, option: String) throws(CommandLineError) {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw CommandLineError("\(option): '\(path)' exists and is not a directory") }
            return
        }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw CommandLineError("\(option): cannot create the directory '\(path)': \(error.localizedDescription)")
        }
    }

    /// The benchmark's outcome on the index page.
    enum Bench {
        /// Its markdown table, and the processor it ran on.
        case ran(markdown: String, processor: String)
        /// Why it did not run.
        case skipped(String)
    }

    /// Runs `hooke-bench --quick --scenario springs` from beside this executable, writing
    /// DIR/bench.md and DIR/bench.svg.
    private static func runBench(out: String) throws(CommandLineError) -> Bench {
        guard let directory = Bundle.main.executableURL?.resolvingSymlinksInPath().deletingLastPathComponent() else {
            return .skipped("the directory of hooke is unknown")
        }
        let tool = directory.appendingPathComponent("hooke-bench")
        guard FileManager.default.isExecutableFile(atPath: tool.path) else {
            return .skipped("hooke-bench is not built beside hooke (\(directory.path)); 'swift build -c release' builds it")
        }
        let process = Process()
        process.executableURL = tool
        process.arguments = ["--quick", "--scenario", "springs", "--markdown", out + "/bench.md", "--svg", out + "/bench.svg"]
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        do {
            try process.run()
        } catch {
            return .skipped("hooke-bench did not start: \(error.localizedDescription)")
        }
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CommandLineError("hooke-bench failed (exit \(process.terminationStatus)): "
                                   + (message.split(separator: "\n").last.map(String.init) ?? ""))
        }
        guard let markdown = try? String(contentsOfFile: out + "/bench.md", encoding: .utf8) else {
            throw CommandLineError("hooke-bench wrote no \(out)/bench.md")
        }
        return .ran(markdown: markdown, processor: processor())
    }

    /// The processor's model and count of logical CPUs, from /proc/cpuinfo ("unknown
    /// processor" where there is none).
    static func processor() -> String {
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return "unknown processor" }
        let models = text.split(separator: "\n").filter { $0.hasPrefix("model name") }
            .map { $0.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "" }
        guard let model = models.first else { return "unknown processor" }
        return "\(model), \(models.count) logical CPUs"
    }
}
