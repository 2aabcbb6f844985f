/// Persistent solver state of one joint created by a behaviour.
struct JointState: Sendable {
    /// Accumulated impulses (distance: x only; point x, y and angle or limit for the
    /// others), kg·pt/s and kg·pt²/s, for the warm start.
    var impulse = SIMD3<Double>.zero
    /// Accumulated friction impulse of a pin.
    var motorImpulse = 0.0
    /// Limit state of a pin or slider, kept between steps as Box2D does.
    var limitState = JointMath.LimitState.inactive
    /// Creation sequence number: Box2D solves a body's joints newest first.
    var sequence: UInt64
}

/// One node of an added behaviour tree, stored in pre-order.
struct BehaviorNode: Sendable {
    var kind: Behavior.Kind
    var action: (@Sendable (inout World) -> Void)?
    /// Number of nodes in the subtree rooted here, this node included.
    var subtreeSize: Int
    /// The joints this node created (one per attachment, four per snap).
    var joints: [JointState]
}

/// Behaviour trees by slot, with generations and the order they were added in.
struct BehaviorStorage: Sendable {
    var records: [[BehaviorNode]?] = []
    var generation: [UInt32] = []
    var freeSlots: [Int32] = []
    /// Slots of live behaviours in the order they were added (the application order).
    var order: [Int] = []

    mutating func insert(_ nodes: [BehaviorNode]) -> BehaviorHandle {
        let i: Int
        if let free = freeSlots.popLast() {
            i = Int(free)
            generation[i] &+= 1
            if generation[i] == 0 { generation[i] = 1 }
            records[i] = nodes
        } else {
            i = records.count
            records.append(nodes)
            generation.append(1)
        }
        order.append(i)
        return BehaviorHandle(index: Int32(i), generation: generation[i])
    }

    func slot(of handle: BehaviorHandle) -> Int? {
        let i = Int(handle.index)
        guard i >= 0, i < records.count, records[i] != nil, generation[i] == handle.generation
        else { return nil }
        return i
    }

    mutating func remove(slot i: Int) {
        records[i] = nil
        freeSlots.append(Int32(i))
        order.removeAll { $0 == i }
    }

    /// Flattens a tree into pre-order nodes (joint states filled in by the world).
    static func flatten(_ behavior: Behavior, into nodes: inout [BehaviorNode]) {
        let start = nodes.count
        nodes.append(BehaviorNode(kind: behavior.kind, action: behavior.action, subtreeSize: 1, joints: []))
        for child in behavior.children { flatten(child, into: &nodes) }
        nodes[start].subtreeSize = nodes.count - start
    }

    /// Rebuilds the tree from its pre-order nodes.
    static func tree(_ nodes: [BehaviorNode], at i: inout Int) -> Behavior {
        let node = nodes[i]
        let end = i + node.subtreeSize
        i += 1
        var children: [Behavior] = []
        while i < end { children.append(tree(nodes, at: &i)) }
        return Behavior(node.kind, children: children, action: node.action)
    }
}
