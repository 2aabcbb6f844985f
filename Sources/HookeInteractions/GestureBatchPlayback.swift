import Hooke

/// Replays recorded gestures into many bodies of one type at once: the benchmark's and a
/// crowd animation's driver.
///
/// Body i replays `recordings[assignment[i]]` shifted in time by `offsets[i]` (so N cards
/// can share a few recordings and still start at different moments). The timing rule is
/// `GesturePlayback`'s: playback time runs on tₙ = t₀ + n·h; step n advances every body by h,
/// then hands each body the events of its recording whose shifted time is ≤ tₙ, as
/// events with the shifted time. Stepping allocates nothing: bodies live in one array,
/// each with an integer cursor into its recording.
///
/// ```swift
/// var batch = try GestureBatchPlayback(
///     bodies: Array(repeating: try SwipeCard(), count: 10_000), recordings: [flick, drag],
///     assignment: (0..<10_000).map { $0 % 2 }, offsets: (0..<10_000).map { Double($0 % 60) / 120 })
/// for _ in 0..<240 { batch.step() }          // 2 s at 120 Hz
/// let first = batch.bodies[0].renderState
/// ```
public struct GestureBatchPlayback<Body: GestureDrivenBody>: Sendable {
    /// The bodies, as of the last step.
    public private(set) var bodies: [Body]
    /// The recordings the bodies replay.
    public let recordings: [GestureRecording]
    /// Index into `recordings` for each body.
    public let assignment: [Int]
    /// Time shift of each body's recording, seconds.
    public let offsets: [Double]
    /// The fixed step h, seconds.
    public let stepDuration: Double
    /// Playback time of step 0, seconds.
    public let startTime: Double
    /// Number of steps run so far.
    public private(set) var stepCount: Int = 0

    private var cursors: [Int]
    // Shifted time of each body's next event (+∞ once all are delivered): the common case,
    // nothing due, costs one comparison per body.
    private var nextDue: [Double]

    /// Prepares the batch and delivers the events due at the start time (step 0).
    ///
    /// - Throws: `HookeError.invalidParameter` naming `assignment` (one valid recording
    ///   index per body), `offsets` (one finite shift per body), `step` (finite, > 0) or
    ///   `startTime` (finite).
    public init(
        bodies: [Body], recordings: [GestureRecording], assignment: [Int], offsets: [Double]? = nil,
        step: Double = FixedStepClock.defaultStep, startTime: Double = 0
    ) throws(HookeError) {
        guard assignment.count == bodies.count else {
            throw .invalidParameter(
                "assignment", value: Double(assignment.count), requirement: "one entry per body (\(bodies.count))")
        }
        for (index, recording) in assignment.enumerated() where !recordings.indices.contains(recording) {
            throw .invalidParameter(
                "assignment[\(index)]", value: Double(recording), requirement: "an index into recordings (0..<\(recordings.count))")
        }
        let offsets = offsets ?? Array(repeating: 0, count: bodies.count)
        guard offsets.count == bodies.count else {
            throw .invalidParameter("offsets", value: Double(offsets.count), requirement: "one entry per body (\(bodies.count))")
        }
        for (index, offset) in offsets.enumerated() { _ = try Validate.finite(offset, "offsets[\(index)]") }
        self.bodies = bodies
        self.recordings = recordings
        self.assignment = assignment
        self.offsets = offsets
        self.stepDuration = try Validate.positive(step, "step")
        self.startTime = try Validate.finite(startTime, "startTime")
        cursors = Array(repeating: 0, count: bodies.count)
        nextDue = bodies.indices.map { recordings[assignment[$0]].events[0].time + offsets[$0] }
        deliverDueEvents()
    }

    /// Playback time after the steps run so far: t₀ + n·h.
    public var time: Double { startTime + Double(stepCount) * stepDuration }

    /// Whether every body has received every event of its recording.
    public var hasDeliveredAllEvents: Bool {
        bodies.indices.allSatisfy { cursors[$0] == recordings[assignment[$0]].events.count }
    }

    /// Advances every body by one step, then delivers the events now due.
    public mutating func step() {
        let h = stepDuration
        for index in bodies.indices { bodies[index].step(by: h) }
        stepCount += 1
        deliverDueEvents()
    }

    private mutating func deliverDueEvents() {
        let now = time + FixedStepClock.boundaryTolerance * stepDuration
        for index in bodies.indices where nextDue[index] <= now {
            let events = recordings[assignment[index]].events
            let offset = offsets[index]
            var cursor = cursors[index]
            while cursor < events.count, events[cursor].time + offset <= now {
                let event = events[cursor]
                if offset == 0 {
                    bodies[index].handle(event)
                } else if let shifted = try? event.shifted(by: offset) {
                    bodies[index].handle(shifted)
                }
                cursor += 1
            }
            cursors[index] = cursor
            nextDue[index] = cursor < events.count ? events[cursor].time + offset : .infinity
        }
    }
}
