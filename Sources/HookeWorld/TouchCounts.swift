/// How many boundary edges each item touches, by boundary identifier, so that contact
/// events come once per (item, identifier) rather than once per edge: a boundary is one
/// thing to UIKit's collision delegate, however many segments its path has.
///
/// A box sliding across the joint of two edges of one path touches both for a step or
/// more and then only the second; a box resting on a corner of the reference bounds
/// touches two of its four edges. Per edge that is a began and an ended event too many;
/// per identifier the item touches the boundary throughout. So the began event comes
/// when the item goes from touching no edge of the identifier to touching one, the ended
/// event when it goes back to none. Within one step the changes are netted out: an edge
/// let go while another is taken in the same step reports nothing.
struct BoundaryTouches: Sendable {
    /// An item and a boundary identifier (nil: the reference bounds).
    struct Key: Hashable, Sendable {
        var item: BodyHandle
        var identifier: String?
    }

    /// Edges touched, per key; keys touching none are dropped.
    private var counts: [Key: Int] = [:]

    /// Turns one step's per-edge events into per-boundary ones, in place: item–item events
    /// pass unchanged; of a key's boundary events, `began` keeps the first (its point is
    /// where the first edge was met) if the item touched no edge of the identifier before
    /// the step and touches one after it, and `ended` keeps the last (the last point the
    /// item had on the boundary) if it touched one before and touches none after.
    mutating func coalesce(began: inout [ContactEvent], ended: inout [ContactEvent]) {
        guard !began.isEmpty || !ended.isEmpty else { return }
        var before: [Key: Int] = [:]
        func count(_ events: [ContactEvent], by change: Int) {
            for event in events {
                guard let key = Self.key(event) else { continue }
                if before[key] == nil { before[key] = counts[key] ?? 0 }
                counts[key, default: 0] += change
            }
        }
        count(began, by: 1)
        count(ended, by: -1)
        guard !before.isEmpty else { return }

        var reported: Set<Key> = []
        began = began.filter { event in
            guard let key = Self.key(event) else { return true }
            return before[key] == 0 && (counts[key] ?? 0) > 0 && reported.insert(key).inserted
        }
        reported.removeAll()
        ended = Array(ended.reversed().filter { event in
            guard let key = Self.key(event) else { return true }
            return before[key]! > 0 && (counts[key] ?? 0) <= 0 && reported.insert(key).inserted
        }.reversed())
        for key in before.keys where (counts[key] ?? 0) <= 0 { counts[key] = nil }
    }

    /// The key of a boundary event; nil for an item–item one.
    private static func key(_ event: ContactEvent) -> Key? {
        guard case let .boundary(identifier) = event.partner else { return nil }
        return Key(item: event.item, identifier: identifier)
    }
}
