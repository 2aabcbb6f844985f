/// A failure reported by a LAPACK routine through its `INFO` argument, or a shape
/// mismatch caught before the call.
///
/// Every case names the routine, so that a caller several layers up (a Newton step of
/// an implicit integrator, a least-squares fit) can still say which factorisation
/// failed and why.
public enum LAPACKError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `routine` found the matrix exactly singular: U(`pivot`, `pivot`) = 0 in its LU
    /// factors (1-based, as LAPACK counts).
    case singular(routine: String, pivot: Int)
    /// `routine` found the leading minor of order `minor` not positive: the matrix is
    /// not symmetric positive definite (Cholesky, `dpotrf`).
    case notPositiveDefinite(routine: String, minor: Int)
    /// `routine` found a zero at position `index` of the diagonal of its triangular
    /// factor: the matrix does not have full rank (least squares, `dgels`).
    case rankDeficient(routine: String, index: Int)
    /// `routine` rejected its argument number `argument` (a programming error in Hooke).
    case illegalArgument(routine: String, argument: Int)
    /// The shapes handed to `routine` do not match.
    case dimensionMismatch(routine: String, detail: String)

    public var description: String {
        switch self {
        case let .singular(routine, pivot):
            return "\(routine): the matrix is singular (U(\(pivot),\(pivot)) = 0)"
        case let .notPositiveDefinite(routine, minor):
            return "\(routine): the matrix is not positive definite (leading minor of order \(minor))"
        case let .rankDeficient(routine, index):
            return "\(routine): the matrix does not have full rank (zero diagonal at \(index))"
        case let .illegalArgument(routine, argument):
            return "\(routine): argument \(argument) had an illegal value"
        case let .dimensionMismatch(routine, detail):
            return "\(routine): \(detail)"
        }
    }

    /// Maps a LAPACK `INFO` value to an error (nil when INFO = 0). `positive` builds the
    /// routine-specific error for INFO > 0.
    static func check(
        _ info: Int32, _ routine: String, positive: (String, Int) -> LAPACKError
    ) throws(LAPACKError) {
        if info > 0 { throw positive(routine, Int(info)) }
        if info < 0 { throw .illegalArgument(routine: routine, argument: Int(-info)) }
    }
}
