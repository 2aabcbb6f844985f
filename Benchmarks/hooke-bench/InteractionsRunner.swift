import Dispatch
import Hooke
import HookeInteractions

/// The `cards` and `jelly-edges` scenarios: N swipe cards or N jelly edges driven by
/// recorded gestures through `GestureBatchPlayback`, one body per item, on one thread.
///
/// A repetition starts from a fresh batch at step 0 (built outside the timed interval)
/// and runs S steps of 1/120 s (default 120: one second, which covers every drag,
/// release and return of `InteractionsWorkload`); an item-step is one body advanced one
/// step plus the delivery of its due events. The record's `frameMilliseconds120Hz` is
/// the time of one step of all N bodies, the budget of a 120 Hz display being 8.3 ms.
/// The checksum is Σ (x + y + vx + vy) of every body's final render state (card centre
/// and velocity; edge control point and velocity).
struct InteractionsRunner {
    let options: BenchOptions
    let progress: Progress

    /// Steps per repetition: `--steps`, or 120 (one second at 120 Hz).
    var steps: Int { options.steps ?? 120 }

    func run(_ scenario: Scenario) -> [BenchRecord] {
        var records: [BenchRecord] = []
        let items = options.items(for: scenario)
        for (p, count) in items.enumerated() {
            let label = "[\(p + 1)/\(items.count)] \(scenario.rawValue) N=\(count)"
            let workload = InteractionsWorkload.standard(items: count)
            switch scenario {
            case .cards:
                records.append(measure(scenario, workload, body: try! SwipeCard(), label: label) { state in
                    state.center.x + state.center.y + state.velocity.x + state.velocity.y
                })
            case .jellyEdges:
                records.append(measure(scenario, workload, body: try! JellyEdge(), label: label) { state in
                    state.controlPoint.x + state.controlPoint.y + state.velocity.x + state.velocity.y
                })
            case .springs, .jellyMesh, .sweep, .world, .pyramid, .manyPyramids, .components, .snapshot:
                preconditionFailure("not an interactions scenario")
            }
        }
        return records
    }

    private func measure<Body: GestureDrivenBody>(
        _ scenario: Scenario, _ workload: InteractionsWorkload, body: Body, label: String,
        checksum: (Body.RenderState) -> Double
    ) -> BenchRecord {
        let repetitions = options.effectiveRepetitions
        let steps = self.steps
        var seconds: [Double] = []
        var last: GestureBatchPlayback<Body>?
        // Repetition 0 is the untimed warm-up, as in `Timing.measure`.
        for r in 0...repetitions {
            progress.show(label + (r == 0 ? " warm-up" : " repetition \(r)/\(repetitions)"))
            var batch = workload.batch(of: body)
            let start = DispatchTime.now().uptimeNanoseconds
            for _ in 0..<steps { batch.step() }
            let end = DispatchTime.now().uptimeNanoseconds
            if r > 0 { seconds.append(Double(end - start) * 1e-9) }
            last = batch
        }
        let batch = last!
        // A run long enough for every shifted recording must have delivered all its events.
        let lastEvent = workload.recordings.map(\.endTime).max()! + workload.offsets.max()!
        precondition(Double(steps) * batch.stepDuration < lastEvent || batch.hasDeliveredAllEvents,
                     "every recorded event due within the run is delivered")
        var sum = CompensatedSum()
        for b in batch.bodies { sum.add(checksum(b.renderState)) }
        // The body, plus the batch's per-body assignment, offset, cursor and next due time.
        let bytes = Double(MemoryLayout<Body>.stride + 4 * 8)
        return BenchRecord(
            scenario: scenario, items: workload.assignment.count, threads: 1, engine: "batch-playback",
            plan: FramePlan(stepsPerRepetition: steps, stepsPerFrame: 1), retargetsPerFrame: 0,
            timing: Timing(seconds: seconds), bytesPerItem: bytes, checksum: sum.value)
    }
}
