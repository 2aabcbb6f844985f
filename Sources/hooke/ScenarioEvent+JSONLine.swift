import Hooke
import HookeIO

extension ScenarioEvent {
    /// The event as one line of `hooke simulate --events` (JSON lines, Docs/scenarios.md):
    /// an object with `step`, `time` and `event` first, then what the kind names —
    ///
    ///     {"step":11,"time":0.09166666666666666,"event":"contactBegan","item":"box","boundary":"floor","point":[140,599.16]}
    ///
    /// — `item` and `with` (a second body) or `boundary` (its id, null for the one made
    /// from `world.bounds`) and `point` for contacts, and for a began one `approachSpeed`
    /// (pt/s) and `normalImpulse` (N·s); `sensor` and `item` for a sensor's overlap;
    /// `item` for rest; `behavior` (its
    /// index in `behaviors`) for a behaviour at rest; nothing more for a pause or resume.
    var jsonLine: String {
        var fields: [(String, JSONValue)] = [("step", .number(Double(step))), ("time", .number(time))]
        func contact(_ name: String, _ c: Contact) {
            fields.append(("event", .string(name)))
            fields.append(("item", .string(c.item)))
            switch c.partner {
            case let .item(other): fields.append(("with", .string(other)))
            case let .boundary(identifier): fields.append(("boundary", identifier.map(JSONValue.string) ?? .null))
            }
            fields.append(("point", .array([.number(c.point.x), .number(c.point.y)])))
        }
        switch kind {
        case let .contactBegan(c):
            contact("contactBegan", c)
            fields += [("approachSpeed", .number(c.approachSpeed)), ("normalImpulse", .number(c.normalImpulse))]
        case let .contactEnded(c): contact("contactEnded", c)
        case let .restBegan(id): fields += [("event", .string("restBegan")), ("item", .string(id))]
        case let .restEnded(id): fields += [("event", .string("restEnded")), ("item", .string(id))]
        case let .behaviorCameToRest(index):
            fields += [("event", .string("behaviorCameToRest")), ("behavior", .number(Double(index)))]
        case .didPause: fields.append(("event", .string("didPause")))
        case .didResume: fields.append(("event", .string("didResume")))
        case let .bodyQuarantined(id): fields += [("event", .string("bodyQuarantined")), ("item", .string(id))]
        case let .sensorBegan(sensor, visitor):
            fields += [("event", .string("sensorBegan")), ("sensor", .string(sensor)), ("item", .string(visitor))]
        case let .jointBroke(behavior, force):
            fields += [("event", .string("jointBroke")), ("behavior", .number(Double(behavior))), ("force", .number(force))]
        case let .sensorEnded(sensor, visitor):
            fields += [("event", .string("sensorEnded")), ("sensor", .string(sensor)), ("item", .string(visitor))]
        case let .contactsDropped(count):
            fields += [("event", .string("contactsDropped")), ("count", .number(Double(count)))]
        }
        return JSONValue.object(fields).text
    }
}
