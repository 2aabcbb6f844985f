/// An interruptible spring animation, as UIKit's `UIViewPropertyAnimator` with spring
/// timing and SwiftUI's springs behave (Docs/animation.md, "Interruptible animators"):
/// it can be paused, scrubbed to any time of its run (exactly: the closed form), retargeted
/// or reversed in flight keeping its value and velocity, continued with a new spring, blended
/// from one spring to another over a blend duration, and stopped — and it says how each run
/// ended (`AnimatorCompletion`).
///
/// A run starts at a state (value v₀, velocity u₀) and a time; its value t seconds later is
/// the exact solution x(t) = target + Φ₁₁(t)(v₀ − target) + Φ₁₂(t)u₀ (`Spring.transition(over:)`),
/// so advancing by many small steps or scrubbing straight to a time give the same value to
/// rounding. A run ends `.finished` at the first `advance` after which its remaining motion
/// is invisible (`SpringMotion.restTime(threshold:)`); the value is then exactly the target.
///
/// ```swift
/// var animator = try SpringAnimator(spring: .snappy, value: 0.0, target: 300, threshold: .position(screenScale: 3))
/// _ = animator.advance(by: 0.1)
/// let interrupted = try animator.retarget(to: 120)   // .retargeted: the run to 300 ended
/// ```
public struct SpringAnimator<Value: MotionComponents>: Sendable {
    /// The spring now (during a blend, the one the blend ends on).
    public private(set) var spring: Spring
    /// The value the run heads for.
    public private(set) var target: Value
    /// What counts as at rest (`SpringMotion.restTime(threshold:)`).
    public let threshold: RestThreshold
    /// Whether `advance(by:)` is held (`pause()`, `resume()`).
    public private(set) var isPaused = false
    /// Whether the last run ended (finished or cancelled) and none has started since.
    public private(set) var isEnded = false
    /// Seconds since the current run started.
    public private(set) var time = 0.0

    /// Where the current run started (what `reverse()` heads back to).
    private var runStart: Value
    /// Where the exact part of the current run (all of it, or what follows a blend)
    /// started: its state and the run time it was at.
    private var origin: (value: Value, velocity: Value, time: Double)
    /// The state now, kept exactly from `origin` (or stepped, during a blend).
    public private(set) var value: Value
    public private(set) var velocity: Value
    private var blend: Blend?

    /// A blend from one spring to another (SwiftUI's `blendDuration`): the response goes
    /// linearly from the old spring's to the new one's over `duration` seconds of run time,
    /// the damping ratio likewise, the mass the new spring's.
    private struct Blend: Sendable {
        var from: Spring
        var start: Double
        var duration: Double
    }

    /// An animator at `value`, moving at `velocity`, toward `target`; the run starts now.
    ///
    /// - Throws: `HookeError.invalidParameter` naming `value`, `target` or `velocity` when a
    ///   component is not finite.
    public init(spring: Spring, value: Value, target: Value, velocity: Value = .zero, threshold: RestThreshold)
        throws(HookeError) {
        let motion = try SpringMotion(spring: spring, value: value, target: target, velocity: velocity)
        self.spring = motion.spring
        self.target = motion.target
        self.threshold = threshold
        self.value = motion.value
        self.velocity = motion.velocity
        runStart = value
        origin = (value, velocity, 0)
    }

    // MARK: - Time

    /// Runs the animation `dt` seconds on (nothing while paused or ended) and returns
    /// `.finished` when the run ends in this call.
    ///
    /// - Precondition: `dt` is finite and ≥ 0 (a frame's duration).
    public mutating func advance(by dt: Double) -> AnimatorCompletion? {
        precondition(dt.isFinite && dt >= 0, "SpringAnimator.advance(by:) needs a finite dt >= 0, got \(dt)")
        guard !isPaused, !isEnded else { return nil }
        if let blend {
            stepThroughBlend(blend, by: dt)
        } else {
            time += dt
            place(at: time)
        }
        return settleIfInvisible()
    }

    /// Holds the animation where it is (`UIViewPropertyAnimator.pauseAnimation()`).
    public mutating func pause() { isPaused = true }

    /// Lets a paused animation run on from where it was (`startAnimation()` after a pause).
    public mutating func resume() { isPaused = false }

    /// Puts the run at `time` seconds after its start, exactly (the closed form), whatever
    /// it is doing — UIViewPropertyAnimator's scrubbing, by time rather than by fraction
    /// since a spring has no fixed end. A blend in progress is completed first.
    ///
    /// - Throws: `HookeError.invalidParameter` naming `time` when it is not finite or is
    ///   before the start of the run's exact part (a blend's end, or the run's start).
    public mutating func scrub(toTime time: Double) throws(HookeError) {
        if blend != nil { finishBlend() }
        guard time.isFinite, time >= origin.time else {
            throw .invalidParameter("time", value: time, requirement: "finite and >= \(origin.time), the start of the run's exact part")
        }
        isEnded = false
        self.time = time
        place(at: time)
    }

