/// One touching pair for the contact solver: which bodies, their manifold (computed at
/// the bodies' current placements, normal from A to B), the mixed material, and the
/// accumulated impulses carried from step to step for warm starting.
public struct ContactConstraint: Sendable, Hashable {
    /// Index of body A in the solver's body array.
    public var bodyA: Int
    /// Index of body B.
    public var bodyB: Int
    /// The contact geometry.
    public var manifold: ContactManifold
    /// Friction coefficient (UIKit mixes √(fA·fB)).
    public var friction: Double
    /// Restitution (UIKit mixes max(eA, eB)).
    public var restitution: Double
    /// Accumulated normal impulse of each point, kg·pt/s (≥ 0).
    public var normalImpulses: SIMD2<Double>
    /// Accumulated friction impulse of each point along the tangent (n.y, −n.x), kg·pt/s.
    public var tangentImpulses: SIMD2<Double>

    public init(
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
