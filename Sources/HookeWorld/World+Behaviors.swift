import HookeCollision
import HookeCore

/// Adding, replacing, reading and removing behaviour trees.
extension World {
    /// Adds a behaviour tree; it acts from the next step. Wakes every body it names.
    ///
    /// An attachment without a length takes the current distance between its
    /// points, written back into the stored behaviour; a snap with a release
    /// velocity sets the item's velocity now.
    ///
    /// - Throws: `HookeError.invalidParameter` for a non-finite or out-of-range value,
    ///   `HookeError.invalidHandle` for an item that is not a live body (printing the
    ///   handle); nothing changes then.
    @discardableResult
    public mutating func addBehavior(_ behavior: Behavior) throws(HookeError) -> BehaviorHandle {
        var nodes: [BehaviorNode] = []
        BehaviorStorage.flatten(behavior, into: &nodes)
        try validate(nodes)
        for n in nodes.indices { prepareNode(&nodes[n], previous: nil) }
        let handle = behaviors.insert(nodes)
        for n in nodes { applyRelease(n.kind) }
        afterChange(nodes)
        return handle
    }

    /// Replaces the behaviour tree behind `handle` (for example to move an anchor
    /// point or re-arm an instantaneous push). Joints keep their warm-start impulses
    /// when the tree keeps its shape; an attachment whose new length is nil keeps
    /// the length it had. A snap's release velocity is applied again only if it
    /// differs from the stored one.
    ///
    /// - Throws: as `addBehavior(_:)`, for the new description; nothing changes then.
    public mutating func replaceBehavior(_ handle: BehaviorHandle, with behavior: Behavior) throws(HookeError) {
        let s = slot(of: handle)
        var nodes: [BehaviorNode] = []
        BehaviorStorage.flatten(behavior, into: &nodes)
        try replaceNodes(ofSlot: s, with: nodes)
    }

    /// Removes every behaviour (UIKit's `removeAllBehaviors()`); wakes the bodies they
    /// named. The bodies keep their velocities and move freely from the next step.
    public mutating func removeAllBehaviors() {
        var old: [BehaviorNode] = []
        for s in behaviors.order { old += behaviors.records[s] ?? [] }
        behaviors.removeAll()
        afterChange(old)
    }

    /// Puts `new` (pre-order nodes, joint states to be filled in) in place of the tree
    /// in slot `s`, as `replaceBehavior(_:with:)` describes. Validates first: nothing
    /// changes when it throws.
    mutating func replaceNodes(ofSlot s: Int, with new: [BehaviorNode]) throws(HookeError) {
        var nodes = new
        try validate(nodes)
        let old = behaviors.records[s] ?? []
        let sameShape = old.count == nodes.count
        for n in nodes.indices {
            prepareNode(&nodes[n], previous: sameShape ? old[n] : nil)
            if sameShape, case let .snap(newSnap) = nodes[n].kind, case let .snap(oldSnap) = old[n].kind,
               newSnap.releaseVelocity == oldSnap.releaseVelocity,
               newSnap.releaseAngularVelocity == oldSnap.releaseAngularVelocity {
                continue
            }
            applyRelease(nodes[n].kind)
        }
        behaviors.records[s] = nodes
        afterChange(old + nodes)
    }

    /// Removes a behaviour tree; wakes the bodies it named.
    public mutating func removeBehavior(_ handle: BehaviorHandle) {
        let s = slot(of: handle)
        let old = behaviors.records[s] ?? []
        behaviors.remove(slot: s)
        afterChange(old)
    }

    /// The behaviour tree behind `handle` as the world holds it now (an applied
    /// instantaneous push reads inactive; an attachment's length is filled in).
    public func behavior(_ handle: BehaviorHandle) -> Behavior {
        // A live slot always holds its record.
        guard let nodes = behaviors.records[slot(of: handle)] else { preconditionFailure("\(handle) has no record") }
        var i = 0
        return BehaviorStorage.tree(nodes, at: &i)
    }

