import Foundation
import HookeCore
import HookeCollision

// The collision stages of `World.step()` (order and references: World+Step.swift and
// Docs/collisions.md): `broadphase` keeps one proxy per colliding body (per part of a compound) and per
// boundary edge in the dynamic AABB tree and turns new overlapping pairs into
// contacts; `narrowphase` recomputes each awake contact's manifold and carries the
// impulses of matching features over; `contactEvents` reports contacts that began or
// ended. `continuousCollision` is in World+ContinuousCollision.swift.

extension World {
    /// The collision outline of a body shape, as convex pieces in the body's frame: a
    /// rectangle is a w × h box with a 1 pt skin (Box2D's `SetAsBox` plus its polygon
    /// radius, so the touching outline is 2 pt larger than the item), an ellipse a circle
    /// or a polygon within 0.25 pt of the ellipse (`CollisionShape.ellipse`), a polygon
    /// itself (either winding), each one piece; a compound one piece per part, placed at
    /// the part's offset and angle.
    static func collisionShapes(for shape: BodyShape) -> [CollisionShape] {
        let piece: CollisionShape?
        switch shape {
        case let .rectangle(w, h):
            piece = try? CollisionShape.box(width: w, height: h)
        case let .ellipse(w, h):
            piece = try? CollisionShape.ellipse(width: w, height: h)
        case let .polygon(vertices):
            let ordered = ConvexPolygon.signedArea(vertices) < 0 ? Array(vertices.reversed()) : vertices
            piece = try? CollisionShape.polygon(ordered)
        case let .compound(parts):
            return parts.flatMap { part in
                collisionShapes(for: part.shape).map {
                    $0.transformed(by: CollisionTransform(position: part.offset, angle: part.angle))
                }
            }
        }
        return piece.map { [$0] } ?? []
    }

    /// Placement of body slot `i`, or the identity for a boundary (−1).
    @inline(__always)
    func collisionTransform(_ i: Int32) -> CollisionTransform {
        i < 0 ? .identity : CollisionTransform(position: bodies.center[Int(i)], angle: bodies.angle[Int(i)])
    }

    /// Placement of body slot `i` (identity for −1) through the rotation cache
    /// (`cachedPlacement`). Position iterations and the narrowphase then call no
    /// trigonometry for bodies that barely turn.
    @inline(__always)
    mutating func placement(_ i: Int32) -> CollisionTransform {
        guard i >= 0 else { return .identity }
        let k = Int(i)
        if k >= scratch.rotations.cosineSine.count { growRotationCache() }
        return Self.cachedPlacement(center: bodies.center[k], angle: bodies.angle[k],
                                    rotation: &scratch.rotations.cosineSine[k], rotationAngle: &scratch.rotations.angle[k])
    }

    /// Gives every body slot an entry in the rotation cache (a new one holds no angle).
    mutating func growRotationCache() {
        guard scratch.rotations.cosineSine.count < bodies.count else { return }
        scratch.rotations.cosineSine += Array(repeating: SIMD2(1, 0), count: bodies.count - scratch.rotations.cosineSine.count)
        scratch.rotations.angle += Array(repeating: .nan, count: bodies.count - scratch.rotations.angle.count)
    }

    /// The placement at `center` and `angle` through one rotation cache entry: the
    /// cached (cos, sin) `rotation` of the angle `rotationAngle`, brought up to `angle`.
    /// When the angle moved by |δ| < 0.01 rad, the cached rotation is turned by δ with
    /// cos δ and sin δ from their Taylor series to δ⁵ (remainder below δ⁶/720 < 2e-15);
    /// otherwise cos and sin are recomputed. (An entry with no angle yet holds NaN, so δ
    /// is NaN and takes the second branch.)
    @inline(__always)
    static func cachedPlacement(center: SIMD2<Double>, angle: Double, rotation: inout SIMD2<Double>,
                                rotationAngle: inout Double) -> CollisionTransform {
        let delta = angle - rotationAngle
        if delta != 0 {
            if abs(delta) < 0.01 {
                let d2 = delta * delta
                let c = 1 - d2 / 2 * (1 - d2 / 12)
                let s = delta * (1 - d2 / 6 * (1 - d2 / 20))
                let r = rotation
                rotation = SIMD2(r.x * c - r.y * s, r.y * c + r.x * s)
            } else {
                rotation = SIMD2(cos(angle), sin(angle))
            }
            rotationAngle = angle
        }
        return CollisionTransform(position: center, cosine: rotation.x, sine: rotation.y)
    }

