import Foundation

/// A fling in a bounded scroll view, as UIScrollView moves one: the content decelerates at
/// a `DecelerationRate`, and if it reaches a limit before stopping it hands over to an edge
/// spring that brings it back to that limit.
///
/// **Deceleration** (`Decay`). With κ = −1000·ln r (1/s) for the rate r per millisecond,
/// the start position x₀ and velocity v₀ (points, points per second),
///
///     x(t) = x₀ + v₀·(1 − e^(−κt))/κ,    v(t) = v₀·e^(−κt),    x(∞) = x₀ + v₀/κ.
///
/// **Crossing a limit.** When x(∞) lies beyond the limit b ahead of the motion, the content
/// reaches b at
///
///     T = −ln(1 − κ(b − x₀)/v₀)/κ
///
/// (solve x(T) = b), and, since x(t) − x₀ = (v₀ − v(t))/κ, with the velocity
///
///     v_b = v(T) = v₀ − κ(b − x₀).
///
/// **Hand-over.** From T on, the edge spring pulls the content toward b, starting from the
/// crossing state (position b, velocity v_b), so position and velocity are continuous at T:
///
///     x(t) = b + X(t − T),    v(t) = V(t − T)     (t ≥ T),
///
/// with (X, V) the spring's exact free response from displacement 0 and velocity v_b
/// (`Spring.evolve(displacement:velocity:after:)`). The content overshoots b once, by
/// v_b/(ω₀·e) for the default critically damped spring (ω₀ = 10 rad/s: 3.7 % of v_b in
/// points), and returns to it.
///
/// **Released past a limit** (a rubber-banded drag let go, see `ScrollDrag`): the spring
/// takes over at once (T = 0) from the start position and velocity toward the nearer
/// limit, as UIScrollView bounces back a view released out of bounds.
///
/// Every piece is closed form: the trajectory costs a logarithm at creation and an
/// exponential (or the spring's transition) per sample, whatever t.
///
/// **The edge spring.** Apple publishes neither the model nor the constants of
/// UIScrollView's bounce, and no measurement of them could be verified for Hooke; its
/// default, `defaultEdgeSpring`, is therefore its own documented choice, not a measurement:
/// a critically damped spring (ζ = 1, so the content returns without oscillating) of mass 1,
/// stiffness 100 and damping 20 (ω₀ = 10 rad/s, response 2π/10 ≈ 0.63 s). Pass another spring to match a measured feel. Flutter's
/// choice (mass 0.5, stiffness 100, ζ = 1.1) is `FlutterBouncingScrollSimulation`.
///
/// UIScrollView decelerates and bounces each axis on its own, so a two-dimensional fling
/// is one `ScrollFling` per axis.
///
/// Sources: Apple, `UIScrollView.DecelerationRate` (0.998 and 0.99 per millisecond); the
/// closed forms are derived here from `Decay` and `Spring`.
public struct ScrollFling: Sendable, Hashable {
    /// Hooke's edge spring (its own choice, documented above): mass 1, stiffness 100,
    /// damping 20 — critically damped, ω₀ = 10 rad/s.
    public static let defaultEdgeSpring = Spring.preset { () throws(HookeError) in
        try Spring(mass: 1, stiffness: 100, damping: 20)
    }

    /// The moment the edge spring takes over: the time, the state handed to it and the
    /// limit it pulls toward.
    public struct Handover: Sendable, Hashable {
        /// When the spring takes over, seconds after the start (0 for a start past a limit).
        public let time: Double
        /// The position at the hand-over (points): the crossed limit, or the start position
        /// for a start past a limit.
        public let position: Double
        /// The velocity at the hand-over (points per second): v_b = v₀ − κ(b − x₀) at a
        /// crossing, the start velocity for a start past a limit.
        public let velocity: Double
        /// The limit the spring brings the content back to (points).
        public let target: Double
    }

    /// The start position x₀ (points).
    public let position: Double
    /// The start velocity v₀ (points per second).
    public let velocity: Double
    /// The allowed positions (points); a bound may be infinite.
    public let limits: ClosedRange<Double>
    /// The deceleration before any limit is reached.
    public let decay: Decay
    /// The spring that brings the content back to a crossed limit.
    public let edgeSpring: Spring
    /// When and how the edge spring takes over; nil when the fling comes to rest inside the
    /// limits (or on one, in the limit t → ∞) without crossing.
    public let handover: Handover?

    /// Creates the fling of content released at `position` with `velocity`.
    ///
    /// - Throws: `HookeError.invalidParameter` naming `position` or `velocity` unless finite,
    ///   or `limits` when its lower bound is +∞ or its upper bound −∞ (no position allowed).
    public init(
        position: Double, velocity: Double, limits: ClosedRange<Double> = -Double.infinity...Double.infinity,
        decelerationRate: DecelerationRate = .normal, edgeSpring: Spring = ScrollFling.defaultEdgeSpring
    ) throws(HookeError) {
        let x0 = try Validate.finite(position, "position")
        let v0 = try Validate.finite(velocity, "velocity")
        try Self.validate(limits)
        self.position = x0
        self.velocity = v0
        self.limits = limits
        self.decay = Decay(decelerationRate: decelerationRate)
        self.edgeSpring = edgeSpring
        self.handover = Self.handover(from: x0, velocity: v0, limits: limits, decay: decay)
    }

