import Foundation

/// Flutter's `BouncingScrollSimulation` (package:flutter/widgets, iOS-style scrolling): a
/// friction simulation with Flutter's drag 0.135 that, on reaching an extent, hands over to a
/// scroll spring pulling back to that extent.
///
/// With the friction simulation x_f(t), v_f(t) of drag D = 0.135 (`FlutterFrictionSimulation`:
/// D = 0.998¹⁰⁰⁰, UIScrollView's normal rate per second) and the extents [a, b]:
///
/// - start inside, final position x_f(∞) beyond b with v₀ > 0: the spring takes over at
///   T = t_f(b) (Flutter's `timeAtX`), from b with velocity min(v_f(T), 5000);
/// - likewise beyond a with v₀ < 0: from a with velocity min(v_f(T), 5000);
/// - otherwise the friction simulation alone (T = +∞);
/// - start outside [a, b]: the spring toward the nearer extent from the start (T = −∞,
///   no offset).
///
/// Then x(t) = x_f(t) for t ≤ T and x(t) = S(t − T) after, with S Flutter's
/// `ScrollSpringSimulation`: the spring's free response toward the extent, which reports the
/// extent exactly once it is done. Done means |v_f(t)| < tolerance.velocity in the friction
/// phase, and |S − extent| < tolerance.distance and |Ṡ| < tolerance.velocity in the spring
/// phase (Flutter's `nearZero`, strict).
///
/// The cap is Flutter's `math.min(dx, maxSpringTransferVelocity)`: a minimum, not a limit on
/// the magnitude, so it slows only flings toward the trailing extent faster than 5000; a
/// fling into the leading extent keeps its full (negative) velocity. This is kept as Flutter
/// has it.
///
/// The spring is Flutter's `ScrollPhysics.spring`, `SpringDescription.withDampingRatio(mass:
/// 0.5, stiffness: 100, ratio: 1.1)` (damping 1.1·2·√50 ≈ 15.56, over-damped), by default;
/// Flutter's own tests pass others, and so may you. Flutter's spring solution is the same
/// exact solution as Hooke's `Spring.evolve` (critically, under- and over-damped).
///
/// Not modelled: the `constantDeceleration` that Flutter's `BouncingScrollPhysics` adds for
/// `ScrollDecelerationRate.fast` (1400, with the spring mass 0.3, stiffness 75, ratio 1.3);
/// this is the `.normal` simulation, constant deceleration 0.
///
/// Source: Flutter, `packages/flutter/lib/src/widgets/scroll_simulation.dart`
/// (`BouncingScrollSimulation`, `maxSpringTransferVelocity`), `scroll_physics.dart`
/// (`ScrollPhysics.spring`), `packages/flutter/lib/src/physics/spring_simulation.dart`
/// (`ScrollSpringSimulation`, `SpringSimulation.isDone`); `FlutterBouncingScrollSimulationTests`
/// reproduces the numbers of `packages/flutter/test/physics/newton_test.dart`.
public struct FlutterBouncingScrollSimulation: Sendable, Hashable {
    /// Flutter's friction drag for bouncing scrolls: 0.135 ("0.998^1000 = ~0.135").
    public static let drag = 0.135
    /// Flutter's `maxSpringTransferVelocity`, 5000 (length units per second).
    public static let maxSpringTransferVelocity = 5000.0
    /// Flutter's default scroll spring: mass 0.5, stiffness 100, damping ratio 1.1.
    public static let defaultSpring = Spring.preset { () throws(HookeError) in
        try Spring(mass: 0.5, stiffness: 100, damping: 1.1 * 2 * (0.5 * 100.0).squareRoot())
    }

    /// The start position (length units, e.g. logical pixels).
    public let position: Double
    /// The start velocity (length units per second).
    public let velocity: Double
    /// The extents [a, b] (Flutter's `leadingExtent`…`trailingExtent`); a bound may be infinite.
    public let extents: ClosedRange<Double>
    /// The spring that returns the position to an extent.
    public let spring: Spring
    /// When the simulation counts as done.
    public let tolerance: FlutterTolerance
    /// The friction phase; nil for a start outside the extents (spring only).
    public let friction: FlutterFrictionSimulation?
    /// When the spring takes over (seconds): −∞ for a start outside the extents, +∞ when the
    /// friction simulation comes to rest inside them.
    public let springTime: Double
    /// The spring's start position, start velocity and extent (unused when `springTime` is +∞).
    private let springStart: SpringStart

