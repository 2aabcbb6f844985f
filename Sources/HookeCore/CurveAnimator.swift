/// An interruptible timing-curve animation of a value from `from` to `to` over `duration`
/// seconds, as `UIViewPropertyAnimator` with cubic timing parameters behaves (Docs/animation.md,
/// "Interruptible animators"): pause, scrub to a fraction of the duration
/// (`fractionComplete`), reverse (`isReversed`: back along the same curve), stop, and
/// continue from where it is with a spring keeping value and velocity
/// (`continueAnimation(withTimingParameters:durationFactor:)` with spring parameters).
///
/// With the time fraction f in [0, 1] and the curve y:
///
///     value    = from + (to − from)·y(f)
///     velocity = ±(to − from)·y′(f)/duration     (− while reversed)
public struct CurveAnimator: Sendable, Hashable {
    /// The value at fraction 0 and at fraction 1.
    public let from: Double
    public let to: Double
    /// Seconds from fraction 0 to 1.
    public let duration: Double
    public let curve: TimingCurve
    /// How far through the duration the animation is, 0…1 (`fractionComplete`, by time).
    public private(set) var fraction = 0.0
    /// Whether it runs from `to` back toward `from`.
    public private(set) var isReversed = false
    public private(set) var isPaused = false
    /// Whether it ended (reached its end, or was stopped) and has not been scrubbed since.
    public private(set) var isEnded = false

    /// An animation at fraction 0 (at `from`).
    ///
    /// - Throws: `HookeError.invalidParameter` naming `from`, `to` (finite) or `duration` (> 0).
    public init(from: Double, to: Double, duration: Double, curve: TimingCurve = .default) throws(HookeError) {
        self.from = try Validate.finite(from, "from")
        self.to = try Validate.finite(to, "to")
        self.duration = try Validate.positive(duration, "duration")
        self.curve = curve
    }

    /// The value now.
    public var value: Double { from + (to - from) * curve.value(at: fraction) }

    /// The rate of change now, per second (0 when paused or ended: nothing moves).
    public var velocity: Double {
        guard !isPaused, !isEnded else { return 0 }
        return (isReversed ? -1 : 1) * (to - from) * curve.slope(at: fraction) / duration
    }

    /// Runs `dt` seconds on (nothing while paused or ended); `.finished` when this call
    /// reaches the end (fraction 1, or 0 reversed).
    ///
    /// - Precondition: `dt` is finite and ≥ 0.
    public mutating func advance(by dt: Double) -> AnimatorCompletion? {
        precondition(dt.isFinite && dt >= 0, "CurveAnimator.advance(by:) needs a finite dt >= 0, got \(dt)")
        guard !isPaused, !isEnded else { return nil }
        fraction = min(max(fraction + (isReversed ? -dt : dt) / duration, 0), 1)
        guard fraction == (isReversed ? 0 : 1) else { return nil }
        isEnded = true
        return .finished
    }

    public mutating func pause() { isPaused = true }
    public mutating func resume() { isPaused = false }

    /// Puts the animation at `fraction` of its duration (scrubbing): it can then run on.
    ///
    /// - Throws: `HookeError.invalidParameter` naming `fraction` (in 0…1).
    public mutating func scrub(toFraction fraction: Double) throws(HookeError) {
        guard fraction.isFinite, (0...1).contains(fraction) else {
            throw .invalidParameter("fraction", value: fraction, requirement: "in 0...1")
        }
        self.fraction = fraction
        isEnded = false
    }

    /// Turns the animation around: from here it retraces the curve toward the other end.
    public mutating func reverse() {
        isReversed.toggle()
        isEnded = false
    }

    /// Ends the animation where it is: `.cancelled`, or nil when it had ended already.
    @discardableResult
    public mutating func stop() -> AnimatorCompletion? {
        guard !isEnded else { return nil }
        isEnded = true
        return .cancelled
    }

    /// The spring animation that takes over from here: the same value and velocity, toward
    /// the end the curve was heading for, on `spring`.
    ///
    /// - Throws: `HookeError.invalidParameter` as `SpringAnimator`'s initialiser (it cannot
    ///   for a valid curve animation).
    public func continued(with spring: Spring, threshold: RestThreshold) throws(HookeError) -> SpringAnimator<Double> {
        try SpringAnimator(spring: spring, value: value, target: isReversed ? from : to, velocity: velocity,
                           threshold: threshold)
    }
}
