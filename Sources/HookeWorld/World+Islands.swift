import HookeCore

// Stage 6 of the step pipeline (World+Step.swift): the constraint graph of joints and
// touching contacts split into islands, the unit that the solvers and rest detection
// work on.

extension World {
    // MARK: - 6. islands

    /// Gathers the joints and groups awake bodies into islands by a depth-first walk
    /// over joints, in Box2D 2.3's order: seeds newest body first, each body's joints
    /// newest first. That order is the Gauss–Seidel order of the solver, so it shapes
    /// the result. Static bodies and the world join an island without spreading it.
    mutating func islands() {
        // Work on the scratch buffers moved out of `self`, so that they can be filled
        // while the world is read (no copy: the moved-out arrays stay unique).
        var sc = scratch
        scratch = StepScratch()
        defer { scratch = sc }

        sc.joints.removeAll()
        for s in behaviors.order {
            guard let nodes = behaviors.records[s] else { continue }
            for n in nodes.indices {
                switch nodes[n].kind {
                case let .attachment(a): appendJoints(for: a, owner: (s, n), states: nodes[n].joints, into: &sc.joints)
                case let .snap(snap): appendJoints(for: snap, owner: (s, n), states: nodes[n].joints, into: &sc.joints)
                default: continue
                }
            }
        }
        let joints = sc.joints.references

        // Joints newest first. Gathering follows creation order unless a behaviour was
        // replaced with a new shape, so sorting is rarely needed.
        sc.graph.order.removeAll(keepingCapacity: true)
        sc.graph.order.append(contentsOf: joints.indices.reversed())
        var newestFirst = true
        for e in 1..<max(sc.graph.order.count, 1) where joints[sc.graph.order[e - 1]].sequence < joints[sc.graph.order[e]].sequence {
            newestFirst = false
            break
        }
        if !newestFirst { sc.graph.order.sort { joints[$0].sequence > joints[$1].sequence } }

        // Touching contacts join the graph after the joints: edge J + t is touching[t],
        // as this step's narrowphase listed them (in contact order, with their bodies).
        // Each edge's two body slots (−1 for the world or a boundary) sit in one compact
        // column, so that the passes below read 8 bytes per edge instead of a whole
        // contact.
        sc.graph.edgeEnds.removeAll(keepingCapacity: true)
        for k in joints.indices { sc.graph.edgeEnds.append(SIMD2(joints[k].bodyA, joints[k].bodyB)) }
        sc.graph.edgeEnds += sc.touching.ends
        let touching = sc.touching.contacts
        let edgeEnds = sc.graph.edgeEnds
        let jointCount = joints.count
        @inline(__always) func ends(_ k: Int) -> (Int, Int) { (Int(edgeEnds[k].x), Int(edgeEnds[k].y)) }
        let edgeCount = edgeEnds.count

        // Adjacency in compressed rows: each body's joints, newest first, then its contacts.
        // The passes over every edge and body below write through `MutableSpan`s of
        // arrays moved out of the scratch: an array store checks its buffer's uniqueness
        // each time, which cost as much as the walk itself, and a span is checked once.
        let n = bodies.count
        var rowStart = sc.graph.rowStart, adjacency = sc.graph.adjacency, fill = sc.graph.stack
        sc.graph.rowStart = []
        sc.graph.adjacency = []
        sc.graph.stack = []
        rowStart.removeAll(keepingCapacity: true)
        rowStart.append(contentsOf: repeatElement(0, count: n + 1))
        do {
            var rows = rowStart.mutableSpan
            for k in 0..<edgeCount {
                let (a, b) = ends(k)
                if a >= 0 { rows[unchecked: a + 1] += 1 }
                if b >= 0 { rows[unchecked: b + 1] += 1 }
            }
            for i in 0..<n { rows[unchecked: i + 1] += rows[unchecked: i] }
        }
        adjacency.removeAll(keepingCapacity: true)
        adjacency.append(contentsOf: repeatElement(0, count: rowStart[n]))
        // `fill` is the next free entry of each row: body a's edges go to
        // `adjacency[fill[a]]`, joints newest first, then contacts in contact order.
        fill.removeAll(keepingCapacity: true)
        fill.append(contentsOf: rowStart)
        do {
            @inline(__always) func add(_ k: Int, _ entries: inout MutableSpan<Int>, _ next: inout MutableSpan<Int>) {
                let (a, b) = ends(k)
                if a >= 0 { entries[unchecked: next[unchecked: a]] = k; next[unchecked: a] += 1 }
                if b >= 0 { entries[unchecked: next[unchecked: b]] = k; next[unchecked: b] += 1 }
            }
            var entries = adjacency.mutableSpan, next = fill.mutableSpan
            for k in sc.graph.order { add(k, &entries, &next) }
            for k in jointCount..<edgeCount { add(k, &entries, &next) }
        }
        var stack = fill
        stack.removeAll(keepingCapacity: true)

        var visited = sc.graph.visited, edgeDone = sc.graph.edgeDone
        sc.graph.visited = []
        sc.graph.edgeDone = []
        visited.removeAll(keepingCapacity: true)
        visited.append(contentsOf: repeatElement(false, count: n))
        edgeDone.removeAll(keepingCapacity: true)
        edgeDone.append(contentsOf: repeatElement(false, count: edgeCount))
        sc.islands.bodyStart.removeAll(keepingCapacity: true)
        sc.islands.jointStart.removeAll(keepingCapacity: true)
        sc.islands.contactStart.removeAll(keepingCapacity: true)
        // The walk's lists are written through spans too: each is sized for its bound
        // (a body is listed and stacked at most once, an edge at most once) and cut to
        // length afterwards.
        var islandBodies = sc.islands.bodies, islandJoints = sc.islands.joints, islandContacts = sc.islands.contacts
        sc.islands.bodies = []
        sc.islands.joints = []
        sc.islands.contacts = []
        islandBodies.removeAll(keepingCapacity: true)
        islandBodies.append(contentsOf: repeatElement(0, count: n))
        islandJoints.removeAll(keepingCapacity: true)
        islandJoints.append(contentsOf: repeatElement(0, count: jointCount))
        islandContacts.removeAll(keepingCapacity: true)
        islandContacts.append(contentsOf: repeatElement(0, count: edgeCount - jointCount))
        stack.append(contentsOf: repeatElement(0, count: n))
        var bodyCount = 0, jointListed = 0, contactListed = 0
        do {
            let rows = rowStart.span, entries = adjacency.span
            var reached = visited.mutableSpan, listed = edgeDone.mutableSpan, pending = stack.mutableSpan
            var bodyList = islandBodies.mutableSpan, jointList = islandJoints.mutableSpan
            var contactList = islandContacts.mutableSpan
            for seed in bodiesNewestFirst {
                guard !reached[unchecked: seed], !bodies.isStatic[seed], bodies.isAwake[seed] else { continue }
                sc.islands.bodyStart.append(bodyCount)
                sc.islands.jointStart.append(jointListed)
                sc.islands.contactStart.append(contactListed)
                reached[unchecked: seed] = true
                pending[unchecked: 0] = seed
                var stacked = 1
                while stacked > 0 {
                    stacked -= 1
                    let b = pending[unchecked: stacked]
                    bodyList[unchecked: bodyCount] = b
                    bodyCount += 1
                    // (`wake` does nothing to an awake body.)
                    if !bodies.isAwake[b] { wake(b) }
                    for e in rows[unchecked: b]..<rows[unchecked: b + 1] {
                        let k = entries[unchecked: e]
                        guard !listed[unchecked: k] else { continue }
                        listed[unchecked: k] = true
                        if k < jointCount {
                            jointList[unchecked: jointListed] = k
                            jointListed += 1
                        } else {
                            contactList[unchecked: contactListed] = touching[k - jointCount]
                            contactListed += 1
                        }
                        let (ea, eb) = ends(k)
                        let other = ea == b ? eb : ea
                        guard other >= 0, !reached[unchecked: other], !bodies.isStatic[other] else { continue }
                        reached[unchecked: other] = true
                        pending[unchecked: stacked] = other
                        stacked += 1
                    }
                }
            }
        }
        islandBodies.removeLast(n - bodyCount)
        islandJoints.removeLast(jointCount - jointListed)
        islandContacts.removeLast(edgeCount - jointCount - contactListed)
        stack.removeAll(keepingCapacity: true)
        sc.islands.bodies = islandBodies
        sc.islands.joints = islandJoints
        sc.islands.contacts = islandContacts
        sc.graph.rowStart = rowStart
        sc.graph.adjacency = adjacency
        sc.graph.stack = stack
        sc.graph.visited = visited
        sc.graph.edgeDone = edgeDone
        sc.islands.bodyStart.append(sc.islands.bodies.count)
        sc.islands.jointStart.append(sc.islands.joints.count)
        sc.islands.contactStart.append(sc.islands.contacts.count)
    }
}
