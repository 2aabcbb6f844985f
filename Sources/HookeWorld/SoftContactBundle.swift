import CHookeSIMD
import HookeCore
import HookeCollision

// Eight soft contacts solved together in SIMD lanes.
//
// The soft step colours its contact graph (`World.assignSoftContactLanes`): the
// contacts of one colour share no dynamic body, so eight of them can be solved at once,
// lane by lane, with the same arithmetic as one — each lane reads its two bodies'
// velocities, computes its impulses and writes the velocities back, and no two lanes
// write the same body. Box2D v3 solves its coloured graph the same way (b2ContactConstraintSIMD).
//
// The lanes are `Float`, as Box2D v3's: eight lanes fill a 256-bit register where four
// `Double`s did, which halves the solver's instructions per contact (Docs/collisions.md,
// "The soft step", has the precision this costs and the measurements that decided). What stays `Double` is everything that
// accumulates over steps: positions, angles, the velocities between steps and the
// warm-start impulses between steps. Quantities are kept small so that `Float`'s 24 bits
// go to the physics: anchors are offsets from the body's centre, and poses are
// displacements since the step's start.
//
// Lanes that hold no contact (the tail of a colour, and the seven companions of a
// contact that found no colour) have the "no body" slot for both bodies, zero masses and
// zero impulses, so every impulse they compute is exactly zero. A one-point contact has the same zeros
// in its second point.

typealias SoftLanes = SIMD8<Float>

// Lane-wise max and min as one compare and blend each: the standard library's generic
// `pointwiseMax` is not inlined here and costs a call per use.
@inline(__always)
private func lanesMax(_ a: SoftLanes, _ b: SoftLanes) -> SoftLanes { a.replacing(with: b, where: a .< b) }

@inline(__always)
private func lanesMin(_ a: SoftLanes, _ b: SoftLanes) -> SoftLanes { a.replacing(with: b, where: b .< a) }

/// a·b + c: one fused multiply–add per lane when built with `-D HOOKE_FMA` (with
/// `-target-cpu native`, as `make bench` builds; see `SpringBatchKernel.dot`), else a
/// multiply and an add — on a CPU target without FMA the fused form is a library call.
@inline(__always)
private func multiplyAdd(_ a: SoftLanes, _ b: SoftLanes, _ c: SoftLanes) -> SoftLanes {
    #if HOOKE_FMA
    return c.addingProduct(a, b)
    #else
    return a * b + c
    #endif
}

/// c − a·b: one fused negative multiply–add per lane under `HOOKE_FMA`, else a multiply
/// and a subtraction.
@inline(__always)
private func multiplySubtract(_ a: SoftLanes, _ b: SoftLanes, _ c: SoftLanes) -> SoftLanes {
    #if HOOKE_FMA
    return c.addingProduct(negated(a), b)
    #else
    return c - a * b
    #endif
}

/// −a, as a sign flip. The standard library's prefix minus on SIMD vectors is 0 − a,
/// which the compiler must keep as a subtraction of its own (it differs from −a when a
/// is +0); a sign flip folds into the multiply–add that uses it (`SoftStepKernel.pass`
/// fell from 919 to 850 instructions).
@inline(__always)
private func negated(_ a: SoftLanes) -> SoftLanes { a * -1 }

/// One contact point in each of eight lanes. Anchors are fixed at the step's start; the
/// separation during the substeps is the step-start separation s₀ plus the anchors'
/// relative motion along the normal, so the manifold is not recomputed between substeps.
/// Anchors: offsets of the point from A's and B's centres at the step's start (A's: the
/// world point when A is a boundary, which never moves or turns), pt. Separation:
/// skinned, at the step's start, pt (negative: overlapping). Masses: 1/K along the normal and the tangent, kg. Impulses:
/// accumulated in the step (warm-started from the last step), kg·pt/s; the largest
/// normal impulse of one solve, since restitution applies only to points that pushed.
/// Relative velocity: the normal approach speed at the step's start, pt/s, for
/// restitution.
struct SoftBundlePoint: Sendable {
    var anchorAX = SoftLanes.zero, anchorAY = SoftLanes.zero
    var anchorBX = SoftLanes.zero, anchorBY = SoftLanes.zero
    var separation = SoftLanes.zero
    var normalMass = SoftLanes.zero
    var tangentMass = SoftLanes.zero
    var normalImpulse = SoftLanes.zero
    var tangentImpulse = SoftLanes.zero
    var maxNormalImpulse = SoftLanes.zero
    var relativeVelocity = SoftLanes.zero

