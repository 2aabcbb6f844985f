/// One contact point of a manifold, in world coordinates.
public struct ManifoldPoint: Sendable, Hashable, Codable {
    /// Midway between the two skinned surfaces along the normal, points.
    public var position: SIMD2<Double>
    /// Signed gap between the skinned outlines along the normal, points: negative when
    /// they overlap. The core outlines are `separation + rA + rB` apart.
    public var separation: Double
    /// The features that touch (for warm starting).
    public var feature: ContactFeature
    /// The point's core point on the incident shape, in that shape's local frame, points:
    /// shape B's for `faceA` and `circles` manifolds, shape A's for `faceB`. It moves
    /// with its body, so the separation can be re-evaluated after the bodies move
    /// (`ContactManifold.evaluate`).
    public var localPoint: SIMD2<Double>

    @inlinable public init(position: SIMD2<Double>, separation: Double, feature: ContactFeature, localPoint: SIMD2<Double> = .zero) {
        self.position = position
        self.separation = separation
        self.feature = feature
        self.localPoint = localPoint
    }
}
