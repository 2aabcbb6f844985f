import HookeCollision

/// One touching contact prepared for the velocity iterations of a step: lever arms,
/// effective masses, restitution bias and the accumulated impulses (Box2D 2.3's
/// `b2ContactVelocityConstraint`), with fixed fields so that a step allocates nothing
/// per contact.
struct ContactVelocityConstraint: Sendable {
    /// Index into `ContactSet.contacts`.
    var contact: Int
    /// Body slots, −1 for a boundary.
    var bodyA: Int32
    var bodyB: Int32
    var inverseMassA = 0.0, inverseInertiaA = 0.0
    var inverseMassB = 0.0, inverseInertiaB = 0.0
    var normal = SIMD2<Double>.zero
    var friction = 0.0
    var pointCount = 0
    var rA1 = SIMD2<Double>.zero, rB1 = SIMD2<Double>.zero
    var rA2 = SIMD2<Double>.zero, rB2 = SIMD2<Double>.zero
    var normalMass = SIMD2<Double>.zero
    var tangentMass = SIMD2<Double>.zero
    var bias = SIMD2<Double>.zero
    var normalImpulse = SIMD2<Double>.zero
    var tangentImpulse = SIMD2<Double>.zero
    /// The 2 × 2 normal block (two well-conditioned points).
    var block = ContactBlock()
}