    /// Lane `lane` set up for one manifold point at anchors `rA` and `rB` (its offsets from
    /// the bodies' centres at the step's start): its separation, the given impulses, and
    /// the normal approach speed for restitution. The masses follow for all lanes at once
    /// (`SoftContactBundle.deriveMasses`).
    @inline(__always)
    mutating func set(_ lane: Int, _ point: ManifoldPoint, rA: SIMD2<Double>, rB: SIMD2<Double>,
                      normal n: SIMD2<Double>, _ a: SoftLaneBody, _ b: SoftLaneBody,
                      normalImpulse: Double, tangentImpulse: Double) {
        let approach = ContactPointMath.relativeVelocity(a.velocity, a.angularVelocity, rA,
                                                         b.velocity, b.angularVelocity, rB)
        anchorAX[lane] = Float(rA.x)
        anchorAY[lane] = Float(rA.y)
        anchorBX[lane] = Float(rB.x)
        anchorBY[lane] = Float(rB.y)
        separation[lane] = Float(point.separation)
        self.normalImpulse[lane] = Float(normalImpulse)
        self.tangentImpulse[lane] = Float(tangentImpulse)
        relativeVelocity[lane] = Float(Planar.dot(n, approach))
    }

    /// Lane `lane` with no point: zero anchors, masses and impulses, so that it applies
    /// nothing.
    @inline(__always)
    mutating func clear(_ lane: Int) {
        anchorAX[lane] = 0
        anchorAY[lane] = 0
        anchorBX[lane] = 0
        anchorBY[lane] = 0
        separation[lane] = 0
        normalMass[lane] = 0
        tangentMass[lane] = 0
        normalImpulse[lane] = 0
        tangentImpulse[lane] = 0
        maxNormalImpulse[lane] = 0
        relativeVelocity[lane] = 0
    }
}

/// A contact's body as its lane is set up from, at the step's start (a boundary: no
/// body, all zero).
struct SoftLaneBody {
    /// The body's `SoftBodyState` slot (`World.softNoBody` for a boundary).
    var slot: Int
    var inverseMass = 0.0, inverseInertia = 0.0
    var center = SIMD2<Double>.zero
    var velocity = SIMD2<Double>.zero, angularVelocity = 0.0
}

/// Body slots of eight lanes (`World.softNoBody` for a boundary or an empty lane).
typealias SoftLaneSlots = SIMD8<Int32>

/// Eight 16-byte records, gathered by slot and transposed into lanes: (x, y, z, w) of
/// each record become lanes of four vectors. (Written as explicit two-source shuffles,
/// as Box2D v3's b2GatherBodies is, the transpose compiles to the same instructions:
/// the optimiser recombines the shuffles either way.) Callers pass the lanes through
/// `hooke_lanes_barrier` (CHookeSIMD), and the lanes to scatter too, or the optimiser
/// solves the lanes one by one in scalar arithmetic.
@inline(__always)
private func gatherLanes(_ records: UnsafeMutablePointer<SIMD4<Float>>, _ index: SoftLaneSlots)
    -> (x: SoftLanes, y: SoftLanes, z: SoftLanes, w: SoftLanes) {
    let p = (records[Int(index[0])], records[Int(index[1])], records[Int(index[2])], records[Int(index[3])],
             records[Int(index[4])], records[Int(index[5])], records[Int(index[6])], records[Int(index[7])])
    return (SoftLanes(p.0.x, p.1.x, p.2.x, p.3.x, p.4.x, p.5.x, p.6.x, p.7.x),
            SoftLanes(p.0.y, p.1.y, p.2.y, p.3.y, p.4.y, p.5.y, p.6.y, p.7.y),
            SoftLanes(p.0.z, p.1.z, p.2.z, p.3.z, p.4.z, p.5.z, p.6.z, p.7.z),
            SoftLanes(p.0.w, p.1.w, p.2.w, p.3.w, p.4.w, p.5.w, p.6.w, p.7.w))
}

