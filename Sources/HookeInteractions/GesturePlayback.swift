import Hooke

/// Replays a gesture recording into a body on the fixed-step clock.
///
/// Playback time runs on the grid tₙ = t₀ + n·h (t₀ the start time, by default the first
/// event's; h the clock's step, by default 1/120 s). Step n (n ≥ 1) advances the body from
/// tₙ₋₁ to tₙ, then delivers every event with time ≤ tₙ not yet delivered — so each event
/// lands at the first step at or after its time, never early — and records the render
/// state. Step 0 delivers the events at or before t₀ without stepping.
///
/// ```swift
/// let recording = try GestureRecording(json: data)
/// var playback = try GesturePlayback(recording: recording, body: try SwipeCard())
/// let frames = try playback.run(until: recording.endTime + 1)   // one frame per 1/120 s step
/// // or, from a display callback: let frames = try playback.advance(by: frameDuration)
/// ```
public struct GesturePlayback<Body: GestureDrivenBody>: Sendable {
    /// The recording being replayed.
    public let recording: GestureRecording
    /// The body, as of the last step.
    public private(set) var body: Body
    /// The clock that turns frame durations into whole steps.
    public private(set) var clock: FixedStepClock
    /// Playback time of step 0, seconds.
    public let startTime: Double
    /// Number of steps run so far.
    public private(set) var stepCount: Int = 0
    /// Index of the next event to deliver (== `recording.events.count` once all are delivered).
    public private(set) var nextEvent: Int = 0
    /// The frame of step 0: the events at or before the start time, delivered.
    public private(set) var initialFrame: PlaybackFrame<Body.RenderState>
    /// The render states of the last two steps (both the initial frame's before a step),
    /// for drawing between them (`interpolatedRenderState`).
    public private(set) var renderStates: RenderInterpolation<Body.RenderState>

    /// Prepares a playback and delivers step 0.
    ///
    /// - Parameters:
    ///   - clock: the fixed-step clock (default h = 1/120 s).
    ///   - startTime: t₀, seconds (default: the first event's time).
    /// - Throws: `HookeError.invalidParameter("startTime", …)` for a non-finite start.
    public init(
        recording: GestureRecording, body: Body, clock: FixedStepClock? = nil, startTime: Double? = nil
    ) throws(HookeError) {
        self.recording = recording
        self.body = body
        if let clock { self.clock = clock } else { self.clock = try FixedStepClock() }
        self.startTime = try Validate.finite(startTime ?? recording.startTime, "startTime")
        let delivered = Self.deliver(
            recording.events, upTo: self.startTime, slack: Self.slack(self.clock), from: 0, into: &self.body)
        nextEvent = delivered.upperBound
        initialFrame = PlaybackFrame(step: 0, time: self.startTime, deliveredEvents: delivered, state: self.body.renderState)
        renderStates = RenderInterpolation(initialFrame.state)
    }

    /// The fixed step h, seconds.
    public var stepDuration: Double { clock.step }

    /// Playback time after the steps run so far: t₀ + n·h. Time the clock drops after a
    /// stall (its cap) is not played: playback runs slower than wall time instead.
    public var time: Double { startTime + Double(stepCount) * clock.step }

    /// Whether every event has been delivered.
    public var hasDeliveredAllEvents: Bool { nextEvent == recording.events.count }

    /// Runs one fixed step and returns its frame.
    public mutating func step() -> PlaybackFrame<Body.RenderState> {
        // Advancing by exactly one step always yields one step: the clock's pending time
        // is below one step (less its boundary tolerance) after every call.
        let count = (try? clock.advance(by: clock.step)) ?? 0
        precondition(count == 1, "one step of time must run one step")
        return runStep()
    }

