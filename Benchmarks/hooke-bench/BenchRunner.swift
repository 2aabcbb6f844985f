/// Runs every measurement the options ask for: for each scenario, each item count, each
/// engine on each of its thread counts, from the same workload.
struct BenchRunner {
    let options: BenchOptions
    private let progress = Progress()

    init(options: BenchOptions) {
        self.options = options
    }

    /// The engines and thread counts measured at one item count, in run order. Engines
    /// that do not run threaded are measured once, on one thread.
    var configurations: [(engine: EngineKind, threads: Int)] {
        options.engines.flatMap { engine in
            (engine.isThreaded ? options.threads : [1]).map { (engine, $0) }
        }
    }

    func run() -> [BenchRecord] {
        var records: [BenchRecord] = []
        for scenario in options.scenarios {
            switch scenario {
            case .springs:
                records += runSprings()
            case .jellyMesh:
                records += JellyMeshRunner(options: options, progress: progress).run()
            case .cards, .jellyEdges:
                records += InteractionsRunner(options: options, progress: progress).run(scenario)
            case .sweep:
                records += SweepRunner(options: options, progress: progress).run()
            case .world, .pyramid, .manyPyramids:
                // Printed here: these rows have their own columns (stages, stability).
                let (text, worldRecords) = WorldBenchRunner(options: options, progress: progress).run(scenario)
                print(text)
                records += worldRecords
            case .components:
                let (text, componentRecords) = ComponentsRunner(options: options, progress: progress).run()
                print(text)
                records += componentRecords
            case .snapshot:
                print(SnapshotRunner(options: options, progress: progress).run())
            }
        }
        progress.clear()
        return records
    }

    /// The `springs` scenario: for each item count, each engine on each of its thread
    /// counts, from the same workload.
    private func runSprings() -> [BenchRecord] {
        var records: [BenchRecord] = []
        let counts = options.items(for: .springs)
        let configurations = self.configurations
        let total = counts.count * configurations.count
        for (p, items) in counts.enumerated() {
            progress.show("springs: generating N = \(items)")
            let workload = SpringsWorkload.standard(
                items: items, retargetShare: options.retargetPercent / 100)
            let plan = FramePlan(
                stepsPerRepetition: options.steps(forItems: items), stepsPerFrame: options.stepsPerFrame)
            if p == 0, let first = configurations.first {
                // The first measurement of a process runs on a cold core and came out
                // 10–20% low, whichever engine it was; one discarded measurement of the
                // first configuration takes that instead.
                _ = measure(first.engine, threads: first.threads, workload: workload, plan: plan,
                            label: "springs: process warm-up")
            }
            var point: [BenchRecord] = []
            for (c, configuration) in configurations.enumerated() {
                let label = "[\(p * configurations.count + c + 1)/\(total)] "
                    + "springs N=\(items) T=\(configuration.threads) "
                    + configuration.engine.rawValue
                if configuration.engine == .roofline {
                    point += RooflineRunner(options: options, progress: progress)
                        .measure(workload, plan: plan, label: label)
                } else {
                    point.append(measure(
                        configuration.engine, threads: configuration.threads,
                        workload: workload, plan: plan, label: label))
                }
            }
            RooflineRunner.setFractions(&point)
            records += point
        }
        return records
    }

    private func measure(
        _ kind: EngineKind, threads: Int, workload: SpringsWorkload, plan: FramePlan, label: String
    ) -> BenchRecord {
        progress.show(label + " building")
        let engine = kind.make(workload, threads: threads)
        let repetitions = options.effectiveRepetitions
        let timing = Timing.measure(repetitions: repetitions, announce: { r in
            progress.show(label + (r == 0 ? " warm-up" : " repetition \(r)/\(repetitions)"))
        }) { r in
            plan.run(engine, workload.retargets, repetition: r)
        }
        var record = BenchRecord(
            scenario: .springs, items: workload.itemCount, threads: threads, engine: kind,
            plan: plan, retargetsPerFrame: workload.retargets.blockSize, timing: timing,
            bytesPerItem: engine.bytesPerItem, checksum: engine.checksum())
        record.restEvents = engine.restEventCount
        if kind == .libraryStyle {
            // Untimed: the warm-up and every timed repetition again, through the engine's
            // recurrence over plain arrays, for the checksum gate to compare bit for bit.
            progress.show(label + " replaying its recurrence")
            let recurrence = LibraryStyleRecurrence(workload)
            for r in 0...repetitions {
                plan.run(recurrence, workload.retargets, repetition: r)
            }
            record.recurrenceChecksum = recurrence.checksum()
        }
        return record
    }
}