/// The inverse of `gatherLanes` for records (x, y, z, 0), stored in lane order: lanes
/// that share a record (anchored bodies, no body) store what they loaded.
@inline(__always)
private func scatterLanes(_ x: SoftLanes, _ y: SoftLanes, _ z: SoftLanes,
                          _ records: UnsafeMutablePointer<SIMD4<Float>>, _ index: SoftLaneSlots) {
    for lane in 0..<SoftLanes.scalarCount {
        records[Int(index[lane])] = SIMD4(x[lane], y[lane], z[lane], 0)
    }
}

/// Velocities of the eight lanes' bodies A or B.
struct LaneVelocities {
    var vx: SoftLanes, vy: SoftLanes, w: SoftLanes

    @inline(__always)
    init(_ bodies: SoftBodyState, _ index: SoftLaneSlots) {
        let (x, y, z, _) = gatherLanes(bodies.velocity, index)
        (vx, vy, w) = (hooke_lanes_barrier(x), hooke_lanes_barrier(y), hooke_lanes_barrier(z))
    }

    /// Transposed back and stored in lane order. Lanes that share a body are lanes of
    /// anchored bodies or of no body, which store what they loaded.
    @inline(__always)
    func store(_ bodies: SoftBodyState, _ index: SoftLaneSlots) {
        scatterLanes(hooke_lanes_barrier(vx), hooke_lanes_barrier(vy), hooke_lanes_barrier(w), bodies.velocity, index)
    }

    /// The velocity of the point at offset (rx, ry) from the centre: v + ω × r.
    @inline(__always)
    func at(_ rx: SoftLanes, _ ry: SoftLanes) -> (x: SoftLanes, y: SoftLanes) {
        (multiplySubtract(w, ry, vx), multiplyAdd(w, rx, vy))
    }

    /// Adds the impulse (px, py) at offset (rx, ry) on a body of inverse mass m and
    /// inverse inertia i.
    @inline(__always)
    mutating func apply(_ px: SoftLanes, _ py: SoftLanes, _ rx: SoftLanes, _ ry: SoftLanes, _ m: SoftLanes, _ i: SoftLanes) {
        vx = multiplyAdd(m, px, vx)
        vy = multiplyAdd(m, py, vy)
        w = multiplyAdd(i, multiplyAdd(rx, py, negated(ry * px)), w)
    }
}

/// Displacements and rotations since the step's start of the eight lanes' bodies A or B
/// (no body: none, so that a boundary's anchor stays where it is).
struct LanePoses {
    /// Δc, pt; cos δ − 1 and sin δ of the rotation δ.
    var dx: SoftLanes, dy: SoftLanes, qcMinusOne: SoftLanes, qs: SoftLanes

    @inline(__always)
    init(_ bodies: SoftBodyState, _ index: SoftLaneSlots) {
        let (x, y, z, w) = gatherLanes(bodies.pose, index)
        (dx, dy, qcMinusOne, qs) = (hooke_lanes_barrier(x), hooke_lanes_barrier(y), hooke_lanes_barrier(z),
                                    hooke_lanes_barrier(w))
    }

    /// How far the anchor r, an offset at the step's start, has moved since:
    /// Δc + R(δ)·r − r = Δc + ((cos δ − 1)·rx − sin δ·ry, sin δ·rx + (cos δ − 1)·ry).
    /// Every term is of the size of the motion within the step, so that `Float` resolves
    /// the separation's change as finely far from the origin as near it.
    @inline(__always)
    func displacement(_ rx: SoftLanes, _ ry: SoftLanes) -> (x: SoftLanes, y: SoftLanes) {
        (multiplyAdd(qcMinusOne, rx, multiplySubtract(qs, ry, dx)),
         multiplyAdd(qs, rx, multiplyAdd(qcMinusOne, ry, dy)))
    }
}

