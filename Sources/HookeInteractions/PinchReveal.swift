import Hooke

/// The pinch to reveal of "Pinch to reveal animation, like in Boeing Milestones", as a body.
///
/// A picture the width of the screen splits at the pinch point into a left and a right
/// half (masks of one image) that slide apart to reveal what lies beneath.
///
/// - **began**: when the picture is closed it divides at the pinch's centroid x (the
///   article's `divideBackgroundAtPoint`), clamped to the screen.
/// - **began / changed**: with the two touches sorted by x (left, right), each half's
///   horizontal offset is sent toward
///
///       left  = clamp(leftTouch.x − division, −division, 0)
///       right = clamp(rightTouch.x − division, 0, width − division)
///
///   so the cut edge of each half sits under its finger and neither half can move inward
///   past the division nor past the screen edge (the article's min(…, 0) and max(…, 0),
///   plus the outer limit). Each half follows with the article's 0.3 s ease-in-out:
///   `TimingCurve.easeInEaseOut` transitions that add up (`AdditiveAnimation`), as
///   UIKit's `UIView` animations do, so position and velocity stay continuous at every
///   event.
/// - **ended**: the pinch velocity — the rate of change of the pinch scale
///   (span / span at began) at release, 1/s, as `UIPinchGestureRecognizer.velocity` — is
///   the event's own `velocity.x` when the recording carries UIKit's, otherwise it comes
///   from `VelocityEstimator` on the span (|velocity| < 1e-9/s counts as 0, the fit's
///   rounding). velocity < 0 closes (offsets → 0), otherwise it
///   opens (offsets → −division and width − division, both halves off screen). Each half
///   springs there from its current offset and velocity on `releaseSpring`.
///   **cancelled** closes.
/// - A pinch that begins while the picture is not closed keeps the division and catches
///   the halves where they are (their velocity stops, as a view under a finger does).
///
/// The article does not say how it opens and closes. The default release spring is
/// critically damped with a 0.35 s response: the halves are two masks of one picture,
/// and an overshoot past closed would slide them over each other; the rendered offsets
/// are also clamped to their ranges. The default width, 1024 pt, is an iPad's in
/// landscape, where the Boeing app ran.
public struct PinchReveal: GestureDrivenBody, Codable {
    /// What the picture is doing.
    public enum Phase: String, Sendable, Hashable, Codable {
        /// Whole: both offsets 0.
        case closed
        /// The halves follow two fingers.
        case pinching
        /// Springing apart after a release with velocity ≥ 0.
        case opening
        /// Springing together after a release with velocity < 0, or a cancel.
        case closing
        /// Both halves off screen.
        case open
    }

    /// The halves as a renderer needs them.
    public struct RenderState: Sendable, Hashable {
        /// Where the picture is cut, points from the left edge.
        public let division: Double
        /// Horizontal offset of the left half, in [−division, 0].
        public let leftOffset: Double
        /// Horizontal offset of the right half, in [0, width − division].
        public let rightOffset: Double
        /// Velocity of the left offset, points/s.
        public let leftVelocity: Double
        /// Velocity of the right offset, points/s.
        public let rightVelocity: Double
        /// What the picture is doing.
        public let phase: Phase
        /// The pinch velocity at the last release (scale per second), nil before one.
        public let releaseVelocity: Double?
    }

    /// Screen (and picture) width, points.
    public let width: Double
    /// Duration of each follow transition, seconds (article: 0.3).
    public let followDuration: Double
    /// Timing curve of the follow transitions (article: ease-in-out).
    public let followCurve: TimingCurve
    /// The spring that opens or closes the halves after release.
    public let releaseSpring: Spring

    /// What the picture is doing.
    public private(set) var phase: Phase = .closed
    /// Where the picture is cut, points.
    public private(set) var division: Double
    /// The pinch velocity at the last release, 1/s.
    public private(set) var releaseVelocity: Double?
    /// Time since the body was created, seconds (sum of the steps).
    public private(set) var time: Double = 0

    private var leftFollow: AdditiveAnimation
    private var rightFollow: AdditiveAnimation
    private var leftMotion: SpringMotion<Double>?
    private var rightMotion: SpringMotion<Double>?
    private var estimator = VelocityEstimator()

    /// The rule that estimates the span's rate at release when an event carries no velocity of
    /// UIKit's (`VelocityStrategy`; default `.leastSquares`). It only reads the samples,
    /// so it can be changed at any time, even mid-gesture.
    public var velocityStrategy: VelocityStrategy {
        get { estimator.strategy }
        set { estimator.strategy = newValue }
    }
    private var spanAtBegan: Double = 0

    /// `Spring(dampingRatio: 1, response: 0.35)`.
    public static let defaultReleaseSpring: Spring = {
        do { return try Spring(dampingRatio: 1, response: 0.35) } catch { preconditionFailure("\(error)") }
    }()

    /// A closed picture.
    ///
    /// - Throws: `HookeError.invalidParameter` naming `width` or `followDuration` unless > 0.
    public init(
        width: Double = 1024, followDuration: Double = 0.3, followCurve: TimingCurve = .easeInEaseOut,
        releaseSpring: Spring = PinchReveal.defaultReleaseSpring
    ) throws(HookeError) {
        self.width = try Validate.positive(width, "width")
        self.followDuration = try Validate.positive(followDuration, "followDuration")
        self.followCurve = followCurve
        self.releaseSpring = releaseSpring
        self.division = width / 2
        leftFollow = try AdditiveAnimation(value: 0, duration: followDuration, curve: followCurve)
        rightFollow = leftFollow
    }

