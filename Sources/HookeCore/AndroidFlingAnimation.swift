import Foundation

/// Android's `FlingAnimation` (androidx.dynamicanimation) in closed form: a value carried by
/// its start velocity and slowed by a friction proportional to that velocity, which stops
/// once it moves less than the smallest visible change per frame.
///
/// Android's drag force is a = −4.2·f·v for the friction scalar f (`setFriction`, default
/// 1). With the decay constant k = 4.2·f (1/s), the start value x₀ and the start velocity v₀
/// (units of the property per second):
///
///     v(t) = v₀·e^(−kt)
///     x(t) = x₀ + v₀·(1 − e^(−kt))/k
///     x(∞) = x₀ + v₀/k
///
/// The animation stops when the speed falls under the velocity threshold
///
///     v_th = m·0.75·62.5        (m: the minimum visible change; 46.875 px/s for pixels)
///
/// where 0.75·m is the value threshold and 62.5 = 1000/16 turns it into the velocity that
/// moves the value threshold in one 16 ms frame. So, for |v₀| > v_th, it stops at
///
///     T = ln(|v₀|/v_th)/k,   having travelled   |x(T) − x₀| = (|v₀| − v_th)/k,
///
/// and for |v₀| ≤ v_th at once (T = 0, distance 0).
///
/// Android advances the value frame by frame with these same exponentials (each frame is
/// exact, whatever its length, up to `Float` rounding), so its values at the frame times
/// are x(t), and it ends on the first frame after T: there it reports velocity 0 and a
/// value beyond `stopValue` by less than v_th times that frame's duration. (With
/// |v₀| ≤ v_th it still runs that one frame.) The min/max values of `FlingAnimation`, at
/// which it also ends, are not modelled here.
///
/// Sources: androidx.dynamicanimation — `FlingAnimation.DragForce` (friction multiplier
/// −4.2, velocity threshold multiplier 1000/16, the exact per-frame update and the end test
/// |v| < v_th; the same in the original support-library `android.support.animation`
/// source), `DynamicAnimation` (`THRESHOLD_MULTIPLIER` 0.75, value threshold = minimum
/// visible change × 0.75), the published constants of `api/current.txt`
/// (`MIN_VISIBLE_CHANGE_PIXELS` 1, `_ROTATION_DEGREES` 0.1, `_ALPHA` 0.00390625,
/// `_SCALE` 0.002), and Android's guide "Move views using a fling animation" (default
/// friction 1; minimum visible change 1 px for translation and scroll properties).
/// `AndroidFlingAnimationTests` checks the bounds asserted by androidx's `FlingTests`.
///
/// Named after the platform because it keeps Android's parameters (a friction scalar, a
/// minimum visible change) and its stopping rule; Hooke's own exponential decay is `Decay`.
public struct AndroidFlingAnimation: Sendable, Hashable {
    /// Android's drag per unit velocity at friction 1 (`DEFAULT_FRICTION`), −4.2 1/s.
    public static let frictionMultiplier = -4.2
    /// Value threshold per unit of minimum visible change (`THRESHOLD_MULTIPLIER`), 0.75.
    public static let valueThresholdMultiplier = 0.75
    /// Velocity threshold per unit of value threshold (`VELOCITY_THRESHOLD_MULTIPLIER`),
    /// 1000/16 = 62.5 1/s: the value threshold moved in one 16 ms frame.
    public static let velocityThresholdMultiplier = 1000.0 / 16

    /// `MIN_VISIBLE_CHANGE_PIXELS`: 1 px (translation, scroll, x/y/z and custom properties).
    public static let minimumVisibleChangePixels = 1.0
    /// `MIN_VISIBLE_CHANGE_ROTATION_DEGREES`: 1/10 degree.
    public static let minimumVisibleChangeRotationDegrees = 1.0 / 10
    /// `MIN_VISIBLE_CHANGE_ALPHA`: 1/256.
    public static let minimumVisibleChangeAlpha = 1.0 / 256
    /// `MIN_VISIBLE_CHANGE_SCALE`: 1/500.
    public static let minimumVisibleChangeScale = 1.0 / 500