    /// Rebuilds the proxy table from the collision behaviours: groups in behaviour
    /// order, boundary edges, then one proxy per body named by any group. Existing
    /// contacts are kept aside by their shapes' keys and matched again by `broadphase`.
    mutating func rebuildContactProxies() {
        var set = ContactSet()
        var itemGroups: [Int: [Int32]] = [:]
        var boundaryGroups: [Int: [Int32]] = [:]
        var edges: [(shape: CollisionShape, group: Int32, identifier: String?, key: ContactShapeKey,
                     friction: Double, elasticity: Double, filter: CollisionFilter)] = []
        var group: Int32 = 0
        for s in behaviors.order {
            guard let nodes = behaviors.records[s] else { continue }
            for (n, node) in nodes.enumerated() {
                if case let .attachment(a) = node.kind, case let .item(other, _) = a.target,
                   let i = liveSlot(a.item), let j = liveSlot(other) {
                    set.joinedPairs.insert(ContactSet.pairKey(Int32(i), Int32(j)))
                }
                guard case let .collision(c) = node.kind else { continue }
                for h in c.items {
                    guard let i = liveSlot(h) else { continue }
                    if c.mode.includesItems, itemGroups[i]?.last != group { itemGroups[i, default: []].append(group) }
                    if c.mode.includesBoundaries, boundaryGroups[i]?.last != group {
                        boundaryGroups[i, default: []].append(group)
                    }
                    if itemGroups[i] == nil { itemGroups[i] = [] }
                }
                let owner = UInt64(s) << 32 | UInt64(n)
                if c.mode.includesBoundaries {
                    for b in c.boundaries.indices {
                        let shapes = (try? c.edges(of: b, name: "collision")) ?? []
                        for (e, shape) in shapes.enumerated() {
                            edges.append((shape, group, c.boundaries[b].identifier,
                                          ContactShapeKey(first: owner, second: UInt64(b) << 32 | UInt64(e), isBoundary: true),
                                          c.boundaries[b].friction, c.boundaries[b].elasticity, c.boundaries[b].filter))
                        }
                    }
                    if c.translatesReferenceBoundsIntoBoundary, let r = referenceBounds {
                        let inset = c.referenceBoundsInsets
                        let shapes = (try? CollisionShape.boundaryEdges(
                            origin: r.origin, size: r.size, top: inset.top, left: inset.left,
                            bottom: inset.bottom, right: inset.right)) ?? []
                        for (e, shape) in shapes.enumerated() {
                            edges.append((shape, group, nil,
                                          ContactShapeKey(first: owner, second: UInt64(UInt32.max) << 32 | UInt64(e),
                                                          isBoundary: true),
                                          c.referenceBoundsFriction, c.referenceBoundsElasticity,
                                          c.referenceBoundsFilter))
                        }
                    }
                }
                group += 1
            }
        }
        set.proxiesOfBody = Array(repeating: 0..<0, count: bodies.count)
        for edge in edges {
            // A floor may rightly touch every body on it: edges are not bounded.
            let leaf = set.broadPhase.createProxy(edge.shape.aabb(.identity), bounded: false)
            set.proxies.append(ContactProxy(body: -1, shape: edge.shape, key: edge.key, itemGroups: [], boundaryGroups: [],
                                            group: edge.group, identifier: edge.identifier,
                                            friction: edge.friction, elasticity: edge.elasticity,
                                            filter: edge.filter, leaf: leaf))
        }
        for i in itemGroups.keys.sorted() {
            let first = set.proxies.count
            for (part, shape) in Self.collisionShapes(for: bodies.shape[i]).enumerated() {
                let leaf = set.broadPhase.createProxy(shape.aabb(collisionTransform(Int32(i))), bounded: !bodies.isStatic[i])
                set.proxies.append(ContactProxy(
                    body: Int32(i), shape: shape,
                    key: ContactShapeKey(first: UInt64(i), second: UInt64(part) << 32 | UInt64(bodies.generation[i]),
                                         isBoundary: false),
                    itemGroups: itemGroups[i] ?? [], boundaryGroups: boundaryGroups[i] ?? [],
                    group: -1, identifier: nil, filter: bodies.collisionFilter[i], isSensor: bodies.isSensor[i], leaf: leaf))
            }
            set.proxiesOfBody[i] = first..<set.proxies.count
        }
        set.rebuildHulls()
        set.hasSensors = set.proxies.contains { $0.isSensor }
        for (k, p) in set.proxies.enumerated() {
            let leaf = p.leaf.rawValue
            if set.proxyOfLeaf.count <= leaf {
                set.proxyOfLeaf += Array(repeating: -1, count: leaf + 1 - set.proxyOfLeaf.count)
            }
            set.proxyOfLeaf[leaf] = Int32(k)
        }
        // Old contacts wait under their shapes' keys.
        for c in contacts.contacts {
            let a = contacts.proxies[Int(c.proxyA)].key, b = contacts.proxies[Int(c.proxyB)].key
            set.carried[ContactPairKey(a, b)] = CarriedContact(
                contact: c, ended: c.isTouching && !c.isSensor ? endedEvent(c) : nil,
                sensorEnded: c.isTouching && c.isSensor ? sensorEvent(c, contacts) : nil)
        }
        set.pairsChanged = true
        set.contactTouches = contacts.contactTouches
        set.sensorTouches = contacts.sensorTouches
        contacts = set
    }

