import Foundation

/// The command line of `hooke-bench`, parsed and validated.
///
/// Every flag takes its value either as the next argument (`--items 1000`) or after an
/// equals sign (`--items=1000`). Item counts accept plain integers and powers written
/// as `1e6`.
struct BenchOptions: Sendable {
    /// The scenarios to measure, in order (see `Scenario`).
    var scenarios: [Scenario] = [.springs]
    /// Item counts N to measure; `nil` means the scenario's default sweep.
    var items: [Int]? = nil
    /// Fixed steps per timed repetition; `nil` sizes each repetition to `workPerRepetition`.
    var steps: Int? = nil
    /// Fixed 1/120 s steps fused into one frame (2: a 60 Hz frame; 1: a 120 Hz frame).
    var stepsPerFrame: Int = 2
    /// Percentage of the items retargeted at the start of every frame.
    var retargetPercent: Double = 1
    /// Worker threads for the engines that run on several (Hooke and the C loops).
    var threads: [Int] = [1]
    /// Timed repetitions per measurement (after one untimed warm-up repetition).
    var repetitions: Int? = nil
    /// Engines of the `springs` scenario to measure, in the order given.
    var engines: [EngineKind] = EngineKind.allCases
    /// Engines of the `jelly-mesh` scenario to measure, in the order given.
    var meshEngines: [MeshEngineKind] = MeshEngineKind.allCases
    /// Solvers of the `world`, `pyramid` and `many-pyramids` scenarios to measure, in the order given.
    var worldEngines: [WorldEngineKind] = WorldEngineKind.allCases
    /// Jelly-mesh instances K (coupled edges stepped together).
    var instances: Int = 1_000
    /// Control points m per jelly edge, one measurement point each.
    var controlPoints: [Int] = [16, 64]
    /// Small item counts and few repetitions: a smoke run that takes seconds.
    var quick = false
    var jsonPath: String? = nil
    var markdownPath: String? = nil
    var svgPath: String? = nil
    /// Folder of the kept results: the run's records also go to
    /// `<folder>/<cpu-model-slug>/<start time>-<scenarios>.json` (`RunContext`).
    var resultsDirectory: String? = nil
    /// The source revision measured, recorded in every record (e.g. a git commit).
    var revision: String? = nil
    var showHelp = false

    /// The fewest timed repetitions a measurement may have: enough for a median that
    /// one disturbed repetition cannot move.
    static let minimumRepetitions = 5

    /// Timed repetitions per measurement.
    var effectiveRepetitions: Int { repetitions ?? (quick ? Self.minimumRepetitions : 9) }

    /// Timed repetitions of a world scene (world, pyramid, many-pyramids): `--repetitions`,
    /// or the fewest allowed, since each repetition steps the whole scene for seconds.
    var worldRepetitions: Int { repetitions ?? Self.minimumRepetitions }

    /// Item-steps a repetition aims at when `--steps` is absent: large enough that the
    /// fastest engine's repetition lasts milliseconds (far above the clock's resolution),
    /// small enough that the slowest engine finishes a sweep in minutes.
    var workPerRepetition: Int { quick ? 2_000_000 : 20_000_000 }

    /// Steps per repetition for `items` items: `--steps`, or the work budget rounded up
    /// to whole frames.
    func steps(forItems items: Int) -> Int {
        if let steps { return steps }
        let wanted = max(1, workPerRepetition / max(items, 1))
        return (wanted + stepsPerFrame - 1) / stepsPerFrame * stepsPerFrame
    }

    /// Floating-point operations a jelly-mesh repetition aims at when `--steps` is
    /// absent: a fraction of a second for the naive loop (some 7 GFLOP/s), tens of
    /// milliseconds for the GEMM.
    var meshFlopsPerRepetition: Double { quick ? 2e8 : 2e9 }

    /// Steps per jelly-mesh repetition when one step costs `flopsPerStep`: `--steps`,
    /// or the flop budget rounded up to whole frames.
    func steps(forFlopsPerStep flopsPerStep: Double) -> Int {
        if let steps { return steps }
        let wanted = max(1, Int((meshFlopsPerRepetition / flopsPerStep).rounded(.up)))
        return (wanted + stepsPerFrame - 1) / stepsPerFrame * stepsPerFrame
    }

    /// Order of the square `cblas_dgemm` whose rate is the jelly-mesh reference peak:
    /// 2048 (3·32 MiB of operands, 17 GFLOP, a fraction of a second), also with
    /// `--quick` — a smaller product is too short to time against a disturbed machine
    /// and is not yet at the kernel's full rate.
    let peakMatrixOrder = 2_048
}

/// A command line `hooke-bench` cannot run; its description is the one-line message.
struct UsageError: Error, CustomStringConvertible {
    let description: String
}