/// What the point solves read of their contact: normal, masses, friction.
struct LaneFrame {
    var normalX: SoftLanes, normalY: SoftLanes
    var inverseMassA: SoftLanes, inverseInertiaA: SoftLanes, inverseMassB: SoftLanes, inverseInertiaB: SoftLanes
    var friction: SoftLanes, restitution: SoftLanes

    /// Applies the impulse P = (px, py) at a point's anchors: −P to A, +P to B.
    @inline(__always)
    func apply(_ px: SoftLanes, _ py: SoftLanes, _ p: SoftBundlePoint, _ a: inout LaneVelocities, _ b: inout LaneVelocities) {
        a.apply(negated(px), negated(py), p.anchorAX, p.anchorAY, inverseMassA, inverseInertiaA)
        b.apply(px, py, p.anchorBX, p.anchorBY, inverseMassB, inverseInertiaB)
    }

    /// Normal velocity of B's anchor relative to A's, and the tangential one along
    /// t = (n_y, −n_x).
    @inline(__always)
    func relativeVelocity(_ p: SoftBundlePoint, _ a: LaneVelocities, _ b: LaneVelocities)
        -> (normal: SoftLanes, tangent: SoftLanes) {
        let va = a.at(p.anchorAX, p.anchorAY), vb = b.at(p.anchorBX, p.anchorBY)
        let dx = vb.x - va.x, dy = vb.y - va.y
        return (multiplyAdd(dx, normalX, dy * normalY), multiplyAdd(dx, normalY, negated(dy * normalX)))
    }
}

extension SoftBundlePoint {
    @inline(__always)
    func warmStart(_ f: LaneFrame, _ a: inout LaneVelocities, _ b: inout LaneVelocities) {
        f.apply(multiplyAdd(normalImpulse, f.normalX, tangentImpulse * f.normalY),
                multiplyAdd(normalImpulse, f.normalY, negated(tangentImpulse * f.normalX)), self, &a, &b)
    }

    /// The spring's terms for this point at its current separation s: the velocity
    /// bias, the mass scale and the impulse scale. s > 0 (apart): a speculative, rigid
    /// constraint with bias s/h, which lets the gap close in this substep and no further;
    /// s ≤ 0: the spring (`rate`, `massScale`, `impulseScale`), pushing apart at most
    /// 300 pt/s — all rigid and without bias when relaxing.
    ///
    /// Transparent rather than `@inline(__always)`, which the optimiser declined here:
    /// as a call, the point was copied into it for each use.
    @_transparent
    func springTerms(_ f: LaneFrame, _ poseA: LanePoses, _ poseB: LanePoses,
                     rate: SoftLanes, massScale: SoftLanes, impulseScale: SoftLanes, inverseTimestep: Float)
        -> (bias: SoftLanes, massScale: SoftLanes, impulseScale: SoftLanes) {
        let pa = poseA.displacement(anchorAX, anchorAY), pb = poseB.displacement(anchorBX, anchorBY)
        let s = multiplyAdd(pb.x - pa.x, f.normalX, multiplyAdd(pb.y - pa.y, f.normalY, separation))
        let speculative = s .> 0
        let bias = lanesMax(rate * s, SoftLanes(repeating: -Float(SoftContact.maximumPushSpeed)))
            .replacing(with: s * inverseTimestep, where: speculative)
        return (bias, massScale.replacing(with: 1, where: speculative),
                impulseScale.replacing(with: 0, where: speculative))
    }

    /// The friction impulse, the accumulated one within ±μ·λₙ.
    @inline(__always)
    mutating func solveFriction(_ f: LaneFrame, _ a: inout LaneVelocities, _ b: inout LaneVelocities) {
        let vt = f.relativeVelocity(self, a, b).tangent
        let limit = f.friction * normalImpulse
        let accumulated = lanesMin(lanesMax(multiplySubtract(tangentMass, vt, tangentImpulse), negated(limit)), limit)
        let applied = accumulated - tangentImpulse
        tangentImpulse = accumulated
        f.apply(applied * f.normalY, negated(applied * f.normalX), self, &a, &b)
    }
}

