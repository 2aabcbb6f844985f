/// Velocity Verlet: x ← x + h·v + ½h²·a₀, then v ← v + ½h·(a₀ + a₁).
///
/// Second order. The damping force depends on the velocity, so a₁ = a(x₁, v₁) involves
/// the unknown new velocity; because it is linear in v the trapezoidal update is solved
/// in closed form rather than approximated:
///
///     v₁ = v + ½h(a₀ − ω₀²x₁) − hλ·v₁   ⇒   v₁ = (v + ½h(a₀ − ω₀²x₁)) / (1 + λh),
///
/// with λ = c/2m. Undamped this is the standard Störmer–Verlet step, symplectic and
/// time-reversible: it conserves v² + ω₀²(1 − ω₀²h²/4)·x² exactly, so the energy stays
/// within a relative band of about (ω₀h)²/4 (Hairer, Lubich & Wanner, *Geometric
/// Numerical Integration*, 2nd ed., §I.1). Undamped, M has det 1 and tr = 2 − (ω₀h)²:
/// stable exactly while ω₀h ≤ 2, as for symplectic Euler.
public struct VelocityVerletIntegrator: SpringIntegrator {
    public init() {}

    public var kind: IntegratorKind { .verlet }

    public var order: Int? { 2 }

    public func step(
        displacement x: Double, velocity v: Double, of spring: Spring, by h: Double
    ) -> (displacement: Double, velocity: Double) {
        let omega0Squared = spring.stiffness / spring.mass
        let lambda = spring.decayRate
        let a0 = spring.acceleration(displacement: x, velocity: v)
        let newDisplacement = x + h * v + 0.5 * h * h * a0
        let newVelocity = (v + 0.5 * h * (a0 - omega0Squared * newDisplacement)) / (1 + lambda * h)
        return (newDisplacement, newVelocity)
    }
}
