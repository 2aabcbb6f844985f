/// Which implementation carries out a dense product or solve.
///
/// OpenBLAS and LAPACK win by a wide margin on large matrices, but a call into them
/// costs a fixed overhead (argument checks, dispatch to the CPU-specific kernel,
/// buffer packing) that a tiny product never earns back. `.automatic` picks the plain
/// Swift loop below a size measured on the development machine (Docs/linear.md,
/// "Crossover") and the library above it; `.blas` and `.swift` force one side, which
/// the tests use to check the two against each other.
public enum Kernel: Sendable, Hashable {
    /// The Swift loops below the measured crossover, OpenBLAS/LAPACK above it.
    case automatic
    /// Always OpenBLAS / LAPACK.
    case blas
    /// Always the plain Swift loops (LU and Cholesky only for solves; least squares
    /// always uses LAPACK).
    case swift

    /// Products with fewer multiply-adds than this (m·n·k for a GEMM, m·n for a GEMV)
    /// run in Swift under `.automatic`.
    ///
    /// Measured with `hooke-bench --scenario components` (Docs/linear.md, "Crossover",
    /// which has the table and the machines): on an AMD EPYC square GEMMs cost the same
    /// both ways at n = 3 (27 multiply-adds) and OpenBLAS won from n = 4 on; on an Intel
    /// Xeon the crossing lies between n = 4 and 6.
    public static let productCrossover = 32

    /// Matrix–vector products with fewer multiply-adds than this run in Swift: the two
    /// cross between n = 8 and n = 12 on both machines.
    public static let matrixVectorCrossover = 128

    /// Square LU and Cholesky solves of order below this run in Swift under `.automatic`:
    /// LU crosses between n = 8 and 16, Cholesky near 16.
    public static let solveCrossover = 16

    func usesBLAS(work: Int, crossover: Int) -> Bool {
        switch self {
        case .automatic: return work >= crossover
        case .blas: return true
        case .swift: return false
        }
    }
}
