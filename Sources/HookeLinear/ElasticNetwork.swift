import Hooke

/// A nonlinear 2-D network of point masses joined by springs with rest lengths — the model
/// for large deformations (a sheet pulled far, a chain swinging under gravity), where the
/// linearised `SpringNetwork` no longer holds.
///
/// A link between nodes a and b with rest length L, stiffness k and axial damping c, with
/// d = x_b − x_a, l = |d| and unit axis e = d/l, pulls node a with
///
///     f_a = [k(l − L) + c·e·(v_b − v_a)]·e,    f_b = −f_a,
///
/// and stores the energy ½k(l − L)². Pinned nodes do not move (infinite mass, as UIKit's
/// anchored items). Gravity g (points/s², y down) acts on every free node.
///
/// Positions in points, velocities in points per second, masses in any consistent unit.
public struct ElasticNetwork: Sendable, Hashable {
    /// A spring-damper with a rest length.
    public struct Link: Sendable, Hashable {
        public let first: Int
        public let second: Int
        public let stiffness: Double
        public let damping: Double
        public let restLength: Double
    }

    /// Rest (initial) positions of the nodes.
    public let restPositions: [SIMD2<Double>]
    /// Node masses, > 0.
    public let masses: [Double]
    public private(set) var links: [Link] = []
    /// Whether each node is pinned in place.
    public private(set) var pinned: [Bool]
    /// Gravitational acceleration, points/s² (y grows downwards: (0, 1000) is UIKit's
    /// standard gravity).
    public var gravity: SIMD2<Double> = .zero

    /// Nodes at `positions` with `masses`, unconnected and free.
    ///
    /// - Throws: `HookeError.invalidParameter` when the counts differ or are zero, a mass is
    ///   not finite and positive, or a position is not finite.
    public init(positions: [SIMD2<Double>], masses: [Double]) throws(HookeError) {
        guard !positions.isEmpty else { throw .invalidParameter("positions.count", value: 0, requirement: "> 0") }
        guard masses.count == positions.count else {
            throw .invalidParameter("masses.count", value: Double(masses.count),
                                    requirement: "equal to positions.count = \(positions.count)")
        }
        for (i, m) in masses.enumerated() { _ = try Validate.positive(m, "masses[\(i)]") }
        for (i, p) in positions.enumerated() {
            _ = try Validate.finite(p.x, "positions[\(i)].x")
            _ = try Validate.finite(p.y, "positions[\(i)].y")
        }
        restPositions = positions
        self.masses = masses
        pinned = [Bool](repeating: false, count: positions.count)
    }

    /// Number of nodes.
    public var nodeCount: Int { masses.count }

    /// Joins two nodes; the rest length defaults to their distance in `restPositions`.
    ///
    /// - Throws: `HookeError.invalidParameter` for a bad node, equal nodes, a stiffness or
    ///   damping that is not finite and ≥ 0, or a rest length that is not finite and ≥ 0.
    public mutating func connect(
        _ first: Int, _ second: Int, stiffness: Double, damping: Double, restLength: Double? = nil
    ) throws(HookeError) {
        try checkNode(first, "first")
        try checkNode(second, "second")
        guard first != second else {
            throw .invalidParameter("second", value: Double(second), requirement: "different from first")
        }
        let d = restPositions[second] - restPositions[first]
        let length = try Validate.nonNegative(restLength ?? (d * d).sum().squareRoot(), "restLength")
        links.append(Link(
            first: first, second: second, stiffness: try Validate.nonNegative(stiffness, "stiffness"),
            damping: try Validate.nonNegative(damping, "damping"), restLength: length))
    }

    /// Pins a node in place.
    public mutating func pin(_ node: Int) throws(HookeError) {
        try checkNode(node, "node")
        pinned[node] = true
    }

    private func checkNode(_ node: Int, _ name: String) throws(HookeError) {
        guard node >= 0, node < masses.count else {
            throw .invalidParameter(name, value: Double(node), requirement: "a node index in 0..<\(masses.count)")
        }
    }

    /// The force on every node (pinned nodes included; integrators ignore theirs).
    public func forces(positions x: [SIMD2<Double>], velocities v: [SIMD2<Double>]) -> [SIMD2<Double>] {
        var f = masses.map { gravity * $0 }
        for link in links {
            let d = x[link.second] - x[link.first]
            let length = (d * d).sum().squareRoot()
            guard length > 0 else { continue }   // coincident ends: the axis is undefined
            let e = d / length
            let magnitude = link.stiffness * (length - link.restLength)
                + link.damping * (e * (v[link.second] - v[link.first])).sum()
            f[link.first] += magnitude * e
            f[link.second] -= magnitude * e
        }
        return f
    }

    /// Kinetic plus elastic plus gravitational energy, Σ½m|v|² + Σ½k(l − L)² − Σm·g·x.
    public func energy(positions x: [SIMD2<Double>], velocities v: [SIMD2<Double>]) -> Double {
        var e = 0.0
        for i in 0..<nodeCount where !pinned[i] {
            e += 0.5 * masses[i] * (v[i] * v[i]).sum() - masses[i] * (gravity * x[i]).sum()
        }
        for link in links {
            let d = x[link.second] - x[link.first]
            let stretch = (d * d).sum().squareRoot() - link.restLength
            e += 0.5 * link.stiffness * stretch * stretch
        }
        return e
    }
}

/// Positions and velocities of an `ElasticNetwork`'s nodes.
public struct ElasticState: Sendable, Hashable {
    public var positions: [SIMD2<Double>]
    public var velocities: [SIMD2<Double>]

    public init(positions: [SIMD2<Double>], velocities: [SIMD2<Double>]) {
        precondition(positions.count == velocities.count, "ElasticState: \(positions.count) positions, \(velocities.count) velocities")
        self.positions = positions
        self.velocities = velocities
    }

    /// The network at rest in its rest positions.
    public init(restOf network: ElasticNetwork) {
        positions = network.restPositions
        velocities = [SIMD2<Double>](repeating: .zero, count: network.nodeCount)
    }

    /// Whether every coordinate is finite.
    public var isFinite: Bool {
        positions.allSatisfy { $0.x.isFinite && $0.y.isFinite } && velocities.allSatisfy { $0.x.isFinite && $0.y.isFinite }
    }
}
