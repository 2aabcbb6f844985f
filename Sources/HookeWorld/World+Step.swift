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
//  12. contactEvents        contact began/ended events
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
        contactEvents()
        clock.lap(.contactEvents, &p)
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

    // MARK: - 1. userActions

    /// Runs every behaviour's action, in behaviour order (pre-order within a tree).
    /// Actions are collected first, so an action may add or remove behaviours.
    mutating func userActions() {
        var actions: [@Sendable (inout World) -> Void] = []
        for s in behaviors.order {
            for node in behaviors.records[s] ?? [] {
                if let a = node.action { actions.append(a) }
            }
        }
        for action in actions { action(&self) }
    }

    // MARK: - 2. forces

    /// Clears the accumulators, marks the bodies that fall and sets the world's gravity
    /// (the last gravity behaviour wins), accumulates continuous pushes and applies
    /// instantaneous ones (which then turn inactive).
    mutating func forces() {
        for i in 0..<bodies.count {
            bodies.force[i] = .zero
            bodies.torque[i] = 0
            bodies.hasGravity[i] = false
        }
        var gravity = SIMD2<Double>.zero
        for s in behaviors.order {
            guard var nodes = behaviors.records[s] else { continue }
            var changed = false
            for n in nodes.indices {
                switch nodes[n].kind {
                case let .gravity(g):
                    gravity = g.acceleration
                    for h in g.items { if let i = liveSlot(h) { bodies.hasGravity[i] = true } }
                case var .push(push) where push.active:
                    // UIKit units to internal ones: N → kg·pt/s², N·s → kg·pt/s.
                    let vector = Self.pointsPerMetre * push.pushDirection
                    for h in push.items {
                        guard let i = liveSlot(h), !bodies.isStatic[i] else { continue }
                        let r = Planar.rotate(push.targetOffsetFromCenter(for: h), by: bodies.angle[i])
                        switch push.mode {
                        case .continuous:
                            guard vector != .zero else { continue }
                            bodies.force[i] += vector
                            bodies.torque[i] += Planar.cross(r, vector)
                        case .instantaneous:
                            // Box2D's ApplyLinearImpulse: Δv = J/m, Δω = (r × J)/I.
                            bodies.velocity[i] += bodies.inverseMass[i] * vector
                            bodies.angularVelocity[i] += bodies.inverseInertia[i] * Planar.cross(r, vector)
                        }
                        wake(i)
                    }
                    if push.mode == .instantaneous {
                        push.active = false
                        nodes[n].kind = .push(push)
                        changed = true
                    }
                default: break
                }
            }
            if changed { behaviors.records[s] = nodes }
        }
        scratch.gravity = gravity
    }

    // MARK: - 3. fields

    /// Evaluates every field behaviour once on each of its awake dynamic items and adds
    /// the force to the body's accumulator, converted from newtons to kg·pt/s² (×100),
    /// so that `integrateVelocities` gives a = 100·F/m pt/s². The probe carries the
    /// velocity as it is after this step's instantaneous pushes, and the time at the
    /// start of the step.
    mutating func fields(_ h: Double) {
        let time = elapsedTime
        for s in behaviors.order {
            guard let nodes = behaviors.records[s] else { continue }
            for node in nodes {
                guard case let .field(f) = node.kind else { continue }
                for handle in f.items {
                    guard let i = liveSlot(handle), !bodies.isStatic[i], bodies.isAwake[i] else { continue }
                    let probe = FieldProbe(unchecked: bodies.center[i], velocity: bodies.velocity[i],
                                           mass: 1 / bodies.inverseMass[i], charge: bodies.properties[i].charge,
                                           time: time, deltaTime: h)
                    let force = f.field.force(on: probe)
                    guard force.x.isFinite, force.y.isFinite, force != .zero else { continue }
                    bodies.force[i] += Self.pointsPerMetre * force
                }
            }
        }
    }

    // MARK: - 4. islands

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
        sc.order.removeAll(keepingCapacity: true)
        sc.order.append(contentsOf: joints.indices.reversed())
        var newestFirst = true
        for e in 1..<max(sc.order.count, 1) where joints[sc.order[e - 1]].sequence < joints[sc.order[e]].sequence {
            newestFirst = false
            break
        }
        if !newestFirst { sc.order.sort { joints[$0].sequence > joints[$1].sequence } }

        // Touching contacts join the graph after the joints: edge J + t is touching[t],
        // as this step's narrowphase listed them (in contact order, with their bodies).
        // Each edge's two body slots (−1 for the world or a boundary) sit in one compact
        // column, so that the passes below read 8 bytes per edge instead of a whole
        // contact.
        sc.edgeEnds.removeAll(keepingCapacity: true)
        for k in joints.indices { sc.edgeEnds.append(SIMD2(joints[k].bodyA, joints[k].bodyB)) }
        sc.edgeEnds += sc.touchingEnds
        let touching = sc.touching
        let edgeEnds = sc.edgeEnds
        let jointCount = joints.count
        @inline(__always) func ends(_ k: Int) -> (Int, Int) { (Int(edgeEnds[k].x), Int(edgeEnds[k].y)) }
        let edgeCount = edgeEnds.count

        // Adjacency in compressed rows: each body's joints, newest first, then its contacts.
        // The passes over every edge and body below write through buffer pointers: an
        // array store checks its buffer's uniqueness each time, which cost as much as
        // the walk itself.
        let n = bodies.count
        var rowStart = sc.rowStart, adjacency = sc.adjacency, fill = sc.stack
        sc.rowStart = []
        sc.adjacency = []
        sc.stack = []
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
                for k in sc.order { add(k) }
                for k in jointCount..<edgeCount { add(k) }
            }
        }
        var stack = fill
        stack.removeAll(keepingCapacity: true)

        var visited = sc.visited, edgeDone = sc.jointDone
        sc.visited = []
        sc.jointDone = []
        visited.removeAll(keepingCapacity: true)
        visited.append(contentsOf: repeatElement(false, count: n))
        edgeDone.removeAll(keepingCapacity: true)
        edgeDone.append(contentsOf: repeatElement(false, count: edgeCount))
        sc.islandBodyStart.removeAll(keepingCapacity: true)
        sc.islandJointStart.removeAll(keepingCapacity: true)
        sc.islandContactStart.removeAll(keepingCapacity: true)
        // The walk's lists are written through buffer pointers too: each is sized for
        // its bound (a body is listed and stacked at most once, an edge at most once)
        // and cut to length afterwards.
        var islandBodies = sc.islandBodies, islandJoints = sc.islandJoints, islandContacts = sc.islandContacts
        sc.islandBodies = []
        sc.islandJoints = []
        sc.islandContacts = []
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
                sc.islandBodyStart.append(bodyCount)
                sc.islandJointStart.append(jointListed)
                sc.islandContactStart.append(contactListed)
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
        sc.islandBodies = islandBodies
        sc.islandJoints = islandJoints
        sc.islandContacts = islandContacts
        sc.rowStart = rowStart
        sc.adjacency = adjacency
        sc.stack = stack
        sc.visited = visited
        sc.jointDone = edgeDone
        sc.islandBodyStart.append(sc.islandBodies.count)
        sc.islandJointStart.append(sc.islandJoints.count)
        sc.islandContactStart.append(sc.islandContacts.count)
    }

    // MARK: - 5. integrateVelocities

    /// Semi-implicit Euler for velocities, then resistance by the Padé form of
    /// exponential decay: v ← v/(1 + h·c) (≈ e^(−c·h) to second order, never negative).
    mutating func integrateVelocities(_ h: Double) {
        let g = scratch.gravity
        for i in scratch.islandBodies {
            let (increment, factor) = forcing(i, timestep: h, gravity: g)
            let v = (SIMD4(bodies.velocity[i].x, bodies.velocity[i].y, bodies.angularVelocity[i], 0) + increment) * factor
            bodies.velocity[i] = SIMD2(v.x, v.y)
            bodies.angularVelocity[i] = v.z
        }
    }

    /// What `h` of gravity `g`, body `i`'s force and torque, and its resistances do to its
    /// velocity (vx, vy, ω, 0): add `increment` = h·(g + F/m, τ/I), then scale by `factor`
    /// = 1/(1 + h·resistance) (implicit in the drag, so it never reverses the motion).
    @inline(__always)
    func forcing(_ i: Int, timestep h: Double, gravity g: SIMD2<Double>)
        -> (increment: SIMD4<Double>, factor: SIMD4<Double>) {
        let p = bodies.properties[i]
        let dv = h * ((bodies.hasGravity[i] ? g : .zero) + bodies.inverseMass[i] * bodies.force[i])
        let dw = h * bodies.inverseInertia[i] * bodies.torque[i]
        let linear = 1 / (1 + h * p.resistance), angular = 1 / (1 + h * p.angularResistance)
        return (SIMD4(dv.x, dv.y, dw, 0), SIMD4(linear, linear, angular, 1))
    }

    // MARK: - 6. solveConstraints

    /// Sets up every island's contacts, then its joints (warm-started with the last
    /// impulses scaled by h/h_previous), runs the velocity iterations (each: every
    /// joint, then every contact) and stores the impulses.
    /// Islands are independent, so solving them one after another in a single sweep
    /// gives each the same sequence of operations as a per-island solve.
    mutating func solveConstraints(_ h: Double) {
        let ratio = previousTimestep > 0 ? h / previousTimestep : 0
        prepareContacts(warmStartRatio: ratio)
        warmStartContacts()
        for k in scratch.islandJoints {
            scratch.joints.prepare(k, &bodies, timestep: h, warmStartRatio: ratio)
        }
        for _ in 0..<configuration.velocityIterations {
            for k in scratch.islandJoints { scratch.joints.solveVelocity(k, &bodies) }
            solveContactVelocities()
        }
        storeContactImpulses()
        storeJointImpulses()
        previousTimestep = h
    }

    /// Keeps each island joint's accumulated impulses in its behaviour for the next
    /// step's warm start.
    mutating func storeJointImpulses() {
        for k in scratch.islandJoints {
            let r = scratch.joints.references[k]
            scratch.joints.store(k, into: &behaviors.records[Int(r.slot)]![Int(r.node)].joints[Int(r.joint)])
        }
    }

    // MARK: - 7. integratePositions

    /// x += h·v, θ += h·ω, after scaling v so that a step moves at most 200 pt and ω
    /// so that it turns at most π/2 (Box2D's limits, which also bound the velocity).
    mutating func integratePositions(_ h: Double) {
        recordStartPlacements()
        for i in scratch.islandBodies {
            let (v, w) = Self.limitedMotion(bodies.velocity[i], bodies.angularVelocity[i], timestep: h)
            bodies.velocity[i] = v
            bodies.angularVelocity[i] = w
            bodies.center[i] += h * v
            bodies.angle[i] += h * w
        }
    }

    /// Keeps each island body's placement at the start of the step, by slot
    /// (`scratch.startPlacement`), for continuous collision and the soft step.
    mutating func recordStartPlacements() {
        if scratch.startPlacement.count < bodies.count {
            scratch.startPlacement += Array(repeating: .zero, count: bodies.count - scratch.startPlacement.count)
        }
        for i in scratch.islandBodies {
            let c = bodies.center[i]
            scratch.startPlacement[i] = SIMD4(c.x, c.y, bodies.angle[i], 0)
        }
    }

    /// v and ω scaled so that a step of `h` moves at most 200 pt and turns at most π/2
    /// (Box2D's b2_maxTranslation and b2_maxRotation, which also bound the velocity).
    @inline(__always)
    static func limitedMotion(_ v: SIMD2<Double>, _ w: Double, timestep h: Double) -> (SIMD2<Double>, Double) {
        var v = v, w = w
        let translation = h * v
        let t2 = Planar.dot(translation, translation)
        if t2 > maximumTranslation * maximumTranslation {
            // |h·v|² overflows to infinity past |h·v| ≈ 10¹⁵⁴ (a body thrown at 10²⁰⁰
            // pt/s): then the length comes from the components scaled by the larger one,
            // which cannot overflow, instead of v being scaled by 200/∞ = 0 to a dead stop.
            v *= maximumTranslation / (t2.isFinite ? t2.squareRoot() : Self.unscaledLength(translation))
        }
        let rotation = h * w
        if rotation * rotation > maximumRotation * maximumRotation {
            w *= maximumRotation / abs(rotation)
        }
        return (v, w)
    }

    /// ‖t‖ of a finite vector without overflow: m·‖t/m‖ with m the larger |component|.
    static func unscaledLength(_ t: SIMD2<Double>) -> Double {
        let m = max(abs(t.x), abs(t.y))
        guard m > 0, m.isFinite else { return m }
        let u = t / m
        return m * (u.x * u.x + u.y * u.y).squareRoot()
    }

    // MARK: - 8. correctPositions

    /// Up to `positionIterations` passes over each island's contacts, then its rigid
    /// joints, stopping when the deepest contact penetration is within 1.5 pt and every
    /// joint within slop; records per island whether it converged. The soft step's
    /// contacts correct themselves: only joints are passed over then.
    mutating func correctPositions() {
        let islandCount = scratch.islandBodyStart.count - 1
        scratch.positionSolved = [Bool](repeating: false, count: max(islandCount, 0))
        let correctsContacts = configuration.solver == .uikit
        for island in 0..<max(islandCount, 0) {
            let range = scratch.islandJointStart[island]..<scratch.islandJointStart[island + 1]
            let contactRange = correctsContacts
                ? scratch.islandContactStart[island]..<scratch.islandContactStart[island + 1] : 0..<0
            if !correctsContacts && range.isEmpty {
                scratch.positionSolved[island] = true
                continue
            }
            for _ in 0..<configuration.positionIterations {
                var ok = contactRange.isEmpty || solveContactPositions(contactRange)
                for e in range {
                    let k = scratch.islandJoints[e]
                    let jointOK = scratch.joints.solvePosition(k, &bodies)
                    ok = ok && jointOK
                }
                if ok {
                    scratch.positionSolved[island] = true
                    break
                }
            }
        }
    }

    // MARK: - 9. restDetection

    /// A body below 1 pt/s and 2°/s adds h to its rest timer, any other resets it;
    /// an island whose every body has rested 0.5 s and whose positions converged
    /// sleeps (velocities zeroed). The world pauses when nothing is awake.
    mutating func restDetection(_ h: Double) {
        let islandCount = scratch.islandBodyStart.count - 1
        let linear2 = Self.linearRestSpeed * Self.linearRestSpeed
        let angular2 = Self.angularRestSpeed * Self.angularRestSpeed
        for island in 0..<max(islandCount, 0) {
            let range = scratch.islandBodyStart[island]..<scratch.islandBodyStart[island + 1]
            var minimumRest = Double.infinity
            for e in range {
                let i = scratch.islandBodies[e]
                let w = bodies.angularVelocity[i], v = bodies.velocity[i]
                if w * w > angular2 || Planar.dot(v, v) > linear2 {
                    bodies.sleepTime[i] = 0
                    minimumRest = 0
                } else {
                    bodies.sleepTime[i] += h
                    minimumRest = min(minimumRest, bodies.sleepTime[i])
                }
            }
            if minimumRest >= Self.timeToRest && scratch.positionSolved[island] {
                for e in range { sleep(scratch.islandBodies[e]) }
            }
        }
        behaviorRestDetection()
    }
}
