import HookeLinear

/// The K instances held in one `BatchedPropagator` and stepped with its kernel: `.blas`
/// (one `cblas_dgemm` of M = K, N = n, K = n + p per step, the `gemm` engine) or
/// `.swift` (the same product as a plain loop over instances, rows and columns, the
/// `swift-loop` engine).
final class BatchedMeshEngine: MeshEngine {
    private var batch: BatchedPropagator
    private let kernel: Kernel

    init(_ workload: JellyMeshWorkload, kernel: Kernel) {
        // K ≥ 1 by the workload's precondition; a throw here is a bug.
        batch = try! BatchedPropagator(propagator: workload.propagator, instanceCount: workload.instanceCount)
        self.kernel = kernel
        for k in 0..<workload.instanceCount {
            batch.setState(workload.startStates[k], of: k)
            batch.setInputs([workload.retargets.initialX[k]], of: k)
        }
    }

    func retarget(_ frame: RetargetSchedule.Frame) {
        for k in frame.items {
            batch.setInputs([frame.x[k]], of: k)
        }
    }

    func step(count: Int) {
        for _ in 0..<count {
            batch.step(kernel: kernel)
        }
    }

    func finalStates() -> [Double] {
        let n = batch.propagator.stateDimension, record = batch.recordLength
        return batch.withUnsafeRecords { records in
            (0..<batch.instanceCount).flatMap { k in records[(k * record)..<(k * record + n)] }
        }
    }

    /// Two buffers (current and next) of one n + p record each.
    var bytesPerItem: Double { Double(2 * batch.recordLength * MemoryLayout<Double>.stride) }
}
