import Foundation

// The contacts of the soft step (`SolverMode.softStep`), after Box2D v3's solver
// (E. Catto, "Solver2D", 2024, and Box2D v3.0's contact solver): each contact point is
// a spring–damper that acts only while the shapes overlap, solved implicitly once per
// substep, then relaxed without the spring. This file holds the spring's coefficients
// and the contact's constants; `SoftContactBundle` holds and solves eight contacts at a time
// and `World+SoftStep.swift` runs the stages.

/// The implicit spring–damper coefficients of a soft constraint for a substep h.
///
/// A constraint C with effective mass m, held by a spring of stiffness k = m·ω² and a
/// damper c = 2·m·ζ·ω (ω = 2π·hertz), stepped by implicit Euler, gives the impulse
///
///     Δλ = −m·s_m·(Ċ + b·C) − s_i·λ
///
/// with λ the impulse accumulated so far in the step and
///
///     b   = ω / (2ζ + hω)                   (biasRate, 1/s)
///     s_m = hω(2ζ + hω) / (1 + hω(2ζ + hω))   (massScale)
///     s_i = 1 / (1 + hω(2ζ + hω))             (impulseScale)
///
/// As ω → ∞ it becomes the rigid constraint with the position error removed in one
/// substep (b → 1/h, s_m → 1, s_i → 0); with ω = 0 it does nothing but damp to zero
/// relative velocity (b = 0, s_m = 1, s_i = 0 when hertz is 0, Box2D's convention).
struct Softness: Sendable {
    var biasRate: Double
    var massScale: Double
    var impulseScale: Double

    /// No spring: no bias, full mass, no impulse feedback (the relax pass).
    static let rigid = Softness(hertz: 0, dampingRatio: 0, timestep: 1)

    init(hertz: Double, dampingRatio zeta: Double, timestep h: Double) {
        guard hertz > 0 else {
            self.biasRate = 0
            self.massScale = 1
            self.impulseScale = 0
            return
        }
        let omega = 2 * Double.pi * hertz
        let a1 = 2 * zeta + h * omega
        let a2 = h * omega * a1
        let a3 = 1 / (1 + a2)
        biasRate = omega / a1
        massScale = a2 * a3
        impulseScale = a3
    }
}

/// The soft contact's constants (Box2D v3's). A contact is prepared straight into its
/// lane of a `SoftContactBundle` (`SoftContactBundle.set`), which holds its state.
enum SoftContact {
    /// Box2D v3's contact stiffness, Hz, capped at a quarter of the substep rate so
    /// that the spring stays resolved by the substeps.
    static let hertz = 30.0
    /// Box2D v3's contact damping ratio: heavily overdamped, no bounce from the spring.
    static let dampingRatio = 10.0
    /// The fastest a spring pushes overlapping shapes apart: Box2D v3's 3 m/s, pt/s.
    static let maximumPushSpeed = 300.0
}

/// The body state the soft step's passes read and write, by body slot, as raw pointers
/// for the duration of one pass (no copies, no exclusivity checks in the loop).
///
/// One 16-byte `Float` record per body, so that a bundle gathers its eight lanes' bodies
/// with eight vector loads and a transpose (Box2D v3's b2BodyState, for the same reason).
/// The entry after the last body (`World.softNoBody`) stands for a boundary or an empty
/// lane: at rest and unmoved. It and the anchored bodies have zero inverse mass, so
/// every pass writes back to them exactly what it read — which is why lanes of one
/// colour may share them.
struct SoftBodyState {
    /// (vx, vy, ω, 0): pt/s and rad/s.
    var velocity: UnsafeMutablePointer<SIMD4<Float>>
    /// (Δcx, Δcy, cos δ − 1, sin δ): the centre's displacement since the step's start, pt,
    /// and the rotation δ since then (cos δ − 1 rather than cos δ, which would round
    /// small turns away).
    var pose: UnsafeMutablePointer<SIMD4<Float>>
}
