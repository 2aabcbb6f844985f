#if canImport(Accelerate)
import Accelerate
#else
import COpenBLAS
#endif

// The only file that calls BLAS and LAPACK. Everything else goes through these thin
// wrappers, so that the backend is chosen in one place:
//
// - Linux (and anywhere without Accelerate): OpenBLAS through the `COpenBLAS` module —
//   CBLAS for products, the Fortran LAPACK symbols (trailing underscore, arguments by
//   pointer, column-major, plus the hidden length of each character option) for solves.
// - Apple platforms: Accelerate's CBLAS and its LAPACK 3.9 interface (macOS 13.3, iOS 16.4
//   and later), whose Fortran-style functions take no hidden lengths. This branch is
//   compiled out on Linux and has not been built or run by Hooke's tests; see
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
        cblas_dgemm(
            CblasRowMajor, CblasNoTrans, transposeB ? CblasTrans : CblasNoTrans,
            blasInt(m), blasInt(n), blasInt(k), 1, a, blasInt(lda), b, blasInt(ldb), 0, c, blasInt(ldc))
    }

    /// y(m) = A(m×n)·x, A row-major with leading dimension n.
    static func gemv(
        m: Int, n: Int, a: UnsafePointer<Double>, x: UnsafePointer<Double>, y: UnsafeMutablePointer<Double>
    ) {
        cblas_dgemv(CblasRowMajor, CblasNoTrans, blasInt(m), blasInt(n), 1, a, blasInt(n), x, 1, 0, y, 1)
    }
}

/// LAPACK drivers on column-major storage. Each returns LAPACK's INFO.
enum LAPACK {
    /// LU with partial pivoting of the n×n column-major `a`, in place.
    static func getrf(_ n: Int, _ a: inout [Double], _ pivots: inout [Int32]) -> Int32 {
        var order = blasInt(n), lda = blasInt(max(n, 1)), info: Int32 = 0
        guard n > 0 else { return 0 }
        dgetrf_(&order, &order, &a, &lda, &pivots, &info)
        return info
    }

    /// Solves op(A)·X = B with the factors of `getrf`; B column-major n×nrhs.
    static func getrs(
        transpose: Bool, _ n: Int, _ nrhs: Int, _ a: [Double], _ pivots: [Int32], _ b: inout [Double]
    ) -> Int32 {
        var trans = CChar(UInt8(ascii: transpose ? "T" : "N"))
        var order = blasInt(n), count = blasInt(nrhs), lda = blasInt(max(n, 1)), info: Int32 = 0
        var factors = a, p = pivots
        #if canImport(Accelerate)
        dgetrs_(&trans, &order, &count, &factors, &lda, &p, &b, &lda, &info)
        #else
        dgetrs_(&trans, &order, &count, &factors, &lda, &p, &b, &lda, &info, 1)
        #endif
        return info
    }

    /// Cholesky A = Uᵀ·U of the column-major n×n `a` (upper triangle read), in place.
    static func potrf(_ n: Int, _ a: inout [Double]) -> Int32 {
        var uplo = CChar(UInt8(ascii: "U"))
        var order = blasInt(n), lda = blasInt(max(n, 1)), info: Int32 = 0
        #if canImport(Accelerate)
        dpotrf_(&uplo, &order, &a, &lda, &info)
        #else
        dpotrf_(&uplo, &order, &a, &lda, &info, 1)
        #endif
        return info
    }

    /// Solves A·X = B with the factor of `potrf`; B column-major n×nrhs.
    static func potrs(_ n: Int, _ nrhs: Int, _ a: [Double], _ b: inout [Double]) -> Int32 {
        var uplo = CChar(UInt8(ascii: "U"))
        var order = blasInt(n), count = blasInt(nrhs), lda = blasInt(max(n, 1)), info: Int32 = 0
        var factor = a
        #if canImport(Accelerate)
        dpotrs_(&uplo, &order, &count, &factor, &lda, &b, &lda, &info)
        #else
        dpotrs_(&uplo, &order, &count, &factor, &lda, &b, &lda, &info, 1)
        #endif
        return info
    }

    /// Least squares / minimum norm with op(A), A column-major m×n (lda = m); B column-major
    /// with leading dimension max(m, n), one column per right-hand side. Queries and
    /// allocates the optimal workspace.
    static func gels(
        transpose: Bool, m: Int, n: Int, nrhs: Int, _ a: inout [Double], _ b: inout [Double]
    ) -> Int32 {
        var trans = CChar(UInt8(ascii: transpose ? "T" : "N"))
        var rows = blasInt(m), columns = blasInt(n), count = blasInt(nrhs)
        var lda = blasInt(max(m, 1)), ldb = blasInt(max(m, n, 1)), info: Int32 = 0
        var query = 0.0
        var lwork: Int32 = -1
        #if canImport(Accelerate)
        dgels_(&trans, &rows, &columns, &count, &a, &lda, &b, &ldb, &query, &lwork, &info)
        #else
        dgels_(&trans, &rows, &columns, &count, &a, &lda, &b, &ldb, &query, &lwork, &info, 1)
        #endif
        guard info == 0 else { return info }
        lwork = max(Int32(query), 1)
        var work = [Double](repeating: 0, count: Int(lwork))
        #if canImport(Accelerate)
        dgels_(&trans, &rows, &columns, &count, &a, &lda, &b, &ldb, &work, &lwork, &info)
        #else
        dgels_(&trans, &rows, &columns, &count, &a, &lda, &b, &ldb, &work, &lwork, &info, 1)
        #endif
        return info
    }
}

/// A dimension as the 32-bit integer the LP64 BLAS and LAPACK interfaces take.
@inline(__always)
func blasInt(_ value: Int) -> Int32 {
    precondition(value <= Int(Int32.max), "dimension \(value) exceeds the 32-bit BLAS interface")
    return Int32(value)
}
