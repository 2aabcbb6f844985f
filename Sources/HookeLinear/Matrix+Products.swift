extension Matrix {
    /// The product `self · other` (GEMM).
    ///
    /// `cblas_dgemm` with `CblasRowMajor`, or an i-k-j Swift loop (unit stride in the
    /// innermost loop over the row-major operands) below `Kernel.productCrossover`.
    ///
    /// - Precondition: `columns == other.rows`.
    /// - Complexity: O(rows·columns·other.columns).
    public func multiplied(by other: Matrix, kernel: Kernel = .automatic) -> Matrix {
        precondition(columns == other.rows,
                     "Matrix product: \(rows)×\(columns) times \(other.rows)×\(other.columns)")
        var result = Matrix(rows: rows, columns: other.columns)
        let work = rows * columns * other.columns
        if work == 0 { return result }
        if kernel.usesBLAS(work: work, crossover: Kernel.productCrossover) {
            entries.withUnsafeBufferPointer { a in
                other.entries.withUnsafeBufferPointer { b in
                    result.entries.withUnsafeMutableBufferPointer { c in
                        BLAS.gemm(
                            m: rows, n: other.columns, k: columns,
                            a: a.baseAddress!, lda: columns,
                            b: b.baseAddress!, ldb: other.columns, transposeB: false,
                            c: c.baseAddress!, ldc: other.columns)
                    }
                }
            }
        } else {
            let n = other.columns
            entries.withUnsafeBufferPointer { a in
                other.entries.withUnsafeBufferPointer { b in
                    result.entries.withUnsafeMutableBufferPointer { c in
                        for i in 0..<rows {
                            for k in 0..<columns {
                                let aik = a[i * columns + k]
                                for j in 0..<n {
                                    c[i * n + j] += aik * b[k * n + j]
                                }
                            }
                        }
                    }
                }
            }
        }
        return result
    }

    /// The product `self · vector` (GEMV).
    ///
    /// `cblas_dgemv` with `CblasRowMajor`, or a row-by-row dot product in Swift below
    /// `Kernel.matrixVectorCrossover`.
    ///
    /// - Precondition: `vector.count == columns`.
    /// - Complexity: O(rows·columns).
    public func applied(to vector: [Double], kernel: Kernel = .automatic) -> [Double] {
        precondition(vector.count == columns,
                     "Matrix–vector product: \(rows)×\(columns) times a vector of \(vector.count)")
        var result = [Double](repeating: 0, count: rows)
        let work = rows * columns
        if work == 0 { return result }
        if kernel.usesBLAS(work: work, crossover: Kernel.matrixVectorCrossover) {
            entries.withUnsafeBufferPointer { a in
                vector.withUnsafeBufferPointer { x in
                    result.withUnsafeMutableBufferPointer { y in
                        BLAS.gemv(m: rows, n: columns, a: a.baseAddress!, x: x.baseAddress!, y: y.baseAddress!)
                    }
                }
            }
        } else {
            entries.withUnsafeBufferPointer { a in
                vector.withUnsafeBufferPointer { x in
                    for i in 0..<rows {
                        var sum = 0.0
                        for j in 0..<columns { sum += a[i * columns + j] * x[j] }
                        result[i] = sum
                    }
                }
            }
        }
        return result
    }

    /// The product of two matrices; see `multiplied(by:kernel:)`.
    public static func * (lhs: Matrix, rhs: Matrix) -> Matrix {
        lhs.multiplied(by: rhs)
    }

    /// The product of a matrix and a vector; see `applied(to:kernel:)`.
    public static func * (lhs: Matrix, rhs: [Double]) -> [Double] {
        lhs.applied(to: rhs)
    }
}
