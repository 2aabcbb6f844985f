/// The stages of `World.step()`, in the order they run. Their names are the fields
/// of `WorldProfile` and the labels the benchmark prints.
public enum WorldStage: String, Sendable, Hashable, CaseIterable {
    /// Behaviour `action` closures.
    case userActions
    /// Gravity flags, continuous push forces and torques, instantaneous push impulses.
    case forces
    /// Field behaviours' forces on their awake items (a = 100·F/m pt/s²).
    case fields
    /// Bodies whose state, or whose velocity after this step's forces, is not finite are
    /// quarantined (removed, with an event) before they reach a neighbour.
    case containment
    /// Collision proxies moved to their bodies' boxes; new overlapping pairs become contacts.
    case broadphase
    /// Contact manifolds at the current placements, warm-start matching, touching flags.
    case narrowphase
    /// Islands of bodies linked by joints and touching contacts, in Box2D's traversal order; wakes islands.
    case islands
    /// v += h·(g + F/m), ω += h·τ/I, then resistance v ← v/(1 + h·c).
    case integrateVelocities
    /// Contact and joint set-up, warm start and the velocity iterations (joints, then contacts).
    case solveConstraints
    /// Clamped position update x += h·v, θ += h·ω.
    case integratePositions
    /// Position iterations of contacts, then rigid joints.
    case correctPositions
    /// Fast bodies stopped at their time of impact against everything they collide with:
    /// boundaries, anchored and slow bodies, then each other.
    case continuousCollision
    /// Contact began/ended events.
    case contactEvents
    /// Sleep timers, island sleep and pause.
    case restDetection
}
