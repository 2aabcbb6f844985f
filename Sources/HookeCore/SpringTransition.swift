import Foundation

/// The exact state-transition map of a spring over a time `t`: the 2×2 matrix Φ(t) with
///
///     ⎡x(t)⎤   ⎡φ11 φ12⎤ ⎡x(0)⎤
///     ⎣v(t)⎦ = ⎣φ21 φ22⎦ ⎣v(0)⎦
///
/// where x is the displacement from the target and v its velocity. Φ(t) = exp(A·t) for
/// A = [[0, 1], [−ω₀², −2ζω₀]]. It is the closed-form solution of the spring for every
/// damping ratio, and — computed once for a step h — the exact propagator that steps a
/// linear spring with no integration error at any h (see `ExactIntegrator`).
///
/// ## Numerics
///
/// With λ = ζω₀ (the decay rate) and σ = ω₀²(ζ² − 1), write
///
///     C(t) = e^{−λt}·cos(√−σ t)      S(t) = e^{−λt}·sin(√−σ t)/√−σ      (σ < 0)
///     C(t) = e^{−λt}                  S(t) = e^{−λt}·t                      (σ = 0)
///     C(t) = e^{−λt}·cosh(√σ t)       S(t) = e^{−λt}·sinh(√σ t)/√σ        (σ > 0)
///
/// so that Φ = [[C + λS, S], [−ω₀²S, C − λS]]. The textbook forms divide by
/// √|σ| → 0 as ζ → 1 and cancel catastrophically there. Here S is evaluated as
/// t·sin(a)/a (a = √−σ·t), whose relative error stays at rounding level as a → 0;
/// the over-damped branch is written with the slow root r₁ = −ω₀/(ζ + √(ζ² − 1)) and
/// expm1, which neither overflows (cosh·e^{−λt} would, for large t) nor cancels:
///
///     q = e^{−2μt} (μ = √σ),   C = ½·e^{r₁t}(1 + q),   S = e^{r₁t}·(−expm1(−2μt))/(2μ).
///
/// For strongly over-damped springs (ζ > 2) the entry C − λS cancels between two nearly
/// equal terms; there it is evaluated as e^{r₁t}(r₁ − r₂q)/(2μ) with the fast root
/// r₂ = −(λ + μ), in which both terms have the same sign once e^{−2μt} is small.
/// Together these keep every entry accurate to a few ulps of its scale uniformly in ζ,
/// including ζ = 1 ± 1e−10 (checked against 50-digit references in the tests).
public struct SpringTransition: Sendable, Hashable {
    public let phi11: Double
    public let phi12: Double
    public let phi21: Double
    public let phi22: Double

    /// Applies the map to a displacement and velocity.
    @inlinable
    public func apply(displacement x: Double, velocity v: Double) -> (displacement: Double, velocity: Double) {
        (phi11 * x + phi12 * v, phi21 * x + phi22 * v)
    }
}

extension Spring {
    /// The exact state-transition map over `t` seconds (t ≥ 0).
    ///
    /// - Complexity: O(1): a few `exp`, `sin` and `cos` evaluations.
    public func transition(over t: Double) -> SpringTransition {
        let omega0 = naturalFrequency
        let zeta = dampingRatio
        let lambda = zeta * omega0
        let omega0Squared = stiffness / mass
        // σ = ω₀²(ζ − 1)(ζ + 1): the factored form keeps its sign and relative accuracy
        // when ζ is within rounding of 1.
        let sigma = omega0Squared * (zeta - 1) * (zeta + 1)

        let c: Double
        let s: Double
        var phi22: Double? = nil
        if sigma < 0 {
            let omegaD = (-sigma).squareRoot()
            let a = omegaD * t
            let envelope = exp(-lambda * t)
            c = envelope * cos(a)
            s = envelope * t * Self.sinOverArgument(a)
        } else if sigma == 0 {
            let envelope = exp(-lambda * t)
            c = envelope
            s = envelope * t
        } else {
            let mu = sigma.squareRoot()
            let slowRoot = -omega0 / (zeta + ((zeta - 1) * (zeta + 1)).squareRoot())
            let slow = exp(slowRoot * t)
            let q = exp(-2 * mu * t)
            c = 0.5 * slow * (1 + q)
            // (1 − e^{−2μt})/(2μ) = t·(−expm1(−y))/y with y = 2μt; exact limit t as y → 0.
            let y = 2 * mu * t
            s = slow * t * (y == 0 ? 1 : -expm1(-y) / y)
            if zeta > 2 {
                let fastRoot = -(lambda + mu)
                phi22 = slow * (slowRoot - fastRoot * q) / (2 * mu)
            }
        }
        return SpringTransition(
            phi11: c + lambda * s,
            phi12: s,
            phi21: -omega0Squared * s,
            phi22: phi22 ?? (c - lambda * s)
        )
    }

    /// Displacement and velocity `t` seconds after starting from displacement `x0` and
    /// velocity `v0` (the target is 0).
    public func evolve(
        displacement x0: Double, velocity v0: Double, after t: Double
    ) -> (displacement: Double, velocity: Double) {
        transition(over: t).apply(displacement: x0, velocity: v0)
    }

    /// The spring's value and velocity `t` seconds after it started at `start` with
    /// `initialVelocity` (points per second) toward `target`.
    ///
    /// ```swift
    /// let s = try Spring(dampingRatio: 1, response: 0.5)
    /// s.state(at: 0.25, from: 0, to: 1).value   // ≈ 0.83
    /// ```
    public func state(
        at t: Double, from start: Double, to target: Double, initialVelocity: Double = 0
    ) -> SpringState {
        let (x, v) = evolve(displacement: start - target, velocity: initialVelocity, after: t)
        return SpringState(value: target + x, velocity: v)
    }

    /// sin(a)/a, exact to rounding for every a including 0.
    @usableFromInline
    static func sinOverArgument(_ a: Double) -> Double {
        // sin is correctly rounded to about 1 ulp for small arguments, so the quotient
        // keeps full relative accuracy; only a = 0 needs its limit.
        a == 0 ? 1 : sin(a) / a
    }
}

/// A spring's value (points) and velocity (points per second) at one time.
public struct SpringState: Sendable, Hashable {
    public var value: Double
    public var velocity: Double

    public init(value: Double, velocity: Double) {
        self.value = value
        self.velocity = velocity
    }
}
