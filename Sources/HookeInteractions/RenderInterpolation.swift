import Hooke

/// The render states of a gesture-driven body after its last two fixed steps, to draw
/// between them at the clock's `interpolationFactor`.
///
/// A display refreshes at its own rate (60, 120, 144 Hz) while the body steps at a fixed
/// h; drawing the last step's state makes motion judder (at 144 Hz some frames run a
/// step and some none). Drawing the blend previous + α·(current − previous) at
/// α = `FixedStepClock.interpolationFactor` moves what is drawn by each frame's time,
/// one step late (Fiedler, "Fix Your Timestep!", 2004). `GesturePlayback` keeps one
/// (`renderStates`, `interpolatedRenderState`); a live app does the same:
///
/// ```swift
/// var card = try SwipeCard(), clock = try FixedStepClock()
/// var render = RenderInterpolation(card.renderState)
/// // each display frame:
/// for _ in 0..<(try clock.advance(by: frameDuration)) {
///     card.step(by: clock.step)
///     // hand the card the gesture events now due, then:
///     render.record(card.renderState)
/// }
/// let drawn = try render.state(at: clock.interpolationFactor)
/// ```
///
/// A world body (a `FlickToDismiss`'s) is drawn with `World.interpolatedPose(of:)`.
public struct RenderInterpolation<State: Sendable>: Sendable {
    /// The state after the step before the last (equal to `current` until two are recorded).
    public private(set) var previous: State
    /// The state after the last step.
    public private(set) var current: State

    /// Starts with `state` as both the previous and the current state.
    public init(_ state: State) {
        previous = state
        current = state
    }

    /// Records the state after a step: the current state becomes the previous one.
    public mutating func record(_ state: State) {
        previous = current
        current = state
    }

    /// Replaces both states, for a jump that must not be blended (a body put somewhere
    /// new between steps).
    public mutating func reset(to state: State) {
        previous = state
        current = state
    }
}

extension RenderInterpolation where State: InterpolatableRenderState {
    /// The state to draw at `fraction` of a step past the last one (usually the clock's
    /// `interpolationFactor`): `previous` blended toward `current`
    /// (`InterpolatableRenderState.interpolated(to:fraction:)`).
    ///
    /// - Throws: `HookeError.invalidParameter("fraction", …)` unless 0 ≤ fraction ≤ 1.
    public func state(at fraction: Double) throws(HookeError) -> State {
        previous.interpolated(to: current, fraction: try Validate.inRange(fraction, 0...1, "fraction"))
    }

    /// `state(at:)` for a fraction known to be in 0…1 (a clock's `interpolationFactor`).
    func state(atChecked fraction: Double) -> State {
        previous.interpolated(to: current, fraction: fraction)
    }
}
