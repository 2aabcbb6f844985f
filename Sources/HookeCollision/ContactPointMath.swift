import HookeCore

/// The per-point formulas both of the World's contact solvers share: the UIKit solver
/// (World+ContactSolver.swift, whose header walks through its steps) and the soft step
/// (World+SoftStep.swift).
@usableFromInline package enum ContactPointMath {
    /// 1/K along the normal n and along the tangent t = (n_y, −n_x) of a point with lever
    /// arms rA, rB (from each body's centre), where
    /// K = m_A⁻¹ + m_B⁻¹ + I_A⁻¹(r_A × u)² + I_B⁻¹(r_B × u)² for u = n, t; 0 where K is 0
    /// (two immovable bodies).
    @inline(__always)
    @inlinable package static func effectiveMasses(
        rA: SIMD2<Double>, rB: SIMD2<Double>, normal n: SIMD2<Double>,
        inverseMassA mA: Double, inverseInertiaA iA: Double, inverseMassB mB: Double, inverseInertiaB iB: Double
    ) -> (normal: Double, tangent: Double) {
        let t = SIMD2(n.y, -n.x)
        let rnA = Planar.cross(rA, n), rnB = Planar.cross(rB, n)
        let rtA = Planar.cross(rA, t), rtB = Planar.cross(rB, t)
        let kn = mA + mB + iA * rnA * rnA + iB * rnB * rnB
        let kt = mA + mB + iA * rtA * rtA + iB * rtB * rtB
        return (kn > 0 ? 1 / kn : 0, kt > 0 ? 1 / kt : 0)
    }

    /// The velocity of B's point at lever arm rB relative to A's at rA, pt/s:
    /// v_B + ω_B × r_B − v_A − ω_A × r_A.
    @inline(__always)
    @inlinable package static func relativeVelocity(_ vA: SIMD2<Double>, _ wA: Double, _ rA: SIMD2<Double>,
                                 _ vB: SIMD2<Double>, _ wB: Double, _ rB: SIMD2<Double>) -> SIMD2<Double> {
        vB + SIMD2(-wB * rB.y, wB * rB.x) - vA - SIMD2(-wA * rA.y, wA * rA.x)
    }

    /// Box2D 2.3's restitution bias: the target normal velocity −e·vₙ when the point
    /// approaches faster than `CollisionParameters.restitutionThreshold` (100 pt/s), else 0.
    @inline(__always)
    @inlinable package static func restitutionBias(normalVelocity vn: Double, restitution e: Double) -> Double {
        vn < -CollisionParameters.restitutionThreshold ? -e * vn : 0
    }

    /// One position correction of a point (Box2D 2.3's `SolvePositionConstraints`): with
    /// C = clamp(β·(s + slop), −maxLinearCorrection, 0), β = 0.2, the position impulse
    /// −C/K along the normal, K as in `effectiveMasses`.
    @inline(__always)
    @inlinable package static func positionImpulse(
        separation s: Double, rA: SIMD2<Double>, rB: SIMD2<Double>, normal n: SIMD2<Double>,
        inverseMassA mA: Double, inverseInertiaA iA: Double, inverseMassB mB: Double, inverseInertiaB iB: Double
    ) -> SIMD2<Double> {
        let correction = min(max(CollisionParameters.baumgarte * (s + CollisionParameters.linearSlop),
                                 -CollisionParameters.maxLinearCorrection), 0)
        let rnA = Planar.cross(rA, n), rnB = Planar.cross(rB, n)
        let k = mA + mB + iA * rnA * rnA + iB * rnB * rnB
        return (k > 0 ? -correction / k : 0) * n
    }
}
