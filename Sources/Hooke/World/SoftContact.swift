import Foundation

// The contacts of the soft step (`SolverMode.softStep`), after Box2D v3's solver
// (E. Catto, "Solver2D", 2024, and Box2D v3.0's contact solver): each contact point is
// a spring–damper that acts only while the shapes overlap, solved implicitly once per
// substep, then relaxed without the spring. `World+SoftStep.swift` runs the stages.

/// The implicit spring–damper coefficients of a soft constraint for a substep h.
///
/// A constraint C with effective mass m, held by a spring of stiffness k = m·ω² and a
/// damper c = 2·m·ζ·ω (ω = 2π·hertz), stepped by implicit Euler, gives the impulse
///
///     Δλ = −m·s_m·(Ċ + b·C) − s_i·λ
///
/// with λ the impulse accumulated so far in the step and
///
///     b   = ω / (2ζ + hω)                   (biasRate, 1/s)
///     s_m = hω(2ζ + hω) / (1 + hω(2ζ + hω))   (massScale)
///     s_i = 1 / (1 + hω(2ζ + hω))             (impulseScale)
///
/// As ω → ∞ it becomes the rigid constraint with the position error removed in one
/// substep (b → 1/h, s_m → 1, s_i → 0); with ω = 0 it does nothing but damp to zero
/// relative velocity (b = 0, s_m = 1, s_i = 0 when hertz is 0, Box2D's convention).
struct Softness: Sendable {
    var biasRate: Double
    var massScale: Double
    var impulseScale: Double

    /// No spring: no bias, full mass, no impulse feedback (the relax pass).
    static let rigid = Softness(hertz: 0, dampingRatio: 0, timestep: 1)

    init(hertz: Double, dampingRatio zeta: Double, timestep h: Double) {
        guard hertz > 0 else {
            self.biasRate = 0
            self.massScale = 1
            self.impulseScale = 0
            return
        }
        let omega = 2 * Double.pi * hertz
        let a1 = 2 * zeta + h * omega
        let a2 = h * omega * a1
        let a3 = 1 / (1 + a2)
        biasRate = omega / a1
        massScale = a2 * a3
        impulseScale = a3
    }
}

/// One point of a soft contact. Anchors are fixed at the step's start; the separation
/// during the substeps is the step-start separation s₀ plus the anchors' relative motion
/// along the normal, so the manifold is not recomputed between substeps.
struct SoftContactPoint: Sendable {
    /// Offsets of the point from A's and B's centres at the step's start (A's: the
    /// world point when A is a boundary), pt.
    var anchorA = SIMD2<Double>.zero
    var anchorB = SIMD2<Double>.zero
    /// Skinned separation at the step's start, pt (negative: overlapping).
    var separation = 0.0
    /// 1/K along the normal and the tangent, kg.
    var normalMass = 0.0
    var tangentMass = 0.0
    /// Impulses accumulated in the step (warm-started from the last step), kg·pt/s.
    var normalImpulse = 0.0
    var tangentImpulse = 0.0
    /// The largest normal impulse applied in one solve, kg·pt/s: restitution applies
    /// only to points that pushed.
    var maxNormalImpulse = 0.0
    /// Normal approach velocity at the step's start, pt/s, for restitution.
    var relativeVelocity = 0.0
}

/// A contact of the soft step: its bodies, mixed material, softness and points.
struct SoftContact: Sendable {
    /// Index into `ContactSet.contacts`.
    var contact: Int32
    /// Body slots, −1 for a boundary.
    var bodyA: Int32
    var bodyB: Int32
    var pointCount: Int32
    var normal = SIMD2<Double>.zero
    var friction = 0.0
    var restitution = 0.0
    var inverseMassA = 0.0, inverseInertiaA = 0.0, inverseMassB = 0.0, inverseInertiaB = 0.0
    var softness: Softness
    var first = SoftContactPoint()
    var second = SoftContactPoint()

    /// Box2D v3's contact stiffness, Hz, capped at a quarter of the substep rate so
    /// that the spring stays resolved by the substeps.
    static let hertz = 30.0
    /// Box2D v3's contact damping ratio: heavily overdamped, no bounce from the spring.
    static let dampingRatio = 10.0
    /// The fastest a spring pushes overlapping shapes apart: Box2D v3's 3 m/s, pt/s.
    static let maximumPushSpeed = 300.0
}

/// The state the soft step's passes read and write, as raw pointers into the body
/// columns for the duration of one pass (no copies, no exclusivity checks in the loop).
/// Index −1 is a boundary: at rest, unrotated, infinitely heavy.
struct SoftBodyState {
    var velocity: UnsafeMutablePointer<SIMD2<Double>>
    var angularVelocity: UnsafeMutablePointer<Double>
    var center: UnsafeMutablePointer<SIMD2<Double>>
    /// (cos, sin) of each body's rotation since the step's start.
    var rotation: UnsafeMutablePointer<SIMD2<Double>>

