import Foundation
import Hooke

/// Runs the rigid-body scenarios and prints their table: body-steps per second, mean
/// ms per step, the share of each `WorldStage` (from `World.profile`, summed over the
/// run), and what the scene looks like at the end (bodies resting, the probe box's
/// largest displacement from its start).
struct WorldBenchRunner {
    let options: BenchOptions
    let progress: Progress

    struct Row {
        var label: String
        var bodies: Int
        var steps: Int
        var seconds: Double
        var stages: [WorldStage: Double]
        var resting: Int
        var probeDrift: Double
        var probeFinal: SIMD2<Double>
        /// Bodies whose centre ends more than half a box sideways from its start: a stack that
        /// collapses spreads sideways, one that only settles under its weight moves down.
        var displaced: Int
        var sleptAtStep: Int?
        var engine: String
        /// Σ (x + y + vx + vy) over the bodies at the end, compensated.
        var checksum: Double

        /// The `--json` record of this run.
        func record(_ scenario: Scenario) -> BenchRecord {
            var r = BenchRecord(
                scenario: scenario, items: bodies, threads: 1, engine: engine,
                plan: FramePlan(stepsPerRepetition: steps, stepsPerFrame: 1), retargetsPerFrame: 0,
                timing: Timing(seconds: [seconds]), bytesPerItem: 0, checksum: checksum)
            r.bodiesResting = resting
            r.bodiesMovedSideways = displaced
            r.probeMaxDisplacement = probeDrift
            r.stageMilliseconds = Dictionary(uniqueKeysWithValues: stages.map {
                ($0.key.rawValue, 1000 * $0.value / Double(steps))
            })
            return r
        }
    }


    /// Runs `scenario` (world or pyramid); returns the printed table and one record per run.
    func run(_ scenario: Scenario) -> (text: String, records: [BenchRecord]) {
        var rows: [Row] = []
        do {
            switch scenario {
            case .world:
                for n in options.items(for: .world) {
                    for engine in options.worldEngines {
                        let name = engine.solverName
                        progress.show("world: N = \(n), \(name)")
                        let scene = try WorldBenchScene.fallingBoxes(count: n, solver: engine.solver)
                        rows.append(measure(scene, label: "world N=\(n) \(name)", engine: engine.rawValue,
                                            steps: options.steps ?? (options.quick ? 240 : 600)))
                    }
                }
            case .pyramid:
                let rowsOfBoxes = options.items(for: .pyramid)[0]
                for engine in options.worldEngines {
                    let name = engine.solverName
                    progress.show("pyramid: \(rowsOfBoxes) rows, \(name)")
                    let scene = try WorldBenchScene.pyramid(rows: rowsOfBoxes, solver: engine.solver)
                    rows.append(measure(scene, label: "pyramid rows=\(rowsOfBoxes) \(name)", engine: engine.rawValue,
                                        steps: options.steps ?? 500))
                }
            default:
                return ("", [])
            }
        } catch {
            return ("\(scenario.rawValue): cannot build the scene: \(error)\n", [])
        }
        progress.clear()
        return (render(rows, scenario: scenario), rows.map { $0.record(scenario) })
    }

    private func measure(_ scene: WorldBenchScene, label: String, engine: String, steps: Int) -> Row {
        var world = scene.world
        let start = world.body(scene.probe).center
        let starts = scene.boxes.map { world.body($0).center }
        var stages: [WorldStage: Double] = [:]
        var drift = 0.0
        var slept: Int?
        let clock = ContinuousClock()
        let t0 = clock.now
        for s in 0..<steps {
            world.step()
            for stage in WorldStage.allCases { stages[stage, default: 0] += world.profile[stage] }
            let d = world.body(scene.probe).center - start
            drift = max(drift, (d.x * d.x + d.y * d.y).squareRoot())
            if slept == nil && world.isPaused { slept = s + 1 }
            if s % 50 == 0 { progress.show("\(label): step \(s)/\(steps)") }
        }
        let elapsed = (clock.now - t0).components
        let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18
        let resting = scene.boxes.filter { world.body($0).isResting }.count
        var displaced = 0
        for (h, c) in zip(scene.boxes, starts) {
            let s = world.body(h)
            let d = s.center - c, half = s.shape.size / 2
            if abs(d.x) > half.x { displaced += 1 }
        }
        let final = world.body(scene.probe).center - start
        var sum = CompensatedSum()
        for h in scene.boxes {
            let s = world.body(h)
            sum.add(x: s.center.x, y: s.center.y, vx: s.velocity.x, vy: s.velocity.y)
        }
        return Row(label: label, bodies: scene.boxes.count, steps: steps, seconds: seconds, stages: stages,
                   resting: resting, probeDrift: drift, probeFinal: final, displaced: displaced, sleptAtStep: slept,
                   engine: engine, checksum: sum.value)
    }

    private func render(_ rows: [Row], scenario: Scenario) -> String {
        var lines: [String] = []
        let header = ["run", "bodies", "steps", "body-steps/s", "ms/step", "resting", "probe max disp. (pt)",
                      "probe final (dx, dy)", "sideways > ½ box", "paused at step"]
        var table = [header]
        for r in rows {
            table.append([r.label, "\(r.bodies)", "\(r.steps)",
                          NumberFormat.scientific(Double(r.bodies * r.steps) / r.seconds),
                          String(format: "%.3f", 1000 * r.seconds / Double(r.steps)),
                          "\(r.resting)/\(r.bodies)", String(format: "%.3f", r.probeDrift),
                          String(format: "(%.1f, %.1f)", r.probeFinal.x, r.probeFinal.y), "\(r.displaced)",
                          r.sleptAtStep.map(String.init) ?? "-"])
        }
        lines.append("\(scenario.rawValue): rigid bodies with collisions (release build, one thread)")
        lines += ConsoleTable.align(table)
        lines.append("")
        var stageTable = [["stage (ms/step)"] + rows.map(\.label)]
        for stage in WorldStage.allCases {
            stageTable.append([stage.rawValue] + rows.map { String(format: "%.4f", 1000 * ($0.stages[stage] ?? 0) / Double($0.steps)) })
        }
        lines += ConsoleTable.align(stageTable)
        lines.append("")
        return lines.joined(separator: "\n")
    }
}

/// The World's solvers as engines of the `world` and `pyramid` scenarios.
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
