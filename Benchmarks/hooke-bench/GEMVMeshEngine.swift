import COpenBLAS
import HookeLinear

/// The K instances stepped one at a time: per step, K `cblas_dgemv` calls of the
/// n × (n + p) step matrix [Φ Ψ] with each instance's record (z_k; w_k).
///
/// The records are laid out as `BatchedPropagator` lays them out (K × (n + p),
/// row-major, two buffers that alternate, inputs written into both), so the only
/// difference from the `gemm` engine is K matrix–vector calls instead of one
/// matrix–matrix call: the step matrix is streamed from cache K times instead of
/// being reused from registers, and each call pays OpenBLAS's entry overhead.
/// (`ExactPropagator.step` per instance would also allocate two arrays per call; this
/// engine measures the product, not the allocator.)
final class GEMVMeshEngine: MeshEngine {
    private let instances: Int
    private let n: Int
    private let record: Int
    private let stepMatrix: AlignedColumn
    private var current: AlignedColumn
    private var next: AlignedColumn

    init(_ workload: JellyMeshWorkload) {
        instances = workload.instanceCount
        n = workload.stateDimension
        record = n + workload.inputCount
        stepMatrix = AlignedColumn(workload.propagator.stepMatrix.entries)
        current = AlignedColumn(zeros: instances * record)
        next = AlignedColumn(zeros: instances * record)
        for k in 0..<instances {
            for i in 0..<n { current[k * record + i] = workload.startStates[k][i] }
            setFinger(k, to: workload.retargets.initialX[k])
        }
    }

    private func setFinger(_ instance: Int, to target: Double) {
        current[instance * record + n] = target
        next[instance * record + n] = target
    }

    func retarget(_ frame: RetargetSchedule.Frame) {
        for k in frame.items {
            setFinger(k, to: frame.x[k])
        }
    }

    func step(count: Int) {
        let rows = blasint(n), columns = blasint(record)
        for _ in 0..<count {
            for k in 0..<instances {
                cblas_dgemv(CblasRowMajor, CblasNoTrans, rows, columns,
                            1, stepMatrix.base, columns,
                            current.base + k * record, 1,
                            0, next.base + k * record, 1)
            }
            swap(&current, &next)
        }
    }

    func finalStates() -> [Double] {
        (0..<instances).flatMap { k in (0..<n).map { current[k * record + $0] } }
    }

    /// Two buffers (current and next) of one n + p record each.
    var bytesPerItem: Double { Double(2 * record * MemoryLayout<Double>.stride) }
}
