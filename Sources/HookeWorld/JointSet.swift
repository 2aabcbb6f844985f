/// The joints of one step, in typed columns so that the solver mutates each in place,
/// with one reference per joint in gathering order.
struct JointSet: Sendable {
    enum Kind: UInt8, Sendable { case distance, revolute, weld, prismatic, drag }

    /// One joint: its column and index there, the bodies it links (−1: the world),
    /// its owner (behaviour slot, node, joint) and creation sequence.
    struct Reference: Sendable {
        var kind: Kind
        var index: Int32
        var bodyA: Int32
        var bodyB: Int32
        var slot: Int32
        var node: Int32
        var joint: Int32
        var sequence: UInt64
    }

    var references: [Reference] = []
    var distance: [DistanceJoint] = []
    var revolute: [RevoluteJoint] = []
    var weld: [WeldJoint] = []
    var prismatic: [PrismaticJoint] = []
    var drag: [DragJoint] = []

    var count: Int { references.count }

    mutating func removeAll() {
        references.removeAll(keepingCapacity: true)
        distance.removeAll(keepingCapacity: true)
        revolute.removeAll(keepingCapacity: true)
        weld.removeAll(keepingCapacity: true)
        prismatic.removeAll(keepingCapacity: true)
        drag.removeAll(keepingCapacity: true)
    }

    private mutating func reference(_ kind: Kind, _ index: Int, _ a: Int, _ b: Int,
                                    _ owner: (slot: Int, node: Int, joint: Int), _ sequence: UInt64) {
        references.append(Reference(kind: kind, index: Int32(index), bodyA: Int32(a), bodyB: Int32(b),
                                    slot: Int32(owner.slot), node: Int32(owner.node), joint: Int32(owner.joint),
                                    sequence: sequence))
    }

    mutating func append(_ j: DistanceJoint, owner: (slot: Int, node: Int, joint: Int), sequence: UInt64) {
        reference(.distance, distance.count, j.bodyA, j.bodyB, owner, sequence)
        distance.append(j)
    }

    mutating func append(_ j: RevoluteJoint, owner: (slot: Int, node: Int, joint: Int), sequence: UInt64) {
        reference(.revolute, revolute.count, j.bodyA, j.bodyB, owner, sequence)
        revolute.append(j)
    }

    mutating func append(_ j: WeldJoint, owner: (slot: Int, node: Int, joint: Int), sequence: UInt64) {
        reference(.weld, weld.count, j.bodyA, j.bodyB, owner, sequence)
        weld.append(j)
    }

    mutating func append(_ j: PrismaticJoint, owner: (slot: Int, node: Int, joint: Int), sequence: UInt64) {
        reference(.prismatic, prismatic.count, j.bodyA, j.bodyB, owner, sequence)
        prismatic.append(j)
    }

    mutating func append(_ j: DragJoint, owner: (slot: Int, node: Int, joint: Int), sequence: UInt64) {
        reference(.drag, drag.count, j.bodyA, j.bodyB, owner, sequence)
        drag.append(j)
    }

    mutating func prepare(_ e: Int, _ b: inout BodyStorage, timestep h: Double, warmStartRatio r: Double) {
        let ref = references[e], i = Int(ref.index)
        switch ref.kind {
        case .distance: distance[i].prepare(&b, timestep: h, warmStartRatio: r)
        case .revolute: revolute[i].prepare(&b, timestep: h, warmStartRatio: r)
        case .weld: weld[i].prepare(&b, timestep: h, warmStartRatio: r)
        case .prismatic: prismatic[i].prepare(&b, timestep: h, warmStartRatio: r)
        case .drag: drag[i].prepare(&b, timestep: h, warmStartRatio: r)
        }
    }

    mutating func solveVelocity(_ e: Int, _ b: inout BodyStorage) {
        let ref = references[e], i = Int(ref.index)
        switch ref.kind {
        case .distance: distance[i].solveVelocity(&b)
        case .revolute: revolute[i].solveVelocity(&b)
        case .weld: weld[i].solveVelocity(&b)
        case .prismatic: prismatic[i].solveVelocity(&b)
        case .drag: drag[i].solveVelocity(&b)
        }
    }

    func solvePosition(_ e: Int, _ b: inout BodyStorage) -> JointPositionError {
        let ref = references[e], i = Int(ref.index)
        switch ref.kind {
        case .distance: return distance[i].solvePosition(&b)
        case .revolute: return revolute[i].solvePosition(&b)
        case .weld: return weld[i].solvePosition(&b)
        case .prismatic: return prismatic[i].solvePosition(&b)
        case .drag: return .zero  // soft: its error is its spring's stretch, not corrected
        }
    }

    /// Writes joint `e`'s accumulated impulses into `state` for the next step's warm start.
    func store(_ e: Int, into state: inout JointState) {
        let ref = references[e], i = Int(ref.index)
        switch ref.kind {
        case .distance: state.impulse = SIMD3(distance[i].impulse, 0, 0)
        case .revolute:
            state.impulse = revolute[i].impulse
            state.motorImpulse = revolute[i].motorImpulse
            state.limitState = revolute[i].limitState
        case .weld: state.impulse = weld[i].impulse
        case .prismatic:
            state.impulse = prismatic[i].impulse
            state.motorImpulse = prismatic[i].motorImpulse
            state.limitState = prismatic[i].limitState
        case .drag: state.impulse = SIMD3(drag[i].impulse.x, drag[i].impulse.y, 0)
        }
    }
}
