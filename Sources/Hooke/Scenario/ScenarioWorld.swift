/// The `world` object of a scenario: the fixed step and the reference bounds.
public struct ScenarioWorld: Sendable, Equatable {
    /// The reference bounds `[x, y, width, height]` in points (width, height > 0).
    public struct Bounds: Sendable, Equatable {
        public let x: Double
        public let y: Double
        public let width: Double
        public let height: Double
    }

    /// Fixed timestep h in seconds (> 0); default 1/120 s.
    public let timestep: Double
    /// Reference bounds; required by a collision behaviour with `boundsAsBoundary`.
    public let bounds: Bounds?
    /// World steps per timestep (≥ 1): each runs h/substeps; nil means 1.
    public let substeps: Int?
}
