import Hooke
import HookeLinear

/// A jelly edge of m control points coupled by springs, pulled by the finger at the
/// point nearest it and stepped exactly: the many-point version of `JellyEdge`.
///
/// A shape of width w is filled from the top down to its bottom edge. The edge runs from
/// the fixed corner (0, minHeight) through m control points to the fixed corner
/// (w, minHeight); point i rests at ((i + 1)·w/(m + 1), minHeight). The points form a
/// linear spring network (`SpringNetwork`, Docs/linear.md):
///
/// - each point is tied to its rest position by an **anchor** spring and damper (the body
///   of the shape);
/// - neighbours are joined by **tension** springs and dampers (the skin), and the first
///   and last points by the same to the corners beside them;
/// - **while panned**, the point nearest the finger (horizontally, at the pan's start) is
///   held to the finger's target by a stiff **attachment** — the network's one input.
///
/// The network is the isotropic small-displacement model, so x and y displacements move
/// independently under the same matrices: two instances of one network, stepped by one
/// `ExactPropagator` — [Φ Ψ] from the exponential of the augmented generator, so the
/// motion has no integration error at any step h (only rounding), and a step of 1/30 s
/// lands where four of 1/120 s do.
///
/// The finger's target is the single-point edge's control-point map applied to the pulled
/// point: for a pan grabbing point j at G with translation (dx, dy),
///
///     target = (G.x + dx, max(G.y + verticalFactor·dy, floor)),   floor = min(minHeight, G.y),
///
/// so a pull down bulges the edge by 70 % of the finger's travel and a push up stops at
/// the rest line (or where a point caught above it was). **On release** the attachment
/// and its input are removed and the free network springs back from its current
/// positions with its current velocities. It is at rest again once every displacement is
/// within `restTolerance` points and every speed within `restTolerance` pt/s; it is then
/// set exactly flat.
///
/// The edge is drawn as the uniform Catmull–Rom spline through the corners and the
/// points (`CatmullRomSpline`), flattened within a requested tolerance.
public struct MeshJellyEdge: GestureDrivenBody {
    /// What the edge is doing: the same phases as the single-point edge's.
    public typealias Phase = JellyEdge.Phase

    /// The edge as a renderer needs it.
    public struct RenderState: Sendable, Hashable {
        /// The control points, left to right, points.
        public let points: [SIMD2<Double>]
        /// Their velocities, points/s.
        public let velocities: [SIMD2<Double>]
        /// The point the finger pulls (or last pulled; the middle one before any pan).
        public let pulledPoint: Int
        /// What the edge is doing.
        public let phase: Phase
        /// The fixed corners: (0, minHeight) and (width, minHeight).
        public let corners: (left: SIMD2<Double>, right: SIMD2<Double>)

        public static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.points == rhs.points && lhs.velocities == rhs.velocities && lhs.pulledPoint == rhs.pulledPoint
                && lhs.phase == rhs.phase && lhs.corners == rhs.corners
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(points)
            hasher.combine(velocities)
            hasher.combine(pulledPoint)
            hasher.combine(phase)
        }

        /// The bottom edge: the Catmull–Rom spline from the left corner through the
        /// points to the right corner.
        public var curve: CatmullRomSpline {
            // Every coordinate is finite (the network's state is), and there are ≥ 5 points.
            do { return try CatmullRomSpline(points: [corners.left] + points + [corners.right]) } catch {
                preconditionFailure("MeshJellyEdge: \(error)")
            }
        }

        /// The edge from the left corner to the right one as a polyline within `tolerance`
        /// points of the spline.
        public func polyline(tolerance: Double) throws(HookeError) -> [SIMD2<Double>] {
            try curve.flattened(tolerance: tolerance)
        }

