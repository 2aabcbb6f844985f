import Foundation

/// The soft step's substep stages over raw pointers into the World's columns — the
/// bodies' velocities, poses, centres and angles, and the contact bundles — so that
/// several threads can run them (`World.solveSubsteps` with
/// `WorldConfiguration.threads` > 1).
///
/// Each stage works on a range: of `bodies` (the island bodies in slot order), or of
/// bundles within one colour. Bodies are independent of each other, and so are the
/// bundles of one colour (they share no dynamic body; see
/// `World.colourSoftContacts`), so splitting a stage over threads changes no operation
/// and no order within a body or a bundle: every thread count gives the same bits.
///
/// `@unchecked Sendable`: the pointers are handed to the workers of
/// `DispatchQueue.concurrentPerform`, during which the World does not touch the
/// columns, and the workers of one stage or colour write disjoint bodies and bundles.
struct SoftStepKernel: @unchecked Sendable {
    var bundles: UnsafeMutablePointer<SoftContactBundle>
    var state: SoftBodyState
    /// The island bodies in slot order, and each one's `World.forcing` over the substep.
    var bodies: UnsafeBufferPointer<Int>
    var forcing: UnsafePointer<(increment: SIMD4<Double>, factor: SIMD4<Double>)>
    /// By slot: centre, pt, and angle, rad, and the angle at the step's start.
    var center: UnsafeMutablePointer<SIMD2<Double>>
    var angle: UnsafeMutablePointer<Double>
    var startAngle: UnsafePointer<Double>
    /// Colour c holds bundles `colourStart[c]..<colourStart[c + 1]`; the bundles from
    /// `colourStart.last` to `bundleCount` found no colour and are solved in order.
    var colourStart: UnsafeBufferPointer<Int>
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

    /// x += hₛ·v, θ += hₛ·ω for `bodies[range]`, with UIKit's speed limits (200 pt and
    /// π/2 per step h), and each body's pose: its centre, and its rotation since the
    /// step's start, (cos δ, sin δ), from their Taylor series to δ⁷ when |δ| < 0.25
    /// (error below 0.25⁸/8! < 4·10⁻¹⁰), else from `cos` and `sin`.
    func integratePositions(_ range: Range<Int>) {
        for e in range {
            let i = bodies[e]
            let s = state.velocity[i]
            let (v, w) = World.limitedMotion(SIMD2(s.x, s.y), s.z, timestep: step)
            state.velocity[i] = SIMD4(v.x, v.y, w, 0)
            center[i] += substep * v
            angle[i] += substep * w
            let delta = angle[i] - startAngle[i]
            var rotation: SIMD2<Double>
            if abs(delta) < 0.25 {
                let d2 = delta * delta
                let c = 1 - d2 / 2 * (1 - d2 / 12 * (1 - d2 / 30))
                let s = delta * (1 - d2 / 6 * (1 - d2 / 20 * (1 - d2 / 42)))
                rotation = SIMD2(c, s)
            } else {
                rotation = SIMD2(cos(delta), sin(delta))
            }
            state.pose[i] = SIMD4(center[i].x, center[i].y, rotation.x, rotation.y)
        }
    }

    /// One pass of `kind` over `bundles[range]`. Each kind has its own loop, so that the
    /// bundle's method is inlined into it.
    func pass(_ kind: Pass, _ range: Range<Int>) {
        let inverse = 1 / substep
        switch kind {
        case .warmStart:
            for k in range { bundles[k].warmStart(state) }
        case .solve:
            for k in range { bundles[k].solve(state, inverseTimestep: inverse, useBias: true) }
        case .relax:
            for k in range { bundles[k].solve(state, inverseTimestep: inverse, useBias: false) }
        case .restitution:
            let threshold = ContactSolver.restitutionThreshold
            for k in range { bundles[k].applyRestitution(state, threshold: threshold) }
        }
    }

    /// One pass of `kind` over every bundle, colour by colour.
    func pass(_ kind: Pass) { pass(kind, 0..<bundleCount) }

    /// All `substeps` substeps and the restitution pass (`World.solveSubsteps` without
    /// joints). With `threads` > 1 each stage over bodies, and each colour of each pass,
    /// large enough to share (`sharedMinimum` bodies or bundles) is split into `threads`
    /// contiguous chunks run by `DispatchQueue.concurrentPerform`, which returns when all
    /// are done — so stages and colours follow each other as on one thread, and no worker
    /// waits on another inside a chunk (which could deadlock where the system runs fewer
    /// workers at once than asked).
    func runSubsteps(_ substeps: Int, threads: Int) {
        for _ in 0..<substeps {
            shared(0..<bodies.count, threads) { integrateVelocities($0) }
            colourByColour(.warmStart, threads)
            colourByColour(.solve, threads)
            shared(0..<bodies.count, threads) { integratePositions($0) }
            colourByColour(.relax, threads)
        }
        colourByColour(.restitution, threads)
    }

    /// Ranges smaller than this run on the calling thread: a dispatch costs a few
    /// microseconds, about what 64 bundles or bodies take.
    static let sharedMinimum = 64

    /// `pass(kind)` colour by colour, each colour shared between `threads`; the
    /// contacts that found no colour in order on the calling thread.
    private func colourByColour(_ kind: Pass, _ threads: Int) {
        for c in 0..<(colourStart.count - 1) {
            shared(colourStart[c]..<colourStart[c + 1], threads) { pass(kind, $0) }
        }
        pass(kind, colourStart[colourStart.count - 1]..<bundleCount)
    }

    /// `work` over `range`, in `threads` contiguous chunks at once when the range is
    /// large enough, else in one call.
    private func shared(_ range: Range<Int>, _ threads: Int, _ work: (Range<Int>) -> Void) {
        guard threads > 1, range.count >= Self.sharedMinimum else {
            work(range)
            return
        }
        let chunk = (range.count + threads - 1) / threads
        withoutActuallyEscaping(work) { work in
            let task = SharedWork(work: work)
            DispatchQueue.concurrentPerform(iterations: threads) { k in
                let lower = min(range.upperBound, range.lowerBound + k * chunk)
                task.work(lower..<min(range.upperBound, lower + chunk))
            }
        }
    }
}

/// A chunk of a `SoftStepKernel` stage handed to `concurrentPerform`'s workers.
/// `@unchecked Sendable`: the chunks a stage is cut into touch disjoint bodies or
/// bundles (see `SoftStepKernel`).
private struct SharedWork: @unchecked Sendable {
    let work: (Range<Int>) -> Void
}
