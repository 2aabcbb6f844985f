import HookeCore

/// Finds which shapes' bounding boxes overlap, incrementally, with a dynamic AABB tree
/// of fattened boxes (the choice and the measurements behind it: Docs/collisions.md).
///
/// Each proxy stores its box grown by `margin` (10 pt, Box2D's 0.1 m). Moving a proxy
/// whose new tight box still lies inside its fat box changes nothing; otherwise the
/// proxy is re-inserted with a new fat box and marked as moved. `updatePairs()` then
/// queries the tree for the moved proxies only and keeps every other pair as it was
/// (two unmoved fat boxes cannot start or stop overlapping), so a settled pile costs
/// next to nothing per step.
///
/// Output is deterministic: the pairs of every overlapping pair of fat boxes, each
/// with the smaller id first, sorted by (a, b).
///
/// ## Bounded pairs
///
/// n boxes heaped on one point overlap in n(n − 1)/2 pairs: 3 000 boxes would make 4.5
/// million contacts (4 GB) and 20 000 more than memory holds. So a *bounded* proxy (every
/// proxy unless created with `bounded: false`, as static boundary edges are, which may
/// rightly touch every body on a floor) takes part in at most `maximumPairsPerProxy`
/// pairs, and the whole broadphase reports at most `maximumPairs`. A moved proxy's query
/// stops once it has found its share, and the sorted pair list is then trimmed in order:
/// a pair that would take a bounded proxy past its share, or the list past
/// `maximumPairs`, is left out. Memory stays linear in the number of proxies, the result
/// stays deterministic, and `droppedPairCount` tells that (and about how many) pairs
/// were left out: their bodies pass through each other.
///
/// ```swift
/// var broadPhase = try BroadPhase()
/// let floor = broadPhase.createProxy(AABB(lower: [0, 500], upper: [400, 502]))
/// let box = broadPhase.createProxy(AABB(lower: [100, 440], upper: [160, 499]))
/// broadPhase.updatePairs()   // [(floor, box)]: the fattened boxes overlap
/// ```
public struct BroadPhase: Sendable, Codable {
    /// How far each stored box extends beyond the tight one, points.
    public let margin: Double
    private var tree = DynamicAABBTree()
    /// Whether each tree leaf is a live proxy (indexed by leaf index; inner nodes false).
    private var live: [Bool] = []
    private var moved: [Int] = []
    private var isMoved: [Bool] = []
    private var pairs: [ProxyPair] = []
    /// Whether each leaf's pairs count against `maximumPairsPerProxy`.
    private var isBounded: [Bool] = []
    /// Pairs per leaf during the trim (all zero outside it).
    private var pairCount: [Int] = []
    /// The most pairs a bounded proxy takes part in.
    public var maximumPairsPerProxy = CollisionParameters.maximumPairsPerProxy
    /// The most pairs `updatePairs()` reports.
    public var maximumPairs = CollisionParameters.maximumPairs
    /// Pairs the last `updatePairs()` left out because of the bounds (at least this
    /// many: a query cut short counts one for the rest it did not look for).
    public private(set) var droppedPairCount = 0
    /// Number of live proxies.
    public private(set) var proxyCount = 0
    /// Whether the last `updatePairs()` changed the pair list. Proxies of a resting pile
    /// leave their fat boxes now and then and are re-inserted with the very pairs they
    /// had; a caller that keeps data per pair can then skip its own merge.
    public private(set) var pairsDidChange = false

    /// An empty broadphase whose boxes are fattened by `margin` points (≥ 0).
    public init(margin: Double = CollisionParameters.aabbMargin) throws(HookeError) {
        self.margin = try Validate.nonNegative(margin, "margin")
    }

    private mutating func grow(to count: Int) {
        if live.count < count {
            live += Array(repeating: false, count: count - live.count)
            isMoved += Array(repeating: false, count: count - isMoved.count)
            isBounded += Array(repeating: true, count: count - isBounded.count)
            pairCount += Array(repeating: 0, count: count - pairCount.count)
        }
    }

    private mutating func markMoved(_ index: Int) {
        if !isMoved[index] { isMoved[index] = true; moved.append(index) }
    }

    /// Adds a proxy for the tight box `box` (points); it takes part in the next
    /// `updatePairs()`. An unbounded proxy's pairs do not count against
    /// `maximumPairsPerProxy` (see "Bounded pairs").
    public mutating func createProxy(_ box: AABB, bounded: Bool = true) -> ProxyID {
        let index = tree.insert(box.expanded(by: margin))
        grow(to: tree.nodes.count)
        live[index] = true
        isBounded[index] = bounded
        proxyCount += 1
        markMoved(index)
        return ProxyID(rawValue: index)
    }