    @inline(__always)
    func load(_ i: Int32) -> (v: SIMD2<Double>, w: Double) {
        i < 0 ? (.zero, 0) : (velocity[Int(i)], angularVelocity[Int(i)])
    }

    @inline(__always)
    func store(_ i: Int32, _ v: SIMD2<Double>, _ w: Double) {
        guard i >= 0 else { return }
        velocity[Int(i)] = v
        angularVelocity[Int(i)] = w
    }

}

extension SoftContact {
    /// The velocity of B's anchor relative to A's, pt/s.
    @inline(__always)
    static func relativeVelocity(_ vA: SIMD2<Double>, _ wA: Double, _ rA: SIMD2<Double>,
                                 _ vB: SIMD2<Double>, _ wB: Double, _ rB: SIMD2<Double>) -> SIMD2<Double> {
        vB + SIMD2(-wB * rB.y, wB * rB.x) - vA - SIMD2(-wA * rA.y, wA * rA.x)
    }

    /// Applies the impulse p at anchors rA, rB: −p to A, +p to B.
    @inline(__always)
    func apply(_ p: SIMD2<Double>, _ rA: SIMD2<Double>, _ rB: SIMD2<Double>,
               _ vA: inout SIMD2<Double>, _ wA: inout Double, _ vB: inout SIMD2<Double>, _ wB: inout Double) {
        vA -= inverseMassA * p
        wA -= inverseInertiaA * (rA.x * p.y - rA.y * p.x)
        vB += inverseMassB * p
        wB += inverseInertiaB * (rB.x * p.y - rB.y * p.x)
    }

    @inline(__always)
    func apply(_ p: SIMD2<Double>, _ rA: SIMD2<Double>, _ rB: SIMD2<Double>, _ m: inout Motion) {
        apply(p, rA, rB, &m.vA, &m.wA, &m.vB, &m.wB)
    }

    /// Applies the accumulated impulses λₙ·n + λₜ·t of both points.
    @inline(__always)
    func warmStart(_ bodies: SoftBodyState) {
        var (vA, wA) = bodies.load(bodyA), (vB, wB) = bodies.load(bodyB)
        let t = SIMD2(normal.y, -normal.x)
        apply(first.normalImpulse * normal + first.tangentImpulse * t, first.anchorA, first.anchorB,
              &vA, &wA, &vB, &wB)
        if pointCount == 2 {
            apply(second.normalImpulse * normal + second.tangentImpulse * t, second.anchorA, second.anchorB,
                  &vA, &wA, &vB, &wB)
        }
        bodies.store(bodyA, vA, wA)
        bodies.store(bodyB, vB, wB)
    }

    /// One pass over the contact: the normal impulses, then friction.
    ///
    /// Normal, per point, with s the current separation:
    /// - s > 0 (not touching yet): a speculative constraint that lets the gap close in
    ///   this substep and no further, bias s/h, rigid;
    /// - s ≤ 0 and `useBias`: the soft spring, bias max(b·s, −300 pt/s);
    /// - s ≤ 0, relaxing: no bias, rigid (removes the velocity the push added).
    /// The accumulated impulse stays ≥ 0. Friction: λₜ within ±μ·λₙ.
    @inline(__always)
    mutating func solve(_ bodies: SoftBodyState, inverseTimestep: Double, useBias: Bool) {
        var m = Motion(bodies, bodyA, bodyB)
        let pose = Pose(bodies, bodyA, bodyB)
        let two = pointCount == 2
        let spring = useBias ? softness : Softness.rigid
        Self.solveNormal(&first, self, pose, &m, spring, inverseTimestep)
        if two { Self.solveNormal(&second, self, pose, &m, spring, inverseTimestep) }
        Self.solveFriction(&first, self, &m)
        if two { Self.solveFriction(&second, self, &m) }
        m.store(bodies, bodyA, bodyB)
    }

    /// Both bodies' velocities while a contact is solved.
    struct Motion {
        var vA: SIMD2<Double>, wA: Double, vB: SIMD2<Double>, wB: Double

        @inline(__always)
        init(_ bodies: SoftBodyState, _ a: Int32, _ b: Int32) {
            (vA, wA) = bodies.load(a)
            (vB, wB) = bodies.load(b)
        }

        @inline(__always)
        func store(_ bodies: SoftBodyState, _ a: Int32, _ b: Int32) {
            bodies.store(a, vA, wA)
            bodies.store(b, vB, wB)
        }