    /// Adds a frame's duration to the clock and runs the whole steps now due (at most the
    /// clock's cap), returning their frames.
    ///
    /// - Throws: `HookeError.invalidParameter("frameTime", …)` for a negative or
    ///   non-finite duration.
    public mutating func advance(by frameTime: Double) throws(HookeError) -> [PlaybackFrame<Body.RenderState>] {
        let count = try clock.advance(by: frameTime)
        var frames: [PlaybackFrame<Body.RenderState>] = []
        frames.reserveCapacity(count)
        for _ in 0..<count { frames.append(runStep()) }
        return frames
    }

    /// The most steps one `run(until:)` call runs: 10⁶, about 2.3 hours of playback at
    /// 120 Hz. `run(until:)` returns every frame, so its memory grows with the step count;
    /// a longer playback calls `step()` or `advance(by:)` in a loop and keeps what it needs.
    public static var maximumRunStepCount: Int { 1_000_000 }

    /// Steps until the playback time reaches `endTime` (the first grid time ≥ it) and
    /// returns every frame, step 0 first when no step has run yet.
    ///
    /// - Throws: `HookeError.invalidParameter("endTime", …)` for a non-finite end, or one
    ///   more than `maximumRunStepCount` steps past the steps already run.
    public mutating func run(until endTime: Double) throws(HookeError) -> [PlaybackFrame<Body.RenderState>] {
        // Compare step indices, not accumulated times: n·h is exact to rounding. The step
        // count is checked as a Double before it becomes an Int, which traps beyond Int.max.
        let steps = ((try Validate.finite(endTime, "endTime") - startTime) / clock.step
            - FixedStepClock.boundaryTolerance).rounded(.up)
        guard steps - Double(stepCount) <= Double(Self.maximumRunStepCount) else {
            throw .invalidParameter(
                "endTime", value: endTime,
                requirement: "at most \(Self.maximumRunStepCount) steps of \(clock.step) s past playback time \(time) s "
                    + "in one run(until:) call (step() or advance(by:) run longer playbacks)")
        }
        var frames: [PlaybackFrame<Body.RenderState>] = stepCount == 0 ? [initialFrame] : []
        let lastStep = Int(steps)
        frames.reserveCapacity(max(0, lastStep - stepCount) + frames.count)
        while stepCount < lastStep { frames.append(step()) }
        return frames
    }

    private mutating func runStep() -> PlaybackFrame<Body.RenderState> {
        body.step(by: clock.step)
        stepCount += 1
        let now = time
        let delivered = Self.deliver(recording.events, upTo: now, slack: Self.slack(clock), from: nextEvent, into: &body)
        nextEvent = delivered.upperBound
        let state = body.renderState
        renderStates.record(state)
        return PlaybackFrame(step: stepCount, time: now, deliveredEvents: delivered, state: state)
    }

    private static func slack(_ clock: FixedStepClock) -> Double {
        FixedStepClock.boundaryTolerance * clock.step
    }

    /// Hands events[from...] with time ≤ `time` to the body; returns their index range.
    ///
    /// An event counts as due when its time is within the clock's boundary tolerance of
    /// the grid time (10⁻⁶ h): t₀ + n·h carries rounding, and an event recorded exactly
    /// on the grid must not slip to the next step.
    private static func deliver(
        _ events: [GestureEvent], upTo time: Double, slack: Double, from start: Int, into body: inout Body
    ) -> Range<Int> {
        var index = start
        while index < events.count, events[index].time <= time + slack {
            body.handle(events[index])
            index += 1
        }
        return start..<index
    }
}

extension GesturePlayback where Body.RenderState: InterpolatableRenderState {
    /// The render state to draw now, between the last two steps at the clock's
    /// `interpolationFactor` α (`RenderInterpolation`): after `advance(by:)` calls adding
    /// up to t seconds past the start, the state of playback time t₀ + t − h, blended
    /// linearly within the step. After `step()` or `run(until:)` α is whatever
    /// `advance(by:)` left (0 before any), which draws the step before the last.
    public var interpolatedRenderState: Body.RenderState {
        renderStates.state(atChecked: clock.interpolationFactor)
    }
}