/// Up to eight contacts of one colour.
struct SoftContactBundle: Sendable {
    /// Index into `ContactSet.contacts` per lane, −1 for an empty lane.
    var contact = SIMD8<Int32>(repeating: -1)
    var bodyA: SoftLaneSlots
    var bodyB: SoftLaneSlots
    var normalX = SoftLanes.zero, normalY = SoftLanes.zero
    var friction = SoftLanes.zero, restitution = SoftLanes.zero
    var inverseMassA = SoftLanes.zero, inverseInertiaA = SoftLanes.zero
    var inverseMassB = SoftLanes.zero, inverseInertiaB = SoftLanes.zero
    var biasRate = SoftLanes.zero, massScale = SoftLanes(repeating: 1), impulseScale = SoftLanes.zero
    /// Two-point lanes: K₁₂ = n·(the velocity change at point 2 per unit impulse at
    /// point 1), and K⁻¹ where K is well conditioned (`hasBlock` ≠ 0; see `ContactBlock`).
    var coupling = SoftLanes.zero
    var inverse11 = SoftLanes.zero, inverse12 = SoftLanes.zero, inverse22 = SoftLanes.zero
    var hasBlock = SIMD8<Int32>.zero
    var first = SoftBundlePoint()
    var second = SoftBundlePoint()

    /// Eight empty lanes, whose bodies are the slot `noBody` (`World.softNoBody`).
    init(noBody: Int) {
        bodyA = SoftLaneSlots(repeating: Int32(noBody))
        bodyB = bodyA
    }

    /// Lane `lane` set up for `contact` (index `index` into `ContactSet.contacts`)
    /// between `a` and `b`: normal, material, softness, the bodies' inverse masses and
    /// its manifold's points; `hasBlock` marks a two-point manifold until
    /// `deriveMasses` decides on the block. The stored impulses are scaled by `ratio` =
    /// hₛ/hₛ(previous step).
    @inline(__always)
    mutating func set(_ lane: Int, contact index: Int, _ contact: Contact, _ a: SoftLaneBody, _ b: SoftLaneBody,
                      softness: Softness, warmStartRatio ratio: Double) {
        let m = contact.manifold, n = m.normal
        self.contact[lane] = Int32(index)
        bodyA[lane] = Int32(a.slot)
        bodyB[lane] = Int32(b.slot)
        normalX[lane] = Float(n.x)
        normalY[lane] = Float(n.y)
        friction[lane] = Float(contact.friction)
        restitution[lane] = Float(contact.restitution)
        inverseMassA[lane] = Float(a.inverseMass)
        inverseInertiaA[lane] = Float(a.inverseInertia)
        inverseMassB[lane] = Float(b.inverseMass)
        inverseInertiaB[lane] = Float(b.inverseInertia)
        biasRate[lane] = Float(softness.biasRate)
        massScale[lane] = Float(softness.massScale)
        impulseScale[lane] = Float(softness.impulseScale)
        first.set(lane, m[0], rA: m[0].position - a.center, rB: m[0].position - b.center, normal: n, a, b,
                  normalImpulse: ratio * contact.normalImpulses.x, tangentImpulse: ratio * contact.tangentImpulses.x)
        guard m.pointCount == 2 else {
            second.clear(lane)
            hasBlock[lane] = 0
            return
        }
        second.set(lane, m[1], rA: m[1].position - a.center, rB: m[1].position - b.center, normal: n, a, b,
                   normalImpulse: ratio * contact.normalImpulses.y, tangentImpulse: ratio * contact.tangentImpulses.y)
        hasBlock[lane] = 1
    }

