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
