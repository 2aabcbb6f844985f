/// Semi-implicit (symplectic) Euler: v ← v + h·a(x, v), then x ← x + h·v with the new v.
///
/// First order: the global error at a fixed time falls like h, in the position as well
/// as the velocity. Undamped, it is symplectic — it conserves the modified energy
/// v² + ω₀²x² − h·ω₀²·x·v exactly, so the true energy oscillates within a band of
/// relative width about ω₀h and never drifts (Hairer, Lubich & Wanner, *Geometric
/// Numerical Integration*, 2nd ed., §I.1 and §IX).
///
/// One-step matrix for a(x, v) = −ω₀²x − 2λv (λ = c/2m):
///
///     M = ⎡1 − h²ω₀²   h(1 − 2λh)⎤        det M = 1 − 2λh,  tr M = 2 − h²ω₀² − 2λh.
///         ⎣  −hω₀²       1 − 2λh ⎦
///
/// Undamped, det M = 1 and the eigenvalues stay on the unit circle while |tr M| ≤ 2,
/// i.e. exactly while ω₀h ≤ 2; beyond, one real eigenvalue has modulus > 1 and the
/// motion grows without bound. (At ω₀h = 2 the double eigenvalue −1 makes the growth
/// linear in the step count; `isStable` reports that boundary case as stable.)
public struct SemiImplicitEulerIntegrator: SpringIntegrator {
    public init() {}

    public var kind: IntegratorKind { .euler }

    public var order: Int? { 1 }

    public func step(
        displacement x: Double, velocity v: Double, of spring: Spring, by h: Double
    ) -> (displacement: Double, velocity: Double) {
        let newVelocity = v + h * spring.acceleration(displacement: x, velocity: v)
        return (x + h * newVelocity, newVelocity)
    }
}
