/// A rest event of a `SpringBatch` item: the step count at which it is due, and the
/// item's handle (index and generation), by which a stale event is recognised.
@usableFromInline
struct SpringBatchRestEntry: Sendable {
    @usableFromInline var due: Int
    @usableFromInline var index: Int32
    @usableFromInline var generation: UInt32

    @inlinable
    init(due: Int, index: Int, generation: UInt32) {
        self.due = due
        self.index = Int32(truncatingIfNeeded: index)
        self.generation = generation
    }
}

/// The rest events of `SpringBatch` items armed exactly on their targets at rest, first
/// in, first out. Each is due at the next step, so events are appended in order of due
/// step and only the front is ever due: filing one and taking one are O(1). (Moving items
/// wait in `SpringBatchRestWheel` instead, where an item's due step can only move later.)
///
/// A ring buffer of 16-byte entries, its capacity a power of two and doubled when full,
/// in a raw allocation that its owner frees with `deallocate()`: a plain value of a
/// pointer and counts, which the inlined arming code appends to without the uniqueness
/// check of an `Array`.
@usableFromInline
struct SpringBatchRestQueue: BitwiseCopyable {
    @usableFromInline var storage: UnsafeMutablePointer<SpringBatchRestEntry>
    /// Capacity − 1.
    @usableFromInline var mask: Int
    /// Index of the front entry, in 0...mask.
    @usableFromInline var head = 0
    @usableFromInline var count = 0

    /// An empty queue with room for 16 events; `deallocate()` it when done.
    init() {
        mask = 15
        storage = .allocate(capacity: mask + 1)
    }

    /// Frees the storage; the queue must not be used again.
    func deallocate() {
        storage.deallocate()
    }

    /// The event due first. Precondition: `count > 0`.
    var front: SpringBatchRestEntry { storage[head] }

    /// Files an event due no earlier than every event already filed.
    @inlinable @inline(__always)
    mutating func append(_ entry: SpringBatchRestEntry) {
        if count > mask { grow() }
        storage[(head &+ count) & mask] = entry
        count &+= 1
    }

    /// Takes the front event off. Precondition: `count > 0`.
    mutating func removeFirst() {
        head = (head &+ 1) & mask
        count &-= 1
    }

    mutating func removeAll() {
        head = 0
        count = 0
    }

    /// Doubles the capacity, unrolling the ring so that the front moves to index 0.
    @usableFromInline
    mutating func grow() {
        let capacity = mask + 1
        let bigger = UnsafeMutablePointer<SpringBatchRestEntry>.allocate(capacity: 2 * capacity)
        let wrapped = head + count - capacity   // entries stored from index 0 on
        bigger.initialize(from: storage + head, count: count - max(wrapped, 0))
        if wrapped > 0 { (bigger + (count - wrapped)).initialize(from: storage, count: wrapped) }
        storage.deallocate()
        storage = bigger
        mask = 2 * capacity - 1
        head = 0
    }
}
