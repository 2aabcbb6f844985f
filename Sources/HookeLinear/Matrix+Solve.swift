extension Matrix {
    /// Solves A·x = b for square A by LU with partial pivoting (`dgetrf` + `dgetrs`, or
    /// the Swift elimination below `Kernel.solveCrossover`).
    ///
    /// - Throws: `LAPACKError.singular` naming the routine when A is exactly singular;
    ///   `.dimensionMismatch` when A is not square or `b.count ≠ rows`.
    /// - Complexity: O(n³).
    public func solve(_ b: [Double], kernel: Kernel = .automatic) throws(LAPACKError) -> [Double] {
        guard b.count == rows else {
            throw .dimensionMismatch(routine: "dgetrs", detail: "right-hand side of \(b.count) for \(rows) rows")
        }
        return try LUFactorization(self, kernel: kernel).solve(b)
    }

    /// Solves A·X = B for square A and a matrix of right-hand sides; see `solve(_:kernel:)`.
    public func solve(_ b: Matrix, kernel: Kernel = .automatic) throws(LAPACKError) -> Matrix {
        try LUFactorization(self, kernel: kernel).solve(b)
    }

    /// Solves A·x = b for symmetric positive-definite A by Cholesky factorisation
    /// A = L·Lᵀ (`dpotrf` + `dpotrs`, or a Swift Cholesky–Banachiewicz loop below
    /// `Kernel.solveCrossover`). Half the work of LU and no pivoting; the natural solve for
    /// mass and stiffness matrices.
    ///
    /// Only the lower triangle (entries (i, j) with i ≥ j) is read; symmetry is assumed,
    /// not checked. (Row-major lower is column-major upper, hence UPLO = 'U' for LAPACK.)
    ///
    /// - Throws: `LAPACKError.notPositiveDefinite` naming the routine and the order of the
    ///   first leading minor that is not positive; `.dimensionMismatch` for bad shapes.
    /// - Complexity: O(n³/3).
    public func choleskySolve(_ b: [Double], kernel: Kernel = .automatic) throws(LAPACKError) -> [Double] {
        guard isSquare, b.count == rows else {
            throw .dimensionMismatch(
                routine: "dpotrf", detail: "\(rows)×\(columns) matrix with a right-hand side of \(b.count)")
        }
        let n = rows
        if n == 0 { return b }
        if kernel.usesBLAS(work: n, crossover: Kernel.solveCrossover) {
            var a = entries
            var x = b
            try LAPACKError.check(LAPACK.potrf(n, &a), "dpotrf") { .notPositiveDefinite(routine: $0, minor: $1) }
            try LAPACKError.check(LAPACK.potrs(n, 1, a, &x), "dpotrs") { .notPositiveDefinite(routine: $0, minor: $1) }
            return x
        }
        // L·Lᵀ by rows: l_jj = √(a_jj − Σ_k l_jk²), l_ij = (a_ij − Σ_k l_ik·l_jk)/l_jj.
        var l = [Double](repeating: 0, count: n * n)
        for j in 0..<n {
            var diagonal = entries[j * n + j]
            for k in 0..<j { diagonal -= l[j * n + k] * l[j * n + k] }
            // `!(d > 0)` also catches NaN, as dpotrf's DISNAN test does.
            guard diagonal > 0 else { throw .notPositiveDefinite(routine: "dpotrf (Swift)", minor: j + 1) }
            let ljj = diagonal.squareRoot()
            l[j * n + j] = ljj
            for i in (j + 1)..<max(n, j + 1) {
                var sum = entries[i * n + j]
                for k in 0..<j { sum -= l[i * n + k] * l[j * n + k] }
                l[i * n + j] = sum / ljj
            }
        }
        var x = b
        for i in 0..<n {
            var sum = x[i]
            for k in 0..<i { sum -= l[i * n + k] * x[k] }
            x[i] = sum / l[i * n + i]
        }
        for i in stride(from: n - 1, through: 0, by: -1) {
            var sum = x[i]
            for k in (i + 1)..<n { sum -= l[k * n + i] * x[k] }
            x[i] = sum / l[i * n + i]
        }
        return x
    }

    /// The least-squares solution of A·x ≈ b: the x minimising ‖A·x − b‖₂ when A has at
    /// least as many rows as columns, or the minimum-norm solution of A·x = b when it has
    /// fewer (LAPACK `dgels`, QR or LQ of a full-rank A).
    ///
    /// The row-major A is the column-major Aᵀ, so `dgels` is called with TRANS = 'T' on
    /// the q×p matrix Aᵀ — which is exactly the over-determined (or under-determined)
    /// problem for A, with no copy-transpose.
    ///
    /// - Throws: `LAPACKError.rankDeficient` when the triangular factor has an exactly
    ///   zero diagonal entry (`dgels` does not estimate the rank: a numerically
    ///   rank-deficient A passes and gives a large, ill-determined x);
    ///   `.dimensionMismatch` when `b.count ≠ rows`.
    /// - Complexity: O(p·q²) for p rows and q columns.
    public func leastSquares(_ b: [Double]) throws(LAPACKError) -> [Double] {
        guard b.count == rows else {
            throw .dimensionMismatch(routine: "dgels", detail: "right-hand side of \(b.count) for \(rows) rows")
        }
        let p = rows, q = columns
        if q == 0 { return [] }
        if p == 0 { return [Double](repeating: 0, count: q) }
        var a = entries
        let ldb = max(p, q)
        var x = b + [Double](repeating: 0, count: ldb - p)
        let info = LAPACK.gels(transpose: true, m: q, n: p, nrhs: 1, &a, &x)
        try LAPACKError.check(info, "dgels") { .rankDeficient(routine: $0, index: $1) }
        return Array(x.prefix(q))
    }
}
