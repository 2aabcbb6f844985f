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
    private struct Piece: Sendable, Hashable {
        var delta: Double
        var start: Double
    }

    public let spring: Spring
    /// What counts as at rest (`Spring.restTime`), in the value's unit.
    public let threshold: RestThreshold
    /// The latest target.
    public private(set) var target: Double
    private var pieces: [Piece] = []

    /// A value at rest at `value`.
    ///
    /// - Throws: `HookeError.invalidParameter` naming `value` (finite).
    public init(value: Double, spring: Spring, threshold: RestThreshold) throws(HookeError) {
        self.target = try Validate.finite(value, "value")
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
        pieces = live(at: time)
        let delta = newTarget - target
        guard delta != 0 else { return }
        pieces.append(Piece(delta: delta, start: time))
        target = newTarget
    }

    /// The value at `time`, seconds.
    public func value(at time: Double) -> Double {
        var value = target
        for piece in pieces where time >= piece.start {
            value -= piece.delta * spring.evolve(displacement: 1, velocity: 0, after: time - piece.start).displacement
        }
        return value
    }

    /// The rate of change at `time`, per second.
    public func velocity(at time: Double) -> Double {
        var velocity = 0.0
        for piece in pieces where time >= piece.start {
            velocity -= piece.delta * spring.evolve(displacement: 1, velocity: 0, after: time - piece.start).velocity
        }
        return velocity
    }

    /// Whether every transition's remaining motion is invisible by `time`: from then on the
    /// value stays within `threshold` of the target.
    public func isFinished(at time: Double) -> Bool { live(at: time).isEmpty }

    /// The transitions still visible at `time`, each allowed 1/n of the threshold for the
    /// n in flight.
    private func live(at time: Double) -> [Piece] {
        guard !pieces.isEmpty,
              let share = try? RestThreshold(threshold.value / Double(pieces.count)) else { return pieces }
        return pieces.filter { piece in
            let rest = (try? spring.restTime(displacement: piece.delta, velocity: 0, threshold: share)) ?? .infinity
            return time - piece.start < rest
        }
    }
}
