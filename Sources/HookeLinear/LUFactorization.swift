/// The LU factorisation with partial pivoting of a square matrix, P·A = L·U, kept to
/// solve several right-hand sides (a Newton iteration, a Padé denominator) with one
/// O(n³) factorisation and O(n²) per solve.
///
/// LAPACK is column-major; the row-major entries of A are the column-major entries of
/// Aᵀ, so `dgetrf` factors Aᵀ in place without a copy-transpose, and `dgetrs` with
/// TRANS = 'T' then solves (Aᵀ)ᵀ·x = A·x = b. The Swift fallback factors A itself.
public struct LUFactorization: Sendable {
    /// Order of the matrix.
    public let order: Int
    /// The factors: column-major factors of Aᵀ (LAPACK) or row-major factors of A (Swift).
    let factors: [Double]
    /// 1-based pivot rows as LAPACK returns them (or 0-based swaps for Swift).
    let pivots: [Int32]
    let usesLAPACK: Bool

    /// Factors `matrix`.
    ///
    /// - Throws: `LAPACKError.singular` (routine `dgetrf`, or `dgetrf (Swift)` for the
    ///   fallback) when a pivot is exactly zero; `.dimensionMismatch` when the matrix is
    ///   not square.
    /// - Complexity: O(n³).
    public init(_ matrix: Matrix, kernel: Kernel = .automatic) throws(LAPACKError) {
        guard matrix.isSquare else {
            throw .dimensionMismatch(routine: "dgetrf", detail: "\(matrix.rows)×\(matrix.columns) is not square")
        }
        let n = matrix.rows
        order = n
        if kernel.usesBLAS(work: n, crossover: Kernel.solveCrossover) {
            var a = matrix.entries
            var p = [Int32](repeating: 0, count: n)
            let info = LAPACK.getrf(n, &a, &p)
            try LAPACKError.check(info, "dgetrf") { .singular(routine: $0, pivot: $1) }
            factors = a
            pivots = p
            usesLAPACK = true
        } else {
            (factors, pivots) = try Self.swiftFactor(matrix.entries, n)
            usesLAPACK = false
        }
    }

    /// Solves A·x = b.
    ///
    /// - Throws: `LAPACKError.dimensionMismatch` when `b.count ≠ order`.
    public func solve(_ b: [Double]) throws(LAPACKError) -> [Double] {
        guard b.count == order else {
            throw .dimensionMismatch(routine: "dgetrs", detail: "right-hand side of \(b.count) for order \(order)")
        }
        if order == 0 { return b }
        var x = b
        if usesLAPACK {
            try lapackSolve(&x, count: 1)
        } else {
            Self.swiftSolve(factors, pivots, order, &x, columnStride: 1, offset: 0)
        }
        return x
    }

    /// Solves A·X = B for a matrix of right-hand sides.
    ///
    /// - Throws: `LAPACKError.dimensionMismatch` when `b.rows ≠ order`.
    public func solve(_ b: Matrix) throws(LAPACKError) -> Matrix {
        guard b.rows == order else {
            throw .dimensionMismatch(routine: "dgetrs", detail: "right-hand sides with \(b.rows) rows for order \(order)")
        }
        if order == 0 || b.columns == 0 { return b }
        if usesLAPACK {
            // B row-major (n × r) is Bᵀ column-major; LAPACK wants B column-major.
            var x = b.transposed.entries
            try lapackSolve(&x, count: b.columns)
            var result = Matrix(rows: b.columns, columns: order)
            result.entries = x
            return result.transposed
        } else {
            var x = b.entries
            for column in 0..<b.columns {
                Self.swiftSolve(factors, pivots, order, &x, columnStride: b.columns, offset: column)
            }
            var result = b
            result.entries = x
            return result
        }
    }

    private func lapackSolve(_ x: inout [Double], count: Int) throws(LAPACKError) {
        let info = LAPACK.getrs(transpose: true, order, count, factors, pivots, &x)
        try LAPACKError.check(info, "dgetrs") { .singular(routine: $0, pivot: $1) }
    }

    /// Doolittle elimination with partial pivoting on row-major storage. Like `dgetrf`
    /// it reports the first exactly-zero pivot (1-based) and factors on; the caller
    /// throws on it.
    private static func swiftFactor(_ entries: [Double], _ n: Int) throws(LAPACKError) -> ([Double], [Int32]) {
        var a = entries
        var pivots = [Int32](repeating: 0, count: n)
        var firstZero = 0
        for k in 0..<n {
            var best = k
            var bestMagnitude = abs(a[k * n + k])
            for i in (k + 1)..<max(n, k + 1) where abs(a[i * n + k]) > bestMagnitude {
                best = i
                bestMagnitude = abs(a[i * n + k])
            }
            pivots[k] = Int32(best)
            if best != k {
                for j in 0..<n { a.swapAt(k * n + j, best * n + j) }
            }
            let pivot = a[k * n + k]
            if pivot == 0 {
                if firstZero == 0 { firstZero = k + 1 }
                continue
            }
            for i in (k + 1)..<max(n, k + 1) {
                let factor = a[i * n + k] / pivot
                a[i * n + k] = factor
                if factor == 0 { continue }
                for j in (k + 1)..<n { a[i * n + j] -= factor * a[k * n + j] }
            }
        }
        if firstZero != 0 { throw .singular(routine: "dgetrf (Swift)", pivot: firstZero) }
        return (a, pivots)
    }

    /// Forward and back substitution on the column `offset` of a row-major right-hand
    /// side with `stride` columns.
    private static func swiftSolve(
        _ lu: [Double], _ pivots: [Int32], _ n: Int, _ x: inout [Double], columnStride: Int, offset: Int
    ) {
        for k in 0..<n {
            let p = Int(pivots[k])
            if p != k { x.swapAt(k * columnStride + offset, p * columnStride + offset) }
        }
        for i in 0..<n {
            var sum = x[i * columnStride + offset]
            for j in 0..<i { sum -= lu[i * n + j] * x[j * columnStride + offset] }
            x[i * columnStride + offset] = sum
        }
        for i in stride(from: n - 1, through: 0, by: -1) {
            var sum = x[i * columnStride + offset]
            for j in (i + 1)..<n { sum -= lu[i * n + j] * x[j * columnStride + offset] }
            x[i * columnStride + offset] = sum / lu[i * n + i]
        }
    }
}
