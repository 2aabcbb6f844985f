/// One step of a gesture playback: when it is, which recorded events it delivered, and
/// the body's render state after them.
public struct PlaybackFrame<State: Sendable>: Sendable {
    /// Index of the step: 0 is the start (before any stepping), n is after n steps.
    public let step: Int
    /// Playback time of the step, seconds: start time + step·h.
    public let time: Double
    /// Indices (in the recording) of the events delivered at this step.
    public let deliveredEvents: Range<Int>
    /// The body's render state after the step and the delivered events.
    public let state: State
}

extension PlaybackFrame: Equatable where State: Equatable {}
