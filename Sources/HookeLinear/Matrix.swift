import Hooke

/// A dense real matrix of `rows × columns` doubles, stored **row-major**: entry (i, j)
/// (0-based) is `entries[i·columns + j]`.
///
/// A value type: copies are independent (copy-on-write through the array). Products go
/// through OpenBLAS (`cblas_dgemm`, `cblas_dgemv`, with `CblasRowMajor`) above a size
/// where a BLAS call pays for itself and through plain Swift loops below it (see
/// `Matrix+Products.swift`); solves go through LAPACK (`Matrix+Solve.swift`), which is
/// column-major and is handed the transposed problem where that avoids a copy.
///
/// ```swift
/// let a = try Matrix(rows: 2, columns: 2, entries: [0, 1, -4, -0.4])
/// let phi = try a.scaled(by: 0.1).exponential()     // a spring's exact step map
/// ```
public struct Matrix: Sendable, Hashable, CustomStringConvertible {
    /// Number of rows.
    public let rows: Int
    /// Number of columns.
    public let columns: Int
    /// The entries in row-major order, `rows·columns` of them.
    public internal(set) var entries: [Double]

    /// Creates a matrix from its entries in row-major order.
    ///
    /// - Throws: `HookeError.invalidParameter` when `rows` or `columns` is negative or
    ///   `entries.count ≠ rows·columns`.
    public init(rows: Int, columns: Int, entries: [Double]) throws(HookeError) {
        guard rows >= 0 else { throw .invalidParameter("rows", value: Double(rows), requirement: ">= 0") }
        guard columns >= 0 else { throw .invalidParameter("columns", value: Double(columns), requirement: ">= 0") }
        guard entries.count == rows * columns else {
            throw .invalidParameter(
                "entries.count", value: Double(entries.count),
                requirement: "equal to rows·columns = \(rows * columns)")
        }
        self.rows = rows
        self.columns = columns
        self.entries = entries
    }

    /// A `rows × columns` matrix with every entry equal to `value`.
    ///
    /// - Precondition: `rows ≥ 0` and `columns ≥ 0`.
    public init(rows: Int, columns: Int, repeating value: Double = 0) {
        precondition(rows >= 0 && columns >= 0, "Matrix: negative dimension \(rows)×\(columns)")
        self.rows = rows
        self.columns = columns
        self.entries = [Double](repeating: value, count: rows * columns)
    }

    /// Creates a matrix from an array of equally long rows.
    ///
    /// - Throws: `HookeError.invalidParameter` when the rows differ in length.
    public init(_ rowArrays: [[Double]]) throws(HookeError) {
        let columns = rowArrays.first?.count ?? 0
        for (index, row) in rowArrays.enumerated() where row.count != columns {
            throw .invalidParameter(
                "rows[\(index)].count", value: Double(row.count), requirement: "equal to \(columns)")
        }
        try self.init(rows: rowArrays.count, columns: columns, entries: rowArrays.flatMap { $0 })
    }

    /// The `n × n` identity.
    public static func identity(_ n: Int) -> Matrix {
        var m = Matrix(rows: n, columns: n)
        for i in 0..<n { m.entries[i * n + i] = 1 }
        return m
    }

    /// A square matrix with `diagonal` on its diagonal and zeros elsewhere.
    public static func diagonal(_ diagonal: [Double]) -> Matrix {
        let n = diagonal.count
        var m = Matrix(rows: n, columns: n)
        for i in 0..<n { m.entries[i * n + i] = diagonal[i] }
        return m
    }

    /// Entry (row, column), both 0-based.
    ///
    /// - Precondition: the indices are in range.
    public subscript(row: Int, column: Int) -> Double {
        get {
            precondition(row >= 0 && row < rows && column >= 0 && column < columns,
                         "Matrix: index (\(row), \(column)) outside \(rows)×\(columns)")
            return entries[row * columns + column]
        }
        set {
            precondition(row >= 0 && row < rows && column >= 0 && column < columns,
                         "Matrix: index (\(row), \(column)) outside \(rows)×\(columns)")
            entries[row * columns + column] = newValue
        }
    }

    /// Whether the matrix is square.
    public var isSquare: Bool { rows == columns }

