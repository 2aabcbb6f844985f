import HookeCore

// The step pipeline. `World.step()` runs these stages in this order; each is a
// function below, and `WorldStage` / `WorldProfile` use the same names:
//
//   1. userActions          behaviour `action` closures
//   2. forces               gravity (which bodies fall, the world's vector), continuous
//                           push forces and torques, instantaneous push impulses
//   3. fields               each field behaviour's force on each of its awake items,
//                           added to the force accumulators (a = 100·F/m pt/s²)
//  3b. containment          bodies whose state, or velocity after these forces, is not
//                           finite are quarantined: removed with a bodyQuarantined
//                           event, before any contact or joint can carry NaN onward
//   4. broadphase           collision proxies (rebuilt when behaviours or bodies
//                           changed) moved to awake bodies' boxes, fattened by 10 pt
//                           and stretched ahead by 2·h·v;
//                           new overlapping pairs that may collide become contacts,
//                           vanished pairs end theirs
//   5. narrowphase          manifolds of contacts with an awake body; impulses carried
//                           over by feature id; touching = the manifold has points
//   6. islands              gather attachment and snap joints and touching contacts;
//                           build islands in Box2D's order (static bodies and
//                           boundaries join without spreading); wake each island
//   7. integrateVelocities  v += h(g + F/m), ω += hτ/I; v ← v/(1 + h·c), ω ← ω/(1 + h·c_ω)
//   8. solveConstraints     contact then joint set-up with warm start; each velocity
//                           iteration solves the joints, then the contacts (friction
//                           before normal); impulses stored for the next step
//   9. integratePositions   x += h·v, θ += h·ω, with the 200 pt and π/2 per-step clamps
//  7–9 under the soft step: prepareContacts once; n substeps of integrateVelocities,
//                           prepareJoints, warmStart, solve, integratePositions, relax;
//                           restitution and storeImpulses once (World+SoftStep.swift)
//  10. correctPositions     position iterations of contacts, then rigid joints, per
//                           island, early out (penetration ≤ 1.5 pt, joints ≤ 0.5 pt)
//  11. continuousCollision  fast bodies stopped at their time of impact against
//                           boundaries, anchored and slow bodies, then each other
// 11b. sensorOverlaps       sensor contacts' overlap at the final placements (sensors
//                           are never solved; only in a world with a sensor)
// 11c. queryIndex           the shape index the queries read brought up to the
//                           bodies that moved (World+Queries.swift)
//  12. contactEvents        contact and sensor began/ended events
// 12b. jointBreaks          attachments whose reaction force exceeded their breaking
//                           force removed, with a jointBroke event (JointReaction.swift)
//  13. restDetection        sleep timers, island sleep, pause, behaviours at rest
//
// Reference: the step of Box2D 2.3 (b2World::Solve, b2Island::Solve) as UIKit
// Dynamics configures it; Docs/uikit-dynamics.md describes what Hooke reproduces.

extension World {
    /// Box2D's b2_linearSleepTolerance, 0.01 m/s.
    static let linearRestSpeed = 1.0
    /// Box2D's b2_angularSleepTolerance, 2°/s.
    static let angularRestSpeed = 2 * Double.pi / 180
    /// Box2D's b2_timeToSleep.
    static let timeToRest = 0.5
    /// Box2D's b2_maxTranslation, 2 m per step.
    static let maximumTranslation = 200.0
    /// Box2D's b2_maxRotation, π/2 per step.
    static let maximumRotation = Double.pi / 2
    /// UIKit's push units: 1 N on 1 kg gives 1 m/s² = 100 pt/s².
    static let pointsPerMetre = 100.0

    /// Advances the simulation by one fixed step h = `configuration.timestep`;
    /// `events` then holds the events of this step.
    public mutating func step() {
        events.log.removeAll(keepingCapacity: true)
        runStep()
    }

    /// One step, its events appended to `events` (those caused since the last step
    /// first).
    mutating func runStep() {
        let h = configuration.timestep
        // The poses this step starts from, for `interpolatedPose(of:)`; only read by it.
        bodies.recordPreviousPoses()
        isStepping = true
        events.log += pendingEvents.log
        pendingEvents.log.removeAll(keepingCapacity: true)
        var clock = StageClock(isOn: configuration.isProfiling)
        var p = WorldProfile()

        userActions()
        clock.lap(.userActions, &p)
        forces()
        clock.lap(.forces, &p)
        fields(h)
        clock.lap(.fields, &p)
        containment(h)
        clock.lap(.containment, &p)
        broadphase()
        clock.lap(.broadphase, &p)
        narrowphase()
        clock.lap(.narrowphase, &p)
        islands()
        clock.lap(.islands, &p)
        switch configuration.solver {
        case .uikit:
            integrateVelocities(h)
            clock.lap(.integrateVelocities, &p)
            solveConstraints(h)
            clock.lap(.solveConstraints, &p)
            integratePositions(h)
            clock.lap(.integratePositions, &p)
        case let .softStep(substeps):
            // Its own stages, from prepareContacts to storeImpulses, with the velocities
            // and positions integrated within each substep (World+SoftStep.swift).
            solveSubsteps(h, substeps: substeps, clock: &clock, profile: &p)
        }
        correctPositions()
        clock.lap(.correctPositions, &p)
        continuousCollision()
        clock.lap(.continuousCollision, &p)
        sensorOverlaps()
        clock.lap(.sensorOverlaps, &p)
        queryIndex()
        clock.lap(.queryIndex, &p)
        contactEvents()
        clock.lap(.contactEvents, &p)
        jointBreaks()
        clock.lap(.jointBreaks, &p)
        restDetection(h)
        // What the solver itself made non-finite goes before the next step reads it.
        quarantineNonFinitePlacements()
        clock.lap(.restDetection, &p)

        profile = p
        elapsedTime += h
        stepCount += 1
        isStepping = false
    }

    /// Feeds `frameTime` seconds to the world's `FixedStepClock` and runs the whole
    /// steps it holds, at most `configuration.maximumStepsPerAdvance` (the surplus is
    /// dropped so that a stall cannot spiral; see `droppedTime`). Returns the number of
    /// steps run; `interpolationFactor` tells how far the remainder reaches into the
    /// next step. `events` then holds the events of every step run, in order, each with
    /// its step (empty when no step ran).
    ///
    /// The clock counts steps exactly (an integer, with the pending time kept as a
    /// double-double and boundaries reached within 10⁻⁶ of a step), so 1/60 s holds
    /// exactly two steps of 1/120 s on every frame, and a run's state depends only on
    /// the number of steps, not on how the frame times were split.
    ///
    /// - Throws: `HookeError.invalidParameter` if `frameTime` is negative or not finite.
    @discardableResult
    public mutating func advance(by frameTime: Double) throws(HookeError) -> Int {
        let steps = try clock.advance(by: frameTime)
        events.log.removeAll(keepingCapacity: true)
        for _ in 0..<steps { runStep() }
        return steps
    }
}
