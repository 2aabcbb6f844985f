// Stage 3b of the step pipeline (World+Step.swift) and its end-of-step check: a body
// whose numbers stop being finite is taken out of the world before it can poison its
// neighbours through a contact or a joint (the containment Rapier and Box2D v3 leave to
// the caller, done here because a UI's input is untrusted: a gesture velocity of 10³⁰⁰,
// a field of magnitude 10²⁰⁰).

extension World {
    /// Quarantines every awake dynamic body whose placement, velocity, force or torque
    /// is not finite, or whose velocity would not be after this step's integration
    /// (`forcing`: h·F/m can overflow although F is finite).
    mutating func containment(_ h: Double) {
        let g = scratch.gravity
        var poisoned: [Int] = []
        for i in bodiesNewestFirst where !bodies.isStatic[i] && bodies.isAwake[i] {
            let (increment, factor) = forcing(i, timestep: h, gravity: g)
            let v = bodies.velocity[i], w = bodies.angularVelocity[i]
            let next = (SIMD4(v.x, v.y, w, 0) + increment) * factor
            let c = bodies.center[i]
            let finite = c.x.isFinite && c.y.isFinite && bodies.angle[i].isFinite
                && next.x.isFinite && next.y.isFinite && next.z.isFinite
            if !finite { poisoned.append(i) }
        }
        for i in poisoned { quarantine(i) }
    }

    /// Quarantines every body whose placement or velocity the solver left non-finite.
    mutating func quarantineNonFinitePlacements() {
        var poisoned: [Int] = []
        for i in bodiesNewestFirst where !bodies.isStatic[i] {
            let c = bodies.center[i], v = bodies.velocity[i]
            if !(c.x.isFinite && c.y.isFinite && bodies.angle[i].isFinite && v.x.isFinite && v.y.isFinite
                 && bodies.angularVelocity[i].isFinite) {
                poisoned.append(i)
            }
        }
        for i in poisoned { quarantine(i) }
    }

    /// Removes body `i` as `removeBody` does and reports it: its handle is stale from
    /// now on (`contains(_:)` is false), its behaviours no longer act on it, and the
    /// bodies joined to it wake.
    private mutating func quarantine(_ i: Int) {
        let handle = handle(ofSlot: i)
        recordEvent(.bodyQuarantined(handle))
        removeBody(handle)
    }
}