    /// Offset of the left half now, in [−division, 0].
    public var leftOffset: Double {
        let raw: Double
        switch phase {
        case .closed: raw = 0
        case .open: raw = -division
        case .pinching: raw = leftFollow.value(at: time)
        case .opening, .closing: raw = leftMotion?.value ?? 0
        }
        return min(max(raw, -division), 0)
    }

    /// Offset of the right half now, in [0, width − division].
    public var rightOffset: Double {
        let raw: Double
        switch phase {
        case .closed: raw = 0
        case .open: raw = width - division
        case .pinching: raw = rightFollow.value(at: time)
        case .opening, .closing: raw = rightMotion?.value ?? 0
        }
        return min(max(raw, 0), width - division)
    }

    private var leftVelocity: Double {
        switch phase {
        case .closed, .open: return 0
        case .pinching: return leftFollow.velocity(at: time)
        case .opening, .closing: return leftMotion?.velocity ?? 0
        }
    }

    private var rightVelocity: Double {
        switch phase {
        case .closed, .open: return 0
        case .pinching: return rightFollow.velocity(at: time)
        case .opening, .closing: return rightMotion?.velocity ?? 0
        }
    }

    public var renderState: RenderState {
        RenderState(
            division: division, leftOffset: leftOffset, rightOffset: rightOffset, leftVelocity: leftVelocity,
            rightVelocity: rightVelocity, phase: phase, releaseVelocity: releaseVelocity)
    }

    /// The offsets the halves are sent toward for touches at `first` and `second`.
    public func followTargets(_ first: SIMD2<Double>, _ second: SIMD2<Double>) -> (left: Double, right: Double) {
        let (leftX, rightX) = first.x <= second.x ? (first.x, second.x) : (second.x, first.x)
        return (min(max(leftX - division, -division), 0), min(max(rightX - division, 0), width - division))
    }

    public mutating func handle(_ event: GestureEvent) {
        guard let second = event.secondLocation else { return }
        switch event.phase {
        case .began:
            guard phase != .pinching else { return }
            let (left, right) = (leftOffset, rightOffset)
            if phase == .closed {
                division = min(max(event.centroid.x, 0), width)
            }
            do {
                leftFollow = try AdditiveAnimation(value: left, duration: followDuration, curve: followCurve)
                rightFollow = try AdditiveAnimation(value: right, duration: followDuration, curve: followCurve)
            } catch {
                return  // unreachable: offsets are finite
            }
            leftMotion = nil
            rightMotion = nil
            spanAtBegan = event.span
            estimator.reset()
            try? estimator.add(GestureSample(time: event.time, location: SIMD2(event.span, 0)))
            phase = .pinching
            follow(event.location, second)
        case .changed:
            guard phase == .pinching else { return }
            try? estimator.add(GestureSample(time: event.time, location: SIMD2(event.span, 0)))
            follow(event.location, second)
        case .ended, .cancelled:
            guard phase == .pinching else { return }
            try? estimator.add(GestureSample(time: event.time, location: SIMD2(event.span, 0)))
            // UIKit's own pinch velocity when the recording carries it, else the span's
            // rate over the span at began (the pinch scale's rate).
            let spanVelocity = estimator.velocity(at: event.time).x
            var velocity = event.velocity?.x ?? (spanAtBegan > 0 ? spanVelocity / spanAtBegan : 0)
            // Fingers that held still give a fit slope of rounding size (~1e-13/s), whose
            // sign means nothing: below 1e-9 per second the pinch counts as stopped, and opens.
            if abs(velocity) < 1e-9 { velocity = 0 }
            releaseVelocity = velocity
            let opens = event.phase == .ended && velocity >= 0
            let (left, right) = (leftOffset, rightOffset)
            let (leftSpeed, rightSpeed) = (leftVelocity, rightVelocity)
            do {
                leftMotion = try SpringMotion(
                    spring: releaseSpring, value: left, target: opens ? -division : 0, velocity: leftSpeed)
                rightMotion = try SpringMotion(
                    spring: releaseSpring, value: right, target: opens ? width - division : 0, velocity: rightSpeed)
                phase = opens ? .opening : .closing
            } catch {
                phase = opens ? .open : .closed  // unreachable: the state is finite
            }
        }
    }

    public mutating func step(by h: Double) {
        time += h
        guard phase == .opening || phase == .closing, var left = leftMotion, var right = rightMotion else { return }
        left.step(by: h)
        right.step(by: h)
        leftMotion = left
        rightMotion = right
        if left.isSettled() && right.isSettled() {
            phase = phase == .opening ? .open : .closed
            leftMotion = nil
            rightMotion = nil
        }
    }

    private mutating func follow(_ first: SIMD2<Double>, _ second: SIMD2<Double>) {
        let targets = followTargets(first, second)
        try? leftFollow.retarget(to: targets.left, at: time)
        try? rightFollow.retarget(to: targets.right, at: time)
    }
}