    // MARK: - 4. broadphase

    /// Moves the proxies of awake bodies to their tight boxes (a proxy is re-inserted
    /// only when it leaves its box fattened by 10 pt and stretched by 2·h·v ahead),
    /// updates the overlapping pairs and merges them with the contact list: a new pair
    /// becomes a contact when its shapes may collide, a pair gone takes its contact with
    /// it (ended if touching).
    mutating func broadphase() {
        if contacts.needsRebuild || contacts.proxiesOfBody.count != bodies.count && !contacts.isEmpty {
            rebuildContactProxies()
        }
        guard !contacts.isEmpty else {
            // The last collision behaviour went away: its touching contacts end.
            if !contacts.carried.isEmpty {
                var set = contacts
                contacts = ContactSet()
                flushCarried(&set)
                set.contacts.removeAll()
                contacts = set
            }
            return
        }
        var set = contacts
        contacts = ContactSet()
        defer { contacts = set }

        for k in set.proxies.indices {
            let i = Int(set.proxies[k].body)
            guard i >= 0, bodies.isAwake[i], !bodies.isStatic[i] else { continue }
            let box = set.hulls.aabb(k, placement(Int32(i)))
            let displacement = configuration.timestep * bodies.velocity[i]
            if set.broadPhase.moveProxy(set.proxies[k].leaf, to: box, displacement: displacement) {
                set.pairsChanged = true
            }
        }
        guard set.pairsChanged else { return }
        set.pairsChanged = false
        let pairs = set.broadPhase.updatePairs()
        if set.broadPhase.droppedPairCount > 0 {
            recordEvent(.contactsDropped(set.broadPhase.droppedPairCount))
        }
        // Proxies re-inserted with the pairs they had leave the contacts as they are
        // (unless a rebuild left contacts waiting to be matched).
        guard set.broadPhase.pairsDidChange || !set.carried.isEmpty else { return }
        let old = set.contacts
        // Merged into the previous step's spare list: a list of tens of thousands of
        // contacts allocated afresh every step would be new pages from the system each
        // time, faulted in and cleared.
        var merged = scratch.contactChanges.spare
        scratch.contactChanges.spare = []
        merged.removeAll(keepingCapacity: true)
        merged.reserveCapacity(max(old.count, pairs.count))
        // Contacts that keep their pair are copied in runs, old[run ..< o].
        var o = 0, run = 0
        for pair in pairs {
            if o < old.count && old[o].pair < pair {
                merged += old[run..<o]
                while o < old.count && old[o].pair < pair {
                    contactDestroyed(old[o], set)
                    o += 1
                }
                run = o
            }
            if o < old.count && old[o].pair == pair {
                o += 1
                continue
            }
            merged += old[run..<o]
            run = o
            let pa = Int(set.proxyOfLeaf[pair.a.rawValue]), pb = Int(set.proxyOfLeaf[pair.b.rawValue])
            let a = set.proxies[pa], b = set.proxies[pb]
            let interaction = set.interaction(a, b, isStatic: bodies.isStatic)
            guard interaction != .none else { continue }
            let key = ContactPairKey(a.key, b.key)
            // A carried contact is the same one only if it still senses (or collides).
            if !set.carried.isEmpty, set.carried[key]?.contact.isSensor == (interaction == .sense),
               var c = set.carried.removeValue(forKey: key)?.contact {
                // Same shapes under new proxies; the manifold is re-oriented if A and B
                // exchanged (normal impulses are magnitudes, and the tangent turns with
                // the normal, so the stored impulses stand).
                if c.bodyA != a.body { c.manifold = c.manifold.swapped }
                c.pair = pair
                c.proxyA = Int32(pa)
                c.proxyB = Int32(pb)
                c.bodyA = a.body
                c.bodyB = b.body
                merged.append(c)
                continue
            }
            var contact = makeContact(pair: pair, pa, a, pb, b)
            contact.isSensor = interaction == .sense
            merged.append(contact)
        }
        merged += old[run..<o]
        while o < old.count {
            contactDestroyed(old[o], set)
            o += 1
        }
        if !set.carried.isEmpty { flushCarried(&set) }
        set.contacts = merged
        scratch.contactChanges.spare = old
    }

