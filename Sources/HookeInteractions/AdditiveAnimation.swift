import Hooke

/// A value that follows a moving target with timed, eased transitions that add up, as
/// UIKit's `UIView` animations do since iOS 8 (additive by default: a new animation of
/// a property animates the *difference* from the previous target to zero on top of the
/// new target, while the animations already in flight run on; Apple, WWDC 2014 session
/// 236 "Building Interruptible and Responsive Interactions").
///
/// After retargets by δᵢ = targetᵢ − targetᵢ₋₁ at times sᵢ, with duration D and timing
/// curve y,
///
///     value(t)    = target − Σᵢ δᵢ·(1 − y((t − sᵢ)/D))
///     velocity(t) = Σᵢ δᵢ·y′((t − sᵢ)/D)/D                    (terms with t − sᵢ in [0, D))
///
/// A retarget adds a term equal to −δ at its start, so the value is continuous; with a
/// curve that starts at slope 0 (easeIn, easeInEaseOut) the velocity is continuous too.
public struct AdditiveAnimation: Sendable, Hashable, Codable {
    /// Length of each transition, seconds.
    public let duration: Double
    /// The timing curve of each transition.
    public let curve: TimingCurve
    private var transitions: AdditiveTransitions
    /// The latest target.
    public var target: Double { transitions.target }

    /// A value at rest at `value`.
    ///
    /// - Throws: `HookeError.invalidParameter` naming `value` (finite) or `duration` (> 0).
    public init(value: Double, duration: Double, curve: TimingCurve) throws(HookeError) {
        transitions = AdditiveTransitions(target: try Validate.finite(value, "value"))
        self.duration = try Validate.positive(duration, "duration")
        self.curve = curve
    }

    /// Starts a transition to `newTarget` at `time` (seconds), on top of those in flight.
    /// Transitions that ended before `time` are dropped (they contribute nothing).
    ///
    /// - Throws: `HookeError.invalidParameter` naming `target` or `time` when not finite.
    public mutating func retarget(to newTarget: Double, at time: Double) throws(HookeError) {
        _ = try Validate.finite(newTarget, "target")
        _ = try Validate.finite(time, "time")
        transitions.retarget(to: newTarget, at: time) { time - $0.start < duration }
    }

    /// The value at `time`, seconds.
    public func value(at time: Double) -> Double {
        transitions.total(from: target, at: time) { transition, elapsed in
            let progress = elapsed / duration
            return progress < 1 ? -(transition.delta * (1 - curve.value(at: progress))) : 0
        }
    }

    /// The rate of change at `time`, per second.
    public func velocity(at time: Double) -> Double {
        transitions.total(from: 0, at: time) { transition, elapsed in
            let progress = elapsed / duration
            return progress >= 0 && progress < 1 ? transition.delta * curve.slope(at: progress) / duration : 0
        }
    }

    /// Whether every transition has ended by `time`.
    public func isFinished(at time: Double) -> Bool {
        transitions.inFlight.allSatisfy { time - $0.start >= duration }
    }
}
