/// One joint as the step solves it: the constraint, the bodies it links and the
/// behaviour node that owns its persistent state.
struct SolverJoint: Sendable {
    enum Constraint: Sendable {
        case distance(DistanceJoint)
        case revolute(RevoluteJoint)
        case weld(WeldJoint)
        case prismatic(PrismaticJoint)
    }

    var constraint: Constraint
    /// Behaviour slot, node index and joint index within the node.
    var owner: (slot: Int, node: Int, joint: Int)

    var bodies: (a: Int, b: Int) {
        switch constraint {
        case let .distance(j): return (j.bodyA, j.bodyB)
        case let .revolute(j): return (j.bodyA, j.bodyB)
        case let .weld(j): return (j.bodyA, j.bodyB)
        case let .prismatic(j): return (j.bodyA, j.bodyB)
        }
    }

    mutating func prepare(_ b: inout BodyStorage, timestep h: Double, warmStartRatio r: Double) {
        switch constraint {
        case var .distance(j): j.prepare(&b, timestep: h, warmStartRatio: r); constraint = .distance(j)
        case var .revolute(j): j.prepare(&b, timestep: h, warmStartRatio: r); constraint = .revolute(j)
        case var .weld(j): j.prepare(&b, timestep: h, warmStartRatio: r); constraint = .weld(j)
        case var .prismatic(j): j.prepare(&b, timestep: h, warmStartRatio: r); constraint = .prismatic(j)
        }
    }

    mutating func solveVelocity(_ b: inout BodyStorage) {
        switch constraint {
        case var .distance(j): j.solveVelocity(&b); constraint = .distance(j)
        case var .revolute(j): j.solveVelocity(&b); constraint = .revolute(j)
        case var .weld(j): j.solveVelocity(&b); constraint = .weld(j)
        case var .prismatic(j): j.solveVelocity(&b); constraint = .prismatic(j)
        }
    }

    func solvePosition(_ b: inout BodyStorage) -> Bool {
        switch constraint {
        case let .distance(j): return j.solvePosition(&b)
        case let .revolute(j): return j.solvePosition(&b)
        case let .weld(j): return j.solvePosition(&b)
        case let .prismatic(j): return j.solvePosition(&b)
        }
    }

    /// Writes the accumulated impulses into `state` for the next step's warm start.
    func store(into state: inout JointState) {
        switch constraint {
        case let .distance(j): state.impulse = SIMD3(j.impulse, 0, 0)
        case let .revolute(j):
            state.impulse = j.impulse
            state.motorImpulse = j.motorImpulse
            state.limitState = j.limitState
        case let .weld(j): state.impulse = j.impulse
        case let .prismatic(j):
            state.impulse = j.impulse
            state.limitState = j.limitState
        }
    }
}
