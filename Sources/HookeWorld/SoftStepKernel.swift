import Foundation
import HookeCollision

/// The soft step's substep stages (`World.solveSubsteps`) over raw pointers into the
/// World's columns — the bodies' velocities, poses, centres and angles, and the contact
/// bundles — valid for the duration of one `World.withSoftStepKernel` call: no copies
/// and no exclusivity checks in the loops.
///
/// Each stage works on a range: of `bodies` (the island bodies in slot order), or of
/// bundles, colour by colour. Bodies are independent of each other, and so are the
/// bundles of one colour (they share no dynamic body; see
/// `World.assignSoftContactLanes`), which is what lets `World.bodyStage` and
/// `World.bundleStage` split a stage between `SolverWorkers` without changing a bit.
struct SoftStepKernel {
    var bundles: UnsafeMutablePointer<SoftContactBundle>
    var state: SoftBodyState
    /// The island bodies in slot order, and each one's `World.forcing` over the substep.
    var bodies: UnsafeBufferPointer<Int>
    var forcing: UnsafePointer<(increment: SIMD4<Float>, factor: SIMD4<Float>)>
    /// By slot: centre, pt, and angle, rad, and both at the step's start, (cx, cy, θ, 0)
    /// (`World.recordStartPlacements`).
    var center: UnsafeMutablePointer<SIMD2<Double>>
    var angle: UnsafeMutablePointer<Double>
    var start: UnsafePointer<SIMD4<Double>>
    var bundleCount: Int
    /// hₛ and the step's h, s.
    var substep: Double
    var step: Double

    enum Pass { case warmStart, solve, relax, restitution }

    /// `World.forcing` over hₛ for `bodies[range]`: v ← (v + Δv)·f.
    func integrateVelocities(_ range: Range<Int>) {
        for e in range {
            let i = bodies[e]
            state.velocity[i] = (state.velocity[i] + forcing[e].increment) * forcing[e].factor
        }
    }

    /// x += hₛ·v, θ += hₛ·ω for `bodies[range]`, in `Double`, with UIKit's speed limits
    /// (200 pt and π/2 per step h), and each body's pose: its displacement since the
    /// step's start, and its rotation δ since then as (cos δ − 1, sin δ), from their
    /// Taylor series to δ⁷ when |δ| < 0.25 (error below 0.25⁸/8! < 4·10⁻¹⁰), else from
    /// `cos` and `sin`.
    func integratePositions(_ range: Range<Int>) {
        for e in range {
            let i = bodies[e]
            let s = SIMD4<Double>(state.velocity[i])
            let (v, w) = World.limitedMotion(SIMD2(s.x, s.y), s.z, timestep: step)
            state.velocity[i] = SIMD4(SIMD4(v.x, v.y, w, 0))
            center[i] += substep * v
            angle[i] += substep * w
            let delta = angle[i] - start[i].z
            var rotation: SIMD2<Double>
            if abs(delta) < 0.25 {
                let d2 = delta * delta
                // Multiplications by the reciprocals, folded at compile time: a division by a
                // constant that is not a power of two stays a division, a slow instruction.
                let cMinusOne = -d2 * (1.0 / 2) * (1 - d2 * (1.0 / 12) * (1 - d2 * (1.0 / 30)))
                let s = delta * (1 - d2 * (1.0 / 6) * (1 - d2 * (1.0 / 20) * (1 - d2 * (1.0 / 42))))
                rotation = SIMD2(cMinusOne, s)
            } else {
                rotation = SIMD2(cos(delta) - 1, sin(delta))
            }
            state.pose[i] = SIMD4(SIMD4(center[i].x - start[i].x, center[i].y - start[i].y, rotation.x, rotation.y))
        }
    }

    /// One pass of `kind` over `bundles[range]`. Each kind has its own loop, so that the
    /// bundle's method is inlined into it.
    func pass(_ kind: Pass, _ range: Range<Int>) {
        let inverse = Float(1 / substep)
        switch kind {
        case .warmStart:
            for k in range { bundles[k].warmStart(state) }
        case .solve:
            for k in range { bundles[k].solve(state, inverseTimestep: inverse, useBias: true) }
        case .relax:
            for k in range { bundles[k].solve(state, inverseTimestep: inverse, useBias: false) }
        case .restitution:
            let threshold = CollisionParameters.restitutionThreshold
            for k in range { bundles[k].applyRestitution(state, threshold: threshold) }
        }
    }

    /// One pass of `kind` over every bundle, colour by colour (their storage order).
    func pass(_ kind: Pass) { pass(kind, 0..<bundleCount) }
}
