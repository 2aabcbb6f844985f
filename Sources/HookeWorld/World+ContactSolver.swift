import HookeCollision
import HookeCore

// The World's UIKit contact solver: Box2D 2.3's `b2ContactSolver` as UIKit runs it, the
// sequential-impulse method (Catto, "Iterative Dynamics with Temporal Coherence", GDC 2005;
// "Fast and Simple Physics using Sequential Impulses", GDC 2006), written over the world's
// body columns so that thousands of contacts solve without copying bodies. The per-point
// formulas are `ContactPointMath`'s, the two-point block `ContactBlock`'s and the
// constants `CollisionParameters`' — shared with the soft step's bundles
// (World+SoftStep.swift, SoftContactBundle.swift).
//
// A step (`solveConstraints` and `correctPositions`, World+Step.swift) uses it in this order:
// 1. `prepareContacts(warmStartRatio:)` — per point: lever arms, normal and tangent
//    effective masses, restitution bias; the 2 × 2 block of a two-point manifold; the
//    stored impulses scaled by h/h_previous;
// 2. `warmStartContacts()` — apply them;
// 3. `solveContactVelocities()` × `velocityIterations` (8), each after the joints' —
//    friction, then the normal impulses;
// 4. `storeContactImpulses()` — keep them for the next step's warm start (the narrowphase
//    carries them over to the points whose `ContactFeature` matches);
// 5. (integrate positions) then `solveContactPositions(_:)` × up to `positionIterations`
//    (3) per island — push penetration deeper than the slop out, 20% at a time.
//
// Velocity constraint of a point with lever arms r_A, r_B: relative normal velocity
// vₙ = n·(v_B + ω_B × r_B − v_A − ω_A × r_A) ≥ 0, effective mass
// 1/K with K = m_A⁻¹ + m_B⁻¹ + I_A⁻¹(r_A × n)² + I_B⁻¹(r_B × n)².
// The walk through these steps and the tests of one contact at a time
// (SingleContactWorldTests): Docs/collisions.md, "Contact solver maths".

extension World {
    /// Velocity of body slot `i`, zero for a boundary.
    @inline(__always)
    private func velocityOf(_ i: Int32) -> (SIMD2<Double>, Double) {
        i < 0 ? (.zero, 0) : (bodies.velocity[Int(i)], bodies.angularVelocity[Int(i)])
    }

    /// Sets up the island contacts for the velocity iterations: lever arms from the
    /// manifold points, normal and tangent masses 1/K, a restitution bias −e·vₙ when the
    /// approach speed at the start of the solve exceeds 100 pt/s, the 2 × 2 block of two
    /// points (one point kept when they are nearly redundant — K ill-conditioned,
    /// K₁₁² ≥ 1000·det K — as Box2D does), and the stored impulses scaled by h/h_previous
    /// (0 turns warm starting off).
    mutating func prepareContacts(warmStartRatio ratio: Double) {
        scratch.contactConstraints.removeAll(keepingCapacity: true)
        for c in scratch.islands.contacts {
            let contact = contacts.contacts[c]
            let a = contact.bodyA, b = contact.bodyB
            var vc = ContactVelocityConstraint(contact: c, bodyA: a, bodyB: b)
            if a >= 0 { vc.inverseMassA = bodies.inverseMass[Int(a)]; vc.inverseInertiaA = bodies.inverseInertia[Int(a)] }
            if b >= 0 { vc.inverseMassB = bodies.inverseMass[Int(b)]; vc.inverseInertiaB = bodies.inverseInertia[Int(b)] }
            let mA = vc.inverseMassA, iA = vc.inverseInertiaA, mB = vc.inverseMassB, iB = vc.inverseInertiaB
            let m = contact.manifold
            let n = m.normal
            vc.normal = n
            vc.friction = contact.friction
            vc.pointCount = m.pointCount
            vc.normalImpulse = ratio * contact.normalImpulses
            vc.tangentImpulse = ratio * contact.tangentImpulses
            let cA = a >= 0 ? bodies.center[Int(a)] : .zero
            let cB = b >= 0 ? bodies.center[Int(b)] : .zero
            let (vA, wA) = velocityOf(a), (vB, wB) = velocityOf(b)
            for j in 0..<m.pointCount {
                let p = m[j].position
                let rA = p - cA, rB = p - cB
                let masses = ContactPointMath.effectiveMasses(
                    rA: rA, rB: rB, normal: n, inverseMassA: mA, inverseInertiaA: iA, inverseMassB: mB, inverseInertiaB: iB)
                let vn = Planar.dot(n, ContactPointMath.relativeVelocity(vA, wA, rA, vB, wB, rB))
                vc.normalMass[j] = masses.normal
                vc.tangentMass[j] = masses.tangent
                vc.bias[j] = ContactPointMath.restitutionBias(normalVelocity: vn, restitution: contact.restitution)
                if j == 0 { vc.rA1 = rA; vc.rB1 = rB } else { vc.rA2 = rA; vc.rB2 = rB }
            }
            if vc.pointCount == 2 {
                if let block = ContactBlock(
                    normal: n, rA1: vc.rA1, rB1: vc.rB1, rA2: vc.rA2, rB2: vc.rB2,
                    inverseMassA: mA, inverseInertiaA: iA, inverseMassB: mB, inverseInertiaB: iB)
                {
                    vc.block = block
                } else {
                    vc.pointCount = 1
                }
            }
            scratch.contactConstraints.append(vc)
        }
    }

