import Foundation
import Hooke
import HookeIO

/// A recorded gesture: its kind and its events, validated, with a JSON form.
///
/// The format (`Docs/interactions.md`, "Recording format"):
///
/// ```json
/// {
///   "kind": "pan",
///   "events": [
///     {"phase": "began",   "time": 0.000, "touches": [[160, 300]]},
///     {"phase": "changed", "time": 0.008, "touches": [[163, 301]]},
///     {"phase": "ended",   "time": 0.150, "touches": [[240, 310]]}
///   ]
/// }
/// ```
///
/// Rules, each checked on creation and on decoding:
/// 1. at least one event; every number finite (JSON has no NaN or infinity anyway);
/// 2. times never decrease from one event to the next;
/// 3. every event has `kind.touchCount` touches (1 for pan and long press, 2 for pinch);
/// 4. the events form one or more streams, each `began`, any number of `changed`, then
///    `ended` or `cancelled`; the recording ends with a closed stream;
/// 5. no keys other than those above (a misspelt field is an error, not ignored).
///
/// A refusal is a `GestureRecordingError` naming the offending event's index.
public struct GestureRecording: Sendable, Hashable {
    /// The kind of gesture.
    public let kind: GestureKind
    /// The events, in time order.
    public let events: [GestureEvent]

    /// Creates a recording after checking the format's rules.
    ///
    /// - Throws: `GestureRecordingError` naming the first offending event.
    public init(kind: GestureKind, events: [GestureEvent]) throws(GestureRecordingError) {
        try Self.validate(kind: kind, events: events)
        self.kind = kind
        self.events = events
    }

    /// Reads a recording from its JSON form.
    ///
    /// - Throws: `GestureRecordingError.unreadable` with the JSON path for malformed JSON,
    ///   a missing or unknown key, or a value of the wrong type; `.empty` or
    ///   `.invalidEvent` for a broken rule.
    public init(json: Data) throws(GestureRecordingError) {
        let value: JSONValue
        do { value = try JSONParser.parse(json) } catch { throw .unreadable(problem: "malformed JSON: \(error)") }
        let raw: Unchecked
        do { raw = try Self.readUnchecked(ScenarioNode(value: value, path: "")) } catch {
            // A fault of the whole document has no path (and is not a scenario's).
            throw .unreadable(problem: error.path.isEmpty ? error.message : error.description)
        }
        try self.init(kind: raw.kind, events: raw.events)
    }

    /// The JSON form: pretty-printed with sorted keys, so that files diff cleanly.
    public func jsonData() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        // Events are finite by construction, so encoding cannot fail.
        return try! encoder.encode(self)
    }

    /// The time of the first event, in seconds.
    public var startTime: Double { events[0].time }
    /// The time of the last event, in seconds.
    public var endTime: Double { events[events.count - 1].time }

    static func validate(kind: GestureKind, events: [GestureEvent]) throws(GestureRecordingError) {
        guard !events.isEmpty else { throw .empty }
        var open = false
        for (index, event) in events.enumerated() {
            if event.touchCount != kind.touchCount {
                throw .invalidEvent(
                    index: index,
                    problem: "a \(kind.rawValue) event has \(kind.touchCount) touch(es), got \(event.touchCount)")
            }
            if index > 0, event.time < events[index - 1].time {
                throw .invalidEvent(
                    index: index,
                    problem: "time \(event.time) is earlier than event \(index - 1)'s time \(events[index - 1].time)")
            }
            switch (open, event.phase) {
            case (false, .began), (true, .changed):
                open = true
            case (true, .ended), (true, .cancelled):
                open = false
            case (false, _):
                throw .invalidEvent(
                    index: index, problem: "a stream starts with began, got \(event.phase.rawValue)")
            case (true, .began):
                throw .invalidEvent(
                    index: index, problem: "began inside an open stream (end it with ended or cancelled first)")
            }
        }
        if open {
            throw .invalidEvent(
                index: events.count - 1, problem: "the recording ends inside a stream (last event must be ended or cancelled)")
        }
    }
}