    private struct SpringStart: Sendable, Hashable {
        let position: Double
        let velocity: Double
        let extent: Double
    }

    /// Creates Flutter's `BouncingScrollSimulation(position:velocity:leadingExtent:
    /// trailingExtent:spring:tolerance:)`.
    ///
    /// - Throws: `HookeError.invalidParameter` naming `position` or `velocity` unless finite,
    ///   or `extents` when its lower bound is +∞ or its upper bound −∞.
    public init(
        position: Double, velocity: Double, extents: ClosedRange<Double>,
        spring: Spring = FlutterBouncingScrollSimulation.defaultSpring,
        tolerance: FlutterTolerance = .defaultTolerance
    ) throws(HookeError) {
        let x0 = try Validate.finite(position, "position")
        let v0 = try Validate.finite(velocity, "velocity")
        guard extents.lowerBound < .infinity, extents.upperBound > -.infinity else {
            throw .invalidParameter(
                "extents", value: extents.lowerBound < .infinity ? extents.upperBound : extents.lowerBound,
                requirement: "a lower bound < +infinity and an upper bound > -infinity")
        }
        self.position = x0
        self.velocity = v0
        self.extents = extents
        self.spring = spring
        self.tolerance = tolerance
        if x0 < extents.lowerBound || x0 > extents.upperBound {
            friction = nil
            springTime = -.infinity
            springStart = SpringStart(
                position: x0, velocity: v0, extent: x0 < extents.lowerBound ? extents.lowerBound : extents.upperBound)
            return
        }
        let friction = try FlutterFrictionSimulation(
            drag: Self.drag, position: x0, velocity: v0, tolerance: tolerance)
        self.friction = friction
        let final = friction.finalPosition
        let extent: Double
        if v0 > 0, final > extents.upperBound {
            extent = extents.upperBound
        } else if v0 < 0, final < extents.lowerBound {
            extent = extents.lowerBound
        } else {
            springTime = .infinity
            springStart = SpringStart(position: x0, velocity: v0, extent: x0)
            return
        }
        let time = friction.time(atPosition: extent)
        springTime = time
        springStart = SpringStart(
            position: extent, velocity: min(friction.velocity(at: time), Self.maxSpringTransferVelocity), extent: extent)
    }

    /// The spring's velocity when it takes over (after Flutter's cap); nil when it never does.
    public var springStartVelocity: Double? { springTime < .infinity ? springStart.velocity : nil }

    /// The spring phase's displacement from its extent and velocity at `t`, or nil in the
    /// friction phase (Flutter switches strictly after `springTime`).
    private func springPhase(at t: Double) -> (displacement: Double, velocity: Double)? {
        guard t > springTime else { return nil }
        let elapsed = springTime.isFinite ? t - springTime : t
        return spring.evolve(
            displacement: springStart.position - springStart.extent, velocity: springStart.velocity, after: elapsed)
    }

    /// Whether the spring phase is done at this state (Flutter's `SpringSimulation.isDone`).
    private func springDone(_ state: (displacement: Double, velocity: Double)) -> Bool {
        abs(state.displacement) < tolerance.distance && abs(state.velocity) < tolerance.velocity
    }

    /// Position at time `t` (seconds; Flutter's `x`): the friction simulation until
    /// `springTime`, then the spring, exactly on the extent once it is done.
    public func position(at t: Double) -> Double {
        guard let state = springPhase(at: t) else { return friction?.position(at: t) ?? position }
        return springDone(state) ? springStart.extent : springStart.extent + state.displacement
    }

    /// Velocity at time `t` (seconds; Flutter's `dx`): not zeroed when done, as in Flutter.
    public func velocity(at t: Double) -> Double {
        guard let state = springPhase(at: t) else { return friction?.velocity(at: t) ?? velocity }
        return state.velocity
    }

    /// Whether the simulation is done at time `t` (Flutter's `isDone`).
    public func isDone(at t: Double) -> Bool {
        guard let state = springPhase(at: t) else { return friction?.isDone(at: t) ?? true }
        return springDone(state)
    }
}
