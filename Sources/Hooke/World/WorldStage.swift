/// The stages of `World.step()`, in the order they run. Their names are the fields
/// of `WorldProfile` and the labels the benchmark prints.
public enum WorldStage: String, Sendable, Hashable, CaseIterable {
    /// Behaviour `action` closures.
    case userActions
    /// Gravity flags, continuous push forces and torques, instantaneous push impulses.
    case forces
    /// Field behaviours' forces on their awake items (a = 100·F/m pt/s²).
    case fields
    /// Islands of bodies linked by joints, in Box2D's traversal order; wakes islands.
    case islands
    /// v += h·(g + F/m), ω += h·τ/I, then resistance v ← v/(1 + h·c).
    case integrateVelocities
    /// Joint set-up, warm start and the velocity iterations.
    case solveConstraints
    /// Clamped position update x += h·v, θ += h·ω.
    case integratePositions
    /// Position iterations of rigid joints.
    case correctPositions
    /// Sleep timers, island sleep and pause.
    case restDetection
}