    /// Ends the contacts of the previous proxy table that found no pair in the new one.
    mutating func flushCarried(_ set: inout ContactSet) {
        // Dictionary order is not deterministic: report in handle order.
        let ended = set.carried.values.compactMap(\.ended).sorted {
            ($0.item, $0.point.x, $0.point.y) < ($1.item, $1.point.x, $1.point.y)
        }
        scratch.contactChanges.ended += ended
        scratch.contactChanges.sensorEnded += set.carried.values.compactMap(\.sensorEnded).sorted {
            ($0.sensor, $0.visitor) < ($1.sensor, $1.visitor)
        }
        set.carried.removeAll()
    }

    /// A fresh contact with the mixed material: friction √(f_A·f_B), elasticity
    /// max(e_A, e_B), a boundary edge counting with its boundary's friction and
    /// elasticity (0.2 and 0.2 unless set).
    func makeContact(pair: ProxyPair, _ pa: Int, _ a: ContactProxy, _ pb: Int, _ b: ContactProxy) -> Contact {
        func material(_ p: ContactProxy) -> (friction: Double, elasticity: Double) {
            p.body < 0 ? (p.friction, p.elasticity)
                : (bodies.properties[Int(p.body)].friction, bodies.properties[Int(p.body)].elasticity)
        }
        let ma = material(a), mb = material(b)
        return Contact(pair: pair, proxyA: Int32(pa), proxyB: Int32(pb), bodyA: a.body, bodyB: b.body,
                       friction: (ma.friction * mb.friction).squareRoot(),
                       restitution: max(ma.elasticity, mb.elasticity))
    }

    mutating func contactDestroyed(_ c: Contact, _ set: ContactSet) {
        guard c.isTouching else { return }
        if c.isSensor {
            scratch.contactChanges.sensorEnded.append(sensorEvent(c, set))
        } else {
            scratch.contactChanges.ended.append(endedEvent(c, set))
        }
    }

