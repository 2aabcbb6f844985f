import Dispatch
import Hooke

/// The `sweep` scenario: grid-point-steps per second of `SpringSweep.run` against
/// `SpringBatch<Double>` stepping the same springs the same number of steps, in the
/// same run.
///
/// Engines, measured at each grid size N (`SweepWorkload`) and thread count T:
///
/// - `sweep`: one timed repetition is one `SpringSweep.run(cases, threads: T)` call with
///   the exact integrator, h = 1/120 s and S steps (duration limit S·h; default 360, 3 s)
///   — everything the call does: each point's one-step map and observer, the S steps,
///   the per-sample observer (settling band, turning points, crossings), the closed-form
///   `Spring.settlingDuration` cross-check, the metrics and their array.
/// - `sweep-no-closed-form`: the same with `computesClosedFormSettling = false`.
/// - `hooke`: a `SpringBatch<Double>` holding one item per grid point, the point's
///   spring and its 1-D move on the x axis — position (0, 0) → target (1, 0) from rest,
///   so y stays 0 but is stepped like x (the batch is 2-D: twice the sweep's arithmetic
///   per item-step) — built before the timer starts (its propagators are computed then),
///   then S/F calls of `step(count: F, threads: T)` (F = `--steps-per-frame`), rest events
///   drained after each, as an application runs it. Being a sweep, every spring is
///   distinct: N groups of one item. Groups whose items have converged to rounding level
///   are no longer stepped (`SpringBatch`'s quiescence), which the sweep cannot do; the
///   record still counts N·S item-steps.
///
/// An item-step is one grid point advanced one step. The checks: both sweep engines
/// must return identical metrics (checksum Σ (overshoot + peak velocity)); the batch's
/// final state must match `SpringSweep.trajectory(of:)` — the sweep's own stepping —
/// within 1e-9 pt at up to 64 evenly spaced points, or the run fails.
struct SweepRunner {
    let options: BenchOptions
    let progress: Progress

    /// The engines, in table order.
    static let engines = ["sweep", "sweep-no-closed-form", EngineKind.hooke.rawValue]

    /// Largest difference allowed between the batch's and the sweep's final states, pt
    /// (the move is 1 pt; both apply the same Φ(h), so the difference is rounding).
    static let stateTolerance = 1e-9

    /// Grid points measured (`Scenario.itemDefaults`).
    var items: [Int] { options.items(for: .sweep) }

    /// Steps per repetition: `--steps`, or 360 (3 s at 1/120 s).
    var steps: Int { options.steps ?? 360 }

    func run() -> [BenchRecord] {
        var records: [BenchRecord] = []
        let steps = self.steps
        // `--steps` is validated to be whole frames, and 360 is a multiple of 1 and 2.
        let sweep = try! SpringSweep(
            start: SweepWorkload.start, target: SweepWorkload.target, tolerance: 0.001,
            timestep: SweepWorkload.timestep, integrator: .exact,
            durationLimit: Double(steps) * SweepWorkload.timestep)
        precondition(sweep.stepCount == steps, "the sweep simulates exactly the requested steps")
        let total = items.count * options.threads.count
        for (p, count) in items.enumerated() {
            progress.show("sweep: building the grid of N = \(count)")
            let workload = SweepWorkload(points: count)
            for (t, threads) in options.threads.enumerated() {
                let label = "[\(p * options.threads.count + t + 1)/\(total)] sweep N=\(count) T=\(threads)"
                var withCheck = sweep
                withCheck.computesClosedFormSettling = true
                var withoutCheck = sweep
                withoutCheck.computesClosedFormSettling = false
                let a = measure(withCheck, engine: Self.engines[0], workload, threads: threads, label: label)
                let b = measure(withoutCheck, engine: Self.engines[1], workload, threads: threads, label: label)
                if a.checksum.bitPattern != b.checksum.bitPattern {
                    fail("sweep N=\(count) T=\(threads): the closed-form check changed the metrics "
                        + "(checksums \(a.checksum) and \(b.checksum))", status: 1)
                }
                let batch = measureBatch(sweep, workload, threads: threads, label: label)
                records += [a, b, batch]
            }
        }
        return records
    }

