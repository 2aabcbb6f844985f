/// A bounding-volume hierarchy of fattened boxes, improved on every insertion (Box2D's
/// `b2DynamicTree`: surface-area-heuristic insertion and tree rotations).
///
/// Leaves hold proxy boxes; an inner node's box holds both children's. A leaf is
/// inserted next to the sibling that least increases the total perimeter (the 2-D
/// surface-area heuristic of Goldsmith & Salmon 1987), then every ancestor is refit
/// and rotated when a rotation lowers its children's perimeters (Kopta et al., "Fast,
/// Effective BVH Updates for Animated Scenes", I3D 2012, as Box2D v3 does). Box2D 2.3
/// rotated by height (AVL) instead; measured here, the perimeter rotations halve the
/// nodes a query visits (Docs/collisions.md). Node indices are stable while a leaf lives, and all choices are
/// deterministic (ties go to the first child), so the same calls build the same tree.
@usableFromInline package struct DynamicAABBTree: Sendable, Codable {
    @usableFromInline package static let null = -1

    @usableFromInline package struct Node: Sendable, Codable {
        @usableFromInline package var box: AABB
        @usableFromInline package var parent: Int
        @usableFromInline package var child1: Int
        @usableFromInline package var child2: Int
        /// 0 for a leaf, −1 for a free node.
        @usableFromInline package var height: Int
        @usableFromInline package var isLeaf: Bool { child1 == DynamicAABBTree.null }
    }

    private(set) var nodes: [Node] = []
    private(set) var root = DynamicAABBTree.null
    private var freeList: [Int] = []

    private mutating func allocate() -> Int {
        if let index = freeList.popLast() { return index }
        nodes.append(Node(box: AABB(unchecked: .zero, .zero), parent: Self.null, child1: Self.null, child2: Self.null, height: -1))
        return nodes.count - 1
    }

    private mutating func free(_ index: Int) {
        nodes[index].height = -1
        nodes[index].parent = Self.null
        nodes[index].child1 = Self.null
        nodes[index].child2 = Self.null
        freeList.append(index)
    }

    /// Adds a leaf with `box` and returns its stable index.
    @usableFromInline package mutating func insert(_ box: AABB) -> Int {
        let leaf = allocate()
        nodes[leaf] = Node(box: box, parent: Self.null, child1: Self.null, child2: Self.null, height: 0)
        insertLeaf(leaf)
        return leaf
    }

    /// Removes leaf `index`.
    @usableFromInline package mutating func remove(_ index: Int) {
        removeLeaf(index)
        free(index)
    }

    /// Replaces the box of leaf `index` (a remove and re-insert; the index is kept).
    @usableFromInline package mutating func move(_ index: Int, to box: AABB) {
        removeLeaf(index)
        nodes[index].box = box
        insertLeaf(index)
    }

    /// The box of node `index`.
    @usableFromInline package func box(_ index: Int) -> AABB { nodes[index].box }

    /// Height of the tree (0 for a single leaf, −1 when empty).
    @usableFromInline package var height: Int { root == Self.null ? -1 : nodes[root].height }

    /// Calls `body` with every leaf whose box overlaps `box`, in a fixed traversal order,
    /// until `body` returns false; returns whether the walk was complete.
    @discardableResult
    @usableFromInline package func query(_ box: AABB, _ body: (Int) -> Bool) -> Bool {
        guard root != Self.null else { return true }
        // Depth-first with an explicit stack in temporary (usually stack) memory rather
        // than an array allocated per query: the broadphase queries once per moved proxy.
        // Popping a node pushes at most its two children, so the stack never holds more
        // than height + 1 entries.
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: nodes[root].height + 2) { stack in
            var count = 1
            stack[0] = root
            while count > 0 {
                count -= 1
                let index = stack[count]
                let node = nodes[index]
                guard node.box.overlaps(box) else { continue }
                if node.isLeaf {
                    if !body(index) { return false }
                } else {
                    stack[count] = node.child2
                    stack[count + 1] = node.child1
                    count += 2
                }
            }
            return true
        }
    }

    /// Calls `body(leaf, maximum)` for every leaf whose box meets the segment
    /// p + t·d, 0 ≤ t ≤ `maximum`, in a fixed traversal order; `body` returns the new
    /// maximum (the fraction of a hit found, to clip the rest of the walk; a negative
    /// value stops it).
    ///
    /// Box2D's `b2DynamicTree_RayCast`, with the slab test for the box: on each axis the
    /// segment is inside between (lower − p)/d and (upper − p)/d, and an axis it runs
    /// along (d = 0) admits it only when p lies between the box's sides.
    @usableFromInline package func rayCast(
        from p: SIMD2<Double>, along d: SIMD2<Double>, maximum: Double, _ body: (Int, Double) -> Double
    ) {
        guard root != Self.null else { return }
        var maximum = maximum
        func meets(_ box: AABB) -> Bool {
            var enter = 0.0, leave = maximum
            for axis in 0..<2 {
                let lo = box.lower[axis], hi = box.upper[axis], o = p[axis], v = d[axis]
                if v == 0 {
                    if o < lo || o > hi { return false }
                } else {
                    let t1 = (lo - o) / v, t2 = (hi - o) / v
                    enter = max(enter, min(t1, t2))
                    leave = min(leave, max(t1, t2))
                }
            }
            return enter <= leave
        }
        withUnsafeTemporaryAllocation(of: Int.self, capacity: nodes[root].height + 2) { stack in
            var count = 1
            stack[0] = root
            while count > 0 {
                count -= 1
                let index = stack[count]
                let node = nodes[index]
                guard meets(node.box) else { continue }
                if node.isLeaf {
                    maximum = body(index, maximum)
                    if maximum < 0 { return }
                } else {
                    stack[count] = node.child2
                    stack[count + 1] = node.child1
                    count += 2
                }
            }
        }
    }

    private mutating func insertLeaf(_ leaf: Int) {
        guard root != Self.null else {
            root = leaf
            nodes[leaf].parent = Self.null
            return
        }
        // Walk down to the sibling with the smallest total cost: the perimeter of the new
        // parent plus the growth of every ancestor it forces ("inheritance cost").
        let leafBox = nodes[leaf].box
        var index = root
        while !nodes[index].isLeaf {
            let node = nodes[index]
            let area = node.box.perimeter
            let combined = node.box.union(leafBox).perimeter
            let cost = 2 * combined
            let inheritance = 2 * (combined - area)
            func descendCost(_ child: Int) -> Double {
                let c = nodes[child]
                let union = leafBox.union(c.box).perimeter
                return (c.isLeaf ? union : union - c.box.perimeter) + inheritance
            }
            let cost1 = descendCost(node.child1), cost2 = descendCost(node.child2)
            if cost < cost1 && cost < cost2 { break }
            index = cost1 <= cost2 ? node.child1 : node.child2
        }
        let sibling = index
        let oldParent = nodes[sibling].parent
        let newParent = allocate()
        nodes[newParent] = Node(
            box: leafBox.union(nodes[sibling].box), parent: oldParent,
            child1: sibling, child2: leaf, height: nodes[sibling].height + 1)
        if oldParent != Self.null {
            if nodes[oldParent].child1 == sibling { nodes[oldParent].child1 = newParent } else { nodes[oldParent].child2 = newParent }
        } else {
            root = newParent
        }
        nodes[sibling].parent = newParent
        nodes[leaf].parent = newParent
        refit(from: newParent)
    }

    private mutating func removeLeaf(_ leaf: Int) {
        if leaf == root {
            root = Self.null
            return
        }
        let parent = nodes[leaf].parent
        let grandParent = nodes[parent].parent
        let sibling = nodes[parent].child1 == leaf ? nodes[parent].child2 : nodes[parent].child1
        if grandParent != Self.null {
            if nodes[grandParent].child1 == parent { nodes[grandParent].child1 = sibling } else { nodes[grandParent].child2 = sibling }
            nodes[sibling].parent = grandParent
            free(parent)
            refit(from: grandParent)
        } else {
            root = sibling
            nodes[sibling].parent = Self.null
            free(parent)
        }
        nodes[leaf].parent = Self.null
    }

    /// Rebalances and refits every node from `start` up to the root.
    ///
    /// The walk writes through a buffer pointer (`Nodes`): it runs for every ancestor
    /// of every re-inserted proxy, and each array store would check uniqueness.
    private mutating func refit(from start: Int) {
        nodes.withUnsafeMutableBufferPointer { nodes in
            var index = start
            while index != Self.null {
                index = Self.balance(index, nodes)
                let c1 = nodes[index].child1, c2 = nodes[index].child2
                nodes[index].height = 1 + max(nodes[c1].height, nodes[c2].height)
                nodes[index].box = nodes[c1].box.union(nodes[c2].box)
                index = nodes[index].parent
            }
        }
    }

    private typealias Nodes = UnsafeMutableBufferPointer<Node>

    /// One tree rotation at `a` when it lowers the tree's surface-area cost (Box2D v3's
    /// `b2RotateNodes`): a child of `a` may trade places with a grandchild under the
    /// other child. Returns `a` (its place in the tree does not change).
    ///
    /// The cost of a tree is the summed perimeter of its inner nodes (what a query pays
    /// to descend). With children B (grandchildren D, E) and C (F, G), swapping B with F
    /// leaves every inner node as it was except C, which becomes B ∪ G; so the gains are
    /// B↔F: |C| − |B ∪ G|, B↔G: |C| − |B ∪ F|, C↔D: |B| − |C ∪ E|, C↔E: |B| − |C ∪ D|.
    /// The largest positive gain is applied.
    private static func balance(_ a: Int, _ nodes: Nodes) -> Int {
        let b = nodes[a].child1, c = nodes[a].child2
        var best = 0.0, choice = 0
        // 1: B↔F, 2: B↔G, 3: C↔D, 4: C↔E
        if !nodes[c].isLeaf {
            let f = nodes[c].child1, g = nodes[c].child2
            let area = nodes[c].box.perimeter
            let bf = area - nodes[b].box.union(nodes[g].box).perimeter
            let bg = area - nodes[b].box.union(nodes[f].box).perimeter
            if bf > best { best = bf; choice = 1 }
            if bg > best { best = bg; choice = 2 }
        }
        if !nodes[b].isLeaf {
            let d = nodes[b].child1, e = nodes[b].child2
            let area = nodes[b].box.perimeter
            let cd = area - nodes[c].box.union(nodes[e].box).perimeter
            let ce = area - nodes[c].box.union(nodes[d].box).perimeter
            if cd > best { best = cd; choice = 3 }
            if ce > best { best = ce; choice = 4 }
        }
        // Require a real gain so that rounding cannot make two layouts alternate.
        guard choice != 0, best > 1e-12 * nodes[a].box.perimeter else { return a }
        switch choice {
        case 1: swapChild(of: a, b, withChildOf: c, nodes[c].child1, nodes)
        case 2: swapChild(of: a, b, withChildOf: c, nodes[c].child2, nodes)
        case 3: swapChild(of: a, c, withChildOf: b, nodes[b].child1, nodes)
        default: swapChild(of: a, c, withChildOf: b, nodes[b].child2, nodes)
        }
        return a
    }

    /// Exchanges `x`, a child of `a`, with `y`, a child of `a`'s other child `p`, then
    /// refits `p`.
    private static func swapChild(of a: Int, _ x: Int, withChildOf p: Int, _ y: Int, _ nodes: Nodes) {
        if nodes[a].child1 == x { nodes[a].child1 = y } else { nodes[a].child2 = y }
        nodes[y].parent = a
        if nodes[p].child1 == y { nodes[p].child1 = x } else { nodes[p].child2 = x }
        nodes[x].parent = p
        let c1 = nodes[p].child1, c2 = nodes[p].child2
        nodes[p].box = nodes[c1].box.union(nodes[c2].box)
        nodes[p].height = 1 + max(nodes[c1].height, nodes[c2].height)
    }

    /// Checks parent links, heights and enclosing boxes of the whole tree (tests).
    @usableFromInline package func validate() -> Bool {
        guard root != Self.null else { return true }
        var ok = nodes[root].parent == Self.null
        func visit(_ i: Int) -> Int {
            let n = nodes[i]
            if n.isLeaf { return 0 }
            ok = ok && nodes[n.child1].parent == i && nodes[n.child2].parent == i
            ok = ok && n.box.contains(nodes[n.child1].box) && n.box.contains(nodes[n.child2].box)
            let h = 1 + max(visit(n.child1), visit(n.child2))
            ok = ok && h == n.height
            return h
        }
        _ = visit(root)
        return ok
    }

    /// What is wrong with the tree's structure, nil when nothing: the check a tree read
    /// from a snapshot passes before any walk relies on it. Every child index is in range
    /// and reached once from the root (so no walk loops), parent links and heights agree,
    /// and every node is either in the tree or on the free list, once.
    package func structuralFault() -> String? {
        var reached = [Bool](repeating: false, count: nodes.count)
        if root != Self.null {
            guard nodes.indices.contains(root), nodes[root].parent == Self.null else { return "root \(root) is not a node without a parent" }
            // Children before parents, so that heights can be checked on the way back.
            var stack = [root], order: [Int] = []
            reached[root] = true
            while let i = stack.popLast() {
                order.append(i)
                let n = nodes[i]
                if n.isLeaf {
                    guard n.child2 == Self.null, n.height == 0 else { return "node \(i) is half a leaf" }
                    continue
                }
                for c in [n.child1, n.child2] {
                    guard nodes.indices.contains(c), !reached[c], nodes[c].parent == i else {
                        return "node \(i)'s child \(c) is not a node of its own whose parent it is"
                    }
                    reached[c] = true
                    stack.append(c)
                }
            }
            for i in order.reversed() where !nodes[i].isLeaf {
                let n = nodes[i]
                guard n.height == 1 + max(nodes[n.child1].height, nodes[n.child2].height) else {
                    return "node \(i)'s height \(n.height) does not match its children's"
                }
            }
        }
        var free = [Bool](repeating: false, count: nodes.count)
        for i in freeList {
            guard nodes.indices.contains(i), !reached[i], !free[i], nodes[i].height == -1 else {
                return "free node \(i) is out of range, in the tree or listed twice"
            }
            free[i] = true
        }
        if let lost = nodes.indices.first(where: { !reached[$0] && !free[$0] }) {
            return "node \(lost) is neither in the tree nor free"
        }
        return nil
    }
}
