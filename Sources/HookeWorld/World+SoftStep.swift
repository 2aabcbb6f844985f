import Foundation
import HookeCollision

// Stages 7–10 of `World.step()` under `SolverMode.softStep(substeps: n)`, after Box2D
// v3's solver (b2SolverStage_*; E. Catto, "Solver2D", 2024). With hₛ = h/n:
//
//   prepare      contacts: anchors, masses, softness and warm-start impulses, once
//   n times:     integrate velocities over hₛ
//                joints prepared for hₛ (warm start); contacts warm-started
//                solve: joints, then contacts with the soft push (`useBias`)
//                integrate positions over hₛ
//                relax: joints, then contacts without the push
//   restitution  once, against the approach speeds of the step's start
//   store        impulses for the next step's warm start
//
// and after it, in `correctPositions`, the position iterations of rigid joints only:
// contacts need none, their springs keep overlap small.
//
// Why it stacks better than the UIKit solver: every substep sees the constraint
// error caused by the substep before, so the effective number of iterations grows
// with n at the cost of one pass each, and the implicit spring removes overlap
// smoothly instead of by position projection that fights the velocity solution.
// The relax pass removes the velocity the push added, so resting contacts gain no
// energy (Catto's "relax" in Solver2D's soft step).

extension World {
    /// Box2D v3's speculative distance, 4 × linear slop: contacts are solved from 2 pt
    /// before the skins meet.
    static let speculativeDistance = 4 * CollisionParameters.linearSlop

    /// The slot of `SoftBodyState`'s "no body" entry: one past the last body.
    var softNoBody: Int { bodies.count }

    /// The soft step over `scratch.islands.bodies` and `scratch.islands.contacts`. The
    /// stages (`SoftStepKernel`) work on the island's velocities in `SoftBodyState`'s
    /// records, which are loaded here, handed to and from the joints (which work on
    /// `bodies`) around each joint pass, and stored back at the end.
    ///
    /// Each part is timed under its `WorldStage` (Box2D v3's b2SolverStage names), the
    /// substeps' integrations under `integrateVelocities` and `integratePositions`.
    mutating func solveSubsteps(_ h: Double, substeps n: Int, clock: inout StageClock, profile p: inout WorldProfile) {
        let hs = h / Double(n)
        let ratio = previousTimestep > 0 ? hs / previousTimestep : 0
        recordStartPlacements()
        listSoftBodies()
        loadSoftBodyState(step: h)
        prepareSoftForcing(hs)
        prepareSoftContacts(substep: hs, warmStartRatio: ratio)
        clock.lap(.prepareContacts, &p)
        let hasJoints = !scratch.islands.joints.isEmpty
        for i in 0..<n {
            bodyStage(substep: hs, step: h) { $0.integrateVelocities($1) }
            clock.lap(.integrateVelocities, &p)
            if hasJoints {
                jointPass { world, k in
                    world.scratch.joints.prepare(k, &world.bodies, timestep: hs, warmStartRatio: i == 0 ? ratio : 1)
                }
                clock.lap(.prepareJoints, &p)
            }
            bundleStage(.warmStart, substep: hs, step: h)
            clock.lap(.warmStart, &p)
            if hasJoints { jointPass { world, k in world.scratch.joints.solveVelocity(k, &world.bodies) } }
            bundleStage(.solve, substep: hs, step: h)
            clock.lap(.solve, &p)
            bodyStage(substep: hs, step: h) { $0.integratePositions($1) }
            clock.lap(.integratePositions, &p)
            if hasJoints { jointPass { world, k in world.scratch.joints.solveVelocity(k, &world.bodies) } }
            bundleStage(.relax, substep: hs, step: h)
            clock.lap(.relax, &p)
        }
        bundleStage(.restitution, substep: hs, step: h)
        clock.lap(.restitution, &p)
        storeSoftVelocities()
        storeSoftContactImpulses()
        storeJointImpulses()
        previousTimestep = hs
        clock.lap(.storeImpulses, &p)
    }

    /// `softBodies`: the island bodies in slot order, so that the passes over bodies read
    /// the body columns front to back (the islands list them in graph order, which would
    /// miss the cache on nearly every body of a large island).
    private mutating func listSoftBodies() {
        Self.listAscending(scratch.islands.bodies, below: bodies.count, flags: &scratch.softStep.flags,
                           into: &scratch.softStep.bodies)
    }

