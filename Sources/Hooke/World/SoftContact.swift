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

    /// Where `anchor` (an offset from the body's centre at the step's start) is now.
    @inline(__always)
    func anchorPosition(_ i: Int32, _ anchor: SIMD2<Double>) -> SIMD2<Double> {
        guard i >= 0 else { return anchor }
        let q = rotation[Int(i)]
        return center[Int(i)] + SIMD2(q.x * anchor.x - q.y * anchor.y, q.y * anchor.x + q.x * anchor.y)
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
    /// - s ≤ 0, relaxing: no bias, rigid (removes the velocity the spring added).
    /// The accumulated impulse stays ≥ 0. Friction: λₜ within ±μ·λₙ.
    @inline(__always)
    mutating func solve(_ bodies: SoftBodyState, inverseTimestep: Double, useBias: Bool) {
        var (vA, wA) = bodies.load(bodyA), (vB, wB) = bodies.load(bodyB)
        let n = normal
        let soft = softness
        @inline(__always) func solveNormal(_ p: inout SoftContactPoint) {
            let d = bodies.anchorPosition(bodyB, p.anchorB) - bodies.anchorPosition(bodyA, p.anchorA)
            // At the step's start the two anchors coincide (both are the manifold point).
            let s = p.separation + (d.x * n.x + d.y * n.y)
            var bias = 0.0, massScale = 1.0, impulseScale = 0.0
            if s > 0 {
                bias = s * inverseTimestep
            } else if useBias {
                bias = max(soft.biasRate * s, -Self.maximumPushSpeed)
                massScale = soft.massScale
                impulseScale = soft.impulseScale
            }
            let dv = Self.relativeVelocity(vA, wA, p.anchorA, vB, wB, p.anchorB)
            let vn = dv.x * n.x + dv.y * n.y
            let impulse = -p.normalMass * massScale * (vn + bias) - impulseScale * p.normalImpulse
            let accumulated = max(p.normalImpulse + impulse, 0)
            let applied = accumulated - p.normalImpulse
            p.normalImpulse = accumulated
            p.maxNormalImpulse = max(p.maxNormalImpulse, applied)
            apply(applied * n, p.anchorA, p.anchorB, &vA, &wA, &vB, &wB)
        }
        @inline(__always) func solveFriction(_ p: inout SoftContactPoint) {
            let t = SIMD2(n.y, -n.x)
            let dv = Self.relativeVelocity(vA, wA, p.anchorA, vB, wB, p.anchorB)
            let vt = dv.x * t.x + dv.y * t.y
            let limit = friction * p.normalImpulse
            let accumulated = min(max(p.tangentImpulse - p.tangentMass * vt, -limit), limit)
            let applied = accumulated - p.tangentImpulse
            p.tangentImpulse = accumulated
            apply(applied * t, p.anchorA, p.anchorB, &vA, &wA, &vB, &wB)
        }
        var p1 = first, p2 = second
        solveNormal(&p1)
        if pointCount == 2 { solveNormal(&p2) }
        solveFriction(&p1)
        if pointCount == 2 { solveFriction(&p2) }
        first = p1
        second = p2
        bodies.store(bodyA, vA, wA)
        bodies.store(bodyB, vB, wB)
    }

    /// Restitution after the substeps: a point that approached faster than 100 pt/s
    /// and pushed gets the normal velocity −e·vₙ(start), the accumulated impulse ≥ 0.
    @inline(__always)
    mutating func applyRestitution(_ bodies: SoftBodyState, threshold: Double) {
        guard restitution > 0 else { return }
        var (vA, wA) = bodies.load(bodyA), (vB, wB) = bodies.load(bodyB)
        let n = normal
        @inline(__always) func restitute(_ p: inout SoftContactPoint) {
            guard p.relativeVelocity < -threshold, p.maxNormalImpulse > 0 else { return }
            let dv = Self.relativeVelocity(vA, wA, p.anchorA, vB, wB, p.anchorB)
            let vn = dv.x * n.x + dv.y * n.y
            let impulse = -p.normalMass * (vn + restitution * p.relativeVelocity)
            let accumulated = max(p.normalImpulse + impulse, 0)
            let applied = accumulated - p.normalImpulse
            p.normalImpulse = accumulated
            p.maxNormalImpulse = max(p.maxNormalImpulse, applied)
            apply(applied * n, p.anchorA, p.anchorB, &vA, &wA, &vB, &wB)
        }
        var p1 = first, p2 = second
        restitute(&p1)
        if pointCount == 2 { restitute(&p2) }
        first = p1
        second = p2
        bodies.store(bodyA, vA, wA)
        bodies.store(bodyB, vB, wB)
    }
}
