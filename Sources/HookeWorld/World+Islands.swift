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
        // The passes over every edge and body below write through buffer pointers: an
        // array store checks its buffer's uniqueness each time, which cost as much as
        // the walk itself.
        let n = bodies.count
        var rowStart = sc.graph.rowStart, adjacency = sc.graph.adjacency, fill = sc.graph.stack
        sc.graph.rowStart = []
        sc.graph.adjacency = []
        sc.graph.stack = []
        rowStart.removeAll(keepingCapacity: true)
        rowStart.append(contentsOf: repeatElement(0, count: n + 1))
        rowStart.withUnsafeMutableBufferPointer { rowStart in
            for k in 0..<edgeCount {
                let (a, b) = ends(k)
                if a >= 0 { rowStart[a + 1] += 1 }
                if b >= 0 { rowStart[b + 1] += 1 }
            }
            for i in 0..<n { rowStart[i + 1] += rowStart[i] }
        }
        adjacency.removeAll(keepingCapacity: true)
        adjacency.append(contentsOf: repeatElement(0, count: rowStart[n]))
        // `fill` is the next free entry of each row.
        fill.removeAll(keepingCapacity: true)
        fill.append(contentsOf: rowStart)
        adjacency.withUnsafeMutableBufferPointer { adjacency in
            fill.withUnsafeMutableBufferPointer { fill in
                @inline(__always) func add(_ k: Int) {
                    let (a, b) = ends(k)
                    if a >= 0 { adjacency[fill[a]] = k; fill[a] += 1 }
                    if b >= 0 { adjacency[fill[b]] = k; fill[b] += 1 }
                }
                for k in sc.graph.order { add(k) }
                for k in jointCount..<edgeCount { add(k) }
            }
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
        // The walk's lists are written through buffer pointers too: each is sized for
        // its bound (a body is listed and stacked at most once, an edge at most once)
        // and cut to length afterwards.
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
        let seeds = bodiesNewestFirst
        rowStart.withUnsafeBufferPointer { rowStart in
        adjacency.withUnsafeBufferPointer { adjacency in
        visited.withUnsafeMutableBufferPointer { visited in
        edgeDone.withUnsafeMutableBufferPointer { edgeDone in
        stack.withUnsafeMutableBufferPointer { stack in
        islandBodies.withUnsafeMutableBufferPointer { islandBodies in
        islandJoints.withUnsafeMutableBufferPointer { islandJoints in
        islandContacts.withUnsafeMutableBufferPointer { islandContacts in
            for seed in seeds {
                guard !visited[seed], !bodies.isStatic[seed], bodies.isAwake[seed] else { continue }
                sc.islands.bodyStart.append(bodyCount)
                sc.islands.jointStart.append(jointListed)
                sc.islands.contactStart.append(contactListed)
                visited[seed] = true
                stack[0] = seed
                var stacked = 1
                while stacked > 0 {
                    stacked -= 1
                    let b = stack[stacked]
                    islandBodies[bodyCount] = b
                    bodyCount += 1
                    // (`wake` does nothing to an awake body.)
                    if !bodies.isAwake[b] { wake(b) }
                    for e in rowStart[b]..<rowStart[b + 1] {
                        let k = adjacency[e]
                        guard !edgeDone[k] else { continue }
                        edgeDone[k] = true
                        if k < jointCount {
                            islandJoints[jointListed] = k
                            jointListed += 1
                        } else {
                            islandContacts[contactListed] = touching[k - jointCount]
                            contactListed += 1
                        }
                        let (ea, eb) = ends(k)
                        let other = ea == b ? eb : ea
                        guard other >= 0, !visited[other], !bodies.isStatic[other] else { continue }
                        visited[other] = true
                        stack[stacked] = other
                        stacked += 1
                    }
                }
            }
        }
        }
        }
        }
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
