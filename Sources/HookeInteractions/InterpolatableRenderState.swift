import Hooke

/// A render state that can be drawn between two fixed steps: the blend of the earlier
/// step's state and the later one's.
///
/// Continuous quantities (centres, angles, scales, offsets, velocities, curve points) are
/// blended linearly, a + fraction·(b − a), the blend of Fiedler's fixed-step loop;
/// discrete ones (phase, decision, which item is lifted) are the later state's, since
/// they change at a step. `RenderInterpolation` keeps the last two states and applies
/// this at the clock's `interpolationFactor`. The render states of `SwipeCard`,
/// `JellyEdge`, `MeshJellyEdge`, `PinchReveal` and `LongPressLift` conform.
public protocol InterpolatableRenderState: Sendable {
    /// The state `fraction` (0…1) of the way from `self`, the earlier step's, to `later`:
    /// `self` at 0, `later` at 1.
    func interpolated(to later: Self, fraction: Double) -> Self
}