    /// The masses of all eight lanes from their anchors, at once: each point's 1/K along
    /// the normal and the tangent t = (n_y, −n_x),
    ///
    ///     K = m_A⁻¹ + m_B⁻¹ + I_A⁻¹(r_A × u)² + I_B⁻¹(r_B × u)²   (u = n, t; 1/K = 0 where K = 0),
    ///
    /// (`ContactPointMath.effectiveMasses`; r × t = −r·n), and for two-point lanes the
    /// coupling K₁₂ and, where K is well conditioned, its inverse (`ContactBlock`:
    /// K₁₁² < κ·det K with κ = `CollisionParameters.maxConditionNumber`). Empty lanes and the
    /// second point of one-point lanes get zero masses. Also starts each point's largest
    /// normal impulse of the step at zero.
    @inline(__always)
    mutating func deriveMasses() {
        first.maxNormalImpulse = .zero
        second.maxNormalImpulse = .zero
        let twoPoints = hasBlock .!= 0
        let m = inverseMassA + inverseMassB
        @inline(__always)
        func masses(_ p: SoftBundlePoint) -> (normal: SoftLanes, tangent: SoftLanes, armA: SoftLanes, armB: SoftLanes) {
            let rnA = multiplySubtract(p.anchorAY, normalX, p.anchorAX * normalY)
            let rnB = multiplySubtract(p.anchorBY, normalX, p.anchorBX * normalY)
            let rtA = multiplyAdd(p.anchorAX, normalX, p.anchorAY * normalY)
            let rtB = multiplyAdd(p.anchorBX, normalX, p.anchorBY * normalY)
            let kn = multiplyAdd(inverseInertiaB * rnB, rnB, multiplyAdd(inverseInertiaA * rnA, rnA, m))
            let kt = multiplyAdd(inverseInertiaB * rtB, rtB, multiplyAdd(inverseInertiaA * rtA, rtA, m))
            return ((1 / kn).replacing(with: 0, where: kn .<= 0), (1 / kt).replacing(with: 0, where: kt .<= 0),
                    rnA, rnB)
        }
        let one = masses(first), two = masses(second)
        first.normalMass = one.normal
        first.tangentMass = one.tangent
        second.normalMass = two.normal.replacing(with: 0, where: .!twoPoints)
        second.tangentMass = two.tangent.replacing(with: 0, where: .!twoPoints)
        let k11 = multiplyAdd(inverseInertiaB * one.armB, one.armB, multiplyAdd(inverseInertiaA * one.armA, one.armA, m))
        let k22 = multiplyAdd(inverseInertiaB * two.armB, two.armB, multiplyAdd(inverseInertiaA * two.armA, two.armA, m))
        let k12 = multiplyAdd(inverseInertiaB * one.armB, two.armB, multiplyAdd(inverseInertiaA * one.armA, two.armA, m))
        let det = multiplySubtract(k12, k12, k11 * k22)
        let block = twoPoints .& (k11 * k11 .< Float(CollisionParameters.maxConditionNumber) * det)
        let inverseDet = (1 / det).replacing(with: 0, where: .!block)
        coupling = k12.replacing(with: 0, where: .!twoPoints)
        inverse11 = k22 * inverseDet
        inverse12 = negated(k12) * inverseDet
        inverse22 = k11 * inverseDet
        hasBlock = SIMD8<Int32>.zero.replacing(with: 1, where: block)
    }

    /// Lane `lane` empty: no contact, both bodies the slot `noBody`, no mass, so that
    /// every impulse it computes is zero.
    @inline(__always)
    mutating func clear(_ lane: Int, noBody: Int) {
        contact[lane] = -1
        bodyA[lane] = Int32(noBody)
        bodyB[lane] = Int32(noBody)
        normalX[lane] = 0
        normalY[lane] = 0
        friction[lane] = 0
        restitution[lane] = 0
        inverseMassA[lane] = 0
        inverseInertiaA[lane] = 0
        inverseMassB[lane] = 0
        inverseInertiaB[lane] = 0
        biasRate[lane] = 0
        massScale[lane] = 1
        impulseScale[lane] = 0
        coupling[lane] = 0
        inverse11[lane] = 0
        inverse12[lane] = 0
        inverse22[lane] = 0
        hasBlock[lane] = 0
        first.clear(lane)
        second.clear(lane)
    }

