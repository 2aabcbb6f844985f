/// The armed rest events of a `SpringBatch`'s moving items under the relative rule, by
/// due step: a hashed timing wheel of `bucketCount` lists of nodes, step s in list
/// s mod `bucketCount`, with at most one node per item.
///
/// Why one node per item: an interface that retargets its items every frame (a dragged
/// layout) re-arms each item long before its event is due. A queue that files an entry
/// per arming holds an item's every re-arming until it comes due and is found stale —
/// settle time / frame time entries per item: with 10⁵ items retargeted every 60 Hz
/// frame, 300 MB of entries at the benchmark's slowest spring (`hooke-bench --scenario
/// springs --items 1e5 --retarget-percent 100`, measured before this wheel), and as many
/// stale entries to read back. Here, under the relative rule, an item's due step only
/// ever moves later (it is `settleSteps` after the arming, and an item never changes
/// group), so re-arming a listed item only stores its new due step in its record
/// (`ItemRecord.restDue`); when the list of its old step is processed the item is found
/// not yet due and its node moves on to the list of its new step. Arming costs a record
/// store (and a node when the item is in no list), and each item's node is visited about
/// once per settle time, whatever the rate of retargets.
///
/// A node names its item by handle index and generation. A removed item's node stays in
/// its list, recognised as stale by its generation when the list is processed, so the
/// item's index is free at once and its next occupant gets a node of its own.
/// (While `detectsRest` is off no list is processed, so the nodes of items removed in the
/// meantime wait, 12 bytes each, until it is back on.)
///
/// Steps more than `bucketCount` ahead share a list with nearer ones (the hash) and are
/// visited once per turn of the wheel before they come due; `bucketCount` exceeds the
/// settle steps of the springs interfaces use (a few hundred at 120 Hz), so most items
/// are visited once. Lists are first in, first out: within one step, items come out in
/// the order their nodes entered that step's list.
@usableFromInline
final class SpringBatchRestWheel {
    /// One listed item: the next node of its list, and the item's handle.
    @usableFromInline
    struct Node: BitwiseCopyable {
        @usableFromInline var next: Int32
        @usableFromInline var index: Int32
        @usableFromInline var generation: UInt32

        @inlinable
        init(next: Int32, index: Int32, generation: UInt32) {
            (self.next, self.index, self.generation) = (next, index, generation)
        }
    }

    /// Lists in the wheel: a power of two.
    @usableFromInline static var bucketCount: Int { 1024 }
    /// The end of a list or of the free nodes; also "no node".
    @usableFromInline static var end: Int32 { -1 }

    /// Per list, its first and last node, or `end`.
    @usableFromInline let firsts: UnsafeMutablePointer<Int32>
    @usableFromInline let lasts: UnsafeMutablePointer<Int32>
    /// Nodes handed out so far, live or free, `nodes[0..<nodeCount]`. Unchecked
    /// exclusivity, as `AlignedBuffer`'s: read and written on every arming, by one owner.
    @usableFromInline @exclusivity(unchecked) var nodes: UnsafeMutablePointer<Node>
    @usableFromInline @exclusivity(unchecked) var nodeCapacity = 64
    @usableFromInline @exclusivity(unchecked) var nodeCount = 0
    /// The first free node, threaded through `next`.
    @usableFromInline @exclusivity(unchecked) var firstFree = SpringBatchRestWheel.end

    init() {
        firsts = .allocate(capacity: Self.bucketCount)
        lasts = .allocate(capacity: Self.bucketCount)
        firsts.initialize(repeating: Self.end, count: Self.bucketCount)
        lasts.initialize(repeating: Self.end, count: Self.bucketCount)
        nodes = .allocate(capacity: nodeCapacity)
    }

    deinit {
        firsts.deallocate()
        lasts.deallocate()
        nodes.deallocate()
    }

    /// The list of step `step`.
    @inlinable @inline(__always)
    static func bucket(_ step: Int) -> Int { step & (bucketCount - 1) }

    /// Lists item `index` of generation `generation` at step `due`; returns its node.
    @inlinable @inline(__always)
    func list(index: Int, generation: UInt32, dueAt due: Int) -> Int32 {
        let node: Int32
        if firstFree != Self.end {
            node = firstFree
            firstFree = nodes[Int(node)].next
        } else {
            if nodeCount == nodeCapacity { grow() }
            node = Int32(truncatingIfNeeded: nodeCount)
            nodeCount += 1
        }
        nodes[Int(node)] = Node(next: Self.end, index: Int32(truncatingIfNeeded: index), generation: generation)
        append(node, toListOf: due)
        return node
    }

    /// Appends `node` (in no list) to the list of step `due`.
    @inlinable @inline(__always)
    func append(_ node: Int32, toListOf due: Int) {
        let bucket = Self.bucket(due)
        nodes[Int(node)].next = Self.end
        let last = lasts[bucket]
        if last == Self.end { firsts[bucket] = node } else { nodes[Int(last)].next = node }
        lasts[bucket] = node
    }

    /// Empties the list of step `step` and returns its first node (the rest follow by
    /// `next`), for the owner to process, free or append elsewhere node by node.
    func takeList(of step: Int) -> Int32 {
        let bucket = Self.bucket(step)
        let first = firsts[bucket]
        firsts[bucket] = Self.end
        lasts[bucket] = Self.end
        return first
    }

    /// Returns `node` (in no list) to the free nodes.
    func free(_ node: Int32) {
        nodes[Int(node)].next = firstFree
        firstFree = node
    }

    /// Doubles the node storage.
    @usableFromInline
    func grow() {
        let bigger = UnsafeMutablePointer<Node>.allocate(capacity: 2 * nodeCapacity)
        bigger.initialize(from: nodes, count: nodeCount)
        nodes.deallocate()
        nodes = bigger
        nodeCapacity *= 2
    }
}
