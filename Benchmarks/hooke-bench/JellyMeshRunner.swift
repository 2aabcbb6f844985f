import COpenBLAS

/// Runs the `jelly-mesh` scenario: the dgemm-peak reference once, then for each number
/// of control points m every mesh engine on the same workload, and compares the final
/// states.
///
/// Every engine runs on one thread. OpenBLAS is set to one thread with
/// `openblas_set_num_threads(1)` before the first measurement (and checked with
/// `openblas_get_num_threads()`), so that neither the peak nor the GEMM uses the second
/// core; `OPENBLAS_NUM_THREADS=1` in the environment would do the same.
struct JellyMeshRunner {
    let options: BenchOptions
    let progress: Progress

    func run() -> [BenchRecord] {
        openblas_set_num_threads(1)
        precondition(openblas_get_num_threads() == 1, "OpenBLAS did not accept one thread")
        var records: [BenchRecord] = []
        let engines = options.meshEngines.filter { $0 != .dgemmPeak }
        var peak: Double? = nil
        if options.meshEngines.contains(.dgemmPeak) {
            let record = measurePeak()
            peak = record.gflops
            records.append(record)
        }
        let total = options.controlPoints.count * engines.count
        for (p, m) in options.controlPoints.enumerated() {
            progress.show("jelly-mesh: building K = \(options.instances), m = \(m)")
            let workload = JellyMeshWorkload.standard(
                instances: options.instances, controlPoints: m, retargetShare: options.retargetPercent / 100)
            let plan = FramePlan(
                stepsPerRepetition: options.steps(forFlopsPerStep: workload.flopsPerStep),
                stepsPerFrame: options.stepsPerFrame)
            var measured: [(record: BenchRecord, states: [Double])] = []
            for (e, kind) in engines.enumerated() {
                let label = "[\(p * engines.count + e + 1)/\(total)] jelly-mesh K=\(options.instances) m=\(m) "
                    + kind.rawValue
                measured.append(measure(kind, workload: workload, plan: plan, peak: peak, label: label))
            }
            // The reference: the simplest code measured.
            let order: [MeshEngineKind] = [.swiftLoop, .gemv, .gemm]
            guard let reference = order.lazy.compactMap({ kind in
                measured.first { $0.record.engine == kind.rawValue }
            }).first else { continue }
            for (record, states) in measured {
                var record = record
                record.maxRelativeStateDifference = Self.maxRelativeDifference(states, reference.states)
                records.append(record)
            }
        }
        return records
    }

    private func measure(
        _ kind: MeshEngineKind, workload: JellyMeshWorkload, plan: FramePlan, peak: Double?, label: String
    ) -> (record: BenchRecord, states: [Double]) {
        progress.show(label + " building")
        // Only dgemm-peak has no engine, and it is filtered out by the caller.
        let engine = kind.make(workload)!
        let repetitions = options.effectiveRepetitions
        let timing = Timing.measure(repetitions: repetitions, announce: { r in
            progress.show(label + (r == 0 ? " warm-up" : " repetition \(r)/\(repetitions)"))
        }) { r in
            plan.run(engine, workload.retargets, repetition: r)
        }
        let states = engine.finalStates()
        var checksum = CompensatedSum()
        for value in states { checksum.add(value) }
        var record = BenchRecord(
            scenario: .jellyMesh, items: workload.instanceCount, threads: 1, engine: kind.rawValue,
            plan: plan, retargetsPerFrame: workload.retargets.blockSize, timing: timing,
            bytesPerItem: engine.bytesPerItem, checksum: checksum.value)
        record.controlPoints = workload.controlPoints
        record.stateDimension = workload.stateDimension
        record.setFlops(perStep: workload.flopsPerStep)
        if let peak, let gflops = record.gflops {
            record.peakGflops = peak
            record.fractionOfPeak = gflops / peak
        }
        return (record, states)
    }

    private func measurePeak() -> BenchRecord {
        let order = options.peakMatrixOrder
        let label = "jelly-mesh dgemm-peak n=\(order)"
        progress.show(label + " building")
        let product = DGEMMPeak(order: order)
        let repetitions = options.effectiveRepetitions
        let timing = Timing.measure(repetitions: repetitions, announce: { r in
            progress.show(label + (r == 0 ? " warm-up" : " repetition \(r)/\(repetitions)"))
        }) { _ in
            product.multiply()
        }
        var record = BenchRecord(
            scenario: .jellyMesh, items: order, threads: 1, engine: MeshEngineKind.dgemmPeak.rawValue,
            plan: FramePlan(stepsPerRepetition: 1, stepsPerFrame: 1), retargetsPerFrame: 0,
            timing: timing, bytesPerItem: Double(3 * order * MemoryLayout<Double>.stride),
            checksum: product.checksum())
        record.setFlops(perStep: product.flopsPerProduct)
        record.peakGflops = record.gflops
        record.fractionOfPeak = 1
        return record
    }

    /// max |a − b| / max |b|: normwise, so entries near zero (a velocity crossing zero)
    /// do not turn rounding into large elementwise ratios. Infinite when lengths differ.
    static func maxRelativeDifference(_ a: [Double], _ b: [Double]) -> Double {
        guard a.count == b.count else { return .infinity }
        var difference = 0.0, scale = 0.0
        for (x, y) in zip(a, b) {
            difference = max(difference, abs(x - y))
            scale = max(scale, abs(y))
        }
        if difference.isNaN || a.contains(where: \.isNaN) { return .nan }
        return scale == 0 ? difference : difference / scale
    }
}
