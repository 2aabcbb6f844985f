import HookeCore

extension World {
    /// FNV-1a (64-bit, `BitHash`) over the exact bits of the state a step carries into
    /// the next: equal hashes after every step mean two runs agree bit for bit, and the
    /// first step whose hashes differ is where they part (Docs/scenarios.md, "State hashes").
    ///
    /// The values fed, in this order, each as its 64-bit pattern, least significant byte
    /// first (a `Bool` as 0 or 1, an integer as two's complement):
    /// 1. `stepCount`, `elapsedTime` (s), the clock's pending time (s) and the time the
    ///    stored impulses were accumulated over (s, the warm-start ratio's denominator);
    /// 2. per live body, oldest first: its slot, centre x and y (pt), angle (rad),
    ///    velocity x and y (pt/s), angular velocity (rad/s), awake flag, sleep timer (s);
    /// 3. per persistent contact, in the solver's order: its two body slots (−1 for a
    ///    boundary), normal and tangent impulses of both points (kg·pt/s), touching flag;
    /// 4. per behaviour, in the order added, per node and joint: the three accumulated
    ///    impulses (kg·pt/s, kg·pt²/s), the motor (friction) impulse and the limit state.
    ///
    /// Not fed: what a step recomputes before reading (forces, caches, the broadphase),
    /// and the description (shapes, properties, behaviour parameters).
    public var stateHash: UInt64 {
        var hash = BitHash()
        hash.combine(stepCount)
        hash.combine(elapsedTime)
        hash.combine(clock.pendingTime)
        hash.combine(previousTimestep)
        for i in bodiesNewestFirst.reversed() {
            hash.combine(i)
            hash.combine(bodies.center[i])
            hash.combine(bodies.angle[i])
            hash.combine(bodies.velocity[i])
            hash.combine(bodies.angularVelocity[i])
            hash.combine(bodies.isAwake[i])
            hash.combine(bodies.sleepTime[i])
        }
        for c in contacts.contacts {
            hash.combine(Int(c.bodyA))
            hash.combine(Int(c.bodyB))
            hash.combine(c.normalImpulses)
            hash.combine(c.tangentImpulses)
            hash.combine(c.isTouching)
        }
        for slot in behaviors.order {
            for node in behaviors.records[slot] ?? [] {
                for joint in node.joints {
                    hash.combine(joint.impulse.x)
                    hash.combine(joint.impulse.y)
                    hash.combine(joint.impulse.z)
                    hash.combine(joint.motorImpulse)
                    hash.combine(Int(joint.limitState.rawValue))
                }
            }
        }
        return hash.value
    }
}