extension BenchOptions {
    /// Parses the arguments that follow the program name.
    ///
    /// - Throws: `UsageError` naming the flag or value that was wrong.
    static func parse(_ arguments: [String]) throws(UsageError) -> BenchOptions {
        var options = BenchOptions()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            guard argument.hasPrefix("--") else {
                throw UsageError(description: "unexpected argument '\(argument)'")
            }
            var flag = argument
            var inlineValue: String? = nil
            if let equals = argument.firstIndex(of: "=") {
                flag = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            func value() throws(UsageError) -> String {
                if let inlineValue { return inlineValue }
                guard let next = remaining.popFirst(), !next.hasPrefix("--") else {
                    throw UsageError(description: "\(flag) needs a value")
                }
                return next
            }
            func noValue() throws(UsageError) {
                if inlineValue != nil { throw UsageError(description: "\(flag) takes no value") }
            }
            switch flag {
            case "--help", "-h":
                try noValue()
                options.showHelp = true
            case "--quick":
                try noValue()
                options.quick = true
            case "--scenario":
                options.scenarios = try scenarioList(try value())
            case "--instances":
                options.instances = try positive(try value(), flag: flag)
            case "--control-points":
                options.controlPoints = try positiveList(try value(), flag: flag)
            case "--items":
                options.items = try positiveList(try value(), flag: flag)
            case "--threads":
                options.threads = try positiveList(try value(), flag: flag)
            case "--steps":
                options.steps = try positive(try value(), flag: flag)
            case "--steps-per-frame":
                let steps = try positive(try value(), flag: flag)
                guard steps <= 2 else {
                    throw UsageError(description: "--steps-per-frame must be 1 or 2, got \(steps)")
                }
                options.stepsPerFrame = steps
            case "--repetitions":
                let count = try positive(try value(), flag: flag)
                guard count >= minimumRepetitions else {
                    throw UsageError(description: "--repetitions must be at least \(minimumRepetitions), got \(count)")
                }
                options.repetitions = count
            case "--retarget-percent":
                let text = try value()
                guard let percent = Double(text), (0...100).contains(percent) else {
                    throw UsageError(description: "--retarget-percent expects a number in 0...100, got '\(text)'")
                }
                options.retargetPercent = percent
            case "--engines":
                (options.engines, options.meshEngines, options.worldEngines) = try engineList(try value())
            case "--json":
                options.jsonPath = try value()
            case "--markdown":
                options.markdownPath = try value()
            case "--svg":
                options.svgPath = try value()
            case "--results-dir":
                options.resultsDirectory = try value()
            case "--revision":
                options.revision = try value()
            default:
                throw UsageError(description: "unknown flag '\(flag)'")
            }
        }
        for scenario in options.scenarios {
            let engineCount = switch scenario {
            case .springs: options.engines.count
            case .jellyMesh: options.meshEngines.count
            case .world, .pyramid, .manyPyramids: options.worldEngines.count
            default: 1
            }
            if engineCount == 0 {
                throw UsageError(description: "--engines names no engine of scenario \(scenario.rawValue)")
            }
        }
        if let steps = options.steps, steps % options.stepsPerFrame != 0 {
            throw UsageError(description:
                "--steps \(steps) is not a whole number of frames of \(options.stepsPerFrame) steps")
        }
        return options
    }

    /// A positive integer, written plainly or as a power of ten like `1e6`.
    private static func positive(_ text: String, flag: String) throws(UsageError) -> Int {
        if let value = Int(text), value > 0 { return value }
        let parts = text.lowercased().split(separator: "e", omittingEmptySubsequences: false)
        if parts.count == 2, let mantissa = Int(parts[0]), let exponent = Int(parts[1]),
           mantissa > 0, (0...12).contains(exponent) {
            let (value, overflow) = mantissa.multipliedReportingOverflow(
                by: Int((0..<exponent).reduce(1) { power, _ in power * 10 }))
            if !overflow { return value }
        }
        throw UsageError(description: "\(flag) expects a positive integer, got '\(text)'")
    }