    /// Whether `handle` designates a live behaviour: check it before a call when the
    /// behaviour may have been removed (a call with a stale handle traps).
    public func contains(_ handle: BehaviorHandle) -> Bool { behaviors.slot(of: handle) != nil }

    /// Handles of the live behaviours, in the order they act.
    public var behaviorHandles: [BehaviorHandle] {
        behaviors.order.map { BehaviorHandle(index: Int32($0), generation: behaviors.generation[$0]) }
    }

    // MARK: - Internals

    /// Slot of the live behaviour `handle` designates; a stale handle traps (see
    /// `World`, "Errors").
    func slot(of handle: BehaviorHandle, function: StaticString = #function) -> Int {
        guard let s = behaviors.slot(of: handle) else { Self.staleHandle(handle, "behavior", function: function) }
        return s
    }

    /// Validates every node's values and handles.
    func validate(_ nodes: [BehaviorNode]) throws(HookeError) {
        for (n, node) in nodes.enumerated() {
            let name = "behaviors[\(n)]"
            switch node.kind {
            case .group: break
            case let .gravity(g):
                try g.validate(name)
                for (k, h) in g.items.enumerated() { _ = try slot(of: h, describedAt: "\(name).items[\(k)]") }
            case let .push(p):
                try p.validate(name)
                for (k, h) in p.items.enumerated() { _ = try slot(of: h, describedAt: "\(name).items[\(k)]") }
            case let .snap(s):
                try s.validate(name)
                _ = try slot(of: s.item, describedAt: "\(name).item")
            case let .attachment(a):
                try a.validate(name)
                let i = try slot(of: a.item, describedAt: "\(name).item")
                if case let .item(other, _) = a.target {
                    let j = try slot(of: other, describedAt: "\(name).attachedItem")
                    guard i != j else {
                        throw .invalidHandle("\(name).attachedItem", handle: other.description,
                                             requirement: "a body other than the item")
                    }
                }
            case let .dynamicItem(d):
                try d.validate(name)
                for (k, h) in d.items.enumerated() { _ = try slot(of: h, describedAt: "\(name).items[\(k)]") }
            case let .field(f):
                // The field validated its own values when it was made.
                for (k, h) in f.items.enumerated() { _ = try slot(of: h, describedAt: "\(name).items[\(k)]") }
            case let .collision(c):
                try c.validate(name)
                for (k, h) in c.items.enumerated() { _ = try slot(of: h, describedAt: "\(name).items[\(k)]") }
                if c.translatesReferenceBoundsIntoBoundary {
                    guard let r = referenceBounds else {
                        throw .invalidParameter("\(name).translatesReferenceBoundsIntoBoundary", value: 1,
                                                requirement: "a world with referenceBounds")
                    }
                    let i = c.referenceBoundsInsets
                    _ = try CollisionShape.boundaryEdges(origin: r.origin, size: r.size, top: i.top, left: i.left,
                                                         bottom: i.bottom, right: i.right)
                }
            }
        }
    }

    /// Fills in joint states (new or carried over) and an attachment's length and
    /// reference angle when left to the geometry.
    mutating func prepareNode(_ node: inout BehaviorNode, previous: BehaviorNode?) {
        let count: Int
        switch node.kind {
        case var .attachment(a):
            count = 1
            var old: AttachmentBehavior?
            if let p = previous, case let .attachment(o) = p.kind { old = o }
            if a.length == nil {
                if let l = old?.length {
                    a.length = l
                } else if let i = liveSlot(a.item) {
                    a.length = Planar.length(attachmentPoints(a, item: i).other - attachmentPoints(a, item: i).item)
                } else {
                    a.length = 0
                }
            }
            if a.referenceAngle == nil {
                if let r = old?.referenceAngle {
                    a.referenceAngle = r
                } else if let i = liveSlot(a.item) {
                    var other = 0.0
                    if case let .item(o, _) = a.target, let j = liveSlot(o) { other = bodies.angle[j] }
                    a.referenceAngle = other - bodies.angle[i]
                } else {
                    a.referenceAngle = 0
                }
            }
            node.kind = .attachment(a)
        case .snap: count = 4
        default: count = 0
        }
        if let p = previous, p.joints.count == count {
            node.joints = p.joints
        } else {
            node.joints = (0..<count).map { _ in
                nextSequence += 1
                return JointState(sequence: nextSequence)
            }
        }
    }