    // MARK: - 5. narrowphase

    /// Recomputes the manifold of every contact with an awake dynamic body at the
    /// current placements; a new point takes the impulses of the old point with the
    /// same feature id (warm starting). A contact touches when its manifold has a point;
    /// a change of touching wakes both bodies (Box2D's `b2Contact::Update`).
    mutating func narrowphase() {
        // The touching contacts are listed on the way for `islands`, which would
        // otherwise read every contact again.
        scratch.touching.contacts.removeAll(keepingCapacity: true)
        scratch.touching.ends.removeAll(keepingCapacity: true)
        guard !contacts.isEmpty else { return }
        var set = contacts
        contacts = ContactSet()
        defer { contacts = set }
        scratch.contactChanges.changed.removeAll(keepingCapacity: true)
        let margin = configuration.solver == .uikit ? 0 : Self.speculativeDistance
        let hulls = set.hulls

        // The per-contact loop writes through `MutableSpan`s: an array store or append
        // checks its buffer's uniqueness (and an append its capacity) each time, which
        // cost as much as the bookkeeping itself, and a span is checked once (its
        // exclusive access, to a variable the closure captures, at run time: five checks
        // a step). So the touching lists are sized for every contact and cut to length
        // afterwards, and the rotation cache is moved out of `scratch` (which `wake` may
        // not touch).
        let count = set.contacts.count
        var touching = scratch.touching.contacts, touchingEnds = scratch.touching.ends
        scratch.touching.contacts = []
        scratch.touching.ends = []
        touching.append(contentsOf: repeatElement(0, count: count))
        touchingEnds.append(contentsOf: repeatElement(.zero, count: count))
        growRotationCache()
        var cosineSine = scratch.rotations.cosineSine, rotationAngle = scratch.rotations.angle
        scratch.rotations.cosineSine = []
        scratch.rotations.angle = []
        var touchingCount = 0

        hulls.withHulls { hull in
            var contacts = set.contacts.mutableSpan
            var listed = touching.mutableSpan, listedEnds = touchingEnds.mutableSpan
            var cachedRotation = cosineSine.mutableSpan, cachedAngle = rotationAngle.mutableSpan
            /// `placement(i)` on the borrowed rotation cache.
            @inline(__always) func place(_ i: Int32, _ rotation: inout MutableSpan<SIMD2<Double>>,
                                         _ angle: inout MutableSpan<Double>) -> CollisionTransform {
                guard i >= 0 else { return .identity }
                let k = Int(i)
                return Self.cachedPlacement(center: bodies.center[k], angle: bodies.angle[k],
                                            rotation: &rotation[unchecked: k], rotationAngle: &angle[unchecked: k])
            }
            @inline(__always) func listTouching(_ c: Int, _ a: Int32, _ b: Int32, _ listed: inout MutableSpan<Int>,
                                                _ listedEnds: inout MutableSpan<SIMD2<Int32>>) {
                listed[unchecked: touchingCount] = c
                listedEnds[unchecked: touchingCount] = SIMD2(a, b)
                touchingCount += 1
            }
            for c in 0..<count {
                // Sensors: `sensorOverlaps`, after the bodies moved.
                if contacts[unchecked: c].isSensor { continue }
                let a = contacts[unchecked: c].bodyA, b = contacts[unchecked: c].bodyB
                let activeA = a >= 0 && bodies.isAwake[Int(a)] && !bodies.isStatic[Int(a)]
                let activeB = b >= 0 && bodies.isAwake[Int(b)] && !bodies.isStatic[Int(b)]
                guard activeA || activeB else {
                    if contacts[unchecked: c].isTouching { listTouching(c, a, b, &listed, &listedEnds) }
                    continue
                }
                // The old points' features, before the manifold is rebuilt in place.
                let oldCount = contacts[unchecked: c].manifold.pointCount
                let oldPoints = contacts[unchecked: c].manifold.storedPoints
                let old0 = oldCount > 0 ? oldPoints.0.feature : nil
                let old1 = oldCount > 1 ? oldPoints.1.feature : nil
                let placeA = place(a, &cachedRotation, &cachedAngle), placeB = place(b, &cachedRotation, &cachedAngle)
                Narrowphase.collide(hull, Int(contacts[unchecked: c].proxyA), placeA,
                                    Int(contacts[unchecked: c].proxyB), placeB,
                                    margin, into: &contacts[unchecked: c].manifold)
                let pointCount = contacts[unchecked: c].manifold.pointCount
                let points = contacts[unchecked: c].manifold.storedPoints
                var normal = SIMD2<Double>.zero, tangent = SIMD2<Double>.zero
                for j in 0..<pointCount {
                    // (Should both old points carry the id, the second one's impulses win.)
                    let id = j == 0 ? points.0.feature : points.1.feature
                    if id == old1 {
                        normal[j] = contacts[unchecked: c].normalImpulses[1]
                        tangent[j] = contacts[unchecked: c].tangentImpulses[1]
                    } else if id == old0 {
                        normal[j] = contacts[unchecked: c].normalImpulses[0]
                        tangent[j] = contacts[unchecked: c].tangentImpulses[0]
                    }
                }
                let isTouching = pointCount > 0
                let was = contacts[unchecked: c].isTouching
                contacts[unchecked: c].normalImpulses = normal
                contacts[unchecked: c].tangentImpulses = tangent
                contacts[unchecked: c].isTouching = isTouching
                if isTouching {
                    contacts[unchecked: c].lastPoint = points.0.position
                    listTouching(c, a, b, &listed, &listedEnds)
                }
                if isTouching && !was {
                    contacts[unchecked: c].approachSpeed = approachSpeed(
                        a, b, at: points.0.position, normal: contacts[unchecked: c].manifold.normal)
                }
                if isTouching != was {
                    scratch.contactChanges.changed.append(c)
                    if a >= 0 { wake(Int(a)) }
                    if b >= 0 { wake(Int(b)) }
                }
            }
        }
        touching.removeLast(count - touchingCount)
        touchingEnds.removeLast(count - touchingCount)
        scratch.touching.contacts = touching
        scratch.touching.ends = touchingEnds
        scratch.rotations.cosineSine = cosineSine
        scratch.rotations.angle = rotationAngle
    }

