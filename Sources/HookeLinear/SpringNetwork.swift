import Hooke

/// Point masses joined by linear springs and dampers: a chain, a grid, a jelly edge.
///
/// Each node i has a mass mᵢ and a scalar displacement uᵢ from its rest position (points)
/// with velocity vᵢ. Elements:
///
/// - a **link** between nodes i and j with stiffness k and damping c exerts
///   −k(uᵢ − uⱼ) − c(vᵢ − vⱼ) on i and the opposite on j;
/// - an **anchor** ties node i to its rest position: −k·uᵢ − c·vᵢ;
/// - an **attachment** ties node i to a movable target w (an input, for example a
///   finger): −k(uᵢ − w) − c·vᵢ — the target is held constant over a step, so its
///   velocity is zero there and the damper acts on vᵢ alone;
/// - a **force** input adds a constant force f (an input) to node i.
///
/// This is the small-displacement model of a network at rest: a spring of rest length L
/// between points at rest distance L, displaced by δ ≪ L, pulls along its axis with
/// k·(δᵢ − δⱼ)·e (e the unit axis), and UI meshes (jelly edges, rubber sheets) use the
/// isotropic version above, in which each axis of a 2-D displacement moves independently
/// with the same matrices. So a 2-D network is two instances of this scalar network, one
/// per axis — which is what `BatchedPropagator` steps with one GEMM.
///
/// Equations of motion, with M = diag(mᵢ), stiffness matrix K, damping matrix C (both
/// symmetric, assembled from the elements above) and input matrix G (column q holds k of
/// the attachment or 1 of the force that input q drives):
///
///     M·ü + C·u̇ + K·u = G·w
///
/// and as a first-order system in z = (u₀…u_{n−1}, v₀…v_{n−1}):
///
///     ż = A·z + B·w,   A = ⎡ 0      I    ⎤,   B = ⎡  0    ⎤
///                          ⎣ −M⁻¹K  −M⁻¹C⎦        ⎣ M⁻¹G  ⎦
public struct SpringNetwork: Sendable, Hashable {
    /// A spring-damper between two nodes.
    public struct Link: Sendable, Hashable {
        public let first: Int
        public let second: Int
        public let stiffness: Double
        public let damping: Double
    }

    /// A spring-damper from a node to its rest position (`input == nil`) or to a movable
    /// target driven by input `input`.
    public struct Attachment: Sendable, Hashable {
        public let node: Int
        public let stiffness: Double
        public let damping: Double
        public let input: Int?
    }

    /// What an input drives.
    public enum Input: Sendable, Hashable {
        /// The target position (points) of attachment number `attachment`.
        case target(attachment: Int)
        /// A constant force on `node`.
        case force(node: Int)
    }

    /// Node masses, > 0.
    public let masses: [Double]
    public private(set) var links: [Link] = []
    public private(set) var attachments: [Attachment] = []
    public private(set) var inputs: [Input] = []

    /// A network of unconnected nodes.
    ///
    /// - Throws: `HookeError.invalidParameter` when there are no masses or one is not
    ///   finite and positive.
    public init(masses: [Double]) throws(HookeError) {
        guard !masses.isEmpty else {
            throw .invalidParameter("masses.count", value: 0, requirement: "> 0")
        }
        for (i, m) in masses.enumerated() { _ = try Validate.positive(m, "masses[\(i)]") }
        self.masses = masses
    }

    /// Number of nodes n.
    public var nodeCount: Int { masses.count }
    /// Length of the state vector, 2n: displacements then velocities.
    public var stateDimension: Int { 2 * masses.count }
    /// Number of inputs p.
    public var inputCount: Int { inputs.count }

    /// Joins nodes `first` and `second` with a spring and a damper.
    ///
    /// - Throws: `HookeError.invalidParameter` for an out-of-range or repeated node, a
    ///   stiffness that is not finite and ≥ 0, or a damping that is not finite and ≥ 0.
    public mutating func connect(_ first: Int, _ second: Int, stiffness: Double, damping: Double) throws(HookeError) {
        try checkNode(first, "first")
        try checkNode(second, "second")
        guard first != second else {
            throw .invalidParameter("second", value: Double(second), requirement: "different from first")
        }
        links.append(Link(
            first: first, second: second,
            stiffness: try Validate.nonNegative(stiffness, "stiffness"),
            damping: try Validate.nonNegative(damping, "damping")))
    }

    /// Ties `node` to its rest position with a spring and a damper.
    public mutating func anchor(_ node: Int, stiffness: Double, damping: Double) throws(HookeError) {
        try checkNode(node, "node")
        attachments.append(Attachment(
            node: node, stiffness: try Validate.nonNegative(stiffness, "stiffness"),
            damping: try Validate.nonNegative(damping, "damping"), input: nil))
    }

    /// Ties `node` to a movable target (a finger, a snap point) and returns the index of
    /// the input that carries the target's position.
    @discardableResult
    public mutating func attach(_ node: Int, stiffness: Double, damping: Double) throws(HookeError) -> Int {
        try checkNode(node, "node")
        let k = try Validate.nonNegative(stiffness, "stiffness")
        let c = try Validate.nonNegative(damping, "damping")
        inputs.append(.target(attachment: attachments.count))
        attachments.append(Attachment(node: node, stiffness: k, damping: c, input: inputs.count - 1))
        return inputs.count - 1
    }

