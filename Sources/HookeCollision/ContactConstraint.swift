/// One touching pair for the contact solver: which bodies, their manifold (computed at
/// the bodies' current placements, normal from A to B), the mixed material, and the
/// accumulated impulses carried from step to step for warm starting.
package struct ContactConstraint: Sendable, Hashable {
    /// Index of body A in the solver's body array.
    package var bodyA: Int
    /// Index of body B.
    package var bodyB: Int
    /// The contact geometry.
    package var manifold: ContactManifold
    /// Friction coefficient (UIKit mixes √(fA·fB)).
    package var friction: Double
    /// Restitution (UIKit mixes max(eA, eB)).
    package var restitution: Double
    /// Accumulated normal impulse of each point, kg·pt/s (≥ 0).
    package var normalImpulses: SIMD2<Double>
    /// Accumulated friction impulse of each point along the tangent (n.y, −n.x), kg·pt/s.
    package var tangentImpulses: SIMD2<Double>

    package init(
        bodyA: Int, bodyB: Int, manifold: ContactManifold, friction: Double, restitution: Double,
        normalImpulses: SIMD2<Double> = .zero, tangentImpulses: SIMD2<Double> = .zero
    ) {
        self.bodyA = bodyA
        self.bodyB = bodyB
        self.manifold = manifold
        self.friction = friction
        self.restitution = restitution
        self.normalImpulses = normalImpulses
        self.tangentImpulses = tangentImpulses
    }
}
