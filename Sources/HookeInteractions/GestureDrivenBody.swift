/// Something a gesture drives and a fixed-step clock advances: a swipe card, a jelly
/// edge, a pinch reveal, a long-press lift.
///
/// The contract, which `GesturePlayback` follows and a live app should too: at each
/// step boundary, first `step(by:)` advances the body over the step, then the events whose
/// time has come are handed to `handle(_:)` in order, then `renderState` is read. Bodies
/// are values: stepping allocates nothing, so an array of thousands can be stepped in a
/// plain loop. To draw between two steps at a display's own rate, keep the last two
/// render states in a `RenderInterpolation` (`GesturePlayback.interpolatedRenderState`
/// does); the bodies' render states are `InterpolatableRenderState`.
public protocol GestureDrivenBody: Sendable {
    /// What a renderer needs each frame (centre, angle, scale, path…).
    associatedtype RenderState: Sendable

    /// Reacts to one gesture event. Events arrive in time order; a body ignores an event
    /// that makes no sense in its state (a `changed` without a `began`).
    mutating func handle(_ event: GestureEvent)

    /// Advances the body by `h` seconds (the fixed step).
    mutating func step(by h: Double)

    /// The state to draw now.
    var renderState: RenderState { get }
}
