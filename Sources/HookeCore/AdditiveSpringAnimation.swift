/// A value that follows a moving target with spring transitions that add up, as SwiftUI's
/// `interpolatingSpring` animations combine ("the animation … combines additively with
/// previous animations", Apple) and as UIKit's additive animations do with a spring curve
/// (`AdditiveAnimation` does it with timing curves).
///
/// Each retarget by δᵢ = targetᵢ − targetᵢ₋₁ at time sᵢ adds a transition of δᵢ run by the
/// spring from rest; with u(τ) the spring's displacement τ seconds after starting at 1 from
/// rest (`Spring.evolve`),
///
///     value(t)    = target − Σᵢ δᵢ·u(t − sᵢ)
///     velocity(t) = −Σᵢ δᵢ·u′(t − sᵢ)
///
/// A new transition starts at −δ with zero velocity, so value and velocity are continuous.
/// Because the spring equation is linear, this sum is exactly the motion of one spring whose
/// target jumps by δᵢ at each sᵢ (superposition; the tests check it against `SpringMotion`
/// retargeted at the same times), which is why an interrupted spring keeps its momentum.
///
/// A transition is dropped once its remaining motion is invisible at `threshold` divided
/// among the transitions in flight (`Spring.restTime`), so the sum of what is dropped never
/// shows.
public struct AdditiveSpringAnimation: Sendable, Hashable {
    public let spring: Spring
    /// What counts as at rest (`Spring.restTime`), in the value's unit.
    public let threshold: RestThreshold
    private var transitions: AdditiveTransitions
    /// The latest target.
    public var target: Double { transitions.target }

    /// A value at rest at `value`.
    ///
    /// - Throws: `HookeError.invalidParameter` naming `value` (finite).
    public init(value: Double, spring: Spring, threshold: RestThreshold) throws(HookeError) {
        transitions = AdditiveTransitions(target: try Validate.finite(value, "value"))
        self.spring = spring
        self.threshold = threshold
    }

    /// Starts a transition to `newTarget` at `time` (seconds), on top of those in flight;
    /// drops those whose rest is invisible by then.
    ///
    /// - Throws: `HookeError.invalidParameter` naming `target` or `time` when not finite.
    public mutating func retarget(to newTarget: Double, at time: Double) throws(HookeError) {
        _ = try Validate.finite(newTarget, "target")
        _ = try Validate.finite(time, "time")
        let isRunning = running(at: time)
        transitions.retarget(to: newTarget, at: time, keeping: isRunning)
    }

    /// The value at `time`, seconds.
    public func value(at time: Double) -> Double {
        transitions.total(from: target, at: time) { transition, elapsed in
            guard elapsed >= 0 else { return 0 }
            return -(transition.delta * spring.evolve(displacement: 1, velocity: 0, after: elapsed).displacement)
        }
    }

    /// The rate of change at `time`, per second.
    public func velocity(at time: Double) -> Double {
        transitions.total(from: 0, at: time) { transition, elapsed in
            guard elapsed >= 0 else { return 0 }
            return -(transition.delta * spring.evolve(displacement: 1, velocity: 0, after: elapsed).velocity)
        }
    }

    /// Whether every transition's remaining motion is invisible by `time`: from then on the
    /// value stays within `threshold` of the target.
    public func isFinished(at time: Double) -> Bool {
        let isRunning = running(at: time)
        return !transitions.inFlight.contains(where: isRunning)
    }

    /// Whether a transition is still visible at `time`, each allowed 1/n of the threshold
    /// for the n in flight.
    private func running(at time: Double) -> (AdditiveTransitions.Transition) -> Bool {
        guard let share = try? RestThreshold(threshold.value / Double(max(transitions.inFlight.count, 1))) else {
            return { _ in true }
        }
        return { transition in
            let rest = (try? spring.restTime(displacement: transition.delta, velocity: 0, threshold: share)) ?? .infinity
            return time - transition.start < rest
        }
    }
}