    /// The transpose.
    public var transposed: Matrix {
        var t = Matrix(rows: columns, columns: rows)
        for i in 0..<rows {
            for j in 0..<columns {
                t.entries[j * rows + i] = entries[i * columns + j]
            }
        }
        return t
    }

    /// The Frobenius norm √(Σ aᵢⱼ²), scaled to avoid overflow.
    public var frobeniusNorm: Double {
        let scale = entries.reduce(0) { max($0, abs($1)) }
        guard scale > 0, scale.isFinite else { return scale }
        let sum = entries.reduce(0) { $0 + ($1 / scale) * ($1 / scale) }
        return scale * sum.squareRoot()
    }

    /// The 1-norm: the largest column sum of absolute values.
    public var oneNorm: Double {
        var sums = [Double](repeating: 0, count: columns)
        for i in 0..<rows {
            for j in 0..<columns { sums[j] += abs(entries[i * columns + j]) }
        }
        return sums.max() ?? 0
    }

    /// The ∞-norm: the largest row sum of absolute values.
    public var infinityNorm: Double {
        var best = 0.0
        for i in 0..<rows {
            var sum = 0.0
            for j in 0..<columns { sum += abs(entries[i * columns + j]) }
            best = max(best, sum)
        }
        return best
    }

    /// Whether every entry is finite.
    public var isFinite: Bool { entries.allSatisfy(\.isFinite) }

    /// The matrix with every entry multiplied by `factor`.
    public func scaled(by factor: Double) -> Matrix {
        var m = self
        for i in m.entries.indices { m.entries[i] *= factor }
        return m
    }

    /// Entry-wise sum.
    ///
    /// - Precondition: equal shapes.
    public static func + (lhs: Matrix, rhs: Matrix) -> Matrix {
        precondition(lhs.rows == rhs.rows && lhs.columns == rhs.columns,
                     "Matrix +: \(lhs.rows)×\(lhs.columns) and \(rhs.rows)×\(rhs.columns)")
        var m = lhs
        for i in m.entries.indices { m.entries[i] += rhs.entries[i] }
        return m
    }

    /// Entry-wise difference.
    ///
    /// - Precondition: equal shapes.
    public static func - (lhs: Matrix, rhs: Matrix) -> Matrix {
        precondition(lhs.rows == rhs.rows && lhs.columns == rhs.columns,
                     "Matrix -: \(lhs.rows)×\(lhs.columns) and \(rhs.rows)×\(rhs.columns)")
        var m = lhs
        for i in m.entries.indices { m.entries[i] -= rhs.entries[i] }
        return m
    }

    /// The block of `rowCount × columnCount` entries starting at (row, column).
    ///
    /// - Precondition: the block lies inside the matrix.
    public func block(row: Int, column: Int, rows rowCount: Int, columns columnCount: Int) -> Matrix {
        precondition(row >= 0 && column >= 0 && row + rowCount <= rows && column + columnCount <= columns,
                     "Matrix.block: \(rowCount)×\(columnCount) at (\(row), \(column)) outside \(rows)×\(columns)")
        var m = Matrix(rows: rowCount, columns: columnCount)
        for i in 0..<rowCount {
            for j in 0..<columnCount {
                m.entries[i * columnCount + j] = entries[(row + i) * columns + column + j]
            }
        }
        return m
    }

    /// Copies `block` into this matrix with its top-left entry at (row, column).
    ///
    /// - Precondition: the block fits.
    public mutating func setBlock(_ block: Matrix, row: Int, column: Int) {
        precondition(row >= 0 && column >= 0 && row + block.rows <= rows && column + block.columns <= columns,
                     "Matrix.setBlock: \(block.rows)×\(block.columns) at (\(row), \(column)) outside \(rows)×\(columns)")
        for i in 0..<block.rows {
            for j in 0..<block.columns {
                entries[(row + i) * columns + column + j] = block.entries[i * block.columns + j]
            }
        }
    }

    public var description: String {
        (0..<rows).map { i in
            (0..<columns).map { j in "\(entries[i * columns + j])" }.joined(separator: " ")
        }.joined(separator: "\n")
    }
}
