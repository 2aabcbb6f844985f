import Hooke

/// K instances of one linear system (same topology and parameters, each with its own
/// state and inputs) stepped exactly together with one GEMM per step.
///
/// Storage: one buffer of K records of n + p doubles, record k = (z_k; w_k) — instance
/// k's state then its inputs, contiguous. Read as a row-major K × (n + p) matrix X, a
/// step is
///
///     Z_next = X·[Φ Ψ]ᵀ        (K × n, written into the first n columns of the next buffer)
///
/// — one `cblas_dgemm` with M = K, N = n, K = n + p, B = the row-major [Φ Ψ] transposed
/// in the call. Two buffers alternate, and inputs are written into both, so the step
/// copies nothing. A 2-D jelly edge is two instances (x and y); K jelly edges of m points
/// are 2K instances of a 2m-state system.
///
/// This is the BLAS-friendly shape measured in DESIGN.md (60 GFLOP/s at K = 1000, m = 64
/// on one thread, against 6.8 for a naive loop): the n × (n + p) step matrix stays in
/// cache and every instance reuses it.
public struct BatchedPropagator: Sendable {
    /// The single-instance map.
    public let propagator: ExactPropagator
    /// Number of instances K.
    public let instanceCount: Int
    /// n + p: doubles per instance record.
    public let recordLength: Int
    private var current: [Double]
    private var next: [Double]

    /// K instances at rest (zero state, zero inputs).
    ///
    /// - Throws: `HookeError.invalidParameter("instanceCount", …)` when K < 1.
    public init(propagator: ExactPropagator, instanceCount: Int) throws(HookeError) {
        guard instanceCount >= 1 else {
            throw .invalidParameter("instanceCount", value: Double(instanceCount), requirement: ">= 1")
        }
        self.propagator = propagator
        self.instanceCount = instanceCount
        recordLength = propagator.stateDimension + propagator.inputCount
        current = [Double](repeating: 0, count: instanceCount * recordLength)
        next = current
    }

    /// Instance k's state z_k.
    public func state(of instance: Int) -> [Double] {
        checkInstance(instance)
        let start = instance * recordLength
        return Array(current[start..<(start + propagator.stateDimension)])
    }

    /// Sets instance k's state.
    ///
    /// - Precondition: valid instance, `state.count == propagator.stateDimension`.
    public mutating func setState(_ state: [Double], of instance: Int) {
        checkInstance(instance)
        precondition(state.count == propagator.stateDimension,
                     "BatchedPropagator.setState: \(state.count) values for a state of \(propagator.stateDimension)")
        let start = instance * recordLength
        current.replaceSubrange(start..<(start + state.count), with: state)
    }

    /// Instance k's inputs w_k.
    public func inputs(of instance: Int) -> [Double] {
        checkInstance(instance)
        let start = instance * recordLength + propagator.stateDimension
        return Array(current[start..<(start + propagator.inputCount)])
    }

    /// Sets instance k's inputs (targets, forces), held from the next step on.
    ///
    /// - Precondition: valid instance, `inputs.count == propagator.inputCount`.
    public mutating func setInputs(_ inputs: [Double], of instance: Int) {
        checkInstance(instance)
        precondition(inputs.count == propagator.inputCount,
                     "BatchedPropagator.setInputs: \(inputs.count) values for \(propagator.inputCount) inputs")
        let start = instance * recordLength + propagator.stateDimension
        current.replaceSubrange(start..<(start + inputs.count), with: inputs)
        next.replaceSubrange(start..<(start + inputs.count), with: inputs)
    }

    /// Advances every instance by one step h: one `cblas_dgemm`.
    ///
    /// - Complexity: 2·K·n·(n + p) flops.
    public mutating func step() {
        step(kernel: .blas)
    }

    /// Advances every instance by one step h with the chosen kernel: `.blas` and
    /// `.automatic` make one `cblas_dgemm`; `.swift` runs the same product as a plain loop
    /// over instances (yₖ = [Φ Ψ]·xₖ, one dot product per state), the baseline the GEMM is
    /// measured against (Docs/linear.md).
    public mutating func step(kernel: Kernel) {
        if kernel == .swift {
            stepWithSwiftLoop()
            return
        }
        let k = instanceCount, n = propagator.stateDimension, record = recordLength
        propagator.stepMatrix.entries.withUnsafeBufferPointer { p in
            current.withUnsafeBufferPointer { x in
                next.withUnsafeMutableBufferPointer { y in
                    BLAS.gemm(
                        m: k, n: n, k: record,
                        a: x.baseAddress!, lda: record,
                        b: p.baseAddress!, ldb: record, transposeB: true,
                        c: y.baseAddress!, ldc: record)
                }
            }
        }
        swap(&current, &next)
    }

    /// Advances every instance by `count` steps.
    public mutating func step(count: Int, kernel: Kernel = .blas) {
        for _ in 0..<max(count, 0) { step(kernel: kernel) }
    }

    private mutating func stepWithSwiftLoop() {
        let k = instanceCount, n = propagator.stateDimension, record = recordLength
        propagator.stepMatrix.entries.withUnsafeBufferPointer { p in
            current.withUnsafeBufferPointer { x in
                next.withUnsafeMutableBufferPointer { y in
                    for instance in 0..<k {
                        let base = instance * record
                        for i in 0..<n {
                            var sum = 0.0
                            for j in 0..<record { sum += p[i * record + j] * x[base + j] }
                            y[base + i] = sum
                        }
                    }
                }
            }
        }
        swap(&current, &next)
    }

    /// Read-only access to the whole K × (n + p) row-major state buffer (instance records
    /// one after another), for renderers and benchmarks that read every instance.
    public func withUnsafeRecords<R>(_ body: (UnsafeBufferPointer<Double>) throws -> R) rethrows -> R {
        try current.withUnsafeBufferPointer(body)
    }

    private func checkInstance(_ instance: Int) {
        precondition(instance >= 0 && instance < instanceCount,
                     "BatchedPropagator: instance \(instance) outside 0..<\(instanceCount)")
    }
}
