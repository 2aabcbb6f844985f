/// The integrators Hooke can step a spring with, by the names the command line uses
/// (`--integrator exact|euler|verlet|rk4`).
public enum IntegratorKind: String, CaseIterable, Sendable {
    /// `ExactIntegrator`: the closed-form transition map; no truncation error.
    case exact
    /// `SemiImplicitEulerIntegrator`: symplectic Euler, first order.
    case euler
    /// `VelocityVerletIntegrator`: velocity Verlet, second order.
    case verlet
    /// `RK4Integrator`: classical Runge–Kutta, fourth order.
    case rk4

    /// A new integrator of this kind.
    public func makeIntegrator() -> any SpringIntegrator {
        switch self {
        case .exact: return ExactIntegrator()
        case .euler: return SemiImplicitEulerIntegrator()
        case .verlet: return VelocityVerletIntegrator()
        case .rk4: return RK4Integrator()
        }
    }
}