    /// `result`: the distinct indices of `list`, all below `count`, in increasing order,
    /// through a flag per index (`flags`, scratch): linear in `count`, where sorting
    /// would be n log n.
    private static func listAscending(_ list: [Int], below count: Int, flags: inout [Bool], into result: inout [Int]) {
        flags.removeAll(keepingCapacity: true)
        flags.append(contentsOf: repeatElement(false, count: count))
        result.removeAll(keepingCapacity: true)
        flags.withUnsafeMutableBufferPointer { flag in
            for i in list { flag[i] = true }
            for i in flag.indices where flag[i] { result.append(i) }
        }
    }

    /// The island bodies' velocities into their `SoftBodyState` records (unmoved since
    /// the step's start), and the "no body" record. Anchored bodies' records are loaded
    /// as their contacts are prepared.
    ///
    /// Each velocity is first held to the step's speed limits (`limitedMotion`, 200 pt and
    /// π/2 per step h), which `integratePositions` would apply anyway: the records are
    /// `Float`, where a finite 10³⁰⁰ pt/s set on a body would become infinity and then NaN.
    private mutating func loadSoftBodyState(step h: Double) {
        let count = bodies.count + 1
        if scratch.softStep.velocity.count < count {
            scratch.softStep.velocity += Array(repeating: .zero, count: count - scratch.softStep.velocity.count)
            scratch.softStep.pose += Array(repeating: .zero, count: count - scratch.softStep.pose.count)
        }
        for i in scratch.softStep.bodies {
            let (v, w) = Self.limitedMotion(bodies.velocity[i], bodies.angularVelocity[i], timestep: h)
            bodies.velocity[i] = v
            bodies.angularVelocity[i] = w
            loadSoftBody(i)
        }
        scratch.softStep.velocity[softNoBody] = .zero
        scratch.softStep.pose[softNoBody] = .zero
    }

    @inline(__always)
    private mutating func loadSoftBody(_ i: Int) {
        loadSoftVelocity(i)
        scratch.softStep.pose[i] = .zero
    }

    @inline(__always)
    private mutating func loadSoftVelocity(_ i: Int) {
        let v = bodies.velocity[i]
        scratch.softStep.velocity[i] = SIMD4(SIMD4(v.x, v.y, bodies.angularVelocity[i], 0))
    }

    /// The island bodies' velocities from their records back into `bodies`.
    private mutating func storeSoftVelocities() {
        for i in scratch.softStep.bodies {
            let s = SIMD4<Double>(scratch.softStep.velocity[i])
            bodies.velocity[i] = SIMD2(s.x, s.y)
            bodies.angularVelocity[i] = s.z
        }
    }

    /// `pass` over every island joint, on `bodies`: the records' velocities are stored
    /// into `bodies` before it and loaded back after it. Nothing to do without joints.
    private mutating func jointPass(_ pass: (inout World, Int) -> Void) {
        guard !scratch.islands.joints.isEmpty else { return }
        storeSoftVelocities()
        for k in scratch.islands.joints { pass(&self, k) }
        for i in scratch.softStep.bodies { loadSoftVelocity(i) }
    }

    /// Each island body's `forcing` over hₛ, constant through the step, with each
    /// component of the velocity increment held within ±`maximumSoftIncrement`.
    private mutating func prepareSoftForcing(_ hs: Double) {
        scratch.softStep.forcing.removeAll(keepingCapacity: true)
        let limit = Self.maximumSoftIncrement
        for i in scratch.softStep.bodies {
            var (increment, factor) = forcing(i, timestep: hs, gravity: scratch.gravity)
            // Not `clamped`: a NaN increment stays NaN, for containment to find.
            for k in 0..<3 where abs(increment[k]) > limit { increment[k] = increment[k] < 0 ? -limit : limit }
            scratch.softStep.forcing.append((SIMD4(increment), SIMD4(factor)))
        }
    }

    /// The largest velocity increment of one substep the soft step keeps, pt/s or rad/s:
    /// the increment is a `Float` (largest 3.4·10³⁸), and a force of 10³⁰⁰ N would make it
    /// infinite. 10²⁰ is beyond every speed limit (200 pt per step is 2.4·10⁴ pt/s at
    /// 120 Hz, and 2·10²⁰ pt/s only for a step of 10⁻¹⁸ s), so the capped increment still
    /// takes the body to the limit within the substep, and a few such sums stay finite.
    static let maximumSoftIncrement = 1e20

