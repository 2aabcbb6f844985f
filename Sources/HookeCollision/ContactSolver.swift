import HookeCore

/// Sequential-impulse contact solving over plain arrays, independent of any world — the
/// package's reference for the closed-form tests of single contacts (`ContactSolverTests`),
/// not public: the World runs its own two solvers with the same `ContactPointMath`,
/// `ContactBlock` and `CollisionParameters`. Box2D 2.3's
/// `b2ContactSolver` as UIKit runs it (Catto, "Iterative Dynamics with Temporal
/// Coherence", GDC 2005; "Fast and Simple Physics using Sequential Impulses", GDC 2006).
///
/// A step uses it in this order:
/// 1. `init(constraints:bodies:warmStartRatio:)` — per point: lever arms, normal and
///    tangent effective masses, restitution bias; the 2 × 2 block of a two-point manifold;
/// 2. `warmStart(_:)` — apply last step's impulses (scaled by h/h_previous);
/// 3. `solveVelocities(_:)` × iterations — friction, then the normal impulses;
/// 4. read `constraints` back for next step's warm start;
/// 5. (integrate positions in the world) then `solvePositions(_:)` × up to 3 — push
///    penetration deeper than the slop out, 20% at a time.
///
/// Velocity constraint of a point with lever arms r_A, r_B: relative normal velocity
/// vₙ = n·(v_B + ω_B × r_B − v_A − ω_A × r_A) ≥ 0, effective mass
/// 1/K with K = m_A⁻¹ + m_B⁻¹ + I_A⁻¹(r_A × n)² + I_B⁻¹(r_B × n)².
package struct ContactSolver: Sendable {
    @usableFromInline package struct PointConstraint: Sendable {
        @usableFromInline package var rA: SIMD2<Double>
        @usableFromInline package var rB: SIMD2<Double>
        @usableFromInline package var normalMass: Double
        @usableFromInline package var tangentMass: Double
        @usableFromInline package var velocityBias: Double
    }

    @usableFromInline package struct VelocityConstraint: Sendable {
        @usableFromInline package var normal: SIMD2<Double>
        @usableFromInline package var points: [PointConstraint]
        /// Block solve of the normal impulses, when two points are well conditioned.
        @usableFromInline package var block = ContactBlock()
    }

    /// The constraints with their accumulated impulses (read them after solving to warm
    /// start the next step).
    package private(set) var constraints: [ContactConstraint]
    private var velocity: [VelocityConstraint]

    /// Prepares every constraint from the bodies' current placements and velocities.
    ///
    /// - Parameters:
    ///   - warmStartRatio: factor applied to the stored impulses, h/h_previous (0 turns
    ///     warm starting off).
    package init(constraints: [ContactConstraint], bodies: [ContactBody], warmStartRatio: Double = 1) {
        self.constraints = constraints
        velocity = []
        velocity.reserveCapacity(constraints.count)
        for c in constraints.indices {
            self.constraints[c].normalImpulses *= warmStartRatio
            self.constraints[c].tangentImpulses *= warmStartRatio
            let contact = self.constraints[c]
            let a = bodies[contact.bodyA], b = bodies[contact.bodyB]
            let mA = a.inverseMass, iA = a.inverseInertia, mB = b.inverseMass, iB = b.inverseInertia
            let n = contact.manifold.normal
            var vc = VelocityConstraint(normal: n, points: [])
            for j in 0..<contact.manifold.pointCount {
                let p = contact.manifold[j].position
                let rA = p - a.center, rB = p - b.center
                let masses = ContactPointMath.effectiveMasses(
                    rA: rA, rB: rB, normal: n, inverseMassA: mA, inverseInertiaA: iA, inverseMassB: mB, inverseInertiaB: iB)
                // Restitution from the approach speed at the start of the solve.
                let vRel = Planar.dot(n, Self.relativeVelocity(a, b, rA, rB))
                vc.points.append(PointConstraint(
                    rA: rA, rB: rB, normalMass: masses.normal, tangentMass: masses.tangent,
                    velocityBias: ContactPointMath.restitutionBias(normalVelocity: vRel, restitution: contact.restitution)))
            }
            if vc.points.count == 2 {
                let p1 = vc.points[0], p2 = vc.points[1]
                if let block = ContactBlock(
                    normal: n, rA1: p1.rA, rB1: p1.rB, rA2: p2.rA, rB2: p2.rB,
                    inverseMassA: mA, inverseInertiaA: iA, inverseMassB: mB, inverseInertiaB: iB)
                {
                    vc.block = block
                } else {
                    // Nearly redundant points (K close to singular): keep one, as Box2D does.
                    vc.points.removeLast()
                }
            }
            velocity.append(vc)
        }
    }

    @inline(__always)
    private static func apply(
        _ impulse: SIMD2<Double>, _ rA: SIMD2<Double>, _ rB: SIMD2<Double>,
        _ a: inout ContactBody, _ b: inout ContactBody
    ) {
        a.velocity -= a.inverseMass * impulse
        a.angularVelocity -= a.inverseInertia * Planar.cross(rA, impulse)
        b.velocity += b.inverseMass * impulse
        b.angularVelocity += b.inverseInertia * Planar.cross(rB, impulse)
    }

    @inline(__always)
    private static func relativeVelocity(_ a: ContactBody, _ b: ContactBody, _ rA: SIMD2<Double>, _ rB: SIMD2<Double>) -> SIMD2<Double> {
        ContactPointMath.relativeVelocity(a.velocity, a.angularVelocity, rA, b.velocity, b.angularVelocity, rB)
    }

    /// Applies the stored impulses P = λₙ·n + λₜ·t of every point.
    package func warmStart(_ bodies: inout [ContactBody]) {
        for (c, vc) in velocity.enumerated() {
            let contact = constraints[c]
            var a = bodies[contact.bodyA], b = bodies[contact.bodyB]
            let tangent = Planar.cross(vc.normal, 1.0)
            for (j, p) in vc.points.enumerated() {
                let impulse = contact.normalImpulses[j] * vc.normal + contact.tangentImpulses[j] * tangent
                Self.apply(impulse, p.rA, p.rB, &a, &b)
            }
            bodies[contact.bodyA] = a
            bodies[contact.bodyB] = b
        }
    }

    /// One velocity iteration over every constraint: friction (accumulated tangent
    /// impulse clamped to ±μ·normal impulse), then the normal impulses (accumulated
    /// ≥ 0), a two-point manifold as a 2 × 2 linear complementarity problem solved by
    /// enumerating its four cases (Box2D's block solver).
    package mutating func solveVelocities(_ bodies: inout [ContactBody]) {
        for (c, vc) in velocity.enumerated() {
            var contact = constraints[c]
            var a = bodies[contact.bodyA], b = bodies[contact.bodyB]
            let n = vc.normal, tangent = Planar.cross(n, 1.0)

            for (j, p) in vc.points.enumerated() {
                let vt = Planar.dot(Self.relativeVelocity(a, b, p.rA, p.rB), tangent)
                let limit = contact.friction * contact.normalImpulses[j]
                let old = contact.tangentImpulses[j]
                let new = min(max(old - p.tangentMass * vt, -limit), limit)
                contact.tangentImpulses[j] = new
                Self.apply((new - old) * tangent, p.rA, p.rB, &a, &b)
            }

            if vc.points.count == 1 {
                let p = vc.points[0]
                let vn = Planar.dot(Self.relativeVelocity(a, b, p.rA, p.rB), n)
                let old = contact.normalImpulses[0]
                let new = max(old - p.normalMass * (vn - p.velocityBias), 0)
                contact.normalImpulses[0] = new
                Self.apply((new - old) * n, p.rA, p.rB, &a, &b)
            } else if vc.points.count == 2 {
                solveBlock(vc, &contact, &a, &b)
            }
            constraints[c] = contact
            bodies[contact.bodyA] = a
            bodies[contact.bodyB] = b
        }
    }

    /// The two-point normal impulses solved together (`ContactBlock.solve`).
    private func solveBlock(_ vc: VelocityConstraint, _ contact: inout ContactConstraint, _ a: inout ContactBody, _ b: inout ContactBody) {
        let p1 = vc.points[0], p2 = vc.points[1], n = vc.normal
        let old = contact.normalImpulses
        let vn1 = Planar.dot(Self.relativeVelocity(a, b, p1.rA, p1.rB), n)
        let vn2 = Planar.dot(Self.relativeVelocity(a, b, p2.rA, p2.rB), n)
        let x = vc.block.solve(
            normalVelocity: SIMD2(vn1, vn2), bias: SIMD2(p1.velocityBias, p2.velocityBias),
            accumulated: old, normalMass: SIMD2(p1.normalMass, p2.normalMass))
        // No case holds only through rounding; Box2D then leaves the impulses as they are.
        guard let x else { return }
        let d = x - old
        Self.apply(d.x * n, p1.rA, p1.rB, &a, &b)
        Self.apply(d.y * n, p2.rA, p2.rB, &a, &b)
        contact.normalImpulses = x
    }

    /// One position iteration (non-linear Gauss–Seidel on the separations): for every
    /// point, re-evaluate the separation s at the bodies' current placements, then push
    /// along the normal by the position impulse −C/K with
    /// C = clamp(β·(s + slop), −maxLinearCorrection, 0), β = 0.2, moving centres and
    /// angles (velocities are untouched).
    ///
    /// - Returns: true when the deepest separation seen was ≥ −3·slop (−1.5 pt), the
    ///   test UIKit's engine uses to stop iterating.
    @discardableResult
    package func solvePositions(_ bodies: inout [ContactBody]) -> Bool {
        let slop = CollisionParameters.linearSlop
        var minSeparation = 0.0
        for contact in constraints {
            var a = bodies[contact.bodyA], b = bodies[contact.bodyB]
            let mA = a.inverseMass, iA = a.inverseInertia, mB = b.inverseMass, iB = b.inverseInertia
            for j in 0..<contact.manifold.pointCount {
                let (n, point, separation) = contact.manifold.evaluate(j, transformA: a.transform, transformB: b.transform)
                let rA = point - a.center, rB = point - b.center
                minSeparation = min(minSeparation, separation)
                let impulse = ContactPointMath.positionImpulse(
                    separation: separation, rA: rA, rB: rB, normal: n,
                    inverseMassA: mA, inverseInertiaA: iA, inverseMassB: mB, inverseInertiaB: iB)
                a.center -= mA * impulse
                a.angle -= iA * Planar.cross(rA, impulse)
                b.center += mB * impulse
                b.angle += iB * Planar.cross(rB, impulse)
            }
            bodies[contact.bodyA] = a
            bodies[contact.bodyB] = b
        }
        return minSeparation >= -3 * slop
    }
}
