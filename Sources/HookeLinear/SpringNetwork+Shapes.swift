import Hooke

extension SpringNetwork {
    /// A chain of `count` equal masses: node 0 anchored to a wall, neighbours linked, and
    /// the last node attached to a movable target (input 0) — a rope pulled at one end.
    ///
    /// ```swift
    /// let rope = try SpringNetwork.chain(count: 8, mass: 0.1, stiffness: 300, damping: 2)
    /// ```
    ///
    /// - Throws: `HookeError.invalidParameter` for a count < 1 or invalid coefficients.
    public static func chain(
        count: Int, mass: Double, stiffness: Double, damping: Double
    ) throws(HookeError) -> SpringNetwork {
        guard count >= 1 else { throw .invalidParameter("count", value: Double(count), requirement: ">= 1") }
        var network = try SpringNetwork(masses: [Double](repeating: mass, count: count))
        try network.anchor(0, stiffness: stiffness, damping: damping)
        for i in 0..<(count - 1) { try network.connect(i, i + 1, stiffness: stiffness, damping: damping) }
        try network.attach(count - 1, stiffness: stiffness, damping: damping)
        return network
    }

    /// A `rows × columns` sheet: horizontal and vertical neighbours linked, every border
    /// node anchored to its rest position (a drum skin), and the node at
    /// (`pulledRow`, `pulledColumn`) attached to a finger target (input 0). Node (r, c) is
    /// number r·columns + c.
    ///
    /// - Throws: `HookeError.invalidParameter` for sizes < 1, a pulled node outside the
    ///   grid, or invalid coefficients.
    public static func grid(
        rows: Int, columns: Int, mass: Double, stiffness: Double, damping: Double,
        pulledRow: Int, pulledColumn: Int, fingerStiffness: Double
    ) throws(HookeError) -> SpringNetwork {
        guard rows >= 1 else { throw .invalidParameter("rows", value: Double(rows), requirement: ">= 1") }
        guard columns >= 1 else { throw .invalidParameter("columns", value: Double(columns), requirement: ">= 1") }
        guard (0..<rows).contains(pulledRow) else {
            throw .invalidParameter("pulledRow", value: Double(pulledRow), requirement: "in 0..<\(rows)")
        }
        guard (0..<columns).contains(pulledColumn) else {
            throw .invalidParameter("pulledColumn", value: Double(pulledColumn), requirement: "in 0..<\(columns)")
        }
        var network = try SpringNetwork(masses: [Double](repeating: mass, count: rows * columns))
        for r in 0..<rows {
            for c in 0..<columns {
                let node = r * columns + c
                if c + 1 < columns { try network.connect(node, node + 1, stiffness: stiffness, damping: damping) }
                if r + 1 < rows { try network.connect(node, node + columns, stiffness: stiffness, damping: damping) }
                if r == 0 || c == 0 || r == rows - 1 || c == columns - 1 {
                    try network.anchor(node, stiffness: stiffness, damping: damping)
                }
            }
        }
        try network.attach(pulledRow * columns + pulledColumn, stiffness: fingerStiffness, damping: 0)
        return network
    }

    /// A jelly edge: `points` control points along the edge of a view, each held at its
    /// rest position by an anchor spring (the body of the view), neighbours linked by a
    /// stiffer spring (the skin's tension), and point `pulledPoint` attached to the finger
    /// (input 0). Displacements are normal to the edge; the bulge under the finger decays
    /// over about √(tension/anchor) points on either side.
    ///
    /// ```swift
    /// var edge = try SpringNetwork.jellyEdge(points: 64, mass: 0.01, tension: 400,
    ///     anchorStiffness: 40, damping: 0.4, pulledPoint: 32, fingerStiffness: 200)
    /// ```
    ///
    /// - Throws: `HookeError.invalidParameter` for fewer than 1 point, a pulled point out
    ///   of range, or invalid coefficients.
    public static func jellyEdge(
        points: Int, mass: Double, tension: Double, anchorStiffness: Double, damping: Double,
        pulledPoint: Int, fingerStiffness: Double
    ) throws(HookeError) -> SpringNetwork {
        guard points >= 1 else { throw .invalidParameter("points", value: Double(points), requirement: ">= 1") }
        guard (0..<points).contains(pulledPoint) else {
            throw .invalidParameter("pulledPoint", value: Double(pulledPoint), requirement: "in 0..<\(points)")
        }
        var network = try SpringNetwork(masses: [Double](repeating: mass, count: points))
        for i in 0..<points {
            try network.anchor(i, stiffness: anchorStiffness, damping: damping)
            if i + 1 < points { try network.connect(i, i + 1, stiffness: tension, damping: damping) }
        }
        try network.attach(pulledPoint, stiffness: fingerStiffness, damping: 0)
        return network
    }
}