    private static func positiveList(_ text: String, flag: String) throws(UsageError) -> [Int] {
        var values: [Int] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let value = try positive(String(part), flag: flag)
            if !values.contains(value) { values.append(value) }
        }
        return values
    }

    /// `springs`, `jelly-mesh`, a comma-separated list of them, or `all`.
    private static func scenarioList(_ text: String) throws(UsageError) -> [Scenario] {
        if text == "all" { return Scenario.allCases }
        var scenarios: [Scenario] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let scenario = Scenario(rawValue: String(part)) else {
                let known = (Scenario.allCases.map(\.rawValue) + ["all"]).joined(separator: ", ")
                throw UsageError(description: "unknown scenario '\(part)' (known: \(known))")
            }
            if !scenarios.contains(scenario) { scenarios.append(scenario) }
        }
        return scenarios
    }

    /// The engines named, split by scenario: springs, jelly-mesh and world-scene engines.
    private static func engineList(_ text: String) throws(UsageError)
        -> ([EngineKind], [MeshEngineKind], [WorldEngineKind]) {
        var engines: [EngineKind] = []
        var meshEngines: [MeshEngineKind] = []
        var worldEngines: [WorldEngineKind] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            if let engine = EngineKind(rawValue: String(part)) {
                if !engines.contains(engine) { engines.append(engine) }
            } else if let engine = MeshEngineKind(rawValue: String(part)) {
                if !meshEngines.contains(engine) { meshEngines.append(engine) }
            } else if let engine = WorldEngineKind(rawValue: String(part)) {
                if !worldEngines.contains(engine) { worldEngines.append(engine) }
            } else {
                let known = (EngineKind.allCases.map(\.rawValue) + MeshEngineKind.allCases.map(\.rawValue)
                    + WorldEngineKind.allCases.map(\.rawValue)).joined(separator: ", ")
                throw UsageError(description: "unknown engine '\(part)' (known: \(known))")
            }
        }
        return (engines, meshEngines, worldEngines)
    }

    /// The `--help` text.
    static let helpText = """
    hooke-bench — item-steps per second of Hooke's batch engines and their baselines

    USAGE: hooke-bench [options]

    \(Scenario.help)

    OPTIONS:
      --scenario NAME        scenario to run: \(Scenario.allCases.map(\.rawValue).joined(separator: ", ")) or all
                             (default springs)
      --items N[,N…]         what each scenario counts:
    \(Scenario.itemsHelp.split(separator: "\n").map { String(repeating: " ", count: 25) + $0 }.joined(separator: "\n"))
      --steps S              steps per timed repetition, a multiple of --steps-per-frame
                             (default: about 2e7 item-steps per repetition, 2e6 with --quick;
                             jelly-mesh: about 2e9 flops, 2e8 with --quick; sweep: 360)
      --steps-per-frame F    fused steps per frame: 2 (60 Hz frame, default) or 1 (120 Hz)
      --threads T[,T…]       worker threads for hooke, hooke-float, c-best(-float) and c-loop, every sweep
                             engine, and hooke-soft-step-4's World.workerCount in world, pyramid and
                             many-pyramids (default 1);
                             c-best-services(-float), objects, library-style, blas, roofline and
                             every jelly-mesh engine run
                             on one thread
      --repetitions R        timed repetitions, at least 5 (default 9; 5 with --quick and for
                             world, pyramid and many-pyramids)
      --retarget-percent P   items (jelly-mesh: fingers) retargeted per frame, in percent (default 1; 0
                             isolates the step, for short runs: long runs without
                             retargets decay into slow subnormal arithmetic)
      --engines E[,E…]       engines to run (default all): springs: \(EngineKind.allCases.map(\.rawValue).joined(separator: ", "));
                             jelly-mesh: \(MeshEngineKind.allCases.map(\.rawValue).joined(separator: ", "));
                             world, pyramid, many-pyramids: \(WorldEngineKind.allCases.map(\.rawValue).joined(separator: ", "))
                             springs engines: hooke and hooke-float are SpringBatch<Double> and
                             <Float>; c-best and c-best-float the best C loops for the same
                             computation, bit for bit (checked); c-best-services and
                             c-best-services-float the same plus SpringBatch's handles and rest
                             events in C, bit for bit and event for event (checked), one thread;
                             c-loop the textbook C loop
                             (positions stored, steps fused over L1 blocks); objects one Swift
                             object per animation; library-style as Swift animation libraries
                             are built (a generic animation class per item with a value
                             closure, in an animator's dictionary keyed by id, one
                             semi-implicit Euler step per frame, a settle test; checked bit
                             for bit against its own recurrence, not the exact engines');
                             blas cblas_dgemm per group; roofline the
                             compute and memory bounds on one core (each engine's one-thread
                             rate is reported as a share of the lower)
      --instances K          jelly-mesh: edges stepped together (default 1000)
      --control-points M[,M…] jelly-mesh: control points per edge (default 16,64)
      --quick                small item counts and 5 repetitions, for smoke runs (jelly-mesh:
                             2e8 flops per repetition instead of 2e9)
      --json FILE            write one JSON record per measurement
      --markdown FILE        write the results as a Markdown table
      --svg FILE             write a log-log chart of item-steps/s against items
      --results-dir DIR      also keep the records as DIR/<cpu-model-slug>/<start time>-<scenarios>.json
                             (make bench: Benchmarks/results)
      --revision TEXT        the source revision measured, recorded in every record
      -h, --help             show this help

    Build with `make bench` (-O3 -march=native for the C loop, -target-cpu native for
    Swift). Without native flags: swift run -c release hooke-bench [options].

    EXIT STATUS: 0 success, 1 checksum mismatch or unwritable output, 2 bad command line.
    """
}