    var frame: LaneFrame {
        LaneFrame(normalX: normalX, normalY: normalY, inverseMassA: inverseMassA, inverseInertiaA: inverseInertiaA,
                  inverseMassB: inverseMassB, inverseInertiaB: inverseInertiaB, friction: friction,
                  restitution: restitution)
    }

    /// Applies the accumulated impulses λₙ·n + λₜ·t of both points.
    @inline(__always)
    func warmStart(_ bodies: SoftBodyState) {
        var a = LaneVelocities(bodies, bodyA), b = LaneVelocities(bodies, bodyB)
        let f = frame
        first.warmStart(f, &a, &b)
        second.warmStart(f, &a, &b)
        a.store(bodies, bodyA)
        b.store(bodies, bodyB)
    }

    /// One pass: the normal impulses of both points (`SoftBundlePoint.springTerms`;
    /// accumulated ≥ 0), then friction (accumulated within ±μ·λₙ). See
    /// `SolverMode.softStep` and `Softness`.
    @inline(__always)
    mutating func solve(_ bodies: SoftBodyState, inverseTimestep: Float, useBias: Bool) {
        var a = LaneVelocities(bodies, bodyA), b = LaneVelocities(bodies, bodyB)
        let poseA = LanePoses(bodies, bodyA), poseB = LanePoses(bodies, bodyB)
        let f = frame
        let rate = useBias ? biasRate : .zero
        let ms = useBias ? massScale : SoftLanes(repeating: 1)
        let si = useBias ? impulseScale : .zero
        let t1 = first.springTerms(f, poseA, poseB, rate: rate, massScale: ms, impulseScale: si,
                                   inverseTimestep: inverseTimestep)
        let t2 = second.springTerms(f, poseA, poseB, rate: rate, massScale: ms, impulseScale: si,
                                    inverseTimestep: inverseTimestep)
        let vn1 = f.relativeVelocity(first, a, b).normal, vn2 = f.relativeVelocity(second, a, b).normal
        let l1 = first.normalImpulse, l2 = second.normalImpulse
        // One point after the other: point 1's increment d1 changes point 2's normal
        // velocity by K₁₂·d1 before point 2 is solved.
        let d1 = lanesMax(multiplySubtract(first.normalMass * t1.massScale, vn1 + t1.bias,
                                      multiplySubtract(t1.impulseScale, l1, l1)), .zero) - l1
        let vn2After = multiplyAdd(coupling, d1, vn2)
        let d2 = lanesMax(multiplySubtract(second.normalMass * t2.massScale, vn2After + t2.bias,
                                      multiplySubtract(t2.impulseScale, l2, l2)), .zero) - l2
        // Both at once: Δλ = −S_m·K⁻¹(vₙ + b) − S_i·λ, taken where K is well conditioned
        // and both accumulated impulses stay ≥ 0. Solving one point after the other
        // would turn a body that meets a surface flat (each point's impulse also moves
        // the other), and one pass per substep would not undo it.
        let r1 = vn1 + t1.bias, r2 = vn2 + t2.bias
        let b1 = multiplySubtract(t1.massScale, multiplyAdd(inverse11, r1, inverse12 * r2),
                             multiplySubtract(t1.impulseScale, l1, l1))
        let b2 = multiplySubtract(t2.massScale, multiplyAdd(inverse12, r1, inverse22 * r2),
                             multiplySubtract(t2.impulseScale, l2, l2))
        let together = (hasBlock .!= 0) .& (b1 .>= 0) .& (b2 .>= 0)
        let applied1 = d1.replacing(with: b1 - l1, where: together)
        let applied2 = d2.replacing(with: b2 - l2, where: together)
        first.normalImpulse = l1 + applied1
        second.normalImpulse = l2 + applied2
        first.maxNormalImpulse = lanesMax(first.maxNormalImpulse, applied1)
        second.maxNormalImpulse = lanesMax(second.maxNormalImpulse, applied2)
        f.apply(applied1 * f.normalX, applied1 * f.normalY, first, &a, &b)
        f.apply(applied2 * f.normalX, applied2 * f.normalY, second, &a, &b)
        first.solveFriction(f, &a, &b)
        second.solveFriction(f, &a, &b)
        a.store(bodies, bodyA)
        b.store(bodies, bodyB)
    }

