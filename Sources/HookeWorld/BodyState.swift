/// A snapshot of one body's state, read with `World.body(_:)`.
public struct BodyState: Sendable, Hashable {
    /// Centre, in points.
    public var center: SIMD2<Double>
    /// Rotation, radians, positive clockwise.
    public var angle: Double
    /// Linear velocity, pt/s.
    public var velocity: SIMD2<Double>
    /// Angular velocity, rad/s.
    public var angularVelocity: Double
    /// Mass in kg (infinite when anchored).
    public var mass: Double
    /// Moment of inertia about the centre in kg·pt² (infinite when anchored or
    /// when rotation is not allowed).
    public var inertia: Double
    /// Whether the body sleeps (rests): its velocities are zero and it is not stepped.
    public var isResting: Bool
    /// The body's effective properties (its definition overridden by any
    /// dynamic item behaviours).
    public var properties: ItemProperties
    /// The body's shape.
    public var shape: BodyShape
}