    /// Applies the impulse `p` at lever arms rA, rB: −p to A, +p to B.
    @inline(__always)
    private static func apply(_ p: SIMD2<Double>, _ rA: SIMD2<Double>, _ rB: SIMD2<Double>,
                              _ vc: ContactVelocityConstraint,
                              _ vA: inout SIMD2<Double>, _ wA: inout Double,
                              _ vB: inout SIMD2<Double>, _ wB: inout Double) {
        vA -= vc.inverseMassA * p
        wA -= vc.inverseInertiaA * Planar.cross(rA, p)
        vB += vc.inverseMassB * p
        wB += vc.inverseInertiaB * Planar.cross(rB, p)
    }

    @inline(__always)
    private mutating func store(_ vc: ContactVelocityConstraint, _ vA: SIMD2<Double>, _ wA: Double,
                                _ vB: SIMD2<Double>, _ wB: Double) {
        if vc.bodyA >= 0 { bodies.velocity[Int(vc.bodyA)] = vA; bodies.angularVelocity[Int(vc.bodyA)] = wA }
        if vc.bodyB >= 0 { bodies.velocity[Int(vc.bodyB)] = vB; bodies.angularVelocity[Int(vc.bodyB)] = wB }
    }

    /// Applies every prepared contact's warm-start impulse P = λₙ·n + λₜ·t.
    mutating func warmStartContacts() {
        for vc in scratch.contactConstraints {
            var (vA, wA) = velocityOf(vc.bodyA), (vB, wB) = velocityOf(vc.bodyB)
            let t = SIMD2(vc.normal.y, -vc.normal.x)
            Self.apply(vc.normalImpulse[0] * vc.normal + vc.tangentImpulse[0] * t, vc.rA1, vc.rB1, vc, &vA, &wA, &vB, &wB)
            if vc.pointCount == 2 {
                Self.apply(vc.normalImpulse[1] * vc.normal + vc.tangentImpulse[1] * t, vc.rA2, vc.rB2, vc,
                           &vA, &wA, &vB, &wB)
            }
            store(vc, vA, wA, vB, wB)
        }
    }

    /// One velocity iteration over the prepared contacts: friction first (accumulated
    /// tangent impulse clamped to ±μ·λₙ), then the normal impulses (accumulated ≥ 0),
    /// two points as Box2D's 2 × 2 block LCP (both active, first only, second only, none).
    mutating func solveContactVelocities() {
        scratch.contactConstraints.withUnsafeMutableBufferPointer { constraints in
            bodies.velocity.withUnsafeMutableBufferPointer { velocity in
                bodies.angularVelocity.withUnsafeMutableBufferPointer { angular in
                    for e in constraints.indices {
                        Self.solveVelocity(&constraints[e], velocity, angular)
                    }
                }
            }
        }
    }