    /// −(v_B + ω_B × r_B − v_A − ω_A × r_A)·n at `point` for the normal n from A to B:
    /// how fast the sides close there, from the velocities the step starts with.
    func approachSpeed(_ a: Int32, _ b: Int32, at point: SIMD2<Double>, normal n: SIMD2<Double>) -> Double {
        func pointVelocity(_ i: Int32) -> SIMD2<Double> {
            guard i >= 0 else { return .zero }
            let k = Int(i)
            return bodies.velocity[k] + Planar.cross(bodies.angularVelocity[k], point - bodies.center[k])
        }
        return -Planar.dot(pointVelocity(b) - pointVelocity(a), n)
    }

    // MARK: - 11b. sensorOverlaps

    /// Updates each sensor contact with an awake, non-static side at the placements the
    /// step ends with, as Box2D v3 does after its solver, so that an overlap is reported
    /// in the step whose result shows it: overlapping when the outlines (skins included)
    /// meet, that is when the manifold without a speculative margin has a point. Sensors
    /// are never solved and wake nobody. A world without a sensor skips the stage.
    mutating func sensorOverlaps() {
        guard contacts.hasSensors else { return }
        for c in contacts.contacts.indices where contacts.contacts[c].isSensor {
            let a = contacts.contacts[c].bodyA, b = contacts.contacts[c].bodyB
            let activeA = a >= 0 && bodies.isAwake[Int(a)] && !bodies.isStatic[Int(a)]
            let activeB = b >= 0 && bodies.isAwake[Int(b)] && !bodies.isStatic[Int(b)]
            guard activeA || activeB else { continue }
            let placeA = placement(a), placeB = placement(b)
            let pa = Int(contacts.contacts[c].proxyA), pb = Int(contacts.contacts[c].proxyB)
            var manifold = contacts.contacts[c].manifold
            contacts.hulls.withHulls { hull in
                Narrowphase.collide(hull, pa, placeA, pb, placeB, 0, into: &manifold)
            }
            contacts.contacts[c].manifold = manifold
            let isTouching = manifold.pointCount > 0
            if isTouching { contacts.contacts[c].lastPoint = manifold[0].position }
            if isTouching != contacts.contacts[c].isTouching {
                contacts.contacts[c].isTouching = isTouching
                scratch.contactChanges.changed.append(c)
            }
        }
    }

