import Hooke
import HookeIO

/// The one reader of the recording format, on the JSON layer every document of Hooke
/// is read with (`JSONParser`, `ScenarioNode`). `GestureRecording(json:)`, the
/// `Codable` conformances and a scenario's `interactions[i].gesture` all come here, so
/// a document means the same and is refused with the same words wherever it is read.
extension GestureRecording {
    /// The kind and events written at `node`, with every value's type and range checked
    /// but not the rules between events (`validate(kind:events:)` checks those).
    ///
    /// - Throws: `ScenarioError` at the path of the first value of the wrong type or
    ///   shape, of an unknown key, or of a missing one.
    static func readUnchecked(_ node: ScenarioNode) throws(ScenarioError) -> Unchecked {
        let o = try node.object(allowing: ["kind", "events"])
        let kind = try o.required("kind", "\"pan\", \"pinch\" or \"longPress\"").oneOf(GestureKind.self)
        let list = try o.required("events", "the events [{\"phase\": ..., \"time\": ..., \"touches\": [[x, y]]}, ...]")
        let elements = try list.array()
        var events: [GestureEvent] = []
        for element in elements { events.append(try GestureEvent.read(element, kind: kind)) }
        return Unchecked(kind: kind, events: events, list: list, eventNodes: elements)
    }

    /// A recording as written, before its rules are checked, with the nodes a rule's
    /// refusal is reported at.
    struct Unchecked {
        let kind: GestureKind
        let events: [GestureEvent]
        /// The `events` array.
        let list: ScenarioNode
        /// Its elements, one per event.
        let eventNodes: [ScenarioNode]
    }

    /// `read` applied to the decoder's value, with its JSON path (`gestures[0].events`)
    /// in the paths of the refusals: a recording or event embedded in another document
    /// is read by the same reader as its own file. A refusal is a
    /// `DecodingError.dataCorrupted` at the decoder's coding path.
    static func decode<Value>(
        _ decoder: any Decoder, _ read: (ScenarioNode) throws(ScenarioError) -> Value
    ) throws -> Value {
        var path = ""
        for key in decoder.codingPath {
            if let index = key.intValue { path += "[\(index)]" } else { path += (path.isEmpty ? "" : ".") + key.stringValue }
        }
        do {
            return try read(ScenarioNode(value: try JSONValue(from: decoder), path: path))
        } catch let error as ScenarioError {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: decoder.codingPath, debugDescription: error.description))
        }
    }
}

extension GestureEvent {
    /// One event `{"phase": …, "time": …, "touches": [[x, y], …], "velocity": …}`:
    /// `kind`'s number of touches, or 1 or 2 when the event is read on its own. The
    /// optional `velocity` is what UIKit's recogniser reported: `[vx, vy]` (pt/s) for a
    /// pan, a number (scale/s) for a pinch; a long press has none.
    ///
    /// - Throws: `ScenarioError` at the offending value's path.
    static func read(_ node: ScenarioNode, kind: GestureKind?) throws(ScenarioError) -> GestureEvent {
        let e = try node.object(allowing: ["phase", "time", "touches", "velocity"])
        let phase = try e.required("phase", "began, changed, ended or cancelled").oneOf(GesturePhase.self)
        let time = try e.required("time", "seconds from the start of the run").number()
        let touchesNode = try e.required("touches", "[[x, y]] (two for a pinch)")
        let touches = try touchesNode.array()
        if let kind {
            guard touches.count == kind.touchCount else {
                throw touchesNode.fail(
                    "a \(kind.rawValue) event has \(kind.touchCount) touch(es) [[x, y]...], got \(touches.count)")
            }
        } else {
            guard touches.count == 1 || touches.count == 2 else {
                throw touchesNode.fail("an event has 1 or 2 touches [[x, y]...], got \(touches.count)")
            }
        }
        var points: [SIMD2<Double>] = []
        for touch in touches { points.append(try touch.vector()) }
        var velocity: SIMD2<Double>?
        if let v = e.optional("velocity") {
            if kind == .longPress {
                throw v.fail("a long press has no velocity (UILongPressGestureRecognizer reports none)")
            }
            velocity = points.count == 2 ? SIMD2(try v.number(), 0) : try v.vector()
        }
        do {
            return try GestureEvent(
                phase, time: time, location: points[0], secondLocation: points.count == 2 ? points[1] : nil,
                velocity: velocity)
        } catch {
            // Unreachable: the readers above return finite numbers only.
            throw node.fail(error.description)
        }
    }
}