        /// The closed outline of the filled shape: (0, 0), (width, 0), then the edge from
        /// (width, minHeight) back to (0, minHeight) within `tolerance` points.
        public func outline(tolerance: Double) throws(HookeError) -> [SIMD2<Double>] {
            // The uniform Catmull–Rom spline through the reversed points is the same curve.
            [SIMD2(0, 0), SIMD2(corners.right.x, 0)] + Array(try polyline(tolerance: tolerance).reversed())
        }
    }

    /// Displacements and speeds within this many points (points/s) of rest count as rest.
    public static let restTolerance = 1e-3

    /// Width of the shape, points.
    public let width: Double
    /// Height of the straight edge at rest, points.
    public let minHeight: Double
    /// Fraction of the finger's vertical travel the target follows (article: 0.7).
    public let verticalFactor: Double
    /// Number of control points m, ≥ 3.
    public let controlPointCount: Int
    /// The network's springs and dampers.
    public let parameters: Parameters
    /// Rest positions of the control points, ((i + 1)·w/(m + 1), minHeight).
    public let restPoints: [SIMD2<Double>]

    /// What the edge is doing.
    public private(set) var phase: Phase = .resting
    /// The point the finger pulls (or last pulled; point (m − 1)/2, rounded down, before any pan).
    public private(set) var pulledPoint: Int
    /// The finger's target for the pulled point while dragging, points.
    public private(set) var fingerTarget: SIMD2<Double>?

    // Two records (x axis, then y axis) of 2m + 1 doubles: displacements u, velocities v,
    // and the input w (the target's displacement from the pulled point's rest position;
    // read only while dragging).
    private var records: [Double]
    private var scratch: [Double]
    private var fingerAtGrab: SIMD2<Double> = .zero
    private var grab: SIMD2<Double> = .zero
    private var floor: Double
    // Step maps for the last h used: with the finger on `node`, and free.
    private var pulledMap: (timestep: Double, node: Int, propagator: ExactPropagator)?
    private var freeMap: (timestep: Double, propagator: ExactPropagator)?

    /// A straight edge at rest.
    ///
    /// - Throws: `HookeError.invalidParameter` naming `width` (> 0), `minHeight` (finite),
    ///   `verticalFactor` (finite, ≥ 0) or `controlPoints` (≥ 3).
    public init(
        width: Double = 375, minHeight: Double = 100, verticalFactor: Double = 0.7,
        controlPoints: Int = 16, parameters: Parameters? = nil
    ) throws(HookeError) {
        self.width = try Validate.positive(width, "width")
        self.minHeight = try Validate.finite(minHeight, "minHeight")
        self.verticalFactor = try Validate.nonNegative(verticalFactor, "verticalFactor")
        guard controlPoints >= 3, controlPoints <= 4096 else {
            throw .invalidParameter("controlPoints", value: Double(controlPoints), requirement: "in 3...4096")
        }
        self.controlPointCount = controlPoints
        if let parameters { self.parameters = parameters } else { self.parameters = try Parameters() }
        restPoints = (0..<controlPoints).map { SIMD2(Double($0 + 1) * width / Double(controlPoints + 1), minHeight) }
        pulledPoint = (controlPoints - 1) / 2
        records = [Double](repeating: 0, count: 2 * (2 * controlPoints + 1))
        scratch = [Double](repeating: 0, count: 4 * controlPoints)
        floor = minHeight
    }

    /// The network of the edge: anchors, tension links (and links to the corners as
    /// anchors of tension stiffness), and with `pulled` a finger attachment on that point
    /// (input 0).
    public func network(pulled: Int?) throws(HookeError) -> SpringNetwork {
        let m = controlPointCount, p = parameters
        var network = try SpringNetwork(masses: [Double](repeating: p.pointMass, count: m))
        for i in 0..<m {
            try network.anchor(i, stiffness: p.anchorStiffness, damping: p.anchorDamping)
            if i + 1 < m { try network.connect(i, i + 1, stiffness: p.tension, damping: p.tensionDamping) }
        }
        // The end points' links to the fixed corners: a corner never moves, so the link is
        // an anchor of the link's stiffness and damping.
        try network.anchor(0, stiffness: p.tension, damping: p.tensionDamping)
        try network.anchor(m - 1, stiffness: p.tension, damping: p.tensionDamping)
        if let pulled { try network.attach(pulled, stiffness: p.fingerStiffness, damping: p.fingerDamping) }
        return network
    }

    /// The control points now, points.
    public var points: [SIMD2<Double>] {
        let m = controlPointCount, y = 2 * m + 1
        return (0..<m).map { restPoints[$0] + SIMD2(records[$0], records[y + $0]) }
    }

    /// Their velocities, points/s.
    public var velocities: [SIMD2<Double>] {
        let m = controlPointCount, y = 2 * m + 1
        return (0..<m).map { SIMD2(records[m + $0], records[y + m + $0]) }
    }

    /// The pulled point's position, points.
    public var pulledPosition: SIMD2<Double> { point(pulledPoint) }

    /// The pulled point's velocity, points/s.
    public var pulledVelocity: SIMD2<Double> {
        let m = controlPointCount
        return SIMD2(records[m + pulledPoint], records[3 * m + 1 + pulledPoint])
    }

    public var renderState: RenderState {
        RenderState(
            points: points, velocities: velocities, pulledPoint: pulledPoint, phase: phase,
            corners: (SIMD2(0, minHeight), SIMD2(width, minHeight)))
    }

    private func point(_ i: Int) -> SIMD2<Double> {
        restPoints[i] + SIMD2(records[i], records[2 * controlPointCount + 1 + i])
    }

    public mutating func handle(_ event: GestureEvent) {
        switch event.phase {
        case .began:
            guard phase != .dragging else { return }
            // The point nearest the finger horizontally, where the points are now.
            var nearest = 0
            for i in 0..<controlPointCount where abs(point(i).x - event.location.x) < abs(point(nearest).x - event.location.x) {
                nearest = i
            }
            pulledPoint = nearest
            grab = point(nearest)
            floor = min(minHeight, grab.y)
            fingerAtGrab = event.location
            setTarget(grab)
            phase = .dragging
        case .changed:
            guard phase == .dragging else { return }
            follow(event)
        case .ended, .cancelled:
            guard phase == .dragging else { return }
            follow(event)
            fingerTarget = nil
            phase = .returning
        }
    }

    private mutating func follow(_ event: GestureEvent) {
        let d = event.location - fingerAtGrab
        setTarget(SIMD2(grab.x + d.x, max(grab.y + verticalFactor * d.y, floor)))
    }

    private mutating func setTarget(_ target: SIMD2<Double>) {
        fingerTarget = target
        let m = controlPointCount, rest = restPoints[pulledPoint]
        records[2 * m] = target.x - rest.x
        records[4 * m + 1] = target.y - rest.y
    }

    /// Advances the edge by h seconds with the exact step map of its network (the finger's
    /// target held over the step). A non-finite or non-positive h is ignored.
    public mutating func step(by h: Double) {
        guard h > 0, h.isFinite, phase != .resting else { return }
        let propagator = stepMap(h)
        let m = controlPointCount, n = 2 * m, record = n + 1
        let columns = propagator.stepMatrix.columns     // n + p: p = 1 dragging, 0 free
        // next = [Φ Ψ]·(z; w) for both axes in one pass over the matrix; four independent
        // sums per row (two per axis) so the additions do not wait on one another.
        propagator.stepMatrix.entries.withUnsafeBufferPointer { s in
            records.withUnsafeMutableBufferPointer { z in
                scratch.withUnsafeMutableBufferPointer { next in
                    let even = columns & ~1
                    for i in 0..<n {
                        let row = i * columns
                        var x0 = 0.0, x1 = 0.0, y0 = 0.0, y1 = 0.0
                        var j = 0
                        while j < even {
                            let a = s[row + j], b = s[row + j + 1]
                            x0 += a * z[j]
                            x1 += b * z[j + 1]
                            y0 += a * z[record + j]
                            y1 += b * z[record + j + 1]
                            j += 2
                        }
                        if even < columns {
                            x0 += s[row + even] * z[even]
                            y0 += s[row + even] * z[record + even]
                        }
                        next[i] = x0 + x1
                        next[n + i] = y0 + y1
                    }
                    for i in 0..<n {
                        z[i] = next[i]
                        z[record + i] = next[n + i]
                    }
                }
            }
        }
        if phase == .returning && isAtRest {
            for i in records.indices { records[i] = 0 }
            phase = .resting
        }
    }

    private var isAtRest: Bool {
        let n = 2 * controlPointCount
        for axis in 0..<2 {
            for i in 0..<n where abs(records[axis * (n + 1) + i]) > Self.restTolerance { return false }
        }
        return true
    }

    /// The propagator for h in the current phase, rebuilt only when h or the pulled
    /// point changes (one exponential of a (2m + 1)-square matrix).
    private mutating func stepMap(_ h: Double) -> ExactPropagator {
        do {
            if phase == .dragging {
                if let map = pulledMap, map.timestep == h, map.node == pulledPoint { return map.propagator }
                let propagator = try ExactPropagator(network: network(pulled: pulledPoint), timestep: h)
                pulledMap = (h, pulledPoint, propagator)
                return propagator
            }
            if let map = freeMap, map.timestep == h { return map.propagator }
            let propagator = try ExactPropagator(network: network(pulled: nil), timestep: h)
            freeMap = (h, propagator)
            return propagator
        } catch {
            // Unreachable: h was checked and every coefficient validated at creation.
            preconditionFailure("MeshJellyEdge: \(error)")
        }
    }
}

