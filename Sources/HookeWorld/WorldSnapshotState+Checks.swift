import HookeCollision
import HookeCore

extension WorldSnapshotState {
    /// Checks a state read from a snapshot before a `World` is made of it, so that a
    /// damaged or hand-edited snapshot is refused with the path of the first fault rather
    /// than trapping or looping in a later step: every description as the World's own
    /// entry points check it (configuration, shapes, properties, behaviours), every
    /// number of the motion finite, every slot, index and count in range and consistent
    /// with the others, and both trees well formed.
    ///
    /// `path` prefixes the paths named (`world` inside a scenario's snapshot).
    func check(at path: String) throws(SnapshotError) {
        func fault(_ at: String, _ message: String) -> SnapshotError {
            SnapshotError(path: path.isEmpty ? at : (at.isEmpty ? path : "\(path).\(at)"), message)
        }
        func described(_ at: String, _ check: () throws(HookeError) -> Void) throws(SnapshotError) {
            do { try check() } catch { throw fault(at, "\(error)") }
        }
        try described("configuration") { () throws(HookeError) in try configuration.validate() }
        guard clock.step == configuration.timestep, clock.maxStepsPerAdvance == configuration.maximumStepsPerAdvance else {
            throw fault("clock", "its step and cap are not the configuration's")
        }
        guard stepCount >= 0, elapsedTime.isFinite, elapsedTime >= 0, previousTimestep.isFinite, previousTimestep >= 0 else {
            throw fault("stepCount", "the step count, elapsed time or previous timestep is negative or not finite")
        }
        if let r = referenceBounds {
            guard [r.origin.x, r.origin.y, r.size.x, r.size.y].allSatisfy(\.isFinite), r.size.x >= 0, r.size.y >= 0 else {
                throw fault("referenceBounds", "not finite with a size ≥ 0")
            }
        }

        // Bodies: equal columns, the live slots listed once, the free slots dead.
        let b = bodies, n = b.count
        var columns: [Int] = [b.generation.count, b.sequence.count, b.center.count, b.angle.count, b.velocity.count]
        columns += [b.angularVelocity.count, b.previousCenter.count, b.previousAngle.count, b.force.count, b.torque.count]
        columns += [b.hasGravity.count, b.inverseMass.count, b.inverseInertia.count, b.isStatic.count, b.isKinematic.count]
        columns += [b.isAwake.count, b.sleepTime.count, b.shape.count, b.ownProperties.count, b.properties.count]
        columns += [b.collisionFilter.count, b.isSensor.count]
        guard columns.allSatisfy({ $0 == n }) else { throw fault("bodies", "its columns do not all have \(n) entries") }
        var listed = [Bool](repeating: false, count: n)
        for (k, i) in bodiesNewestFirst.enumerated() {
            guard (0..<n).contains(i), b.isAlive[i], !listed[i] else {
                throw fault("bodiesNewestFirst[\(k)]", "slot \(i) is not a live body listed once")
            }
            listed[i] = true
        }
        guard listed == b.isAlive else { throw fault("bodiesNewestFirst", "does not list every live body") }
        for (k, free) in b.freeSlots.enumerated() {
            guard (0..<n).contains(Int(free)), !b.isAlive[Int(free)], !b.freeSlots[..<k].contains(free) else {
                throw fault("bodies.freeSlots[\(k)]", "slot \(free) is not a dead slot listed once")
            }
        }
        var awake = 0
        for i in 0..<n where b.isAlive[i] {
            let at = "bodies[\(i)]"
            try described("\(at).shape") { () throws(HookeError) in try b.shape[i].validate("shape") }
            try described("\(at).properties") { () throws(HookeError) in
                try b.ownProperties[i].validate("ownProperties")
                try b.properties[i].validate("properties")
            }
            var numbers: [Double] = [b.center[i].x, b.center[i].y, b.angle[i], b.velocity[i].x, b.velocity[i].y]
            numbers += [b.angularVelocity[i], b.previousCenter[i].x, b.previousCenter[i].y, b.previousAngle[i]]
            numbers += [b.force[i].x, b.force[i].y, b.torque[i], b.sleepTime[i], b.inverseMass[i], b.inverseInertia[i]]
            guard numbers.allSatisfy(\.isFinite), b.inverseMass[i] >= 0, b.inverseInertia[i] >= 0, b.sleepTime[i] >= 0 else {
                throw fault(at, "its motion or mass is not finite (or a mass or sleep time is negative)")
            }
            if !b.isStatic[i] && b.isAwake[i] { awake += 1 }
        }
        guard awake == awakeCount else { throw fault("awakeCount", "\(awakeCount), but \(awake) bodies are awake") }
        guard rotations.angle.count == rotations.cosineSine.count else {
            throw fault("rotations", "its two columns differ in length")
        }
        // An angle is NaN where the cache holds nothing yet; what it holds is finite.
        for (k, angle) in rotations.angle.enumerated() where !angle.isNaN {
            let cs = rotations.cosineSine[k]
            guard angle.isFinite, cs.x.isFinite, cs.y.isFinite else { throw fault("rotations[\(k)]", "not finite") }
        }

        // Behaviours: equal columns, the live slots in order once, well-formed trees.
        let s = behaviors, m = s.records.count
        guard s.generation.count == m, s.isResting.count == m else { throw fault("behaviors", "its columns do not all have \(m) entries") }
        var ordered = [Bool](repeating: false, count: m)
        for (k, i) in s.order.enumerated() {
            guard (0..<m).contains(i), s.records[i] != nil, !ordered[i] else {
                throw fault("behaviors.order[\(k)]", "slot \(i) is not a live behaviour listed once")
            }
            ordered[i] = true
        }
        guard ordered == s.records.map({ $0 != nil }) else { throw fault("behaviors.order", "does not list every live behaviour") }
        for (k, free) in s.freeSlots.enumerated() {
            guard (0..<m).contains(Int(free)), s.records[Int(free)] == nil, !s.freeSlots[..<k].contains(free) else {
                throw fault("behaviors.freeSlots[\(k)]", "slot \(free) is not an empty slot listed once")
            }
        }
        for i in s.order {
            guard let nodes = s.records[i] else { continue }
            try checkTree(nodes, at: "behaviors.records[\(i)]", fault: fault)
        }

        // Collision state.
        try checkContacts(bodyCount: n, fault: fault)
        if let problem = shapeIndex.structuralFault() { throw fault("shapeIndex", problem) }
    }