    /// Restitution after the substeps, lane by lane: the points that approached
    /// faster than `threshold` (100 pt/s) and pushed get the normal velocity
    /// −e·vₙ(start), with λₙ ≥ 0. When both points of a lane qualify they are solved
    /// together as the 2 × 2 LCP of `ContactBlock` (as UIKit's solver does its normal
    /// impulses): one after the other, the first point's impulse would also move the
    /// second, and a box landing flat would leave spinning.
    mutating func applyRestitution(_ bodies: SoftBodyState, threshold: Double) {
        guard any(restitution .> 0) else { return }
        for lane in 0..<SoftLanes.scalarCount where restitution[lane] > 0 {
            /// The lane's value of `x`, in `Double` for the 2 × 2 solve.
            func at(_ x: SoftLanes) -> Double { Double(x[lane]) }
            let pointIsActive = { (p: SoftBundlePoint) in
                at(p.relativeVelocity) < -threshold && p.maxNormalImpulse[lane] > 0
            }
            let active1 = pointIsActive(first), active2 = pointIsActive(second)
            guard active1 || active2 else { continue }
            let a = Int(bodyA[lane]), b = Int(bodyB[lane])
            let stateA = SIMD4<Double>(bodies.velocity[a]), stateB = SIMD4<Double>(bodies.velocity[b])
            var vA = SIMD2(stateA.x, stateA.y), wA = stateA.z
            var vB = SIMD2(stateB.x, stateB.y), wB = stateB.z
            let n = SIMD2(at(normalX), at(normalY)), e = at(restitution)
            let mA = at(inverseMassA), iA = at(inverseInertiaA), mB = at(inverseMassB), iB = at(inverseInertiaB)
            let rA = [SIMD2(at(first.anchorAX), at(first.anchorAY)), SIMD2(at(second.anchorAX), at(second.anchorAY))]
            let rB = [SIMD2(at(first.anchorBX), at(first.anchorBY)), SIMD2(at(second.anchorBX), at(second.anchorBY))]
            func normalVelocity(_ j: Int) -> Double {
                let dv = ContactPointMath.relativeVelocity(vA, wA, rA[j], vB, wB, rB[j])
                return dv.x * n.x + dv.y * n.y
            }
            func apply(_ impulse: Double, _ j: Int) {
                let p = impulse * n
                vA -= mA * p
                wA -= iA * (rA[j].x * p.y - rA[j].y * p.x)
                vB += mB * p
                wB += iB * (rB[j].x * p.y - rB[j].y * p.x)
            }
            let old = SIMD2(at(first.normalImpulse), at(second.normalImpulse))
            var new = old
            let target = SIMD2(-e * at(first.relativeVelocity), -e * at(second.relativeVelocity))
            let mass = SIMD2(at(first.normalMass), at(second.normalMass))
            if active1 && active2, let block = ContactBlock(
                normal: n, rA1: rA[0], rB1: rB[0], rA2: rA[1], rB2: rB[1],
                inverseMassA: mA, inverseInertiaA: iA, inverseMassB: mB, inverseInertiaB: iB),
               let x = block.solve(normalVelocity: SIMD2(normalVelocity(0), normalVelocity(1)), bias: target,
                                   accumulated: old, normalMass: mass)
            {
                new = x
                apply(x.x - old.x, 0)
                apply(x.y - old.y, 1)
            } else {
                for (j, active) in [active1, active2].enumerated() where active {
                    new[j] = max(old[j] - mass[j] * (normalVelocity(j) - target[j]), 0)
                    apply(new[j] - old[j], j)
                }
            }
            first.normalImpulse[lane] = Float(new.x)
            second.normalImpulse[lane] = Float(new.y)
            bodies.velocity[a] = SIMD4(SIMD4(vA.x, vA.y, wA, 0))
            bodies.velocity[b] = SIMD4(SIMD4(vB.x, vB.y, wB, 0))
        }
    }
}