    /// World positions of an attachment's two points (item side, other side).
    func attachmentPoints(_ a: AttachmentBehavior, item i: Int) -> (item: SIMD2<Double>, other: SIMD2<Double>) {
        let p = bodies.center[i] + Planar.rotate(a.offsetFromCenter, by: bodies.angle[i])
        switch a.target {
        case let .anchor(q): return (p, q)
        case let .item(o, offset):
            guard let j = liveSlot(o) else { return (p, p) }
            return (p, bodies.center[j] + Planar.rotate(offset, by: bodies.angle[j]))
        }
    }

    /// An attachment of `kind` whose points on both sides are the world point
    /// `anchorPoint` (pt) in the current positions — UIKit's
    /// `pinAttachment`/`fixedAttachment`/`slidingAttachment(with:attachedTo:attachedToAnchor:)`
    /// and, with `other` nil, their single-item forms. `axisOfTranslation` (sliding)
    /// is given in world coordinates and stored in the item's.
    ///
    /// - Throws: `HookeError.invalidParameter` naming a non-finite `anchorPoint`
    ///   component (`addBehavior` validates the rest). The handles are the call's
    ///   subjects: a stale one traps (see `World`, "Errors").
    public func attachment(_ kind: AttachmentBehavior.Kind, item: BodyHandle, attachedTo other: BodyHandle? = nil,
                           anchorPoint: SIMD2<Double>,
                           axisOfTranslation: SIMD2<Double> = SIMD2(1, 0)) throws(HookeError) -> AttachmentBehavior {
        _ = try Validate.finite(anchorPoint.x, "anchorPoint.x")
        _ = try Validate.finite(anchorPoint.y, "anchorPoint.y")
        let i = slot(of: item)
        let local = Planar.rotate(anchorPoint - bodies.center[i], by: -bodies.angle[i])
        var a: AttachmentBehavior
        if let other {
            let j = slot(of: other)
            let otherLocal = Planar.rotate(anchorPoint - bodies.center[j], by: -bodies.angle[j])
            a = AttachmentBehavior(kind: kind, item: item, offsetFromCenter: local, attachedTo: other,
                                   offsetFromOtherCenter: otherLocal)
        } else {
            a = AttachmentBehavior(kind: kind, item: item, offsetFromCenter: local, attachedToAnchor: anchorPoint)
        }
        a.axisOfTranslation = Planar.rotate(axisOfTranslation, by: -bodies.angle[i])
        return a
    }

    /// A snap's release velocity replaces the item's velocity when the snap is added.
    mutating func applyRelease(_ kind: Behavior.Kind) {
        guard case let .snap(s) = kind, let i = liveSlot(s.item), !bodies.isStatic[i] else { return }
        if let v = s.releaseVelocity { bodies.velocity[i] = v }
        if let w = s.releaseAngularVelocity, bodies.inverseInertia[i] > 0 { bodies.angularVelocity[i] = w }
    }