    /// A behaviour's pre-order nodes: subtree sizes that nest, each node's description as
    /// `World.addBehavior` checks it (a handle may be stale, as a removed body's is), and
    /// the joints its kind keeps.
    private func checkTree(
        _ nodes: [BehaviorNode], at path: String, fault: (String, String) -> SnapshotError
    ) throws(SnapshotError) {
        guard !nodes.isEmpty, nodes[0].subtreeSize == nodes.count else { throw fault(path, "not a tree of \(nodes.count) nodes") }
        var ends = [nodes.count]
        for (k, node) in nodes.enumerated() {
            while let end = ends.last, k >= end { ends.removeLast() }
            guard let end = ends.last, node.subtreeSize >= 1, k + node.subtreeSize <= end else {
                throw fault("\(path)[\(k)].subtreeSize", "\(node.subtreeSize) does not nest in its parent")
            }
            ends.append(k + node.subtreeSize)
            let at = "\(path)[\(k)]"
            do {
                switch node.kind {
                case .group: break
                case let .gravity(g): try g.validate("kind")
                case let .push(p): try p.validate("kind")
                case let .snap(s): try s.validate("kind")
                case let .attachment(a): try a.validate("kind")
                case let .dynamicItem(d): try d.validate("kind")
                case .field: break   // its Field checked itself when it was read
                case let .collision(c): try c.validate("kind")
                }
            } catch {
                throw fault(at, "\(error)")
            }
            let joints: Int
            switch node.kind {
            case .attachment: joints = 1
            case .snap: joints = 4
            default: joints = 0
            }
            guard node.joints.count == joints else { throw fault("\(at).joints", "\(node.joints.count) joints, its kind keeps \(joints)") }
            for (j, joint) in node.joints.enumerated() {
                guard [joint.impulse.x, joint.impulse.y, joint.impulse.z, joint.motorImpulse].allSatisfy(\.isFinite) else {
                    throw fault("\(at).joints[\(j)]", "an impulse that is not finite")
                }
            }
        }
    }

