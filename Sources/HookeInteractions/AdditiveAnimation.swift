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
    private struct Piece: Sendable, Hashable, Codable {
        var delta: Double
        var start: Double
    }

    /// Length of each transition, seconds.
    public let duration: Double
    /// The timing curve of each transition.
    public let curve: TimingCurve
    /// The latest target.
    public private(set) var target: Double
    private var pieces: [Piece] = []

    /// A value at rest at `value`.
    ///
    /// - Throws: `HookeError.invalidParameter` naming `value` (finite) or `duration` (> 0).
    public init(value: Double, duration: Double, curve: TimingCurve) throws(HookeError) {
        self.target = try Validate.finite(value, "value")
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
        pieces.removeAll { time - $0.start >= duration }
        let delta = newTarget - target
        guard delta != 0 else { return }
        pieces.append(Piece(delta: delta, start: time))
        target = newTarget
    }

    /// The value at `time`, seconds.
    public func value(at time: Double) -> Double {
        var value = target
        for piece in pieces {
            let progress = (time - piece.start) / duration
            if progress < 1 { value -= piece.delta * (1 - curve.value(at: progress)) }
        }
        return value
    }

    /// The rate of change at `time`, per second.
    public func velocity(at time: Double) -> Double {
        var velocity = 0.0
        for piece in pieces {
            let progress = (time - piece.start) / duration
            if progress >= 0 && progress < 1 { velocity += piece.delta * curve.slope(at: progress) / duration }
        }
        return velocity
    }

    /// Whether every transition has ended by `time`.
    public func isFinished(at time: Double) -> Bool {
        pieces.allSatisfy { time - $0.start >= duration }
    }
}
