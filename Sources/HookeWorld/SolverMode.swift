/// How a `World` solves its contacts and joints each step.
public enum SolverMode: Sendable, Hashable, Codable {
    /// UIKit Dynamics' solver, Box2D 2.3's: sequential impulses with
    /// `velocityIterations` iterations and a 2 × 2 block solve for two-point
    /// manifolds, Baumgarte-free velocities, then `positionIterations` of nonlinear
    /// position correction (Docs/collisions.md). The default: what UIKit does, step
    /// for step.
    case uikit

    /// Box2D v3's soft step (E. Catto, "Solver2D", 2024): the step is cut into
    /// `substeps` substeps, each integrating velocities, solving every contact once as a
    /// soft spring–damper (stiffness 30 Hz, damping ratio 10, pushing apart at most
    /// 300 pt/s), integrating positions, then relaxing (one more pass without the
    /// push). Restitution is applied once after the substeps. Contact anchors are fixed
    /// for the step and separations are updated from the bodies' motion, so there is
    /// no position correction of contacts; rigid joints keep theirs.
    ///
    /// A deliberate difference from UIKit: tall stacks stand and the step is cheaper
    /// (Docs/collisions.md has the measurements), but trajectories are not UIKit's.
    /// The contacts are solved in `Float`, as Box2D v3 solves them, eight at a time;
    /// positions, angles and what carries from step to step stay `Double`. A collision
    /// conserves momentum to `Float` rounding, about 10⁻⁷ relative, where `uikit` holds
    /// it to 10⁻⁹.
    /// `velocityIterations` is not used; `positionIterations` applies to rigid joints.
    ///
    /// `substeps` is 2…64. One substep is refused: it leaves a single pass of the two
    /// points of a face contact one after the other, and a box flicked flat at a wall at
    /// 20 000 pt/s keeps some 13% of its approach speed and crosses the wall; from two
    /// substeps on it stops within about 1 pt (Docs/collisions.md).
    case softStep(substeps: Int)

    /// Box2D v3's default: four substeps.
    public static let softStep = SolverMode.softStep(substeps: 4)
}
