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
    /// v += h·(g + F/m), ω += h·τ/I, then resistance v ← v/(1 + h·c) (under the soft
    /// step: every substep's, over hₛ = h/n).
    case integrateVelocities
    /// UIKit's solver: contact and joint set-up, warm start and the velocity iterations
    /// (joints, then contacts). Zero under the soft step.
    case solveConstraints
    /// Clamped position update x += h·v, θ += h·ω (under the soft step: every substep's,
    /// over hₛ = h/n).
    case integratePositions

    // The soft step's own stages, which run in place of solveConstraints (Box2D v3's
    // b2SolverStage names; World+SoftStep.swift). Zero under UIKit's solver.

    /// Soft step: the island's bodies and forcing loaded, contacts' anchors, masses,
    /// softness and warm-start impulses, once per step.
    case prepareContacts
    /// Soft step: joints set up for the substep, in every substep (only with joints).
    case prepareJoints
    /// Soft step: the contacts' warm-start impulses applied, in every substep.
    case warmStart
    /// Soft step: joints, then contacts with the soft push, in every substep.
    case solve
    /// Soft step: joints, then contacts without the push, in every substep.
    case relax
    /// Soft step: restitution against the approach speeds of the step's start, once.
    case restitution
    /// Soft step: velocities and impulses stored for the next step's warm start, once.
    case storeImpulses
    /// Position iterations of contacts, then rigid joints.
    case correctPositions
    /// Fast bodies stopped at their time of impact against everything they collide with:
    /// boundaries, anchored and slow bodies, then each other.
    case continuousCollision
    /// Sensor overlaps at the step's final placements (Box2D v3's sensor pass).
    case sensorOverlaps
    /// The shape index the queries read (`World.bodies(at:)`, `castRay`, …) brought up to
    /// the bodies that moved.
    case queryIndex
    /// Contact began/ended events.
    case contactEvents
    /// Attachments whose reaction force exceeded their breaking force removed, with an event.
    case jointBreaks
    /// Sleep timers, island sleep and pause.
    case restDetection

    /// The stages `World.step()` runs under `solver`, in order (a soft step runs
    /// prepareJoints only when an island holds a joint).
    public static func stages(of solver: SolverMode) -> [WorldStage] {
        let otherSolvers: Set<WorldStage> = switch solver {
        case .uikit: [.prepareContacts, .prepareJoints, .warmStart, .solve, .relax, .restitution, .storeImpulses]
        case .softStep: [.solveConstraints]
        }
        return allCases.filter { !otherSolvers.contains($0) }
    }
}
