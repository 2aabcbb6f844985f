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

/// Times the stages of one step into a `WorldProfile`: each `lap` adds the time since the
/// previous one to its stage, so that a stage run several times in a step (the soft
/// step's substeps) is the sum of its runs. Reads no clock when profiling is off.
struct StageClock {
    let isOn: Bool
    private let clock = ContinuousClock()
    private var mark: ContinuousClock.Instant

    init(isOn: Bool) {
        self.isOn = isOn
        mark = clock.now
    }

    /// Adds the time since the last lap (or the start) to `stage`.
    mutating func lap(_ stage: WorldStage, _ profile: inout WorldProfile) {
        guard isOn else { return }
        let now = clock.now
        let d = (now - mark).components
        profile[stage] += Double(d.seconds) + Double(d.attoseconds) * 1e-18
        mark = now
    }
}