    /// Removes a proxy; its pairs disappear at the next `updatePairs()`.
    ///
    /// - Precondition: `id` is a live proxy of this broadphase.
    public mutating func destroyProxy(_ id: ProxyID) {
        precondition(isLive(id), "\(id) is not a live proxy")
        tree.remove(id.rawValue)
        live[id.rawValue] = false
        proxyCount -= 1
        markMoved(id.rawValue)
    }

    /// Whether `id` names a live proxy.
    public func isLive(_ id: ProxyID) -> Bool { id.rawValue >= 0 && id.rawValue < live.count && live[id.rawValue] }

    /// Box2D's `b2_aabbMultiplier`: a re-inserted fat box also reaches this many times the
    /// expected displacement ahead, so a body moving steadily is re-inserted about every
    /// other step at most instead of every step.
    /// Number of tree nodes, the bound of every proxy id.
    package var leafCount: Int { tree.nodes.count }

    /// What is wrong with the broadphase's structure, nil when nothing (a snapshot's
    /// check, `DynamicAABBTree.structuralFault()` and the proxy columns beside it).
    package func structuralFault() -> String? {
        if let fault = tree.structuralFault() { return "tree: \(fault)" }
        let n = tree.nodes.count
        guard margin.isFinite, margin >= 0 else { return "margin \(margin) is not finite and ≥ 0" }
        guard live.count == n, isMoved.count == n, isBounded.count == n, pairCount.count == n else {
            return "the proxy columns do not have one entry per tree node (\(n))"
        }
        for i in 0..<n where live[i] != (tree.nodes[i].height == 0) {
            return "proxy \(i) is live but not a leaf, or a leaf but not live"
        }
        guard proxyCount == live.lazy.filter({ $0 }).count else { return "proxyCount \(proxyCount) is not the live proxies' count" }
        guard moved.allSatisfy({ (0..<n).contains($0) && isMoved[$0] }), moved.count == isMoved.lazy.filter({ $0 }).count,
              Set(moved).count == moved.count else {
            return "the moved list and flags disagree"
        }
        guard pairs.allSatisfy({ (0..<n).contains($0.a.rawValue) && (0..<n).contains($0.b.rawValue) && $0.a.rawValue < $0.b.rawValue }) else {
            return "a pair names a proxy out of range"
        }
        guard pairCount.allSatisfy({ $0 >= 0 }), maximumPairsPerProxy >= 0, maximumPairs >= 0 else {
            return "a negative pair count or limit"
        }
        return nil
    }

    public static let displacementMultiplier = 2.0

    /// Gives proxy `id` the new tight box `box`. Returns true when the box left the
    /// stored fat box and the proxy was re-inserted (its pairs are then re-queried):
    /// the new fat box is `box` grown by `margin` and stretched by
    /// `displacementMultiplier` × `displacement` (pt, the motion expected over the next
    /// step) in the direction of motion, as Box2D 2.3's `b2DynamicTree::MoveProxy`.
    ///
    /// - Precondition: `id` is a live proxy.
    @discardableResult
    public mutating func moveProxy(_ id: ProxyID, to box: AABB, displacement: SIMD2<Double> = .zero) -> Bool {
        precondition(isLive(id), "\(id) is not a live proxy")
        if tree.box(id.rawValue).contains(box) { return false }
        var fat = box.expanded(by: margin)
        let ahead = Self.displacementMultiplier * displacement
        if ahead.x < 0 { fat.lower.x += ahead.x } else { fat.upper.x += ahead.x }
        if ahead.y < 0 { fat.lower.y += ahead.y } else { fat.upper.y += ahead.y }
        tree.move(id.rawValue, to: fat)
        grow(to: tree.nodes.count)
        markMoved(id.rawValue)
        return true
    }

    /// The stored (fattened) box of proxy `id`, points.
    public func fatBox(_ id: ProxyID) -> AABB {
        precondition(isLive(id), "\(id) is not a live proxy")
        return tree.box(id.rawValue)
    }

    /// The live proxies whose fat boxes overlap `box`, in increasing id order.
    public func query(_ box: AABB) -> [ProxyID] {
        var result: [ProxyID] = []
        tree.query(box) { result.append(ProxyID(rawValue: $0)); return true }
        return result.sorted()
    }

    /// Height of the tree (a balance check; about log₂ N).
    public var treeHeight: Int { tree.height }

