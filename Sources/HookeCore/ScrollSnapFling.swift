/// A fling that lands on a page or snap point chosen by projection, as Apple's WWDC 2018
/// session 803 "Designing Fluid Interfaces" recommends: find where the flick would come to
/// rest, pick the nearest snap point, and let a spring carry the content there from its
/// release state.
///
/// **Projection.** The resting point is the decay's x(∞) = x₀ + v₀/κ (`Decay.destination`,
/// κ = −1000·ln r): exactly where the same flick, unsnapped, would stop in a `ScrollFling`,
/// so snapping never contradicts the free fling. The WWDC session's `project` (the
/// per-millisecond geometric series, `Decay.project`) is shorter by the factor
/// r·(−ln r)/(1 − r): 0.999 at `.normal`, 0.995 at `.fast`. The two pick different points
/// only when x(∞) lies within that sliver of a midpoint between two snap points.
///
/// **Landing.** A spring from the release state (x₀, v₀) toward the chosen point x₁:
///
///     x(t) = x₁ + X(t),   v(t) = V(t),
///
/// (X, V) the spring's exact free response from displacement x₀ − x₁ and velocity v₀. The
/// velocity is continuous at the release whichever point was picked, including one behind
/// the flick (a slow flick past a midpoint that falls back). The alternative — a decay
/// retargeted to stop exactly at x₁, v₀′ = κ(x₁ − x₀) (`Decay.initialVelocity(from:toStopAt:)`)
/// — replaces the finger's velocity by v₀′ at the release, a jump of |v₀ − v₀′| = κ·|x(∞) − x₁|,
/// which reverses the motion when x₁ lies behind; and it reaches x₁ only as t → ∞. The spring
/// has neither defect, so it is the landing here.
///
/// The default spring is `ScrollFling.defaultEdgeSpring` (critically damped, ω₀ = 10 rad/s,
/// Hooke's choice); a critically damped spring can still pass the target once when the flick
/// is fast, as the content would run past a page under a finger.
public struct ScrollSnapFling: Sendable, Hashable {
    /// The release position x₀ (points).
    public let position: Double
    /// The release velocity v₀ (points per second).
    public let velocity: Double
    /// The deceleration whose resting point chooses the target.
    public let decay: Decay
    /// The spring that lands the content on the target.
    public let spring: Spring
    /// Where the flick would come to rest without snapping: x₀ + v₀/κ (points).
    public let projectedPosition: Double
    /// The snap point nearest to `projectedPosition`, where the content comes to rest (points).
    public let target: Double

    /// The landing of content released at `position` with `velocity` on one of `snapPoints`.
    ///
    /// - Throws: `HookeError.invalidParameter` naming `position` or `velocity` unless finite.
    public init(
        snapPoints: ScrollSnapPoints, position: Double, velocity: Double,
        decelerationRate: DecelerationRate = .normal, spring: Spring = ScrollFling.defaultEdgeSpring
    ) throws(HookeError) {
        self.position = try Validate.finite(position, "position")
        self.velocity = try Validate.finite(velocity, "velocity")
        decay = Decay(decelerationRate: decelerationRate)
        self.spring = spring
        projectedPosition = decay.destination(from: position, initialVelocity: velocity)
        target = snapPoints.nearest(to: projectedPosition)
    }

    /// Position and velocity at time `t` (seconds, ≥ 0) after the release.
    public func state(at t: Double) -> SpringState {
        spring.state(at: t, from: position, to: target, initialVelocity: velocity)
    }

    /// The position (points) at time `t` (seconds, ≥ 0).
    public func position(at t: Double) -> Double { state(at: t).value }

    /// The velocity (points per second) at time `t` (seconds, ≥ 0).
    public func velocity(at t: Double) -> Double { state(at: t).velocity }

    /// The first time (seconds) after which the content never again moves farther than
    /// `threshold` from `target`: the spring's rest time
    /// (`Spring.restTime(displacement:velocity:threshold:)`).
    public func restTime(threshold: RestThreshold) -> Double {
        // Position and velocity are finite (checked at creation): this cannot throw.
        (try? spring.restTime(displacement: position - target, velocity: velocity, threshold: threshold)) ?? .infinity
    }
}
