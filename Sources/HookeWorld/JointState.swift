/// Persistent solver state of one joint created by a behaviour.
struct JointState: Sendable, Codable {
    /// Accumulated impulses (distance: x only; point x, y and angle or limit for the
    /// others), kg·pt/s and kg·pt²/s, for the warm start.
    var impulse = SIMD3<Double>.zero
    /// Accumulated friction impulse of a pin.
    var motorImpulse = 0.0
    /// Limit state of a pin or slider, kept between steps as Box2D does.
    var limitState = JointMath.LimitState.inactive
    /// Creation sequence number: Box2D solves a body's joints newest first.
    var sequence: UInt64
}
