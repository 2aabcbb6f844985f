/// What additive animations keep: the latest target and the transitions in flight, each
/// the jump δ = newTarget − oldTarget of one retarget and the time it started. An additive
/// animation's value is the target minus what remains of every transition, its velocity
/// the rate of that; `AdditiveSpringAnimation` (spring transitions) and HookeInteractions'
/// `AdditiveAnimation` (timing curves) differ only in what remains of a transition and in
/// when one is over, which they give as closures.
package struct AdditiveTransitions: Sendable, Hashable, Codable {
    package struct Transition: Sendable, Hashable, Codable {
        /// The jump of the target, in the value's unit.
        package var delta: Double
        /// When it started, seconds.
        package var start: Double
    }

    /// The latest target.
    package private(set) var target: Double
    package private(set) var inFlight: [Transition] = []

    package init(target: Double) { self.target = target }

    /// Keeps the transitions `isRunning` at `time`, then starts one to `newTarget` at
    /// `time` (none when the target does not move).
    package mutating func retarget(to newTarget: Double, at time: Double, keeping isRunning: (Transition) -> Bool) {
        inFlight = inFlight.filter(isRunning)
        let delta = newTarget - target
        guard delta != 0 else { return }
        inFlight.append(Transition(delta: delta, start: time))
        target = newTarget
    }

    /// `initial` plus each transition's `contribution(transition, time − start)`, in the
    /// order they started.
    package func total(from initial: Double, at time: Double, _ contribution: (Transition, Double) -> Double) -> Double {
        var total = initial
        for transition in inFlight { total += contribution(transition, time - transition.start) }
        return total
    }
}