    /// After any behaviour change: dynamic item properties, then wake the bodies named.
    mutating func afterChange(_ nodes: [BehaviorNode]) {
        // Handles, resolved in one loop at the end: a method reference such as
        // `compactMap(liveSlot)` captures a copy of the whole World (a drag that updates
        // an attachment every frame paid one per behaviour kind).
        var touched: [BodyHandle] = []
        var propertiesChanged = false
        var collisionChanged = false
        for node in nodes {
            switch node.kind {
            case .group: break
            case let .gravity(g): touched += g.items
            case let .push(p): touched += p.items
            case let .snap(s): touched.append(s.item)
            case let .attachment(a):
                touched.append(a.item)
                if case let .item(o, _) = a.target {
                    touched.append(o)
                    collisionChanged = true
                }
            case let .dynamicItem(d):
                touched += d.items
                propertiesChanged = true
                collisionChanged = true
            case let .field(f): touched += f.items
            case let .collision(c):
                touched += c.items
                collisionChanged = true
            }
        }
        // Collision groups and boundaries, static bodies (anchoring) and the pairs
        // joined by attachments (which do not collide) decide the proxy table.
        if collisionChanged { contacts.needsRebuild = true }
        if propertiesChanged { refreshProperties() }
        for handle in touched {
            if let i = liveSlot(handle) { wake(i) }
        }
    }

    /// Recomputes every body's properties: its own, overridden by each dynamic item
    /// behaviour in order; mass and inertia follow.
    mutating func refreshProperties() {
        var effective = bodies.ownProperties
        for s in behaviors.order {
            for node in behaviors.records[s] ?? [] {
                guard case let .dynamicItem(d) = node.kind else { continue }
                for h in d.items {
                    if let i = liveSlot(h) { effective[i] = d.applied(to: effective[i]) }
                }
            }
        }
        var changed = false
        for i in bodiesNewestFirst where effective[i] != bodies.properties[i] {
            bodies.properties[i] = effective[i]
            bodies.updateMass(i)
            changed = true
        }
        if changed { recountAwake() }
    }

    /// Wakes every body joined to `handle` by an attachment.
    mutating func wakeBodies(linkedTo handle: BodyHandle) {
        for s in behaviors.order {
            for node in behaviors.records[s] ?? [] {
                guard case let .attachment(a) = node.kind, case let .item(o, _) = a.target else { continue }
                if a.item == handle, let j = liveSlot(o) { wake(j) }
                if o == handle, let j = liveSlot(a.item) { wake(j) }
            }
        }
    }

    /// A drag attachment gripping `item` at the world point `point` (pt), pulling it
    /// towards the anchor point (at first `point` itself; move it with `anchorPoint`) with
    /// a spring of `frequency` Hz and damping ratio `damping` and at most `maximumForce` N —
    /// by default 1000 times the item's mass in kg, Box2D's samples' choice (the v3 mouse
    /// joint sample: 5 Hz, 0.7).
    ///
    /// - Throws: `HookeError.invalidParameter` naming a non-finite `point` component
    ///   (`addBehavior` validates the rest).
    public func dragAttachment(
        item: BodyHandle, grabbingAt point: SIMD2<Double>, frequency: Double = 5, damping: Double = 0.7,
        maximumForce: Double? = nil
    ) throws(HookeError) -> AttachmentBehavior {
        _ = try Validate.finite(point.x, "point.x")
        _ = try Validate.finite(point.y, "point.y")
        let i = slot(of: item)
        var a = AttachmentBehavior(kind: .drag, item: item,
                                   offsetFromCenter: Planar.rotate(point - bodies.center[i], by: -bodies.angle[i]),
                                   attachedToAnchor: point, frequency: frequency, damping: damping)
        let mass = bodies.inverseMass[i] > 0 ? 1 / bodies.inverseMass[i] : 0
        a.maximumForce = maximumForce ?? 1000 * mass
        return a
    }

