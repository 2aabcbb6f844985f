import Foundation
import Hooke

/// Runs the rigid-body scenarios and prints their table: body-steps per second and ms per
/// step of the median repetition (and the fastest), the time of each `WorldStage` (from
/// `World.profile`, averaged over every timed step), and what the scene looks like at the
/// end (bodies resting, the probe box's largest displacement from its start).
///
/// Each run is measured as the springs scenario measures an engine: the scene is built
/// afresh for every pass (untimed), one pass of all its steps warms up, then
/// `BenchOptions.worldRepetitions` passes are timed, each from the scene's start. Inside
/// the timed interval the loop also reads each step's profile and the probe's position,
/// as `Benchmarks/peers/box2d_pyramid.c` reads its probe's. The World is deterministic,
/// so every pass ends in the same state; the stability columns are the last pass's.
struct WorldBenchRunner {
    let options: BenchOptions
    let progress: Progress

    struct Row {
        var label: String
        var bodies: Int
        var steps: Int
        /// Seconds of each timed pass.
        var timing: Timing
        /// Seconds of each stage summed over all timed passes.
        var stages: [WorldStage: Double]
        var resting: Int
        var probeDrift: Double
        var probeFinal: SIMD2<Double>
        /// Bodies whose centre ends more than half a box sideways from its start: a stack that
        /// collapses spreads sideways, one that only settles under its weight moves down.
        var displaced: Int
        var sleptAtStep: Int?
        var engine: String
        /// `World.workerCount` of the run.
        var threads: Int
        /// Σ (x + y + vx + vy) over the bodies at the end, compensated.
        var checksum: Double

        /// Seconds per step of the median pass.
        var secondsPerStep: Double { timing.median / Double(steps) }

        /// The `--json` record of this run.
        func record(_ scenario: Scenario) -> BenchRecord {
            var r = BenchRecord(
                scenario: scenario, items: bodies, threads: threads, engine: engine,
                plan: FramePlan(stepsPerRepetition: steps, stepsPerFrame: 1), retargetsPerFrame: 0,
                timing: timing, bytesPerItem: 0, checksum: checksum)
            r.bodiesResting = resting
            r.bodiesMovedSideways = displaced
            r.probeMaxDisplacement = probeDrift
            r.probeFinalOffset = [probeFinal.x, probeFinal.y]
            r.stageMilliseconds = Dictionary(uniqueKeysWithValues: stages.map {
                ($0.key.rawValue, 1000 * $0.value / Double(steps * timing.seconds.count))
            })
            return r
        }
    }


    /// Runs `scenario` (world, pyramid or many-pyramids); returns the printed table and one
    /// record per run.
    func run(_ scenario: Scenario) -> (text: String, records: [BenchRecord]) {
        var rows: [Row] = []
        do {
            // Each scene: its label, its steps and how to build it with a solver.
            let scenes: [(label: String, steps: Int, make: (SolverMode) throws -> WorldBenchScene)]
            switch scenario {
            case .world:
                scenes = options.items(for: .world).map { n in
                    ("world N=\(n)", options.steps ?? (options.quick ? 240 : 600),
                     { try WorldBenchScene.fallingBoxes(count: n, solver: $0) })
                }
            case .pyramid:
                let rowsOfBoxes = options.items(for: .pyramid)[0]
                scenes = [("pyramid rows=\(rowsOfBoxes)", options.steps ?? 500,
                           { try WorldBenchScene.pyramid(rows: rowsOfBoxes, solver: $0) })]
            case .manyPyramids:
                let grid = options.items(for: .manyPyramids)[0]
                scenes = [("many-pyramids \(grid)x\(grid)", options.steps ?? 200,
                           { try WorldBenchScene.manyPyramids(grid: grid, solver: $0) })]
            default:
                return ("", [])
            }
            for scene in scenes {
                for engine in options.worldEngines {
                    let label = "\(scene.label) \(engine.solverName)"
                    progress.show("\(scenario.rawValue): \(label)")
                    rows += try measureThreads(label: label, engine: engine, steps: scene.steps) {
                        try scene.make(engine.solver)
                    }
                }
            }
        } catch {
            return ("\(scenario.rawValue): cannot build the scene: \(error)\n", [])
        }
        progress.clear()
        return (render(rows, scenario: scenario), rows.map { $0.record(scenario) })
    }

    /// One pass of a scene: the scene and what the loop gathers while stepping it.
    private struct Pass {
        var scene: WorldBenchScene
        /// Where each box and the probe were built.
        let starts: [SIMD2<Double>]
        let probeStart: SIMD2<Double>
        var stages: [WorldStage: Double] = [:]
        var probeDrift = 0.0
        var sleptAtStep: Int?

        init(_ scene: WorldBenchScene) {
            self.scene = scene
            starts = scene.boxes.map { scene.world.body($0).center }
            probeStart = scene.world.body(scene.probe).center
        }
    }

    /// `measure` once per `--threads` count, as `World.workerCount` (the soft step only:
    /// UIKit's solver runs on one thread, so it is measured once). The counts are
    /// alternated with each other only between scenes, not within one.
    private func measureThreads(label: String, engine: WorldEngineKind, steps: Int,
                                _ make: () throws -> WorldBenchScene) throws -> [Row] {
        let counts = engine == .softStep ? options.threads : [1]
        return try counts.map { threads in
            try measure(label: counts.count > 1 ? "\(label) T=\(threads)" : label, engine: engine.rawValue,
                        threads: threads, steps: steps) {
                var scene = try make()
                try scene.world.setWorkerCount(threads)
                return scene
            }
        }
    }