    /// The proxies, the broadphase and the contacts name each other by index: every index
    /// in range and every cross-reference mutual.
    private func checkContacts(bodyCount n: Int, fault: (String, String) -> SnapshotError) throws(SnapshotError) {
        let c = contacts
        if let problem = c.broadPhase.structuralFault() { throw fault("contacts.broadPhase", problem) }
        let leaves = c.broadPhase.leafCount
        guard c.proxyOfLeaf.count <= leaves, c.proxiesOfBody.count <= n else {
            throw fault("contacts", "more proxy table entries than leaves or bodies")
        }
        for (k, p) in c.proxies.enumerated() {
            let at = "contacts.proxies[\(k)]"
            guard (-1..<n).contains(Int(p.body)), c.broadPhase.isLive(p.leaf), c.proxyOfLeaf.indices.contains(p.leaf.rawValue),
                  c.proxyOfLeaf[p.leaf.rawValue] == Int32(k) else {
                throw fault(at, "names a body or a broadphase leaf that does not name it back")
            }
            guard p.shape.hull.isWellFormed else { throw fault("\(at).shape", "a malformed outline") }
        }
        for (leaf, proxy) in c.proxyOfLeaf.enumerated() where proxy != -1 {
            guard c.proxies.indices.contains(Int(proxy)), c.proxies[Int(proxy)].leaf.rawValue == leaf else {
                throw fault("contacts.proxyOfLeaf[\(leaf)]", "names proxy \(proxy), whose leaf is not \(leaf)")
            }
        }
        for (i, range) in c.proxiesOfBody.enumerated() {
            guard range.lowerBound >= 0, range.upperBound <= c.proxies.count,
                  c.proxies[range].allSatisfy({ Int($0.body) == i }) else {
                throw fault("contacts.proxiesOfBody[\(i)]", "not a range of this body's proxies")
            }
        }
        for (k, contact) in c.contacts.enumerated() {
            let at = "contacts.contacts[\(k)]"
            let ends = [contact.proxyA, contact.proxyB]
            guard ends.allSatisfy({ c.proxies.indices.contains(Int($0)) }),
                  Int(contact.bodyA) == Int(c.proxies[Int(contact.proxyA)].body),
                  Int(contact.bodyB) == Int(c.proxies[Int(contact.proxyB)].body),
                  (0...2).contains(contact.manifold.pointCount) else {
                throw fault(at, "names proxies or bodies out of range, or more than two points")
            }
            guard Self.isFinite(contact) else { throw fault(at, "a number that is not finite") }
        }
        for (k, carried) in c.carried.values.enumerated() where !Self.isFinite(carried.contact) {
            throw fault("contacts.carried[\(k)]", "a number that is not finite")
        }
    }

    /// Whether a contact has at most two points and every number of it — materials, impulses, approach speed, its
    /// manifold's frame and points — is finite, as a step leaves them.
    private static func isFinite(_ contact: Contact) -> Bool {
        let m = contact.manifold
        guard (0...2).contains(m.pointCount) else { return false }
        var numbers: [Double] = [contact.friction, contact.restitution, contact.approachSpeed, m.radiusA, m.radiusB]
        numbers += [contact.normalImpulses.x, contact.normalImpulses.y, contact.tangentImpulses.x, contact.tangentImpulses.y]
        numbers += [contact.lastPoint.x, contact.lastPoint.y, m.normal.x, m.normal.y, m.localNormal.x, m.localNormal.y]
        numbers += [m.localPoint.x, m.localPoint.y]
        for point in m.points {
            numbers += [point.position.x, point.position.y, point.separation, point.localPoint.x, point.localPoint.y]
        }
        return numbers.allSatisfy(\.isFinite)
    }
}
