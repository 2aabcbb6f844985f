import COpenBLAS

/// A failure reported by a LAPACK routine through its `INFO` argument.
public enum LAPACKError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `routine` found the matrix exactly singular: U(`pivot`, `pivot`) = 0 (1-based, as LAPACK counts).
    case singular(routine: String, pivot: Int)
    /// `routine` rejected its argument number `argument` (a programming error in Hooke).
    case illegalArgument(routine: String, argument: Int)
    /// The shapes handed to `routine` do not match.
    case dimensionMismatch(routine: String, detail: String)

    public var description: String {
        switch self {
        case let .singular(routine, pivot):
            return "\(routine): the matrix is singular (U(\(pivot),\(pivot)) = 0)"
        case let .illegalArgument(routine, argument):
            return "\(routine): argument \(argument) had an illegal value"
        case let .dimensionMismatch(routine, detail):
            return "\(routine): \(detail)"
        }
    }
}

/// Solves the dense system A·x = b for a square matrix by LU factorisation with partial
/// pivoting (LAPACK `dgesv`).
///
/// - Parameters:
///   - matrix: A in row-major order, `n·n` entries.
///   - rhs: b, `n` entries.
/// - Returns: x with A·x = b.
/// - Throws: `LAPACKError.singular` when A is exactly singular,
///   `LAPACKError.dimensionMismatch` when the sizes disagree.
/// - Complexity: O(n³).
public func solveLinearSystem(_ matrix: [Double], _ rhs: [Double]) throws(LAPACKError) -> [Double] {
    let n = rhs.count
    guard matrix.count == n * n, n > 0 else {
        throw .dimensionMismatch(routine: "dgesv", detail: "matrix has \(matrix.count) entries for \(n) unknowns")
    }
    // LAPACK is column-major: pass Aᵀ's storage, i.e. transpose the row-major input.
    var a = [Double](repeating: 0, count: n * n)
    for row in 0..<n {
        for column in 0..<n {
            a[column * n + row] = matrix[row * n + column]
        }
    }
    var b = rhs
    var pivots = [Int32](repeating: 0, count: n)
    var order = Int32(n)
    var rightHandSides: Int32 = 1
    var leading = Int32(n)
    var leadingB = Int32(n)
    var info: Int32 = 0
    dgesv_(&order, &rightHandSides, &a, &leading, &pivots, &b, &leadingB, &info)
    if info > 0 { throw .singular(routine: "dgesv", pivot: Int(info)) }
    if info < 0 { throw .illegalArgument(routine: "dgesv", argument: Int(-info)) }
    return b
}