    /// Refuses limits that allow no position.
    static func validate(_ limits: ClosedRange<Double>) throws(HookeError) {
        guard limits.lowerBound < .infinity else {
            throw .invalidParameter("limits", value: limits.lowerBound, requirement: "a lower bound < +infinity")
        }
        guard limits.upperBound > -.infinity else {
            throw .invalidParameter("limits", value: limits.upperBound, requirement: "an upper bound > -infinity")
        }
    }

    /// The hand-over of the fling from x₀ at v₀, if any (see the type's documentation).
    private static func handover(
        from x0: Double, velocity v0: Double, limits: ClosedRange<Double>, decay: Decay
    ) -> Handover? {
        if x0 < limits.lowerBound {
            return Handover(time: 0, position: x0, velocity: v0, target: limits.lowerBound)
        }
        if x0 > limits.upperBound {
            return Handover(time: 0, position: x0, velocity: v0, target: limits.upperBound)
        }
        let kappa = decay.decelerationRate.decayConstant
        let bound: Double
        if v0 > 0, limits.upperBound.isFinite {
            bound = limits.upperBound
        } else if v0 < 0, limits.lowerBound.isFinite {
            bound = limits.lowerBound
        } else {
            return nil
        }
        // The fraction of the speed the crossing uses up: κ(b − x₀)/v₀ ∈ [0, 1) when the
        // resting point x₀ + v₀/κ lies beyond b; 1 − it is e^(−κT) = v_b/v₀.
        let spent = kappa * (bound - x0) / v0
        guard spent < 1 else { return nil }
        // T = −ln(1 − spent)/κ, with log1p for full accuracy when the limit is near.
        let time = -log1p(-spent) / kappa
        return Handover(time: time, position: bound, velocity: v0 - kappa * (bound - x0), target: bound)
    }

    /// The position (points) at time `t` (seconds, ≥ 0): the decay before the hand-over, the
    /// edge spring from the hand-over state after it.
    public func position(at t: Double) -> Double {
        state(at: t).value
    }

    /// The velocity (points per second) at time `t` (seconds, ≥ 0).
    public func velocity(at t: Double) -> Double {
        state(at: t).velocity
    }

    /// Position and velocity at time `t` (seconds, ≥ 0).
    public func state(at t: Double) -> SpringState {
        if let handover, t >= handover.time {
            return edgeSpring.state(
                at: t - handover.time, from: handover.position, to: handover.target,
                initialVelocity: handover.velocity)
        }
        return SpringState(
            value: decay.value(at: t, from: position, initialVelocity: velocity),
            velocity: decay.velocity(at: t, initialVelocity: velocity))
    }

    /// Where the content comes to rest (points): the crossed limit when the edge spring takes
    /// over, the decay's x(∞) = x₀ + v₀/κ otherwise.
    public var restingPosition: Double {
        handover?.target ?? decay.destination(from: position, initialVelocity: velocity)
    }

    /// The rest time: the first time T (seconds) after which the content never again moves
    /// farther than `threshold` from `restingPosition` — 0 when it never is.
    ///
    /// - Decay alone: the distance still to go is |v(t)|/κ, which falls monotonically, so
    ///   T = ln(|v₀|/(κε))/κ.
    /// - With a hand-over at T₀: T₀ plus the edge spring's rest time from the hand-over state
    ///   (`Spring.restTime(displacement:velocity:threshold:)`); if the spring never leaves the
    ///   band, the last time the decay was outside it, before T₀.
    ///
    /// Like the spring's rest time, the decay's time is moved later by 10⁻¹² of itself so its
    /// rounding cannot place it before the true last exit.
    public func restTime(threshold: RestThreshold) -> Double {
        let epsilon = threshold.value
        let kappa = decay.decelerationRate.decayConstant
        guard let handover else {
            let remaining = abs(velocity) / kappa
            return remaining <= epsilon ? 0 : log(remaining / epsilon) / kappa * (1 + 1e-12)
        }
        // Position and velocity are finite (checked at creation), so this cannot throw.
        let springRest = (try? edgeSpring.restTime(
            displacement: handover.position - handover.target, velocity: handover.velocity,
            threshold: threshold)) ?? .infinity
        if springRest > 0 || handover.time == 0 { return handover.time + springRest }
        // The spring stays within ε of the limit: rest began when the decay came within ε.
        let entry = handover.target - (velocity > 0 ? epsilon : -epsilon)
        guard (entry - position) * velocity > 0 else { return 0 }
        return -log1p(-kappa * (entry - position) / velocity) / kappa * (1 + 1e-12)
    }
}
