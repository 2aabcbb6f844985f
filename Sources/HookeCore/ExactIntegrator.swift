/// The exact propagator: one step is the spring's closed-form transition map Φ(h).
///
/// For a linear spring it has no truncation error at any h and is unconditionally
/// stable (spectral radius e^{−ζω₀h} ≤ 1); the only error is rounding, about one ulp
/// per step. It is Hooke's default for linear springs. `propagator(for:step:)` is
/// `spring.transition(over: h)`, computed once; each step is then 4 multiply-adds.
public struct ExactIntegrator: SpringIntegrator {
    public init() {}

    public var kind: IntegratorKind { .exact }

    public var order: Int? { nil }

    public func step(
        displacement x: Double, velocity v: Double, of spring: Spring, by h: Double
    ) -> (displacement: Double, velocity: Double) {
        spring.transition(over: h).apply(displacement: x, velocity: v)
    }

    public func propagator(for spring: Spring, step h: Double) -> SpringTransition {
        spring.transition(over: h)
    }
}
