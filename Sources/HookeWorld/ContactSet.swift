import HookeCollision
import HookeIO

/// What a broadphase proxy stands for, stable across rebuilds of the proxy table, so
/// that contacts (and their warm-start impulses) survive a behaviour change.
struct ContactShapeKey: Sendable, Hashable, Codable {
    /// A body's piece: slot, and part index (high half) and generation (low half). A
    /// boundary edge: behaviour slot and node, boundary index (`UInt32.max` for the
    /// reference bounds) and edge index.
    var first: UInt64
    var second: UInt64
    var isBoundary: Bool

    /// The handle of a body piece's body (which may have been removed since).
    var body: BodyHandle { BodyHandle(index: Int32(first), generation: UInt32(truncatingIfNeeded: second)) }
}

/// One collision shape in the broadphase: a body's outline (one per part of a compound)
/// or one boundary edge.
struct ContactProxy: Sendable, Codable {
    /// Body slot, or −1 for a boundary edge (static, world coordinates).
    var body: Int32
    var shape: CollisionShape
    var key: ContactShapeKey
    /// Body proxies: the collision groups whose items collide with items (sorted).
    var itemGroups: [Int32]
    /// Body proxies: the groups whose items collide with boundaries (sorted).
    var boundaryGroups: [Int32]
    /// Boundary proxies: the group the edge belongs to.
    var group: Int32
    /// Boundary proxies: the identifier events report (nil for the reference bounds).
    var identifier: String?
    /// Boundary proxies: the boundary's friction and elasticity (body proxies: unused,
    /// the body's properties count).
    var friction = CollisionBehavior.boundaryFriction
    var elasticity = CollisionBehavior.boundaryElasticity
    /// The body's or the boundary's categories and masks.
    var filter = CollisionFilter.default
    /// Body proxies: whether the body is a sensor.
    var isSensor = false
    var leaf: ProxyID
}

/// What two proxies do when their boxes overlap.
enum ProxyInteraction: Sendable {
    /// Nothing: no contact is made.
    case none
    /// They collide: a contact that is solved.
    case collide
    /// One is a sensor: a contact that only reports overlap (`SensorEvent`).
    case sense
}

/// A pair of proxies whose fattened boxes overlap and which may collide: its manifold,
/// mixed material and accumulated impulses (Box2D's `b2Contact`).
struct Contact: Sendable, Codable {
    /// The broadphase pair (leaf ids, smaller first): the sort key of `ContactSet.contacts`.
    var pair: ProxyPair
    var proxyA: Int32
    var proxyB: Int32
    /// Body slots, −1 for a boundary.
    var bodyA: Int32
    var bodyB: Int32
    var manifold = ContactManifold.empty
    var friction: Double
    var restitution: Double
    var normalImpulses = SIMD2<Double>.zero
    var tangentImpulses = SIMD2<Double>.zero
    var isTouching = false
    /// A sensor's overlap: never solved, reported as `SensorEvent`s.
    var isSensor = false
    /// The last manifold point, for the ended event.
    var lastPoint = SIMD2<Double>.zero
    /// The closing speed along the normal at the first point when the contact began
    /// touching (pt/s), for its began event.
    var approachSpeed = 0.0
}

/// The world's collision state: proxies, broadphase and persistent contacts.
struct ContactSet: Sendable, Codable {
    var proxies: [ContactProxy] = []
    /// Each proxy's core hull, in flat columns, so that the broadphase and narrowphase
    /// read shapes without copying a proxy or a shape (and retaining their arrays).
    var hulls = HullTable()
    /// Tree leaf id → index into `proxies` (−1 for inner nodes).
    var proxyOfLeaf: [Int32] = []
    /// Body slot → its pieces' indices into `proxies`, consecutive (empty when the body
    /// collides with nothing; one per part of a compound).
    var proxiesOfBody: [Range<Int>] = []
    var broadPhase = try! BroadPhase()
    /// Contacts sorted by `pair`, as the broadphase lists its pairs.
    var contacts: [Contact] = []
    /// Set whenever behaviours, bodies or the reference bounds change.
    var needsRebuild = false
    /// Contacts of the previous proxy table, by their shapes' keys, waiting to be
    /// matched with the new pairs (only just after a rebuild).
    @SnapshotOrderedEntries var carried: [ContactPairKey: CarriedContact] = [:]
    /// Whether any proxy moved or appeared since the pairs were last merged.
    var pairsChanged = false
    /// Body pairs joined by an attachment (smaller slot in the high half): they do not
    /// collide, as Box2D's joints default to `collideConnected = false`.
    @SnapshotOrderedSet var joinedPairs: Set<UInt64> = []
    /// Contacts touching per (item, partner) and per (sensor, visitor), for the contact
    /// and sensor events (kept when the proxy table is rebuilt, as the contacts are).
    var contactTouches = TouchCounts<ContactTouchKey>()
    var sensorTouches = TouchCounts<SensorEvent>()
    /// Whether any proxy is a sensor's (the `sensorOverlaps` stage runs only then).
    var hasSensors = false
    /// Whether any collision behaviour exists (a world without one skips every stage).
    var isEmpty: Bool { proxies.isEmpty }

