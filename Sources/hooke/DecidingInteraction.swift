import HookeIO

/// The one interaction of a scenario whose gesture a `--gestures` sweep replaces: a
/// swipe card or a flick, the interactions that decide one body's fate on release
/// (a card stack decides for many cards, so it is not one).
struct DecidingInteraction: Sendable {
    /// Its index in the document's `interactions`.
    let index: Int
    /// The id of the rows that carry its state: the card's own id, the flicked body's.
    let bodyID: String

    static let kinds = ["swipeCard", "flick"]

    /// Finds it in `document`, refusing a scenario with none or several.
    init(in document: JSONValue) throws(CommandLineError) {
        guard case let .array(interactions)? = document["interactions"] else {
            throw CommandLineError("--gestures: the scenario has no interactions; it needs one swipeCard or flick")
        }
        var found: [(Int, String)] = []
        for (index, interaction) in interactions.enumerated() {
            guard case let .string(kind)? = interaction["kind"], Self.kinds.contains(kind) else { continue }
            let key = kind == "flick" ? "item" : "id"
            guard case let .string(id)? = interaction[key] else {
                throw CommandLineError("--gestures: interactions[\(index)] has no \(key)")
            }
            found.append((index, id))
        }
        guard found.count == 1 else {
            throw CommandLineError(
                "--gestures: the scenario has \(found.count) swipeCard or flick interactions; it needs exactly one")
        }
        (index, bodyID) = found[0]
    }

    /// The path of its gesture in the document, for messages.
    var gesturePath: String { "interactions[\(index)].gesture" }

    /// `document` with this interaction's gesture replaced by `gesture`.
    func replacingGesture(in document: JSONValue, with gesture: JSONValue) -> JSONValue {
        guard case var .object(members) = document,
            let at = members.firstIndex(where: { $0.0 == "interactions" }),
            case var .array(interactions) = members[at].1, case var .object(keys) = interactions[index]
        else { return document }
        if let key = keys.firstIndex(where: { $0.0 == "gesture" }) {
            keys[key].1 = gesture
        } else {
            keys.append(("gesture", gesture))
        }
        interactions[index] = .object(keys)
        members[at].1 = .array(interactions)
        return .object(members)
    }
}