    /// Sets up the island contacts, straight into their bundles' lanes
    /// (`assignSoftContactLanes`, `SoftContactBundle.set`), with softness twice as stiff
    /// against a boundary or an anchored body, as Box2D v3, and the stored impulses scaled
    /// by hₛ/hₛ(previous). The lanes left over are cleared; then each bundle derives its
    /// masses, eight lanes at once (`SoftContactBundle.deriveMasses`). With
    /// `solverWorkers` the bundles are shared out and each is filled whole by one thread
    /// (lanes of one bundle share its vectors); on one thread the contacts are read in
    /// storage order instead, as the list is large and read once (in bundle order, which
    /// is colour order, nearly every contact missed the cache: the 100-row pyramid's
    /// set-up took 0.2 ms per step more). Each lane is written from its own contact alone,
    /// so the two orders give the same bits. The bundle storage is kept from step to step
    /// and grows only.
    private mutating func prepareSoftContacts(substep hs: Double, warmStartRatio ratio: Double) {
        let hertz = min(SoftContact.hertz, 0.25 / hs)
        let dynamic = Softness(hertz: hertz, dampingRatio: SoftContact.dampingRatio, timestep: hs)
        let anchored = Softness(hertz: 2 * hertz, dampingRatio: SoftContact.dampingRatio, timestep: hs)
        listSoftContacts()
        assignSoftContactLanes()
        let count = scratch.softStep.bundleCount, width = SoftLanes.scalarCount, noBody = softNoBody
        if scratch.softStep.bundles.count < count {
            scratch.softStep.bundles.append(contentsOf: repeatElement(SoftContactBundle(noBody: noBody),
                                                                 count: count - scratch.softStep.bundles.count))
        }
        let bodies = self.bodies
        /// A contact's body at the step's start, or no body for a boundary.
        func laneBody(_ slot: Int32) -> SoftLaneBody {
            guard slot >= 0 else { return SoftLaneBody(slot: noBody) }
            let i = Int(slot)
            return SoftLaneBody(slot: i, inverseMass: bodies.inverseMass[i], inverseInertia: bodies.inverseInertia[i],
                                center: bodies.center[i], velocity: bodies.velocity[i],
                                angularVelocity: bodies.angularVelocity[i])
        }
        // Which contact each place holds (−1: none), so that each bundle is filled whole by
        // one thread: lanes of one bundle share its vectors.
        let listed = scratch.softStep.contacts, places = scratch.softStep.lane, workers = solverWorkers
        var placeContact = scratch.softStep.placeContact
        scratch.softStep.placeContact = []
        placeContact.removeAll(keepingCapacity: true)
        placeContact.append(contentsOf: repeatElement(-1, count: count * width))
        for (e, place) in places.enumerated() { placeContact[place] = e }
        scratch.softStep.bundles.withUnsafeMutableBufferPointer { buffer in
            let bundles = buffer.baseAddress!
            contacts.contacts.withUnsafeBufferPointer { list in
                placeContact.withUnsafeBufferPointer { placeContact in
                    /// Sets lane `place % width` of bundle `place / width` from listed contact `e`.
                    func fill(_ place: Int, from e: Int) {
                        let c = listed[e], contact = list[c]
                        let isAnchored = contact.bodyA < 0 || contact.bodyB < 0
                            || bodies.isStatic[Int(contact.bodyA)] || bodies.isStatic[Int(contact.bodyB)]
                        bundles[place / width].set(place % width, contact: c, contact, laneBody(contact.bodyA),
                                                   laneBody(contact.bodyB), softness: isAnchored ? anchored : dynamic,
                                                   warmStartRatio: ratio)
                    }
                    /// Fills and derives the bundles of `range`, each whole.
                    func prepare(_ range: Range<Int>) {
                        for k in range {
                            for lane in 0..<width {
                                let e = placeContact[k * width + lane]
                                if e >= 0 { fill(k * width + lane, from: e) } else { bundles[k].clear(lane, noBody: noBody) }
                            }
                            bundles[k].deriveMasses()
                        }
                    }
                    if let workers, count >= Self.parallelBundles,
                       workers.tryRun({ p in prepare(workers.part(0..<count, p)) }) { return }
                    for (e, place) in places.enumerated() { fill(place, from: e) }
                    for place in 0..<(count * width) where placeContact[place] < 0 {
                        bundles[place / width].clear(place % width, noBody: noBody)
                    }
                    for k in 0..<count { bundles[k].deriveMasses() }
                }
            }
        }
        scratch.softStep.placeContact = placeContact
    }

