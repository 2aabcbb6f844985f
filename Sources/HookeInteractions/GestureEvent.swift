import Hooke

/// One event of a gesture stream: its phase, its time and the touch locations.
///
/// Locations are in points, screen coordinates (y down); times in seconds on any
/// monotonic clock. Pan and long-press events carry one location; pinch events carry two
/// (`secondLocation` non-nil). Values are validated on creation, so every event a body
/// receives is finite.
///
/// ```swift
/// let down = try GestureEvent(.began, time: 0, location: SIMD2(160, 300))
/// let move = try GestureEvent(.changed, time: 1.0 / 120, location: SIMD2(164, 301))
/// ```
public struct GestureEvent: Sendable, Hashable {
    /// The event's phase.
    public let phase: GesturePhase
    /// When it happened, in seconds.
    public let time: Double
    /// The first touch, in points.
    public let location: SIMD2<Double>
    /// The second touch of a two-finger gesture, in points; nil for one finger.
    public let secondLocation: SIMD2<Double>?
    /// The velocity the recogniser itself reported at this event, when the recording has
    /// it: `UIPanGestureRecognizer.velocity(in:)` for a pan (pt/s); for a pinch
    /// (`UIPinchGestureRecognizer.velocity`, scale per second, 0). A body hands this on
    /// instead of its own `VelocityEstimator` fit; nil (the default) means estimate.
    public let velocity: SIMD2<Double>?

    /// Creates an event.
    ///
    /// - Throws: `HookeError.invalidParameter` naming `time`, `location.x`, `location.y`,
    ///   `secondLocation.x`, `secondLocation.y`, `velocity.x` or `velocity.y` when it is
    ///   not finite.
    public init(
        _ phase: GesturePhase, time: Double, location: SIMD2<Double>, secondLocation: SIMD2<Double>? = nil,
        velocity: SIMD2<Double>? = nil
    ) throws(HookeError) {
        self.phase = phase
        self.time = try Validate.finite(time, "time")
        _ = try Validate.finite(location.x, "location.x")
        _ = try Validate.finite(location.y, "location.y")
        if let secondLocation {
            _ = try Validate.finite(secondLocation.x, "secondLocation.x")
            _ = try Validate.finite(secondLocation.y, "secondLocation.y")
        }
        if let velocity {
            _ = try Validate.finite(velocity.x, "velocity.x")
            _ = try Validate.finite(velocity.y, "velocity.y")
        }
        self.location = location
        self.secondLocation = secondLocation
        self.velocity = velocity
    }

    /// The same event `offset` seconds later (a replay shifted in time).
    func shifted(by offset: Double) throws(HookeError) -> GestureEvent {
        try GestureEvent(phase, time: time + offset, location: location, secondLocation: secondLocation, velocity: velocity)
    }

    /// Number of touches: 1, or 2 when `secondLocation` is set.
    public var touchCount: Int { secondLocation == nil ? 1 : 2 }

    /// The mean of the touch locations (UIKit's `location(in:)` for a multi-touch gesture).
    public var centroid: SIMD2<Double> {
        guard let secondLocation else { return location }
        return 0.5 * (location + secondLocation)
    }

    /// The distance between the two touches, or 0 for one touch (points).
    public var span: Double {
        guard let secondLocation else { return 0 }
        let d = secondLocation - location
        return (d.x * d.x + d.y * d.y).squareRoot()
    }
}