    @inline(__always)
    private static func solveVelocity(_ vc: inout ContactVelocityConstraint,
                                      _ velocity: UnsafeMutableBufferPointer<SIMD2<Double>>,
                                      _ angular: UnsafeMutableBufferPointer<Double>) {
        let a = Int(vc.bodyA), b = Int(vc.bodyB)
        var vA = a >= 0 ? velocity[a] : .zero, wA = a >= 0 ? angular[a] : 0
        var vB = b >= 0 ? velocity[b] : .zero, wB = b >= 0 ? angular[b] : 0
        let n = vc.normal, t = SIMD2(n.y, -n.x)
        let mA = vc.inverseMassA, iA = vc.inverseInertiaA, mB = vc.inverseMassB, iB = vc.inverseInertiaB
        @inline(__always) func relative(_ rA: SIMD2<Double>, _ rB: SIMD2<Double>) -> SIMD2<Double> {
            ContactPointMath.relativeVelocity(vA, wA, rA, vB, wB, rB)
        }
        @inline(__always) func apply(_ p: SIMD2<Double>, _ rA: SIMD2<Double>, _ rB: SIMD2<Double>) {
            vA -= mA * p
            wA -= iA * (rA.x * p.y - rA.y * p.x)
            vB += mB * p
            wB += iB * (rB.x * p.y - rB.y * p.x)
        }
        for j in 0..<vc.pointCount {
            let rA = j == 0 ? vc.rA1 : vc.rA2, rB = j == 0 ? vc.rB1 : vc.rB2
            let vt = Planar.dot(relative(rA, rB), t)
            let limit = vc.friction * vc.normalImpulse[j]
            let old = vc.tangentImpulse[j]
            let new = min(max(old - vc.tangentMass[j] * vt, -limit), limit)
            vc.tangentImpulse[j] = new
            apply((new - old) * t, rA, rB)
        }
        if vc.pointCount == 1 {
            let vn = Planar.dot(relative(vc.rA1, vc.rB1), n)
            let old = vc.normalImpulse[0]
            let new = max(old - vc.normalMass[0] * (vn - vc.bias[0]), 0)
            vc.normalImpulse[0] = new
            apply((new - old) * n, vc.rA1, vc.rB1)
        } else if vc.pointCount == 2 {
            let old = vc.normalImpulse
            let vn1 = Planar.dot(relative(vc.rA1, vc.rB1), n)
            let vn2 = Planar.dot(relative(vc.rA2, vc.rB2), n)
            // No case holds only through rounding; the impulses then stay as they are.
            if let x = vc.block.solve(
                normalVelocity: SIMD2(vn1, vn2), bias: vc.bias, accumulated: old, normalMass: vc.normalMass)
            {
                let d = x - old
                apply(d.x * n, vc.rA1, vc.rB1)
                apply(d.y * n, vc.rA2, vc.rB2)
                vc.normalImpulse = x
            }
        }
        if a >= 0 { velocity[a] = vA; angular[a] = wA }
        if b >= 0 { velocity[b] = vB; angular[b] = wB }
    }

    /// Keeps each contact's impulses for the next step's warm start.
    mutating func storeContactImpulses() {
        for vc in scratch.contactConstraints {
            var normal = vc.normalImpulse, tangent = vc.tangentImpulse
            // A point dropped as redundant keeps no impulse.
            if vc.pointCount < contacts.contacts[vc.contact].manifold.pointCount { normal[1] = 0; tangent[1] = 0 }
            contacts.contacts[vc.contact].normalImpulses = normal
            contacts.contacts[vc.contact].tangentImpulses = tangent
        }
    }

    /// One position iteration (non-linear Gauss–Seidel on the separations) over the
    /// contacts `range` of `scratch.islands.contacts`: per point, the separation s
    /// re-evaluated at the bodies' current placements (the manifold's features held
    /// fixed), C = clamp(β·(s + slop), −maxLinearCorrection, 0) = clamp(0.2·(s + 0.5 pt),
    /// −20 pt, 0), a position impulse −C/K along the normal, moving centres and angles
    /// (velocities are untouched). Returns whether the deepest s seen was ≥ −1.5 pt
    /// (3 × slop), the test UIKit's engine uses to stop iterating.
    mutating func solveContactPositions(_ range: Range<Int>) -> Bool {
        let slop = CollisionParameters.linearSlop
        var minSeparation = 0.0
        let islandContacts = scratch.islands.contacts
        let list = contacts.contacts
        list.withUnsafeBufferPointer { list in
            for e in range {
                // Read in place: a contact holds its manifold, too large to copy per pass.
                let contact = list.baseAddress! + islandContacts[e]
                let a = Int(contact.pointee.bodyA), b = Int(contact.pointee.bodyB)
                let mA = a >= 0 ? bodies.inverseMass[a] : 0, iA = a >= 0 ? bodies.inverseInertia[a] : 0
                let mB = b >= 0 ? bodies.inverseMass[b] : 0, iB = b >= 0 ? bodies.inverseInertia[b] : 0
                for j in 0..<contact.pointee.manifold.pointCount {
                    let xfA = placement(Int32(a)), xfB = placement(Int32(b))
                    let (n, point, separation) = contact.pointee.manifold.evaluate(j, transformA: xfA, transformB: xfB)
                    let cA = xfA.position, cB = xfB.position
                    let rA = point - cA, rB = point - cB
                    minSeparation = min(minSeparation, separation)
                    let p = ContactPointMath.positionImpulse(
                        separation: separation, rA: rA, rB: rB, normal: n,
                        inverseMassA: mA, inverseInertiaA: iA, inverseMassB: mB, inverseInertiaB: iB)
                    if a >= 0 {
                        bodies.center[a] = cA - mA * p
                        bodies.angle[a] -= iA * Planar.cross(rA, p)
                    }
                    if b >= 0 {
                        bodies.center[b] = cB + mB * p
                        bodies.angle[b] += iB * Planar.cross(rB, p)
                    }
                }
            }
        }
        return minSeparation >= -3 * slop
    }
}