    private func measure(
        _ sweep: SpringSweep, engine: String, _ workload: SweepWorkload, threads: Int, label: String
    ) -> BenchRecord {
        var last: [SpringSweepMetrics] = []
        let repetitions = options.effectiveRepetitions
        let timing = Timing.measure(repetitions: repetitions, announce: { r in
            progress.show("\(label) \(engine)" + (r == 0 ? " warm-up" : " repetition \(r)/\(repetitions)"))
        }) { _ in
            last = sweep.run(workload.cases, threads: threads)
        }
        var sum = CompensatedSum()
        for metrics in last { sum.add(metrics.overshoot + metrics.peakVelocity) }
        // Input case and output metrics per point; the block scratch is per worker.
        let bytes = Double(MemoryLayout<SpringSweepCase>.stride + MemoryLayout<SpringSweepMetrics>.stride)
        return BenchRecord(
            scenario: .sweep, items: workload.count, threads: threads, engine: engine,
            plan: FramePlan(stepsPerRepetition: sweep.stepCount, stepsPerFrame: sweep.stepCount),
            retargetsPerFrame: 0, timing: timing, bytesPerItem: bytes, checksum: sum.value)
    }

    private func measureBatch(
        _ sweep: SpringSweep, _ workload: SweepWorkload, threads: Int, label: String
    ) -> BenchRecord {
        let plan = FramePlan(stepsPerRepetition: sweep.stepCount, stepsPerFrame: options.stepsPerFrame)
        let repetitions = options.effectiveRepetitions
        var seconds: [Double] = []
        var last: (batch: SpringBatch<Double>, handles: [SpringBatch<Double>.Handle])?
        // Repetition 0 is the untimed warm-up, as in `Timing.measure`; each repetition
        // starts from a fresh batch, built before the timer starts.
        for r in 0...repetitions {
            progress.show("\(label) hooke" + (r == 0 ? " warm-up" : " repetition \(r)/\(repetitions)"))
            let (batch, handles) = Self.makeBatch(sweep, workload)
            let start = DispatchTime.now().uptimeNanoseconds
            for _ in 0..<plan.framesPerRepetition {
                batch.step(count: plan.stepsPerFrame, threads: threads)
                _ = batch.drainRestEvents()
            }
            let end = DispatchTime.now().uptimeNanoseconds
            if r > 0 { seconds.append(Double(end - start) * 1e-9) }
            last = (batch, handles)
        }
        let (batch, handles) = last!

        // The same springs stepped the same way: compare with the sweep's own stepping.
        let probes = Set(stride(from: 0, to: workload.count, by: max(1, workload.count / 64)))
        var difference = 0.0
        for i in probes.sorted() {
            let expected = sweep.trajectory(of: workload.cases[i]).last!
            let position = batch.position(of: handles[i])
            let velocity = batch.velocity(of: handles[i])
            difference = max(difference, abs(position.x - expected.value), abs(position.y),
                             abs(velocity.x - expected.velocity) * sweep.timestep, abs(velocity.y))
        }
        if !(difference <= Self.stateTolerance) {
            fail("sweep N=\(workload.count) T=\(threads) hooke: final state differs from "
                + "SpringSweep.trajectory by \(difference) pt (tolerance \(Self.stateTolerance))", status: 1)
        }

        let checksum = batch.withColumns { columns in
            var sum = CompensatedSum()
            for i in 0..<columns.count {
                sum.add(x: columns.x[i], y: columns.y[i], vx: columns.vx[i], vy: columns.vy[i])
            }
            return sum.value
        }
        // SpringBatch's storage per item, as `HookeBatchEngine.bytesPerItem` (its per-group
        // record, one per item here, comes on top).
        let bytes = Double(SpringBatch<Double>.bytesPerItem)
        var record = BenchRecord(
            scenario: .sweep, items: workload.count, threads: threads, engine: EngineKind.hooke.rawValue,
            plan: plan, retargetsPerFrame: 0, timing: Timing(seconds: seconds), bytesPerItem: bytes,
            checksum: checksum)
        record.maxRelativeStateDifference = difference
        return record
    }

    /// One item per grid point: its spring, its move on the x axis, from rest.
    private static func makeBatch(
        _ sweep: SpringSweep, _ workload: SweepWorkload
    ) -> (SpringBatch<Double>, [SpringBatch<Double>.Handle]) {
        // The sweep's timestep is positive and the default tolerance valid; a throw here is a bug.
        let batch = try! SpringBatch<Double>(timestep: sweep.timestep)
        let handles = workload.cases.map { point in
            batch.add(
                position: SIMD2(sweep.start, 0), target: SIMD2(sweep.target, 0),
                velocity: SIMD2(point.initialVelocity, 0), spring: point.spring)
        }
        return (batch, handles)
    }
}
