/// The motion of a rigid body over one step, for continuous collision: its centre of
/// mass moves on a straight line from `center0` to `center1` while its angle turns
/// linearly from `angle0` to `angle1` (Box2D's `b2Sweep`), points and radians.
public struct BodySweep: Sendable, Hashable {
    /// Centre of mass in the body's local frame, points (the point that moves straight).
    public var localCenter: SIMD2<Double>
    /// World centre of mass at the start of the step, points.
    public var center0: SIMD2<Double>
    /// World centre of mass at the end of the step, points.
    public var center1: SIMD2<Double>
    /// Angle at the start, radians (clockwise on screen).
    public var angle0: Double
    /// Angle at the end, radians.
    public var angle1: Double

    public init(localCenter: SIMD2<Double> = .zero, center0: SIMD2<Double>, center1: SIMD2<Double>, angle0: Double, angle1: Double) {
        self.localCenter = localCenter
        self.center0 = center0
        self.center1 = center1
        self.angle0 = angle0
        self.angle1 = angle1
    }

    /// A body that does not move, placed by `transform` (for static shapes and edges).
    public init(staticAt transform: CollisionTransform) {
        localCenter = .zero
        center0 = transform.position
        center1 = transform.position
        angle0 = transform.angle
        angle1 = angle0
    }

    /// The placement at fraction `t` ∈ [0, 1] of the step: the centre
    /// c(t) = c₀ + t(c₁ − c₀), the angle a(t) = a₀ + t(a₁ − a₀), and the body origin
    /// c(t) − R(a(t))·localCenter.
    public func transform(at t: Double) -> CollisionTransform {
        let c = center0 + t * (center1 - center0)
        var xf = CollisionTransform(position: .zero, angle: angle0 + t * (angle1 - angle0))
        xf.position = c - xf.rotate(localCenter)
        return xf
    }
}
