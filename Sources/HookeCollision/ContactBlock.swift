import HookeCore

/// The normal constraint of a two-point manifold solved as one 2 × 2 block, as Box2D's
/// contact solver does: both points' normal impulses at once, so that a box resting on
/// two corners does not rock between them.
///
/// K is the effective-mass matrix of the two normal constraints,
///
///     Kᵢⱼ = mA⁻¹ + mB⁻¹ + IA⁻¹·(rᵢA × n)(rⱼA × n) + IB⁻¹·(rᵢB × n)(rⱼB × n),
///
/// kept with its inverse. Shared by the World's two solvers (World+ContactSolver.swift and
/// the soft step's bundles).
@usableFromInline package struct ContactBlock: Sendable {
    @usableFromInline package var k11 = 0.0, k12 = 0.0, k22 = 0.0
    @usableFromInline package var inv11 = 0.0, inv12 = 0.0, inv22 = 0.0

    @inlinable package init() {}

    /// The block for lever arms r₁, r₂ (from each body's centre) along normal `n`; nil
    /// when the two points are nearly redundant — condition number of K at least
    /// `CollisionParameters.maxConditionNumber` — and one point should be dropped, as Box2D does.
    @inline(__always)
    @inlinable package init?(
        normal n: SIMD2<Double>, rA1: SIMD2<Double>, rB1: SIMD2<Double>, rA2: SIMD2<Double>, rB2: SIMD2<Double>,
        inverseMassA mA: Double, inverseInertiaA iA: Double, inverseMassB mB: Double, inverseInertiaB iB: Double
    ) {
        let rn1A = Planar.cross(rA1, n), rn1B = Planar.cross(rB1, n)
        let rn2A = Planar.cross(rA2, n), rn2B = Planar.cross(rB2, n)
        let k11 = mA + mB + iA * rn1A * rn1A + iB * rn1B * rn1B
        let k22 = mA + mB + iA * rn2A * rn2A + iB * rn2B * rn2B
        let k12 = mA + mB + iA * rn1A * rn2A + iB * rn1B * rn2B
        let det = k11 * k22 - k12 * k12
        guard k11 * k11 < CollisionParameters.maxConditionNumber * det else { return nil }
        (self.k11, self.k12, self.k22) = (k11, k12, k22)
        (inv11, inv12, inv22) = (k22 / det, -k12 / det, k11 / det)
    }

    /// The two-point normal LCP: the accumulated impulses x ≥ 0 with vₙ = K·x + b' ≥ 0 and
    /// xᵢ·vₙᵢ = 0, where b' = vₙ(now) − bias − K·a for the accumulated impulses a. Cases
    /// in Box2D's order: both points active (x = −K⁻¹b'), only the first, only the second,
    /// neither. Returns nil when no case holds (only through rounding); Box2D then leaves
    /// the impulses as they are.
    @inline(__always)
    @inlinable package func solve(
        normalVelocity vn: SIMD2<Double>, bias: SIMD2<Double>, accumulated old: SIMD2<Double>,
        normalMass: SIMD2<Double>
    ) -> SIMD2<Double>? {
        let bx = vn.x - bias.x - (k11 * old.x + k12 * old.y)
        let by = vn.y - bias.y - (k12 * old.x + k22 * old.y)
        let both = SIMD2(-(inv11 * bx + inv12 * by), -(inv12 * bx + inv22 * by))
        if both.x >= 0 && both.y >= 0 { return both }
        let x1 = -normalMass.x * bx
        if x1 >= 0 && k12 * x1 + by >= 0 { return SIMD2(x1, 0) }
        let x2 = -normalMass.y * by
        if x2 >= 0 && k12 * x2 + bx >= 0 { return SIMD2(0, x2) }
        if bx >= 0 && by >= 0 { return SIMD2(0, 0) }
        return nil
    }
}