    /// `softContacts`: the island contacts in storage order. The contact list is large and
    /// read once per step, and reading it in island order (a walk over the contact graph)
    /// would miss the cache on nearly every contact.
    private mutating func listSoftContacts() {
        Self.listAscending(scratch.islands.contacts, below: contacts.contacts.count, flags: &scratch.softStep.flags,
                           into: &scratch.softStep.contacts)
    }

    /// Gives each contact of `softContacts` its bundle and lane by a greedy colouring of
    /// the contact graph: a contact takes the lowest colour that neither of its dynamic
    /// bodies has yet (anchored bodies and boundaries are never written, so they do not
    /// count). Bundles hold eight contacts of one colour, in storage order, and are solved
    /// colour by colour: contacts of one colour share no dynamic body, so their lanes
    /// never write the same body (Box2D v3 colours its constraint graph the same way,
    /// for SIMD lanes and threads). Contacts that find none of 63 colours free go last,
    /// one per bundle. Sets `lane[e]` = 8·bundle + lane, `bundleCount`, the bundles of
    /// each colour and of the overflow, and loads the anchored bodies'
    /// `SoftBodyState` records (no island lists them).
    private mutating func assignSoftContactLanes() {
        let overflow = 63, width = SoftLanes.scalarCount
        let contactCount = scratch.softStep.contacts.count
        if scratch.softStep.colourMask.count < bodies.count {
            scratch.softStep.colourMask += Array(repeating: 0, count: bodies.count - scratch.softStep.colourMask.count)
        }
        scratch.softStep.lane.removeAll(keepingCapacity: true)
        scratch.softStep.lane.append(contentsOf: repeatElement(0, count: contactCount))
        var count = [Int](repeating: 0, count: overflow + 1)
        var anchoredBodies: [Int] = []
        var coloured = scratch.softStep.colouredBodies
        scratch.softStep.colouredBodies = []
        coloured.removeAll(keepingCapacity: true)
        scratch.softStep.colourMask.withUnsafeMutableBufferPointer { mask in
            scratch.softStep.lane.withUnsafeMutableBufferPointer { lane in
                contacts.contacts.withUnsafeBufferPointer { list in
                    for (e, c) in scratch.softStep.contacts.enumerated() {
                        let a = Int(list[c].bodyA), b = Int(list[c].bodyB)
                        let movesA = a >= 0 && !bodies.isStatic[a], movesB = b >= 0 && !bodies.isStatic[b]
                        if a >= 0 && !movesA { anchoredBodies.append(a) }
                        if b >= 0 && !movesB { anchoredBodies.append(b) }
                        coloured.append(SIMD2(movesA ? Int32(a) : -1, movesB ? Int32(b) : -1))
                        let taken = (movesA ? mask[a] : 0) | (movesB ? mask[b] : 0)
                        let colour = min((~taken).trailingZeroBitCount, overflow)
                        if colour < overflow {
                            if movesA { mask[a] |= 1 << UInt64(colour) }
                            if movesB { mask[b] |= 1 << UInt64(colour) }
                        }
                        lane[e] = colour
                        count[colour] += 1
                    }
                }
                // Only dynamic bodies' masks were set.
                for pair in coloured {
                    if pair.x >= 0 { mask[Int(pair.x)] = 0 }
                    if pair.y >= 0 { mask[Int(pair.y)] = 0 }
                }
                // First lane (8·bundle) of each colour; the overflow colour's contacts take a
                // whole bundle each. The lanes after a colour's last contact, and the seven
                // after each overflow contact, stay empty.
                var next = [Int](repeating: 0, count: overflow + 1)
                var lanes = 0
                for colour in 0..<overflow {
                    next[colour] = lanes
                    lanes += (count[colour] + width - 1) / width * width
                }
                next[overflow] = lanes
                scratch.softStep.colourBundles.removeAll(keepingCapacity: true)
                for colour in 0..<overflow where count[colour] > 0 {
                    scratch.softStep.colourBundles.append(next[colour] / width..<(next[colour] + count[colour] + width - 1) / width)
                }
                for e in lane.indices {
                    let colour = lane[e]
                    lane[e] = next[colour]
                    next[colour] += colour == overflow ? width : 1
                }
                scratch.softStep.bundleCount = (lanes + width * count[overflow]) / width
                scratch.softStep.overflowBundles = lanes / width..<scratch.softStep.bundleCount
            }
        }
        scratch.softStep.colouredBodies = coloured
        for i in anchoredBodies { loadSoftBody(i) }
    }

