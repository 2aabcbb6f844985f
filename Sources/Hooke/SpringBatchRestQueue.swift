/// A rest event of a `SpringBatch` item: the step count at which it is due, and the
/// item's handle (index and generation), by which a stale event is recognised.
@usableFromInline
struct SpringBatchRestEntry: Sendable {
    @usableFromInline var due: Int
    @usableFromInline var index: Int
    @usableFromInline var generation: UInt32

    @inlinable
    init(due: Int, index: Int, generation: UInt32) {
        self.due = due
        self.index = index
        self.generation = generation
    }
}

/// The rest events of one `SpringBatch` group, first in, first out. Every item of a group
/// rests the same number of steps after it is armed, so events are appended in order of
/// due step and only the front is ever due: filing one and taking one are O(1).
///
/// An array and the index of its front: the consumed prefix is dropped when it is at
/// least half the array (amortised O(1)), or all at once when the queue empties.
@usableFromInline
struct SpringBatchRestQueue: Sendable {
    @usableFromInline var entries: [SpringBatchRestEntry] = []
    @usableFromInline var head = 0

    @inlinable
    init() {}

    /// The event due first, if any.
    var first: SpringBatchRestEntry? { head < entries.count ? entries[head] : nil }

    /// Files an event due no earlier than every event already filed.
    @inlinable @inline(__always)
    mutating func append(_ entry: SpringBatchRestEntry) { entries.append(entry) }

    mutating func removeFirst() {
        head += 1
        if head == entries.count {
            entries.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 64, 2 * head >= entries.count {
            entries.removeFirst(head)
            head = 0
        }
    }

    mutating func removeAll() {
        entries.removeAll(keepingCapacity: true)
        head = 0
    }
}
