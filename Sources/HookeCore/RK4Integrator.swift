/// The classical fourth-order Runge–Kutta method on the first-order system
/// (ẋ, v̇) = (v, a(x, v)).
///
/// Fourth order. For a linear system its one-step matrix is the degree-4 Taylor
/// polynomial R(hA) = I + hA + (hA)²/2 + (hA)³/6 + (hA)⁴/24 of exp(hA). Undamped, the
/// map is a rotation scaled by |R(iω₀h)|, and with y = ω₀h
///
///     |R(iy)|² = 1 − y⁶/72 + y⁸/576,
///
/// so each step multiplies the energy by that factor: below 1 for 0 < y < 2√2 (a slow,
/// steady energy loss — RK4 is dissipative, not symplectic), 1 at y = 2√2 (the
/// stability limit on the imaginary axis), above 1 beyond (Hairer & Wanner, *Solving
/// Ordinary Differential Equations II*, §IV.2, stability function of RK4).
public struct RK4Integrator: SpringIntegrator {
    public init() {}

    public var kind: IntegratorKind { .rk4 }

    public var order: Int? { 4 }

    public func step(
        displacement x: Double, velocity v: Double, of spring: Spring, by h: Double
    ) -> (displacement: Double, velocity: Double) {
        let halfStep = 0.5 * h
        let k1x = v
        let k1v = spring.acceleration(displacement: x, velocity: v)
        let k2x = v + halfStep * k1v
        let k2v = spring.acceleration(displacement: x + halfStep * k1x, velocity: k2x)
        let k3x = v + halfStep * k2v
        let k3v = spring.acceleration(displacement: x + halfStep * k2x, velocity: k3x)
        let k4x = v + h * k3v
        let k4v = spring.acceleration(displacement: x + h * k3x, velocity: k4x)
        let sixth = h / 6
        return (
            x + sixth * (k1x + 2 * k2x + 2 * k3x + k4x),
            v + sixth * (k1v + 2 * k2v + 2 * k3v + k4v)
        )
    }
}
