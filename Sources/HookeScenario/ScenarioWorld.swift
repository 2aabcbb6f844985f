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
    /// With the UIKit solver, world steps per timestep (≥ 1), each of h/substeps; with
    /// the soft step, its substeps (2…64). nil means 1 and 4.
    public let substeps: Int?
    /// The contact and joint solver: `uikit` (default) or `soft-step`.
    public let solver: Solver
    /// Whether resting bodies go to sleep (`"sleeping"`, default true;
    /// `WorldConfiguration.allowsSleeping`).
    public let sleeping: Bool

    /// The solvers a scenario can name (`SolverMode`).
    public enum Solver: String, Sendable, Equatable, CaseIterable {
        case uikit
        case softStep = "soft-step"
    }

    public init(timestep: Double, bounds: Bounds?, substeps: Int?, solver: Solver = .uikit, sleeping: Bool = true) {
        self.timestep = timestep
        self.bounds = bounds
        self.substeps = substeps
        self.solver = solver
        self.sleeping = sleeping
    }
}
