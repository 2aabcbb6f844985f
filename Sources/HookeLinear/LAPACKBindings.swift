#if canImport(COpenBLAS)
import COpenBLAS
#else
import CAccelerate
#endif

// The only file that calls BLAS and LAPACK. Everything else goes through these thin
// wrappers over the C functions `hooke_dgemm`, `hooke_dgetrf`, … that both backends'
// shims define from one header (Sources/COpenBLAS/hooke_linear_algebra.h), so there is
// one Swift code path:
//
// - Linux (and anywhere OpenBLAS is the backend): `COpenBLAS` — OpenBLAS's CBLAS for
//   products, its Fortran LAPACK symbols (trailing underscore, arguments by pointer,
//   column-major, plus gfortran's hidden length of each character option) for solves.
// - Apple platforms: `CAccelerate` — the same symbols from the Accelerate framework's
//   classic CLAPACK interface, which takes no hidden lengths (Sources/CAccelerate/shim.h
//   says why not `import Accelerate`). Not built or run by Hooke's tests; see
//   Docs/linear.md, "Apple platforms".
//
// Dimensions are 32-bit (LP64 interfaces).

/// CBLAS products on row-major operands.
enum BLAS {
    /// C(m×n) = A(m×k)·op(B), op(B) = B (k×n) or Bᵀ with B stored n×k; all row-major.
    static func gemm(
        m: Int, n: Int, k: Int,
        a: UnsafePointer<Double>, lda: Int,
        b: UnsafePointer<Double>, ldb: Int, transposeB: Bool,
        c: UnsafeMutablePointer<Double>, ldc: Int
    ) {
        hooke_dgemm(transposeB ? 1 : 0, blasInt(m), blasInt(n), blasInt(k), a, blasInt(lda), b, blasInt(ldb),
                    c, blasInt(ldc))
    }

    /// y(m) = A(m×n)·x, A row-major with leading dimension n.
    static func gemv(
        m: Int, n: Int, a: UnsafePointer<Double>, x: UnsafePointer<Double>, y: UnsafeMutablePointer<Double>
    ) {
        hooke_dgemv(blasInt(m), blasInt(n), a, x, y)
    }
}

/// LAPACK drivers on column-major storage. Each returns LAPACK's INFO.
enum LAPACK {
    /// LU with partial pivoting of the n×n column-major `a`, in place.
    static func getrf(_ n: Int, _ a: inout [Double], _ pivots: inout [Int32]) -> Int32 {
        hooke_dgetrf(blasInt(n), &a, &pivots)
    }

    /// Solves op(A)·X = B with the factors of `getrf`; B column-major n×nrhs.
    static func getrs(
        transpose: Bool, _ n: Int, _ nrhs: Int, _ a: [Double], _ pivots: [Int32], _ b: inout [Double]
    ) -> Int32 {
        // CLAPACK's prototypes take mutable pointers even for inputs: pass copies.
        var factors = a, p = pivots
        return hooke_dgetrs(transpose ? 1 : 0, blasInt(n), blasInt(nrhs), &factors, &p, &b)
    }

    /// Cholesky A = Uᵀ·U of the column-major n×n `a` (upper triangle read), in place.
    static func potrf(_ n: Int, _ a: inout [Double]) -> Int32 {
        hooke_dpotrf(blasInt(n), &a)
    }

    /// Solves A·X = B with the factor of `potrf`; B column-major n×nrhs.
    static func potrs(_ n: Int, _ nrhs: Int, _ a: [Double], _ b: inout [Double]) -> Int32 {
        var factor = a
        return hooke_dpotrs(blasInt(n), blasInt(nrhs), &factor, &b)
    }

    /// Least squares / minimum norm with op(A), A column-major m×n (lda = m); B column-major
    /// with leading dimension max(m, n), one column per right-hand side. Queries and
    /// allocates the optimal workspace.
    static func gels(
        transpose: Bool, m: Int, n: Int, nrhs: Int, _ a: inout [Double], _ b: inout [Double]
    ) -> Int32 {
        let trans: Int32 = transpose ? 1 : 0
        var query = 0.0
        let info = hooke_dgels(trans, blasInt(m), blasInt(n), blasInt(nrhs), &a, &b, &query, -1)
        guard info == 0 else { return info }
        let lwork = max(Int32(query), 1)
        var work = [Double](repeating: 0, count: Int(lwork))
        return hooke_dgels(trans, blasInt(m), blasInt(n), blasInt(nrhs), &a, &b, &work, lwork)
    }
}

/// A dimension as the 32-bit integer the LP64 BLAS and LAPACK interfaces take.
@inline(__always)
func blasInt(_ value: Int) -> Int32 {
    precondition(value <= Int(Int32.max), "dimension \(value) exceeds the 32-bit BLAS interface")
    return Int32(value)
}