    /// Appends the solver joint of an attachment (none when a body it names is gone).
    /// Side A is the item, side B the other item or the world.
    func appendJoints(for a: AttachmentBehavior, owner: (slot: Int, node: Int), states: [JointState],
                      into set: inout JointSet) {
        guard let i = liveSlot(a.item), let state = states.first else { return }
        var bodyB = -1
        var localB = SIMD2<Double>.zero
        switch a.target {
        case let .anchor(p): localB = p
        case let .item(o, offset):
            guard let j = liveSlot(o) else { return }
            bodyB = j
            localB = offset
        }
        let owner = (owner.slot, owner.node, 0)
        switch a.kind {
        case .distance, .limit:
            set.append(DistanceJoint(
                kind: a.kind == .limit ? .rope : .distance, bodyA: i, localA: a.offsetFromCenter,
                bodyB: bodyB, localB: localB, length: a.length ?? 0, frequency: a.frequency,
                dampingRatio: a.damping, impulse: state.impulse.x), owner: owner, sequence: state.sequence)
        case .pin:
            set.append(RevoluteJoint(
                bodyA: i, bodyB: bodyB, localA: a.offsetFromCenter, localB: localB,
                referenceAngle: a.referenceAngle ?? 0,
                maximumFrictionTorque: a.frictionTorque * World.pointsPerMetre * World.pointsPerMetre,
                motorSpeed: a.motorSpeed, range: a.attachmentRange, impulse: state.impulse,
                motorImpulse: state.motorImpulse, limitState: state.limitState), owner: owner, sequence: state.sequence)
        case .fixed:
            set.append(WeldJoint(
                bodyA: i, bodyB: bodyB, localA: a.offsetFromCenter, localB: localB,
                referenceAngle: a.referenceAngle ?? 0, frequency: a.frequency, dampingRatio: a.damping,
                impulse: state.impulse), owner: owner, sequence: state.sequence)
        case .drag:
            set.append(DragJoint(
                bodyA: i, localA: a.offsetFromCenter, target: localB, frequency: a.frequency, dampingRatio: a.damping,
                maximumForce: a.maximumForce * World.pointsPerMetre, impulse: SIMD2(state.impulse.x, state.impulse.y)),
                owner: owner, sequence: state.sequence)
        case .sliding:
            set.append(PrismaticJoint(
                bodyA: i, bodyB: bodyB, localA: a.offsetFromCenter, localB: localB,
                localAxis: a.axisOfTranslation / Planar.length(a.axisOfTranslation),
                referenceAngle: a.referenceAngle ?? 0, range: a.attachmentRange,
                maximumMotorForce: a.frictionForce * World.pointsPerMetre, motorSpeed: a.motorSpeed,
                impulse: state.impulse, motorImpulse: state.motorImpulse, limitState: state.limitState),
                owner: owner, sequence: state.sequence)
        }
    }

    /// Appends the four solver joints of a snap, in creation order.
    func appendJoints(for s: SnapBehavior, owner: (slot: Int, node: Int), states: [JointState],
                      into set: inout JointSet) {
        guard let i = liveSlot(s.item), states.count == 4 else { return }
        let size = bodies.shape[i].size
        let w = size.x / 2, h = size.y / 2, l = SnapBehavior.springLength, p = s.snapPoint
        // Item corner → anchor point, in UIKit's order: (−w/2, −h/2) to 50 pt left of the
        // target corner, then to 50 pt above it; (+w/2, +h/2) to 50 pt right, then below.
        let corners = (SIMD2(-w, -h), SIMD2(-w, -h), SIMD2(w, h), SIMD2(w, h))
        let anchors = (p + SIMD2(-w - l, -h), p + SIMD2(-w, -h - l), p + SIMD2(w + l, h), p + SIMD2(w, h + l))
        func add(_ k: Int, _ corner: SIMD2<Double>, _ anchor: SIMD2<Double>) {
            set.append(DistanceJoint(kind: .distance, bodyA: i, localA: corner, bodyB: -1, localB: anchor,
                                     length: l, frequency: SnapBehavior.springFrequency,
                                     dampingRatio: s.damping, impulse: states[k].impulse.x),
                       owner: (owner.slot, owner.node, k), sequence: states[k].sequence)
        }
        add(0, corners.0, anchors.0)
        add(1, corners.1, anchors.1)
        add(2, corners.2, anchors.2)
        add(3, corners.3, anchors.3)
    }
}