    /// A stage over the island bodies: `work(kernel, range)` on all of them, or on one
    /// part each by the participants of `solverWorkers` (bodies are independent).
    private mutating func bodyStage(substep hs: Double, step h: Double, _ work: (SoftStepKernel, Range<Int>) -> Void) {
        let workers = solverWorkers
        withSoftStepKernel(substep: hs, step: h) { kernel in
            let all = 0..<kernel.bodies.count
            if let workers, all.count >= Self.parallelBodies,
               workers.tryRun({ p in work(kernel, workers.part(all, p)) }) { return }
            work(kernel, all)
        }
    }

    /// A pass of `kind` over the bundles, colour by colour: alone, or with each colour's
    /// bundles split between the participants of `solverWorkers`, who wait for one another
    /// before the next colour; the overflow bundles last, by one thread. Every bundle goes
    /// through the same operations either way, after the same bundles of the colours
    /// before it, so the result is the same bit for bit.
    private mutating func bundleStage(_ kind: SoftStepKernel.Pass, substep hs: Double, step h: Double) {
        let workers = solverWorkers, colours = scratch.softStep.colourBundles
        let overflow = scratch.softStep.overflowBundles
        withSoftStepKernel(substep: hs, step: h) { kernel in
            if let workers, kernel.bundleCount >= Self.parallelBundles, workers.tryRun({ p in
                for (k, range) in colours.enumerated() {
                    kernel.pass(kind, workers.part(range, p))
                    workers.barrier(k + 1)
                }
                if p == 0 { kernel.pass(kind, overflow) }
            }) { return }
            kernel.pass(kind)
        }
    }

    /// Below these many island bodies or contact bundles a stage stays on the stepping
    /// thread: sharing it would cost more than it saves.
    static let parallelBodies = 256
    static let parallelBundles = 32

    /// Runs `body` with a `SoftStepKernel` on the current columns.
    private mutating func withSoftStepKernel(substep hs: Double, step h: Double, _ body: (SoftStepKernel) -> Void) {
        let bundleCount = scratch.softStep.bundleCount
        scratch.softStep.bundles.withUnsafeMutableBufferPointer { bundles in
            scratch.softStep.velocity.withUnsafeMutableBufferPointer { velocity in
                scratch.softStep.pose.withUnsafeMutableBufferPointer { pose in
                    bodies.center.withUnsafeMutableBufferPointer { center in
                        bodies.angle.withUnsafeMutableBufferPointer { angle in
                            scratch.softStep.bodies.withUnsafeBufferPointer { list in
                                scratch.softStep.forcing.withUnsafeBufferPointer { forcing in
                                    scratch.startPlacements.bySlot.withUnsafeBufferPointer { start in
                                        body(SoftStepKernel(
                                            bundles: bundles.baseAddress!,
                                            state: SoftBodyState(velocity: velocity.baseAddress!, pose: pose.baseAddress!),
                                            bodies: list, forcing: forcing.baseAddress!,
                                            center: center.baseAddress!, angle: angle.baseAddress!,
                                            start: start.baseAddress!,
                                            bundleCount: bundleCount, substep: hs, step: h))
                                    }
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Keeps each contact's impulses for the next step's warm start.
    private mutating func storeSoftContactImpulses() {
        let count = scratch.softStep.bundleCount
        scratch.softStep.bundles.withUnsafeBufferPointer { bundles in
            contacts.contacts.withUnsafeMutableBufferPointer { list in
                for k in 0..<count {
                    let contact = bundles[k].contact
                    let first = bundles[k].first, second = bundles[k].second
                    for lane in 0..<SoftLanes.scalarCount where contact[lane] >= 0 {
                        let c = Int(contact[lane])
                        list[c].normalImpulses = SIMD2(Double(first.normalImpulse[lane]),
                                                       Double(second.normalImpulse[lane]))
                        list[c].tangentImpulses = SIMD2(Double(first.tangentImpulse[lane]),
                                                        Double(second.tangentImpulse[lane]))
                    }
                }
            }
        }
    }
}
