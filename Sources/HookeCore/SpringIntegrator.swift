/// A one-step method that advances a spring's displacement and velocity by a step h.
///
/// The spring obeys m·ẍ + c·ẋ + k·x = 0 with x the displacement from the target, so
/// the acceleration is a(x, v) = −(k·x + c·v)/m. Every method Hooke offers is *linear*
/// in (x, v) for such a spring: one step is a 2×2 matrix M(h) applied to the state.
/// That matrix is the per-spring, per-step precomputation:
///
/// ```swift
/// let integrator = IntegratorKind.rk4.makeIntegrator()
/// let map = integrator.propagator(for: spring, step: 1.0 / 120)   // once
/// for _ in 0..<120 { (x, v) = map.apply(displacement: x, velocity: v) }  // 4 multiply-adds a step
/// ```
///
/// `step(displacement:velocity:of:by:)` runs the method as written (the reference
/// form, useful for non-batched code and for checking the matrix); `propagator(for:step:)`
/// returns M(h), equal to it up to rounding. `isStable(for:step:)` says whether M(h)
/// has spectral radius ≤ 1, i.e. whether repeated steps stay bounded.
public protocol SpringIntegrator: Sendable {
    /// The method's name as the command line spells it (`exact`, `euler`, `verlet`, `rk4`).
    var kind: IntegratorKind { get }

    /// Global order of accuracy p (error ∝ hᵖ at a fixed end time), or `nil` for a
    /// method that is exact for linear springs.
    var order: Int? { get }

    /// Advances displacement `x` (points) and velocity `v` (points/s) of `spring` by
    /// `h` seconds with this method.
    func step(
        displacement x: Double, velocity v: Double, of spring: Spring, by h: Double
    ) -> (displacement: Double, velocity: Double)

    /// The one-step matrix M(h) of this method for `spring`: `step` equals
    /// `propagator(for: spring, step: h).apply(...)` up to rounding.
    func propagator(for spring: Spring, step h: Double) -> SpringTransition

    /// Whether repeated steps of size `h` stay bounded for `spring`: the spectral radius
    /// of M(h) is at most 1 (up to a rounding slack of `SpringTransition.stabilitySlack`).
    func isStable(for spring: Spring, step h: Double) -> Bool
}

extension SpringIntegrator {
    /// Default: the method is linear in (x, v), so its matrix is the images of the unit
    /// states — the first column is one step from (1, 0), the second from (0, 1).
    public func propagator(for spring: Spring, step h: Double) -> SpringTransition {
        let first = step(displacement: 1, velocity: 0, of: spring, by: h)
        let second = step(displacement: 0, velocity: 1, of: spring, by: h)
        return SpringTransition(
            phi11: first.displacement, phi12: second.displacement,
            phi21: first.velocity, phi22: second.velocity)
    }

    public func isStable(for spring: Spring, step h: Double) -> Bool {
        propagator(for: spring, step: h).spectralRadius <= 1 + SpringTransition.stabilitySlack
    }
}

extension Spring {
    /// Acceleration −(k·x + c·v)/m of displacement `x` moving at `v`, in points/s².
    @inlinable
    func acceleration(displacement x: Double, velocity v: Double) -> Double {
        -(stiffness * x + damping * v) / mass
    }
}
