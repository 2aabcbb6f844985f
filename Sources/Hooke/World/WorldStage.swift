/// The stages of `World.step()`, in the order they run. Their names are the fields
/// of `WorldProfile` and the labels the benchmark prints.
public enum WorldStage: String, Sendable, Hashable, CaseIterable {
    /// Behaviour `action` closures.
    case userActions
    /// Gravity flags, continuous push forces and torques, instantaneous push impulses.
    case forces
    /// Islands of bodies linked by joints, in Box2D's traversal order; wakes islands.
    case islands
    /// v += h·(g + F/m), ω += h·τ/I, then resistance v ← v/(1 + h·c).
    case integrateVelocities
    /// Joint set-up, warm start and the velocity iterations.
    case solveConstraints
    /// Clamped position update x += h·v, θ += h·ω.
    case integratePositions
    /// Position iterations of rigid joints.
    case correctPositions
    /// Sleep timers, island sleep and pause.
    case restDetection
}

/// Wall-clock duration of each stage of the last `World.step()`, in seconds,
/// measured with the monotonic `ContinuousClock`.
public struct WorldProfile: Sendable, Hashable {
    /// Seconds per stage, indexed by `WorldStage`.
    public var durations: [WorldStage: Double] = [:]

    /// Creates an empty profile.
    public init() {}

    /// Seconds spent in `stage` during the last step (0 when not profiled).
    public subscript(stage: WorldStage) -> Double {
        get { durations[stage] ?? 0 }
        set { durations[stage] = newValue }
    }

    /// Seconds spent in the whole step.
    public var total: Double { WorldStage.allCases.reduce(0) { $0 + self[$1] } }
}

/// What happened to bodies during the last step, read after `World.step()`
/// (transient: replaced at the start of each step).
///
/// Wake-ups caused by calls made between two steps (adding a behaviour, setting a
/// velocity…) are reported with the next step.
public struct WorldEvents: Sendable, Hashable {
    /// Bodies that fell asleep (came to rest), in island order.
    public var restBegan: [BodyHandle] = []
    /// Bodies woken (set in motion again).
    public var restEnded: [BodyHandle] = []
    /// The world became paused (every dynamic body asleep).
    public var didPause = false
    /// The world resumed from a pause.
    public var didResume = false

    /// Creates an empty record.
    public init() {}
}
