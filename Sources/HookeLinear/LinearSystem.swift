import Hooke

/// A linear time-invariant system ż = A·z + B·w with state z (n entries) and inputs w
/// (p entries) held constant over each step (zero-order hold).
///
/// Spring networks produce one (`SpringNetwork.linearSystem`); `ExactPropagator` turns it
/// into the exact discrete map for a step h.
public struct LinearSystem: Sendable, Hashable {
    /// The n × n system matrix A.
    public let a: Matrix
    /// The n × p input matrix B (p may be 0).
    public let b: Matrix

    /// - Throws: `HookeError.invalidParameter` when A is not square, B's row count differs
    ///   from A's, or an entry is not finite.
    public init(a: Matrix, b: Matrix) throws(HookeError) {
        guard a.isSquare else {
            throw .invalidParameter("a.columns", value: Double(a.columns), requirement: "equal to a.rows = \(a.rows)")
        }
        guard b.rows == a.rows else {
            throw .invalidParameter("b.rows", value: Double(b.rows), requirement: "equal to a.rows = \(a.rows)")
        }
        if let bad = (a.entries + b.entries).first(where: { !$0.isFinite }) {
            throw .invalidParameter("a, b", value: bad, requirement: "finite entries")
        }
        self.a = a
        self.b = b
    }

    /// Number of state variables n.
    public var stateDimension: Int { a.rows }
    /// Number of inputs p.
    public var inputCount: Int { b.columns }
}
