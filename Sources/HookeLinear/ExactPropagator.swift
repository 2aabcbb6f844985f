import Hooke

/// The exact discrete map of a linear system over one step h with inputs held constant:
///
///     z(t + h) = Φ·z(t) + Ψ·w,   Φ = e^{Ah},   Ψ = ∫₀ʰ e^{As} ds · B.
///
/// Both blocks come from one exponential of the augmented matrix (Van Loan, "Computing
/// integrals involving the matrix exponential", IEEE Trans. Automat. Control 23(3), 1978):
/// the system ż = Az + Bw, ẇ = 0 has the generator [[A, B], [0, 0]], whose flow is
///
///     exp(⎡A  B⎤·h) = ⎡Φ  Ψ⎤
///         ⎣0  0⎦      ⎣0  I⎦
///
/// (differentiate the right side in h: d/dh Ψ = e^{Ah}B, Ψ(0) = 0). So a linear network
/// steps with no integration error at any h — only the rounding of the exponential and of
/// the product — and is unconditionally stable: a damped network's Φ has spectral radius
/// < 1 whatever h.
///
/// One step is one matrix–vector product with `stepMatrix` = [Φ Ψ] on (z; w).
public struct ExactPropagator: Sendable, Hashable {
    /// The step h, seconds.
    public let timestep: Double
    /// Φ = e^{Ah}, n × n.
    public let transition: Matrix
    /// Ψ = ∫₀ʰ e^{As} ds·B, n × p.
    public let inputResponse: Matrix
    /// [Φ Ψ], n × (n + p): the map from (z; w) to the next z.
    public let stepMatrix: Matrix

    /// The exact propagator of `system` for steps of `timestep` seconds.
    ///
    /// - Throws: `HookeError.invalidParameter("timestep", …)` unless the step is finite and
    ///   positive.
    /// - Complexity: one exponential of an (n + p)-square matrix, O((n + p)³·log‖Ah‖).
    public init(system: LinearSystem, timestep: Double) throws(HookeError) {
        self.timestep = try Validate.positive(timestep, "timestep")
        let n = system.stateDimension, p = system.inputCount
        var generator = Matrix(rows: n + p, columns: n + p)
        generator.setBlock(system.a.scaled(by: timestep), row: 0, column: 0)
        generator.setBlock(system.b.scaled(by: timestep), row: 0, column: n)
        let flow = try generator.exponential()
        stepMatrix = flow.block(row: 0, column: 0, rows: n, columns: n + p)
        transition = flow.block(row: 0, column: 0, rows: n, columns: n)
        inputResponse = flow.block(row: 0, column: n, rows: n, columns: p)
    }

    /// The exact propagator of a spring network.
    public init(network: SpringNetwork, timestep: Double) throws(HookeError) {
        try self.init(system: network.linearSystem, timestep: timestep)
    }

    /// Length n of the state vector.
    public var stateDimension: Int { transition.rows }
    /// Number p of inputs.
    public var inputCount: Int { inputResponse.columns }

    /// The state one step after `state`, with `inputs` held over the step: one GEMV.
    ///
    /// - Precondition: `state.count == stateDimension`, `inputs.count == inputCount`.
    public func step(_ state: [Double], inputs: [Double], kernel: Kernel = .automatic) -> [Double] {
        precondition(state.count == stateDimension && inputs.count == inputCount,
                     "ExactPropagator.step: state of \(state.count) and inputs of \(inputs.count), expected \(stateDimension) and \(inputCount)")
        return stepMatrix.applied(to: state + inputs, kernel: kernel)
    }
}
