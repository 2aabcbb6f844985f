import HookeIO

/// How many contacts join each pair of things that events are reported for, so that
/// contact events come once per pair rather than once per contact: a boundary is one
/// thing to UIKit's collision delegate however many segments its path has, and a
/// compound body one item however many parts it has.
///
/// A box sliding across the joint of two edges of one path touches both for a step or
/// more and then only the second; a box resting on a corner of the reference bounds
/// touches two of its four edges; a table lands on both its legs. Per contact that is a
/// began and an ended event too many; per pair the item touches the boundary (or the
/// other item, or the sensor) throughout. So the began event comes when the pair goes
/// from no contact touching to one, the ended event when it goes back to none. Within one
/// step the changes are netted out: a contact let go while another of the pair is taken
/// in the same step reports nothing. Pairs joined by a single contact (two simple bodies)
/// report exactly their contact's events.
struct TouchCounts<Key: Hashable & Sendable & Codable>: Sendable, Codable {
    /// Contacts touching, per key; keys touching none are dropped.
    @SnapshotOrderedEntries private var counts: [Key: Int] = [:]

    /// Turns one step's per-contact events into per-pair ones, in place, `key` naming
    /// each event's pair: of a key's events, `began` keeps the first (its point is where
    /// the first contact was made) if the pair touched nowhere before the step and touches
    /// after it, and `ended` keeps the last (the last point the pair had) if it touched
    /// before and touches nowhere after.
    mutating func coalesce<Event>(began: inout [Event], ended: inout [Event], key: (Event) -> Key) {
        guard !began.isEmpty || !ended.isEmpty else { return }
        var before: [Key: Int] = [:]
        func count(_ events: [Event], by change: Int) {
            for event in events {
                let k = key(event)
                if before[k] == nil { before[k] = counts[k] ?? 0 }
                counts[k, default: 0] += change
            }
        }
        count(began, by: 1)
        count(ended, by: -1)

        var reported: Set<Key> = []
        began = began.filter { event in
            let k = key(event)
            return before[k] == 0 && (counts[k] ?? 0) > 0 && reported.insert(k).inserted
        }
        reported.removeAll()
        ended = Array(ended.reversed().filter { event in
            let k = key(event)
            return before[k]! > 0 && (counts[k] ?? 0) <= 0 && reported.insert(k).inserted
        }.reversed())
        for k in before.keys where (counts[k] ?? 0) <= 0 { counts[k] = nil }
    }
}

/// An item and what it touches: the pair a `ContactEvent` is reported for.
struct ContactTouchKey: Hashable, Sendable, Codable {
    var item: BodyHandle
    var partner: ContactEvent.Partner

    init(_ event: ContactEvent) {
        item = event.item
        partner = event.partner
    }
}
