import Foundation

/// Scroll-view deceleration in continuous form: a value coasting with velocity decaying
/// by a fixed ratio per millisecond, as UIScrollView decelerates after a flick.
///
/// With κ = −1000·ln r (`DecelerationRate.decayConstant`), the velocity and the value are
///
///     v(t) = v₀·r^(1000t) = v₀·e^(−κt)
///     x(t) = x₀ + v₀·(r^(1000t) − 1)/(1000·ln r) = x₀ + v₀·(1 − e^(−κt))/κ
///
/// (x(t) is the integral of v from 0 to t), so the value comes to rest at
///
///     x(∞) = x₀ − v₀/(1000·ln r) = x₀ + v₀/κ,
///
/// and stopping at a chosen x₁ needs the initial velocity v₀ = κ·(x₁ − x₀).
///
/// `project(velocity:decelerationRate:)` is the discrete counterpart from Apple's WWDC
/// 2018 session 803 "Designing Fluid Interfaces": it treats the velocity as a per-ms
/// step v/1000 shrinking by r each millisecond and sums the geometric series,
/// Σₙ≥₁ (v/1000)·rⁿ = (v/1000)·r/(1 − r). Since (1 − r) ≤ −ln r ≤ (1 − r)/r, the projection
/// is slightly shorter than the continuous distance v/κ: their ratio is
/// r·(−ln r)/(1 − r) ≈ 1 − (1 − r)/2, i.e. 0.999 for `.normal` and 0.995 for `.fast`.
///
/// Methods are generic over `MotionVector`, so `SIMD2<Double>` flicks work directly.
public struct Decay: Sendable, Hashable {
    /// The deceleration rate.
    public let decelerationRate: DecelerationRate

    /// Creates a decay with the given rate (UIScrollView's `.normal` by default).
    public init(decelerationRate: DecelerationRate = .normal) {
        self.decelerationRate = decelerationRate
    }

    /// Velocity `t` seconds after starting at `v0` (points/s): v₀·e^(−κt).
    public func velocity<V: MotionVector>(at t: Double, initialVelocity v0: V) -> V {
        exp(-decelerationRate.decayConstant * t) * v0
    }

    /// Value `t` seconds after starting at `x0` with velocity `v0`:
    /// x₀ + v₀·(1 − e^(−κt))/κ, with 1 − e^(−κt) evaluated as −expm1(−κt) so short
    /// times keep full accuracy.
    public func value<V: MotionVector>(at t: Double, from x0: V, initialVelocity v0: V) -> V {
        let kappa = decelerationRate.decayConstant
        return x0 + (-expm1(-kappa * t) / kappa) * v0
    }

    /// Where the value comes to rest: x₀ + v₀/κ = x₀ − v₀/(1000·ln r).
    public func destination<V: MotionVector>(from x0: V, initialVelocity v0: V) -> V {
        x0 + (1 / decelerationRate.decayConstant) * v0
    }

    /// The initial velocity (points/s) that comes to rest exactly at `destination`:
    /// κ·(x₁ − x₀), the inverse of `destination(from:initialVelocity:)`.
    public func initialVelocity<V: MotionVector>(from x0: V, toStopAt destination: V) -> V {
        decelerationRate.decayConstant * (destination - x0)
    }

    /// Time (s) until the speed falls to `threshold` (points/s): ln(|v₀|/threshold)/κ,
    /// or 0 when it is already there.
    ///
    /// - Throws: `HookeError.invalidParameter("threshold", …)` unless threshold > 0.
    public func duration<V: MotionVector>(
        initialVelocity v0: V, untilSpeedBelow threshold: Double
    ) throws(HookeError) -> Double {
        let threshold = try Validate.positive(threshold, "threshold")
        let speed = v0.motionLength
        guard speed > threshold else { return 0 }
        return log(speed / threshold) / decelerationRate.decayConstant
    }

    /// The distance a flick at `velocity` (points/s) travels, as projected in Apple's WWDC
    /// 2018 "Designing Fluid Interfaces": (v/1000)·r/(1 − r). Add it to the release
    /// position to find where a thrown item would land.
    public static func project<V: MotionVector>(velocity: V, decelerationRate: DecelerationRate) -> V {
        let r = decelerationRate.rate
        return (r / (1000 * (1 - r))) * velocity
    }
}