    // MARK: - 12. contactEvents

    /// Reports the contacts that began touching in this step's narrowphase (with their
    /// first point) and those that stopped touching or disappeared; an item's contacts
    /// with the edges of one boundary, or the parts of a compound's with one partner,
    /// count as one (`TouchCounts`).
    mutating func contactEvents() {
        var began: [ContactEvent] = []
        var ended = scratch.contactChanges.ended
        var sensorBegan: [SensorEvent] = []
        var sensorEnded = scratch.contactChanges.sensorEnded
        scratch.contactChanges.ended.removeAll(keepingCapacity: true)
        scratch.contactChanges.sensorEnded.removeAll(keepingCapacity: true)
        for c in scratch.contactChanges.changed {
            let contact = contacts.contacts[c]
            if contact.isSensor {
                if contact.isTouching {
                    sensorBegan.append(sensorEvent(contact, contacts))
                } else {
                    sensorEnded.append(sensorEvent(contact, contacts))
                }
            } else if contact.isTouching {
                var e = event(contact, point: contact.manifold[0].position, contacts)
                e.approachSpeed = contact.approachSpeed
                // Internal impulses are kg·pt/s; 1 N·s = 1 kg·m/s = 100 kg·pt/s.
                e.normalImpulse = (contact.normalImpulses[0] + contact.normalImpulses[1]) / 100
                began.append(e)
            } else {
                ended.append(endedEvent(contact))
            }
        }
        scratch.contactChanges.changed.removeAll(keepingCapacity: true)
        contacts.contactTouches.coalesce(began: &began, ended: &ended, key: ContactTouchKey.init)
        contacts.sensorTouches.coalesce(began: &sensorBegan, ended: &sensorEnded) { $0 }
        // Began before ended within a step, as the per-kind lists always read.
        for e in began { recordEvent(.contactBegan(e)) }
        for e in ended { recordEvent(.contactEnded(e)) }
        for e in sensorBegan { recordEvent(.sensorBegan(e)) }
        for e in sensorEnded { recordEvent(.sensorEnded(e)) }
    }

    /// The sensor event of a sensor contact: which side is the sensor, which the visitor.
    func sensorEvent(_ c: Contact, _ set: ContactSet) -> SensorEvent {
        let pa = set.proxies[Int(c.proxyA)], pb = set.proxies[Int(c.proxyB)]
        return pa.isSensor ? SensorEvent(sensor: pa.key.body, visitor: pb.key.body)
            : SensorEvent(sensor: pb.key.body, visitor: pa.key.body)
    }

    func endedEvent(_ c: Contact) -> ContactEvent { endedEvent(c, contacts) }

    func endedEvent(_ c: Contact, _ set: ContactSet) -> ContactEvent { event(c, point: c.lastPoint, set) }

    /// The event of a contact: for two items the older handle first, for a boundary the item.
    func event(_ c: Contact, point: SIMD2<Double>, _ set: ContactSet) -> ContactEvent {
        let pa = set.proxies[Int(c.proxyA)], pb = set.proxies[Int(c.proxyB)]
        if pa.body < 0 { return ContactEvent(item: pb.key.body, partner: .boundary(pa.identifier), point: point) }
        if pb.body < 0 { return ContactEvent(item: pa.key.body, partner: .boundary(pb.identifier), point: point) }
        let x = pa.key.body, y = pb.key.body
        return ContactEvent(item: min(x, y), partner: .item(max(x, y)), point: point)
    }
}