// MARK: - Snapshots

extension MeshJellyEdge: Codable {
    private enum CodingKeys: String, CodingKey {
        case width, minHeight, verticalFactor, controlPointCount, parameters, phase, pulledPoint, fingerTarget, records
        case fingerAtGrab, grab, floor
    }

    /// Reads an edge: its description checked as `init(width:minHeight:verticalFactor:controlPoints:parameters:)`
    /// does, then its motion (records of the expected length, finite). The step maps are
    /// derived and rebuilt at the next step.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let path = SnapshotError.path(c.codingPath)
        do {
            try self.init(width: c.decode(Double.self, forKey: .width), minHeight: c.decode(Double.self, forKey: .minHeight),
                          verticalFactor: c.decode(Double.self, forKey: .verticalFactor),
                          controlPoints: c.decode(Int.self, forKey: .controlPointCount),
                          parameters: c.decode(Parameters.self, forKey: .parameters))
        } catch let error as HookeError {
            throw SnapshotError(path: path, "\(error)")
        }
        phase = try c.decode(Phase.self, forKey: .phase)
        pulledPoint = try c.decode(Int.self, forKey: .pulledPoint)
        fingerTarget = try c.decodeIfPresent(SIMD2<Double>.self, forKey: .fingerTarget)
        let records = try c.decode([Double].self, forKey: .records)
        fingerAtGrab = try c.decode(SIMD2<Double>.self, forKey: .fingerAtGrab)
        grab = try c.decode(SIMD2<Double>.self, forKey: .grab)
        floor = try c.decode(Double.self, forKey: .floor)
        let numbers = records + [fingerAtGrab.x, fingerAtGrab.y, grab.x, grab.y, floor]
            + [fingerTarget?.x ?? 0, fingerTarget?.y ?? 0]
        guard records.count == self.records.count, (0..<controlPointCount).contains(pulledPoint),
              numbers.allSatisfy(\.isFinite) else {
            throw SnapshotError(path: path, "a pulled point, records or positions out of range or not finite")
        }
        self.records = records
    }
}