    /// Every pair of live proxies whose fat boxes overlap, sorted by (a, b).
    ///
    /// - Complexity: O(k·log N + P) for k moved proxies and P pairs.
    @discardableResult
    public mutating func updatePairs() -> [ProxyPair] {
        pairsDidChange = false
        guard !moved.isEmpty else { return pairs }
        // Pairs between two unmoved proxies stay exactly as they were; the others are
        // found again from the moved proxies' new boxes.
        var dropped: [ProxyPair] = []
        for p in pairs where isMoved[p.a.rawValue] || isMoved[p.b.rawValue] { dropped.append(p) }
        var fresh: [ProxyPair] = []
        droppedPairCount = 0
        for index in moved where live[index] {
            let fat = tree.box(index)
            // A bounded proxy looks at no more overlapping leaves than its share, whether
            // or not it reports them (moved–moved pairs come from their smaller end), so
            // each query costs O(share + log n) however many boxes are heaped there.
            let share = isBounded[index] ? maximumPairsPerProxy : Int.max
            var seen = 0
            let complete = tree.query(fat) { other in
                guard other != index else { return true }
                // Each moved–moved pair once (from its smaller end).
                if !isMoved[other] || index < other {
                    fresh.append(ProxyPair(ProxyID(rawValue: index), ProxyID(rawValue: other)))
                }
                seen += 1
                return seen < share
            }
            if !complete { droppedPairCount += 1 }
        }
        fresh.sort()
        // Both lists are sorted: equal lists mean the pairs did not change (the common
        // case), and the unmoved proxies' pairs need not even be copied out.
        if fresh != dropped {
            var kept: [ProxyPair] = []
            kept.reserveCapacity(pairs.count - dropped.count)
            for p in pairs where !isMoved[p.a.rawValue] && !isMoved[p.b.rawValue] { kept.append(p) }
            pairs = trimmed(Self.merge(kept, fresh))
            pairsDidChange = true
        }
        for index in moved { isMoved[index] = false }
        moved.removeAll(keepingCapacity: true)
        return pairs
    }

    /// `sorted` without the pairs past the bounds, in order (see "Bounded pairs").
    private mutating func trimmed(_ sorted: [ProxyPair]) -> [ProxyPair] {
        var within = true
        for p in sorted {
            pairCount[p.a.rawValue] += 1
            pairCount[p.b.rawValue] += 1
        }
        for p in sorted where isBounded[p.a.rawValue] && pairCount[p.a.rawValue] > maximumPairsPerProxy
            || isBounded[p.b.rawValue] && pairCount[p.b.rawValue] > maximumPairsPerProxy {
            within = false
            break
        }
        within = within && sorted.count <= maximumPairs
        for p in sorted {
            pairCount[p.a.rawValue] = 0
            pairCount[p.b.rawValue] = 0
        }
        // The common case: nothing to leave out, and no second list.
        guard !within else { return sorted }
        var kept: [ProxyPair] = []
        kept.reserveCapacity(min(sorted.count, maximumPairs))
        for p in sorted {
            let a = p.a.rawValue, b = p.b.rawValue
            if kept.count >= maximumPairs
                || isBounded[a] && pairCount[a] >= maximumPairsPerProxy
                || isBounded[b] && pairCount[b] >= maximumPairsPerProxy {
                droppedPairCount += 1
                continue
            }
            pairCount[a] += 1
            pairCount[b] += 1
            kept.append(p)
        }
        for p in kept {
            pairCount[p.a.rawValue] = 0
            pairCount[p.b.rawValue] = 0
        }
        return kept
    }

    private static func merge(_ x: [ProxyPair], _ y: [ProxyPair]) -> [ProxyPair] {
        var out: [ProxyPair] = []
        out.reserveCapacity(x.count + y.count)
        var i = 0, j = 0
        while i < x.count && j < y.count {
            if x[i] < y[j] { out.append(x[i]); i += 1 } else { out.append(y[j]); j += 1 }
        }
        out += x[i...]
        out += y[j...]
        return out
    }

    /// Convenience for a whole scene: proxy k follows `boxes[k]` (created on the first
    /// call, moved afterwards; the count must not change between calls), and the
    /// overlapping pairs of fat boxes come back with `a`, `b` as indices into `boxes`.
    ///
    /// - Precondition: the same number of boxes as in the first call.
    public mutating func update(_ boxes: [AABB]) -> [ProxyPair] {
        if proxyCount == 0 {
            for box in boxes { _ = createProxy(box) }
            // A fresh tree hands out leaves and inner nodes interleaved; map them back.
            leafOfBox = (0..<tree.nodes.count).filter { live[$0] }
        } else {
            precondition(boxes.count == leafOfBox.count, "update(_:) needs \(leafOfBox.count) boxes, got \(boxes.count)")
            for (k, box) in boxes.enumerated() { moveProxy(ProxyID(rawValue: leafOfBox[k]), to: box) }
        }
        if boxOfLeaf.count != tree.nodes.count {
            boxOfLeaf = Array(repeating: -1, count: tree.nodes.count)
            for (k, leaf) in leafOfBox.enumerated() { boxOfLeaf[leaf] = k }
        }
        return updatePairs()
            .map { ProxyPair(ProxyID(rawValue: boxOfLeaf[$0.a.rawValue]), ProxyID(rawValue: boxOfLeaf[$0.b.rawValue])) }
            .sorted()
    }

    private var leafOfBox: [Int] = []
    private var boxOfLeaf: [Int] = []
}