    /// A snapshot leaves out `hulls`, which the proxies' shapes determine
    /// (`rebuildHulls()` makes them again on restore).
    private enum CodingKeys: String, CodingKey {
        case proxies, proxyOfLeaf, proxiesOfBody, broadPhase, contacts, needsRebuild, carried, pairsChanged, joinedPairs
        case contactTouches, sensorTouches, hasSensors
    }

    /// Builds `hulls` from the proxies' shapes, in proxy order, as the proxy table does.
    mutating func rebuildHulls() {
        hulls = HullTable()
        for p in proxies { hulls.append(p.shape) }
    }

    /// What two proxies do (the table in Docs/collisions.md, "Collision filtering").
    /// UIKit's membership rule first: two bodies must share a collision behaviour whose
    /// mode includes items (not the same body, not both static, not joined by an
    /// attachment); a body and an edge need a behaviour whose mode includes boundaries,
    /// which owns the edge and lists the body (not static). Then the filters, both ways
    /// (`CollisionFilter.admits`). Then sensors: a body pair with one sensor senses, a
    /// pair of sensors or a sensor and an edge does nothing, every other pair collides.
    func interaction(_ a: ContactProxy, _ b: ContactProxy, isStatic: [Bool]) -> ProxyInteraction {
        if a.body >= 0 && b.body >= 0 {
            guard a.body != b.body, !(isStatic[Int(a.body)] && isStatic[Int(b.body)]) else { return .none }
            if !joinedPairs.isEmpty && joinedPairs.contains(Self.pairKey(a.body, b.body)) { return .none }
            guard Self.intersect(a.itemGroups, b.itemGroups), a.filter.admits(b.filter) else { return .none }
            if a.isSensor || b.isSensor { return a.isSensor && b.isSensor ? .none : .sense }
            return .collide
        }
        let (body, edge) = a.body >= 0 ? (a, b) : (b, a)
        guard body.body >= 0, edge.body < 0, body.boundaryGroups.contains(edge.group), !isStatic[Int(body.body)],
              !body.isSensor, body.filter.admits(edge.filter) else { return .none }
        return .collide
    }

    static func pairKey(_ x: Int32, _ y: Int32) -> UInt64 {
        UInt64(UInt32(min(x, y))) << 32 | UInt64(UInt32(max(x, y)))
    }

    static func intersect(_ x: [Int32], _ y: [Int32]) -> Bool {
        var i = 0, j = 0
        while i < x.count && j < y.count {
            if x[i] == y[j] { return true }
            if x[i] < y[j] { i += 1 } else { j += 1 }
        }
        return false
    }
}

/// Two shapes' keys in a canonical order (boundaries first, then by key).
struct ContactPairKey: Sendable, Hashable, Codable {
    var a: ContactShapeKey
    var b: ContactShapeKey

    init(_ x: ContactShapeKey, _ y: ContactShapeKey) {
        let xFirst = (x.isBoundary ? 0 : 1, x.first, x.second) < (y.isBoundary ? 0 : 1, y.first, y.second)
        a = xFirst ? x : y
        b = xFirst ? y : x
    }
}

/// A contact of the previous proxy table and the event to report if it is not matched.
struct CarriedContact: Sendable, Codable {
    var contact: Contact
    var ended: ContactEvent?
    var sensorEnded: SensorEvent?
}
