import Hooke
import COpenBLAS

/// The batch stepped as a matrix product through OpenBLAS: per spring group, the state
/// matrix
///
///     S = ⎡dx₁ … dxₙ  dy₁ … dyₙ⎤     (2 × 2n, row-major: displacements from the
///         ⎣vx₁ … vxₙ  vy₁ … vyₙ⎦      targets, then velocities)
///
/// is replaced by Φ·S with one `cblas_dgemm` (M = 2, N = 2n, K = 2) per step. GEMM
/// cannot write in place, so each group keeps two state matrices and swaps them. The
/// state holds displacements, so a retarget from t to t′ adds t − t′ to the
/// displacement, keeping the position; positions for the checksum are t + d.
///
/// OpenBLAS runs on one thread here: at K = 2 its kernels cannot amortise a fork.
final class BLASEngine: BenchEngine {
    private final class Group {
        let count: Int
        var state: AlignedColumn
        var next: AlignedColumn
        let tx, ty: AlignedColumn
        /// Φ, row-major.
        let phi: AlignedColumn

        init(_ workload: SpringsWorkload, items: Range<Int>, phi p: SpringTransition) {
            count = items.count
            let dx = items.map { workload.startX[$0] - workload.retargets.initialX[$0] }
            let dy = items.map { workload.startY[$0] - workload.retargets.initialY[$0] }
            state = AlignedColumn(dx + dy + workload.startVX[items] + workload.startVY[items])
            next = AlignedColumn(zeros: 4 * count)
            tx = AlignedColumn(workload.retargets.initialX[items])
            ty = AlignedColumn(workload.retargets.initialY[items])
            phi = AlignedColumn([p.phi11, p.phi12, p.phi21, p.phi22])
        }

        func step() {
            let columns = blasint(2 * count)
            cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans,
                        2, columns, 2,
                        1, phi.base, 2,
                        state.base, columns,
                        0, next.base, columns)
            swap(&state, &next)
        }
    }

    private let workload: SpringsWorkload
    private let groups: [Group]

    init(_ workload: SpringsWorkload) {
        openblas_set_num_threads(1)
        self.workload = workload
        groups = zip(workload.groups, workload.transitions).map {
            Group(workload, items: $0, phi: $1)
        }
    }

    func retarget(_ frame: RetargetSchedule.Frame) {
        workload.forEachGroupSlice(of: frame.items) { g, items in
            let group = groups[g], offset = workload.groups[g].lowerBound
            let n = group.count
            for i in items {
                let j = i - offset
                group.state[j] += group.tx[j] - frame.x[i]
                group.state[n + j] += group.ty[j] - frame.y[i]
                group.tx[j] = frame.x[i]
                group.ty[j] = frame.y[i]
            }
        }
    }

    func step(count: Int) {
        for _ in 0..<count {
            for group in groups { group.step() }
        }
    }

    func checksum() -> Double {
        var sum = CompensatedSum()
        for group in groups {
            let n = group.count, s = group.state
            for j in 0..<n {
                sum.add(x: group.tx[j] + s[j], y: group.ty[j] + s[n + j],
                        vx: s[2 * n + j], vy: s[3 * n + j])
            }
        }
        return sum.value
    }

    /// Two 4-double state matrices (current and next) and two target doubles.
    var bytesPerItem: Double { Double(10 * MemoryLayout<Double>.stride) }
}
