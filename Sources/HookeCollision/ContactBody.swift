/// The state of one rigid body as the contact solver sees it: placement, velocity and
/// inverse mass properties (a static or anchored body has zero inverses).
///
/// Units: points, radians, seconds; masses in kg, so impulses are kg·pt/s and the
/// rotational inertia kg·pt².
package struct ContactBody: Sendable, Hashable {
    /// World position of the centre of mass, points.
    package var center: SIMD2<Double>
    /// Angle, radians (clockwise on screen).
    package var angle: Double
    /// Centre of mass in the body's own frame (where its shapes are defined), points.
    package var localCenter: SIMD2<Double>
    /// Velocity of the centre of mass, pt/s.
    package var velocity: SIMD2<Double>
    /// Angular velocity, rad/s (clockwise on screen).
    package var angularVelocity: Double
    /// 1/mass, 1/kg (0 for a static body).
    package var inverseMass: Double
    /// 1/I about the centre of mass, 1/(kg·pt²) (0 for static or non-rotating bodies).
    package var inverseInertia: Double

    package init(
        center: SIMD2<Double>, angle: Double = 0, localCenter: SIMD2<Double> = .zero,
        velocity: SIMD2<Double> = .zero, angularVelocity: Double = 0,
        inverseMass: Double, inverseInertia: Double
    ) {
        self.center = center
        self.angle = angle
        self.localCenter = localCenter
        self.velocity = velocity
        self.angularVelocity = angularVelocity
        self.inverseMass = inverseMass
        self.inverseInertia = inverseInertia
    }

    /// The placement of the body's frame: origin at center − R(angle)·localCenter.
    package var transform: CollisionTransform {
        var xf = CollisionTransform(position: .zero, angle: angle)
        xf.position = center - xf.rotate(localCenter)
        return xf
    }
}