    /// Times `steps` steps of the scene `make` builds: a warm-up pass, then the timed
    /// passes, each on a scene built afresh (see the type's comment).
    private func measure(label: String, engine: String, threads: Int, steps: Int,
                         _ make: () throws -> WorldBenchScene) throws -> Row {
        let repetitions = options.worldRepetitions
        var stages: [WorldStage: Double] = [:]
        var last: Pass?
        let timing = try Timing.measure(repetitions: repetitions, prepare: { r in
            progress.show("\(label): " + (r == 0 ? "building, warm-up" : "building, repetition \(r)/\(repetitions)"))
            return Pass(try make())
        }, { _, pass in
            for s in 0..<steps {
                pass.scene.world.step()
                for stage in WorldStage.allCases { pass.stages[stage, default: 0] += pass.scene.world.profile[stage] }
                let d = pass.scene.world.body(pass.scene.probe).center - pass.probeStart
                pass.probeDrift = max(pass.probeDrift, (d.x * d.x + d.y * d.y).squareRoot())
                if pass.sleptAtStep == nil && pass.scene.world.isPaused { pass.sleptAtStep = s + 1 }
            }
        }, inspect: { r, pass in
            if r > 0 { stages.merge(pass.stages, uniquingKeysWith: +) }
            last = pass
        })
        let pass = last!
        let world = pass.scene.world
        let boxes = pass.scene.boxes
        let resting = boxes.filter { world.body($0).isResting }.count
        var displaced = 0
        var sum = CompensatedSum()
        for (h, start) in zip(boxes, pass.starts) {
            let s = world.body(h)
            let half = s.shape.size / 2
            if abs(s.center.x - start.x) > half.x { displaced += 1 }
            sum.add(x: s.center.x, y: s.center.y, vx: s.velocity.x, vy: s.velocity.y)
        }
        return Row(label: label, bodies: boxes.count, steps: steps, timing: timing, stages: stages,
                   resting: resting, probeDrift: pass.probeDrift,
                   probeFinal: world.body(pass.scene.probe).center - pass.probeStart, displaced: displaced,
                   sleptAtStep: pass.sleptAtStep, engine: engine, threads: threads, checksum: sum.value)
    }

    private func render(_ rows: [Row], scenario: Scenario) -> String {
        var lines: [String] = []
        let header = ["run", "bodies", "steps", "body-steps/s", "ms/step", "fastest ms/step", "resting",
                      "probe max disp. (pt)",
                      "probe final (dx, dy)", "sideways > ½ box", "paused at step"]
        var table = [header]
        for r in rows {
            table.append([r.label, "\(r.bodies)", "\(r.steps)",
                          NumberFormat.scientific(Double(r.bodies) / r.secondsPerStep),
                          String(format: "%.3f", 1000 * r.secondsPerStep),
                          String(format: "%.3f", 1000 * r.timing.minimum / Double(r.steps)),
                          "\(r.resting)/\(r.bodies)", String(format: "%.3f", r.probeDrift),
                          String(format: "(%.1f, %.1f)", r.probeFinal.x, r.probeFinal.y), "\(r.displaced)",
                          r.sleptAtStep.map(String.init) ?? "-"])
        }
        let passes = rows.first?.timing.seconds.count ?? 0
        lines.append("\(scenario.rawValue): rigid bodies with collisions (median and fastest of "
            + "\(passes) timed passes after a warm-up, each from a freshly built scene)")
        lines += ConsoleTable.align(table)
        lines.append("")
        // Threads: the time of one thread over the time of T, and whether the final states
        // agree bit for bit (they must: World.workerCount).
        for r in rows where r.threads > 1 {
            guard let one = rows.first(where: { $0.threads == 1 && $0.engine == r.engine && $0.bodies == r.bodies })
            else { continue }
            lines.append("\(r.label): T1/T\(r.threads) = "
                + String(format: "%.2f", one.secondsPerStep / r.secondsPerStep) + " (median), "
                + String(format: "%.2f", one.timing.minimum / r.timing.minimum) + " (fastest); final state "
                + (one.checksum.bitPattern == r.checksum.bitPattern ? "bit-identical to one thread" : "DIFFERS from one thread"))
        }
        if rows.contains(where: { $0.threads > 1 }) { lines.append("") }
        var stageTable = [["stage (ms/step)"] + rows.map(\.label)]
        for stage in WorldStage.allCases {
            stageTable.append([stage.rawValue] + rows.map {
                String(format: "%.4f", 1000 * ($0.stages[stage] ?? 0) / Double($0.steps * $0.timing.seconds.count))
            })
        }
        lines += ConsoleTable.align(stageTable)
        lines.append("")
        return lines.joined(separator: "\n")
    }
}

/// The World's solvers as engines of the `world`, `pyramid` and `many-pyramids` scenarios.
enum WorldEngineKind: String, CaseIterable, Sendable {
    /// UIKit's solver: 8 velocity and 3 position iterations.
    case uikit = "hooke-uikit"
    /// The soft step with 4 substeps, as Box2D v3 runs the pyramid.
    case softStep = "hooke-soft-step-4"

    var solver: SolverMode {
        switch self {
        case .uikit: .uikit
        case .softStep: .softStep(substeps: 4)
        }
    }

    /// The name in the printed rows and the stage table.
    var solverName: String { String(rawValue.dropFirst("hooke-".count)) }
}