    /// The start value x₀ (units of the property, e.g. px).
    public let startValue: Double
    /// The start velocity v₀ (units of the property per second, e.g. px/s).
    public let startVelocity: Double
    /// The friction scalar f (> 0; Android's default 1).
    public let friction: Double
    /// The smallest change of the value a user can see (> 0; 1 px by default).
    public let minimumVisibleChange: Double

    /// Creates a fling as `FlingAnimation(…).setStartValue(x₀).setStartVelocity(v₀)
    /// .setFriction(f).setMinimumVisibleChange(m)` would start it.
    ///
    /// - Throws: `HookeError.invalidParameter` naming `startValue` or `startVelocity` unless
    ///   finite, or `friction` or `minimumVisibleChange` unless finite and > 0 (Android throws
    ///   for either ≤ 0).
    public init(
        startValue: Double = 0, startVelocity: Double, friction: Double = 1,
        minimumVisibleChange: Double = AndroidFlingAnimation.minimumVisibleChangePixels
    ) throws(HookeError) {
        self.startValue = try Validate.finite(startValue, "startValue")
        self.startVelocity = try Validate.finite(startVelocity, "startVelocity")
        self.friction = try Validate.positive(friction, "friction")
        self.minimumVisibleChange = try Validate.positive(minimumVisibleChange, "minimumVisibleChange")
    }

    /// The decay constant k = 4.2·f (1/s): the velocity shrinks by e every 1/k seconds.
    public var decayConstant: Double { -Self.frictionMultiplier * friction }

    /// The value threshold: 0.75 × the minimum visible change (0.75 px for pixels).
    public var valueThreshold: Double { minimumVisibleChange * Self.valueThresholdMultiplier }

    /// The speed under which the fling stops: value threshold × 62.5 (46.875 px/s for
    /// pixels), in units of the property per second.
    public var velocityThreshold: Double { valueThreshold * Self.velocityThresholdMultiplier }

    /// Velocity at time `t` (seconds) of the unstopped motion: v₀·e^(−kt).
    public func velocity(at t: Double) -> Double {
        startVelocity * exp(-decayConstant * t)
    }

    /// Value at time `t` (seconds) of the unstopped motion: x₀ + v₀·(1 − e^(−kt))/k, with
    /// 1 − e^(−kt) evaluated as −expm1(−kt) so short times keep full accuracy.
    public func value(at t: Double) -> Double {
        let k = decayConstant
        return startValue + startVelocity * (-expm1(-k * t)) / k
    }

    /// Where the unstopped motion would come to rest: x₀ + v₀/k.
    public var restingValue: Double {
        startValue + startVelocity / decayConstant
    }

    /// The time (seconds) at which the speed reaches the velocity threshold and the fling
    /// stops: ln(|v₀|/v_th)/k, or 0 when |v₀| ≤ v_th.
    public var stopTime: Double {
        let speed = abs(startVelocity)
        guard speed > velocityThreshold else { return 0 }
        return log(speed / velocityThreshold) / decayConstant
    }

    /// The distance (≥ 0, units of the property) travelled before stopping:
    /// (|v₀| − v_th)/k, or 0 when |v₀| ≤ v_th.
    public var stopDistance: Double {
        max(abs(startVelocity) - velocityThreshold, 0) / decayConstant
    }

    /// The value at which the fling stops: x₀ ± `stopDistance` in the direction of v₀
    /// (equal to `value(at: stopTime)`).
    public var stopValue: Double {
        startVelocity < 0 ? startValue - stopDistance : startValue + stopDistance
    }

    /// Whether the fling has stopped by time `t`: |v(t)| < v_th, Android's end test.
    public func isDone(at t: Double) -> Bool {
        abs(velocity(at: t)) < velocityThreshold
    }
}