    /// Adds a constant-force input on `node` and returns its index.
    @discardableResult
    public mutating func addForce(on node: Int) throws(HookeError) -> Int {
        try checkNode(node, "node")
        inputs.append(.force(node: node))
        return inputs.count - 1
    }

    private func checkNode(_ node: Int, _ name: String) throws(HookeError) {
        guard node >= 0, node < masses.count else {
            throw .invalidParameter(name, value: Double(node), requirement: "a node index in 0..<\(masses.count)")
        }
    }

    // MARK: - Matrices

    /// The symmetric stiffness matrix K (n × n): each link adds k to (i,i), (j,j) and −k
    /// to (i,j), (j,i); each anchor or attachment adds k to (i,i).
    public var stiffnessMatrix: Matrix { assemble(\.stiffness, \.stiffness) }

    /// The symmetric damping matrix C (n × n), assembled like K from the dampers.
    public var dampingMatrix: Matrix { assemble(\.damping, \.damping) }

    /// The input matrix G (n × p) of M·ü + C·u̇ + K·u = G·w.
    public var inputMatrix: Matrix {
        var g = Matrix(rows: nodeCount, columns: inputCount)
        for (q, input) in inputs.enumerated() {
            switch input {
            case let .target(index):
                g[attachments[index].node, q] += attachments[index].stiffness
            case let .force(node):
                g[node, q] += 1
            }
        }
        return g
    }

    private func assemble(_ link: KeyPath<Link, Double>, _ attachment: KeyPath<Attachment, Double>) -> Matrix {
        var m = Matrix(rows: nodeCount, columns: nodeCount)
        for l in links {
            let value = l[keyPath: link]
            m[l.first, l.first] += value
            m[l.second, l.second] += value
            m[l.first, l.second] -= value
            m[l.second, l.first] -= value
        }
        for a in attachments { m[a.node, a.node] += a[keyPath: attachment] }
        return m
    }

    /// The first-order system ż = A·z + B·w of the network (see the type's documentation).
    public var linearSystem: LinearSystem {
        let n = nodeCount
        var a = Matrix(rows: 2 * n, columns: 2 * n)
        var b = Matrix(rows: 2 * n, columns: inputCount)
        let k = stiffnessMatrix, c = dampingMatrix, g = inputMatrix
        for i in 0..<n {
            a[i, n + i] = 1
            let inverseMass = 1 / masses[i]
            for j in 0..<n {
                a[n + i, j] = -k[i, j] * inverseMass
                a[n + i, n + j] = -c[i, j] * inverseMass
            }
            for q in 0..<inputCount { b[n + i, q] = g[i, q] * inverseMass }
        }
        // Every entry is finite: masses > 0 and coefficients were validated.
        return try! LinearSystem(a: a, b: b)
    }

    /// Mechanical energy of state z = (u, v) under inputs w:
    ///
    ///     E = ½Σ mᵢvᵢ² + ½Σ_links k(uᵢ − uⱼ)² + ½Σ_anchors k·uᵢ² + ½Σ_attachments k(uᵢ − w)² − Σ_forces f·uᵢ
    ///
    /// (kinetic plus spring potential plus the potential −f·u of each constant force).
    /// With the inputs held constant, dE/dt = −vᵀC·v ≤ 0: the energy of a damped network
    /// never grows. Computed element by element, independently of the matrices.
    ///
    /// - Precondition: `state.count == stateDimension`, `inputs.count == inputCount`.
    public func energy(state: [Double], inputs w: [Double]) -> Double {
        precondition(state.count == stateDimension && w.count == inputCount,
                     "SpringNetwork.energy: state of \(state.count) and inputs of \(w.count)")
        let n = nodeCount
        var e = 0.0
        for i in 0..<n { e += 0.5 * masses[i] * state[n + i] * state[n + i] }
        for l in links {
            let stretch = state[l.first] - state[l.second]
            e += 0.5 * l.stiffness * stretch * stretch
        }
        for a in attachments {
            let stretch = state[a.node] - (a.input.map { w[$0] } ?? 0)
            e += 0.5 * a.stiffness * stretch * stretch
        }
        for (q, input) in inputs.enumerated() {
            if case let .force(node) = input { e -= w[q] * state[node] }
        }
        return e
    }
}

extension SpringNetwork {
    /// The rest displacements under constant inputs w: the u with K·u = G·w (velocities
    /// zero), by Cholesky factorisation of the symmetric stiffness matrix.
    ///
    /// - Throws: `LAPACKError.notPositiveDefinite` (routine `dpotrf`, or its Swift fallback)
    ///   when K is singular — a node or group of nodes held by no anchor or attachment can
    ///   drift freely and has no unique rest position; `.dimensionMismatch` for a wrong
    ///   input count.
    public func equilibrium(inputs w: [Double], kernel: Kernel = .automatic) throws(LAPACKError) -> [Double] {
        guard w.count == inputCount else {
            throw .dimensionMismatch(routine: "dpotrf", detail: "\(w.count) inputs for \(inputCount)")
        }
        return try stiffnessMatrix.choleskySolve(inputMatrix.applied(to: w), kernel: kernel)
    }
}
