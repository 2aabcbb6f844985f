/// A scroll view's content dragged by a finger, rubber-banded past its limits as
/// UIScrollView does, and the fling that follows the release.
///
/// The *finger position* p is where the content would be if it followed the finger exactly
/// (its position at the touch plus the finger's translation). Inside the limits [a, b] the
/// content follows it; beyond a limit only the overshoot is resisted, by the rubber band
/// f(x) = x·c·d/(x·c + d) (`RubberBand`, c = 0.55, d the view's extent along the axis):
///
///     x(p) = p                 a ≤ p ≤ b
///     x(p) = b + f(p − b)      p > b
///     x(p) = a − f(a − p)      p < a
///
/// and the content moves at the finger's velocity times the slope there (the chain rule):
///
///     ẋ = f′(overshoot)·ṗ,    f′(x) = c·d²/(x·c + d)²    (1 inside the limits).
///
/// `release(fingerPosition:fingerVelocity:…)` hands that position and that velocity to a
/// `ScrollFling`: inside the limits it decelerates (and may still cross one); past a limit
/// the edge spring brings it back at once. Both are continuous with the drag.
///
/// Source: the rubber band as `RubberBand` documents it (UIScrollView's formula as posted by
/// Grant Paul and analysed in "Analysis of Apple's rubber band scrolling", 2013). Which
/// velocity UIScrollView hands to its bounce is not published; the content's own velocity,
/// used here, keeps the motion continuous.
public struct ScrollDrag: Sendable, Hashable {
    /// The allowed positions (points); a bound may be infinite.
    public let limits: ClosedRange<Double>
    /// The resistance past a limit.
    public let rubberBand: RubberBand

    /// A drag of content allowed within `limits`, resisted past them by `rubberBand`.
    ///
    /// - Throws: `HookeError.invalidParameter` naming `limits` when its lower bound is +∞ or
    ///   its upper bound −∞.
    public init(limits: ClosedRange<Double>, rubberBand: RubberBand) throws(HookeError) {
        try ScrollFling.validate(limits)
        self.limits = limits
        self.rubberBand = rubberBand
    }

    /// The content's position (points) for a finger position `p` (points).
    public func position(forFingerPosition p: Double) -> Double {
        rubberBand.clamp(p, to: limits)
    }

    /// The content's velocity (points per second) for the finger at `p` moving at
    /// `fingerVelocity`: the finger's velocity times the rubber band's slope there.
    public func velocity(forFingerPosition p: Double, fingerVelocity: Double) -> Double {
        fingerVelocity * slope(atFingerPosition: p)
    }

    /// dx/dp at the finger position `p`: 1 inside the limits, f′(overshoot) past them.
    public func slope(atFingerPosition p: Double) -> Double {
        if p > limits.upperBound { return rubberBand.slope(forOvershoot: p - limits.upperBound) }
        if p < limits.lowerBound { return rubberBand.slope(forOvershoot: limits.lowerBound - p) }
        return 1
    }

    /// The finger position that puts the content at `position` (the inverse of
    /// `position(forFingerPosition:)`): to resume a drag that catches the content while it
    /// is still past a limit.
    ///
    /// - Throws: `HookeError.invalidParameter` naming `position` unless it is finite and less
    ///   than one rubber-band dimension past a limit (the band never goes farther).
    public func fingerPosition(forPosition x: Double) throws(HookeError) -> Double {
        let x = try Validate.finite(x, "position")
        do {
            if x > limits.upperBound {
                return limits.upperBound + (try rubberBand.overshoot(forDisplacement: x - limits.upperBound))
            }
            if x < limits.lowerBound {
                return limits.lowerBound - (try rubberBand.overshoot(forDisplacement: limits.lowerBound - x))
            }
        } catch {
            throw .invalidParameter(
                "position", value: x,
                requirement: "less than the rubber band's dimension \(rubberBand.dimension) past the limits")
        }
        return x
    }

    /// The fling after the finger lifts at `fingerPosition` moving at `fingerVelocity`: a
    /// `ScrollFling` from the content's position and velocity there.
    ///
    /// - Throws: `HookeError.invalidParameter` naming `fingerPosition` or `fingerVelocity`
    ///   unless finite.
    public func release(
        fingerPosition: Double, fingerVelocity: Double, decelerationRate: DecelerationRate = .normal,
        edgeSpring: Spring = ScrollFling.defaultEdgeSpring
    ) throws(HookeError) -> ScrollFling {
        let p = try Validate.finite(fingerPosition, "fingerPosition")
        let v = try Validate.finite(fingerVelocity, "fingerVelocity")
        return try ScrollFling(
            position: position(forFingerPosition: p), velocity: velocity(forFingerPosition: p, fingerVelocity: v),
            limits: limits, decelerationRate: decelerationRate, edgeSpring: edgeSpring)
    }
}
