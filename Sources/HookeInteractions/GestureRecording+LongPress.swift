import Hooke

extension GestureRecording {
    /// The long-press gesture a one-finger touch stream produces, as
    /// `UILongPressGestureRecognizer` reports it.
    ///
    /// For each stream (touch-down at `began`, moves, lift): the press is recognised
    /// `minimumPressDuration` seconds after the touch-down if the finger is still down and
    /// has not moved more than `allowableMovement` points from where it went down; the
    /// long press then `began` at that instant, at the finger's location then (the latest
    /// event at or before it), and the stream's later events follow as `changed` and its
    /// `ended`/`cancelled`. A stream that lifts or moves too far before that is dropped
    /// (the recogniser fails). UIKit's defaults are 0.5 s and 10 pt (Apple,
    /// `UILongPressGestureRecognizer`); the long-press article uses 0.3 s.
    ///
    /// - Returns: a `.longPress` recording, or nil when no stream became a long press.
    /// - Throws: `HookeError.invalidParameter` naming `minimumPressDuration` (≥ 0) or
    ///   `allowableMovement` (≥ 0), or `kind` when the recording is a pinch.
    public func recognizingLongPress(
        minimumPressDuration: Double = 0.3, allowableMovement: Double = 10
    ) throws(HookeError) -> GestureRecording? {
        let duration = try Validate.nonNegative(minimumPressDuration, "minimumPressDuration")
        let movement = try Validate.nonNegative(allowableMovement, "allowableMovement")
        guard kind.touchCount == 1 else {
            throw .invalidParameter("kind", value: 2, requirement: "a one-touch recording (pan or long press)")
        }
        var output: [GestureEvent] = []
        var start = 0
        while start < events.count {
            // A stream is events[start...end], end the first terminal event after start.
            var end = start
            while !events[end].phase.isTerminal { end += 1 }
            let down = events[start]
            let recognitionTime = down.time + duration
            var recognised = false
            var location = down.location
            for index in start...end {
                let event = events[index]
                if !recognised {
                    if event.time < recognitionTime || (event.time == recognitionTime && index < end) {
                        let offset = event.location - down.location
                        if (offset * offset).sum() > movement * movement { break }
                        location = event.location
                        if event.phase.isTerminal { break }
                        continue
                    }
                    // The finger is still down at the recognition time.
                    output.append(try GestureEvent(.began, time: recognitionTime, location: location))
                    recognised = true
                }
                let phase: GesturePhase = event.phase.isTerminal ? event.phase : .changed
                output.append(try GestureEvent(phase, time: event.time, location: event.location, velocity: event.velocity))
            }
            start = end + 1
        }
        guard !output.isEmpty else { return nil }
        do {
            return try GestureRecording(kind: .longPress, events: output)
        } catch {
            // The output is well formed by construction: streams are began…terminal, in time order.
            preconditionFailure("long-press recognition produced an invalid recording: \(error)")
        }
    }
}
