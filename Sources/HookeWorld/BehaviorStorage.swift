/// Behaviour trees by slot, with generations and the order they were added in.
struct BehaviorStorage: Sendable, Codable {
    var records: [[BehaviorNode]?] = []
    var generation: [UInt32] = []
    var freeSlots: [Int32] = []
    /// Slots of live behaviours in the order they were added (the application order).
    var order: [Int] = []
    /// Per slot: whether every dynamic item of the behaviour was at rest after the last
    /// step (see `World.behaviorRestDetection`).
    var isResting: [Bool] = []

    mutating func insert(_ nodes: [BehaviorNode]) -> BehaviorHandle {
        let i: Int
        if let free = freeSlots.popLast() {
            i = Int(free)
            generation[i] &+= 1
            if generation[i] == 0 { generation[i] = 1 }
            records[i] = nodes
            isResting[i] = false
        } else {
            i = records.count
            records.append(nodes)
            generation.append(1)
            isResting.append(false)
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

    /// Empties every slot (their generations stay, so no old handle designates a new
    /// behaviour).
    mutating func removeAll() {
        for i in order {
            records[i] = nil
            freeSlots.append(Int32(i))
        }
        order.removeAll()
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
