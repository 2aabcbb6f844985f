import HookeCore

/// Settings of a `World`'s fixed-step solver; validated by `World.init(configuration:)`.
public struct WorldConfiguration: Sendable, Hashable, Codable {
    /// The fixed step h in seconds (> 0); UIKit's 1/120 s by default.
    public var timestep: Double
    /// Velocity iterations of the constraint solver per step (≥ 1); UIKit's 8.
    public var velocityIterations: Int
    /// Position (drift-correction) iterations per step (≥ 0); UIKit's 3.
    public var positionIterations: Int
    /// Most steps `World.advance(by:)` runs for one frame (≥ 1); the rest of a long
    /// frame is dropped so that a stall cannot make the simulation spiral.
    public var maximumStepsPerAdvance: Int
    /// Whether each step measures its stages into `World.profile`.
    public var isProfiling: Bool
    /// The contact and joint solver; UIKit's by default.
    public var solver: SolverMode
    /// Whether bodies that have rested 0.5 s go to sleep (UIKit's engine does, and the
    /// animator pauses when all have); with false they are stepped for ever, as Box2D's
    /// `b2World_EnableSleeping(false)` and its benchmarks run. Turning it off wakes every
    /// sleeping body.
    public var allowsSleeping: Bool

    /// UIKit's settings: 1/120 s, 8 velocity and 3 position iterations.
    public init(timestep: Double = 1.0 / 120, velocityIterations: Int = 8,
                positionIterations: Int = 3, maximumStepsPerAdvance: Int = 8,
                isProfiling: Bool = true, solver: SolverMode = .uikit, allowsSleeping: Bool = true) {
        self.timestep = timestep
        self.velocityIterations = velocityIterations
        self.positionIterations = positionIterations
        self.maximumStepsPerAdvance = maximumStepsPerAdvance
        self.isProfiling = isProfiling
        self.solver = solver
        self.allowsSleeping = allowsSleeping
    }

    func validate() throws(HookeError) {
        _ = try Validate.positive(timestep, "timestep")
        guard velocityIterations >= 1 else {
            throw .invalidParameter("velocityIterations", value: Double(velocityIterations),
                                    requirement: ">= 1")
        }
        guard positionIterations >= 0 else {
            throw .invalidParameter("positionIterations", value: Double(positionIterations),
                                    requirement: ">= 0")
        }
        guard maximumStepsPerAdvance >= 1 else {
            throw .invalidParameter("maximumStepsPerAdvance", value: Double(maximumStepsPerAdvance),
                                    requirement: ">= 1")
        }
        if case let .softStep(substeps) = solver, !(2...64).contains(substeps) {
            throw .invalidParameter("solver.softStep.substeps", value: Double(substeps), requirement: "in 2...64")
        }
    }
}
