/// The rest events of a `SpringBatch` with a `restThreshold`: each item's event is due at
/// its own step (its exact rest time), so they are not in arming order as a group's
/// `SpringBatchRestQueue` assumes; a binary min-heap keeps them by due step, ties in arming
/// order (a sequence number), so the events come out in the same order on every run.
@usableFromInline
struct SpringBatchRestHeap {
    @usableFromInline init() {}

    private var entries: [(entry: SpringBatchRestEntry, sequence: Int)] = []
    private var nextSequence = 0

    var isEmpty: Bool { entries.isEmpty }

    /// The entry due first.
    var top: SpringBatchRestEntry? { entries.first?.entry }

    private func precedes(_ a: Int, _ b: Int) -> Bool {
        (entries[a].entry.due, entries[a].sequence) < (entries[b].entry.due, entries[b].sequence)
    }

    @usableFromInline
    mutating func insert(_ entry: SpringBatchRestEntry) {
        entries.append((entry, nextSequence))
        nextSequence += 1
        var child = entries.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard precedes(child, parent) else { break }
            entries.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes the entry due first.
    mutating func removeTop() {
        entries.swapAt(0, entries.count - 1)
        entries.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var first = parent
            if left < entries.count, precedes(left, first) { first = left }
            if right < entries.count, precedes(right, first) { first = right }
            guard first != parent else { return }
            entries.swapAt(parent, first)
            parent = first
        }
    }
}
