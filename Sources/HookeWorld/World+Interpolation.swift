import HookeCore

// Render interpolation: drawing between the last two fixed steps.
//
// `advance(by:)` runs whole steps and leaves a fraction α = `interpolationFactor` of a
// step pending. Drawing the last step's state would make motion judder (two steps on
// one frame, one on the next at 144 Hz); drawing the blend previous + α·(current −
// previous) moves it by the frame's time exactly, at the price of a constant lag of one
// step (Fiedler, "Fix Your Timestep!", 2004; Box2D's and Advance's loops).
//
// The previous pose of every body is the one each step started from, copied column by
// column at the start of the step (`BodyStorage.recordPreviousPoses`). A body created
// or moved by `updateBody` since has previous = current, so it is drawn where it was
// put rather than sliding there. The angle is blended as a number: the world's angles
// are not wrapped, so θ + α·(θ' − θ) turns the short way the body turned.

extension World {
    /// The pose to draw `handle`'s body at now: the blend of its pose at the start of the
    /// last step (`previous`) and its pose now (`current`) at `interpolationFactor` α,
    /// previous + α·(current − previous), centre in points and angle in radians
    /// (positive clockwise). It shows the motion one step (`configuration.timestep`) late:
    /// after `advance(by:)` calls adding up to t seconds, a body moving at constant
    /// velocity v is drawn at x₀ + v·(t − h).
    ///
    /// Meaningful after `advance(by:)`: `step()` does not move the clock, so after it α
    /// is whatever `advance` left (0 before any) and the pose is the previous one; read
    /// `body(_:)` for the state itself.
    ///
    /// - Precondition: `handle` designates a live body of this world (`contains(_:)`);
    ///   otherwise the call traps, naming the handle.
    public func interpolatedPose(of handle: BodyHandle) -> BodyPose {
        let i = slot(of: handle)
        let alpha = interpolationFactor
        return BodyPose(
            center: FixedStepClock.interpolate(from: bodies.previousCenter[i], to: bodies.center[i], fraction: alpha),
            angle: FixedStepClock.interpolate(from: bodies.previousAngle[i], to: bodies.angle[i], fraction: alpha))
    }
}