    // MARK: - Interruptions

    /// Sends the animation to a new target from where it is, at the speed it has: the run
    /// ends `.retargeted` (returned) and a new one starts (SwiftUI's behaviour when a
    /// spring animation is interrupted by another toward a new value).
    ///
    /// - Throws: `HookeError.invalidParameter` naming `target` when a component is not finite.
    @discardableResult
    public mutating func retarget(to newTarget: Value) throws(HookeError) -> AnimatorCompletion? {
        _ = try SpringMotion(spring: spring, value: value, target: newTarget, velocity: velocity)
        let ended: AnimatorCompletion? = isEnded ? nil : .retargeted
        if blend != nil { finishBlend() }
        target = newTarget
        restart()
        return ended
    }

    /// Reverses a spring run: it heads back to where it started, from where it is, at the
    /// speed it has (`UIViewPropertyAnimator.isReversed` for a spring: the start becomes
    /// the target).
    @discardableResult
    public mutating func reverse() -> AnimatorCompletion? {
        // The run's start was a valid value, so this cannot throw.
        return (try? retarget(to: runStart)) ?? nil
    }

    /// Continues from the current value and velocity with `newSpring` (the same target):
    /// `UIViewPropertyAnimator.continueAnimation(withTimingParameters:durationFactor:)` with
    /// spring parameters. With `blendDuration` > 0 the spring changes gradually, as SwiftUI's
    /// `blendDuration` does: over that many seconds the response and the damping ratio go
    /// linearly from the current spring's to `newSpring`'s. Within a blend the animator steps
    /// the exact propagator of the spring at the middle of each `advance` (a midpoint rule:
    /// second order in the frame duration; the tests measure it); after it, the closed form
    /// again.
    ///
    /// - Throws: `HookeError.invalidParameter` naming `blendDuration` (finite, ≥ 0).
    @discardableResult
    public mutating func `continue`(with newSpring: Spring, blendDuration: Double = 0) throws(HookeError)
        -> AnimatorCompletion? {
        let duration = try Validate.nonNegative(blendDuration, "blendDuration")
        let ended: AnimatorCompletion? = isEnded ? nil : .retargeted
        if blend != nil { finishBlend() }
        let old = spring
        spring = newSpring
        restart()
        if duration > 0 && old != newSpring { blend = Blend(from: old, start: time, duration: duration) }
        return ended
    }

    /// Ends the run where it is, with zero velocity (`stopAnimation(true)`): returns
    /// `.cancelled`, or nil when it had ended already.
    @discardableResult
    public mutating func stop() -> AnimatorCompletion? {
        guard !isEnded else { return nil }
        velocity = .zero
        isEnded = true
        blend = nil
        origin = (value, velocity, time)
        return .cancelled
    }

    // MARK: - Internals

    /// A new run from the current state, at run time 0.
    private mutating func restart() {
        isEnded = false
        time = 0
        runStart = value
        origin = (value, velocity, 0)
    }

    /// The exact state `t` seconds into the run, from the origin.
    private mutating func place(at t: Double) {
        let map = spring.transition(over: t - origin.time)
        let x = origin.value - target
        value = target + (map.phi11 * x + map.phi12 * origin.velocity)
        velocity = map.phi21 * x + map.phi22 * origin.velocity
    }

    /// The spring of a blend `s` seconds into it: response and damping ratio interpolated.
    private func blendedSpring(_ b: Blend, at s: Double) -> Spring {
        let f = min(max(s / b.duration, 0), 1)
        let response = b.from.response + f * (spring.response - b.from.response)
        let zeta = b.from.dampingRatio + f * (spring.dampingRatio - b.from.dampingRatio)
        // Both ends are valid springs, so every point between them is.
        return (try? Spring(dampingRatio: zeta, response: response, mass: spring.mass)) ?? spring
    }

    private mutating func stepThroughBlend(_ b: Blend, by dt: Double) {
        let into = time - b.start
        let inBlend = min(dt, b.duration - into)
        let map = blendedSpring(b, at: into + inBlend / 2).transition(over: inBlend)
        let x = value - target
        value = target + (map.phi11 * x + map.phi12 * velocity)
        velocity = map.phi21 * x + map.phi22 * velocity
        time += inBlend
        if into + inBlend >= b.duration {
            finishBlend()
            if dt > inBlend {
                time += dt - inBlend
                place(at: time)
            }
        }
    }

    /// Ends a blend where it is: from here the run is exact again, on the new spring.
    private mutating func finishBlend() {
        blend = nil
        origin = (value, velocity, time)
    }

    private mutating func settleIfInvisible() -> AnimatorCompletion? {
        guard blend == nil,
              spring.restTime(displacement: value - target, velocity: velocity, threshold: threshold) == 0
        else { return nil }
        value = target
        velocity = .zero
        isEnded = true
        origin = (value, velocity, time)
        return .finished
    }
}
