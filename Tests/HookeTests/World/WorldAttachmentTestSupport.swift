import Foundation
import Hooke
import XCTest

/// Attachment scenes and measurements shared by the tests of both solvers: a square bob
/// of side 10 pt (`WorldScene.square`) hanging on the anchor at the origin.
enum AttachmentScene {
    /// A world with UIKit's settings except the solver and the step.
    static func world(solver: SolverMode, timestep: Double = 1.0 / 120) throws -> World {
        try World(configuration: WorldConfiguration(timestep: timestep, solver: solver))
    }

    /// A rigid attachment of 100 pt released horizontally, from (100, 0), under gravity
    /// (the hardest case: speeds up to √(2gL) = 447 pt/s there), stepped `steps` times.
    /// Returns the attachment's length as stored when it was added (taken from the
    /// geometry), the largest departure from 100 pt of the bob's distance to the anchor
    /// at the end of any step, and the largest speed it reached.
    static func horizontalRelease(solver: SolverMode, steps: Int) throws
        -> (storedLength: Double?, worst: Double, fastest: Double) {
        var world = try world(solver: solver)
        let bob = try world.createBody(WorldScene.square(at: SIMD2(100, 0)))
        try world.addBehavior(.gravity(GravityBehavior(items: [bob])))
        let handle = try world.addBehavior(.attachment(AttachmentBehavior(item: bob, attachedToAnchor: .zero)))
        var storedLength: Double?
        if case let .attachment(stored) = world.behavior(handle).kind { storedLength = stored.length }
        var worst = 0.0, fastest = 0.0
        for _ in 0..<steps {
            world.step()
            let s = world.body(bob)
            worst = max(worst, abs(Planar.length(s.center) - 100))
            fastest = max(fastest, Planar.length(s.velocity))
        }
        return (storedLength, worst, fastest)
    }

    /// A rigid pendulum of `length` pt released from rest at θ₀ from the vertical below
    /// the anchor, stepped `steps` times. Returns the zero crossings of its x (interpolated
    /// between steps) and the period they show: two half periods per crossing interval,
    /// averaged from the first to the last.
    static func pendulumPeriod(solver: SolverMode, length: Double, theta0: Double, steps: Int) throws
        -> (crossings: [Double], period: Double) {
        var world = try world(solver: solver)
        let start = SIMD2(length * sin(theta0), length * cos(theta0))
        let bob = try world.createBody(WorldScene.square(at: start))
        try world.addBehavior(.gravity(GravityBehavior(items: [bob])))
        try world.addBehavior(.attachment(AttachmentBehavior(item: bob, attachedToAnchor: .zero)))
        var times: [Double] = [0], xs: [Double] = [start.x]
        for _ in 0..<steps {
            world.step()
            times.append(world.elapsedTime)
            xs.append(world.body(bob).center.x)
        }
        let crossings = WorldScene.zeroCrossings(times: times, values: xs)
        return (crossings, WorldScene.meanPeriod(crossings: crossings))
    }

    /// A spring attachment (`f` Hz, damping ratio ζ, rest length 100 pt, no gravity)
    /// holding a body 30 pt past its rest length, released at rest and stepped for
    /// `seconds`. Returns the natural frequency (Hz) and damping ratio its motion shows —
    /// the damped frequency ω_d from the zero crossings, the damping ratio from the
    /// logarithmic decrement δ of same-sign peaks one period apart, ζ = δ/√(4π² + δ²),
    /// and ω₀ = ω_d/√(1 − ζ²) — and the largest |y| the body reached (the motion must
    /// stay on the joint's axis, y = 0).
    static func springOscillation(solver: SolverMode, timestep h: Double = 1.0 / 120, frequency f: Double,
                                  damping zeta: Double, seconds: Double) throws
        -> (frequency: Double, damping: Double, offAxis: Double) {
        var world = try world(solver: solver, timestep: h)
        let rest = 100.0, stretch = 30.0
        let body = try world.createBody(WorldScene.square(at: SIMD2(rest + stretch, 0)))
        try world.addBehavior(.attachment(AttachmentBehavior(item: body, attachedToAnchor: .zero,
                                                             length: rest, frequency: f, damping: zeta)))
        var times: [Double] = [0], xs: [Double] = [stretch]
        var offAxis = 0.0
        for _ in 0..<Int((seconds / h).rounded()) {
            world.step()
            let s = world.body(body)
            offAxis = WorldScene.largest(offAxis, abs(s.center.y))
            times.append(world.elapsedTime)
            xs.append(s.center.x - rest)
        }
        let crossings = WorldScene.zeroCrossings(times: times, values: xs)
        let dampedPeriod = 2 * (crossings[4] - crossings[0]) / 4
        let peaks = WorldScene.peaks(times: times, values: xs)
        // Log decrement over one full period (peaks k and k+2 have the same sign).
        let delta = log(peaks[0].value / peaks[2].value)
        let ratio = delta / (4 * Double.pi * Double.pi + delta * delta).squareRoot()
        let omegaD = 2 * Double.pi / dampedPeriod
        let omega0 = omegaD / (1 - ratio * ratio).squareRoot()
        return (omega0 / (2 * Double.pi), ratio, offAxis)
    }
}