        /// The velocity of B's anchor relative to A's, pt/s.
        @inline(__always)
        func relative(_ rA: SIMD2<Double>, _ rB: SIMD2<Double>) -> SIMD2<Double> {
            SoftContact.relativeVelocity(vA, wA, rA, vB, wB, rB)
        }
    }

    /// Both bodies' centres and rotations since the step's start (a boundary: the
    /// origin, unrotated, so that its anchor is the world point).
    struct Pose {
        var cA: SIMD2<Double>, qA: SIMD2<Double>, cB: SIMD2<Double>, qB: SIMD2<Double>

        @inline(__always)
        init(_ bodies: SoftBodyState, _ a: Int32, _ b: Int32) {
            cA = a >= 0 ? bodies.center[Int(a)] : .zero
            qA = a >= 0 ? bodies.rotation[Int(a)] : SIMD2(1, 0)
            cB = b >= 0 ? bodies.center[Int(b)] : .zero
            qB = b >= 0 ? bodies.rotation[Int(b)] : SIMD2(1, 0)
        }

        /// The current separation of a point: s₀ + n·(p_B − p_A), p the anchors where
        /// the bodies have carried them (at the step's start both are the manifold point).
        @inline(__always)
        func separation(_ p: SoftContactPoint, _ n: SIMD2<Double>) -> Double {
            let rA = p.anchorA, rB = p.anchorB
            let pA = cA + SIMD2(qA.x * rA.x - qA.y * rA.y, qA.y * rA.x + qA.x * rA.y)
            let pB = cB + SIMD2(qB.x * rB.x - qB.y * rB.y, qB.y * rB.x + qB.x * rB.y)
            let d = pB - pA
            return p.separation + (d.x * n.x + d.y * n.y)
        }
    }

    @inline(__always)
    static func solveNormal(_ p: inout SoftContactPoint, _ c: SoftContact, _ pose: Pose, _ m: inout Motion,
                            _ spring: Softness, _ inverseTimestep: Double) {
        let n = c.normal
        let s = pose.separation(p, n)
        var bias = 0.0, massScale = 1.0, impulseScale = 0.0
        if s > 0 {
            bias = s * inverseTimestep
        } else {
            bias = max(spring.biasRate * s, -maximumPushSpeed)
            massScale = spring.massScale
            impulseScale = spring.impulseScale
        }
        let dv = m.relative(p.anchorA, p.anchorB)
        let vn = dv.x * n.x + dv.y * n.y
        let impulse = -p.normalMass * massScale * (vn + bias) - impulseScale * p.normalImpulse
        let accumulated = max(p.normalImpulse + impulse, 0)
        let applied = accumulated - p.normalImpulse
        p.normalImpulse = accumulated
        p.maxNormalImpulse = max(p.maxNormalImpulse, applied)
        c.apply(applied * n, p.anchorA, p.anchorB, &m)
    }

    @inline(__always)
    static func solveFriction(_ p: inout SoftContactPoint, _ c: SoftContact, _ m: inout Motion) {
        let t = SIMD2(c.normal.y, -c.normal.x)
        let dv = m.relative(p.anchorA, p.anchorB)
        let vt = dv.x * t.x + dv.y * t.y
        let limit = c.friction * p.normalImpulse
        let accumulated = min(max(p.tangentImpulse - p.tangentMass * vt, -limit), limit)
        let applied = accumulated - p.tangentImpulse
        p.tangentImpulse = accumulated
        c.apply(applied * t, p.anchorA, p.anchorB, &m)
    }

    /// Restitution after the substeps: a point that approached faster than 100 pt/s
    /// and pushed gets the normal velocity −e·vₙ(start), the accumulated impulse ≥ 0.
    @inline(__always)
    mutating func applyRestitution(_ bodies: SoftBodyState, threshold: Double) {
        guard restitution > 0 else { return }
        var m = Motion(bodies, bodyA, bodyB)
        Self.restitute(&first, self, &m, threshold)
        if pointCount == 2 { Self.restitute(&second, self, &m, threshold) }
        m.store(bodies, bodyA, bodyB)
    }

    @inline(__always)
    static func restitute(_ p: inout SoftContactPoint, _ c: SoftContact, _ m: inout Motion, _ threshold: Double) {
        guard p.relativeVelocity < -threshold, p.maxNormalImpulse > 0 else { return }
        let n = c.normal
        let dv = m.relative(p.anchorA, p.anchorB)
        let vn = dv.x * n.x + dv.y * n.y
        let impulse = -p.normalMass * (vn + c.restitution * p.relativeVelocity)
        let accumulated = max(p.normalImpulse + impulse, 0)
        let applied = accumulated - p.normalImpulse
        p.normalImpulse = accumulated
        p.maxNormalImpulse = max(p.maxNormalImpulse, applied)
        c.apply(applied * n, p.anchorA, p.anchorB, &m)
    }
}
