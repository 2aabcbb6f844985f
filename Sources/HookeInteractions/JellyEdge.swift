import Hooke

/// The jelly edge of "IOS-use UIBezierPath to achieve jelly effects", as a body.
///
/// A shape of width w is filled from the top down to a bottom edge that is a quadratic
/// Bézier from (0, minHeight) to (w, minHeight) through one control point. **While panned**
/// by the translation (dx, dy) the control point is (the article's `_curveX`, `_curveY`)
///
///     control = (w/2 + dx, max(minHeight + 0.7·dy, minHeight)),
///
/// so the edge bulges down under the finger at 70 % of its vertical travel and never
/// rises above its rest line. **On release** it springs back to (w/2, minHeight) — by
/// default on the spring UIKit builds for `UIView.animate(withDuration: 1.0,
/// usingSpringWithDamping: 0.5, …)`, `Spring(uikitDuration: 1, dampingRatio: 0.5)` — and
/// the shape is re-read every step, as the article reads the animated view's
/// presentation layer on every display-link frame.
///
/// Differences from the article, and why:
/// - The spring starts with the control point's velocity at release (the article passes
///   `initialSpringVelocity: 0`, so a fast pull snaps back from rest with a kink). The
///   finger's release velocity (vx, vy) comes from `VelocityEstimator` (or is the
///   event's own `GestureEvent.velocity`, UIKit's, when present); through the map
///   above the control point moves at (vx, 0.7·vy) while below the rest line and at
///   (vx, 0) while clamped to it (at the clamp exactly, 0.7·max(vy, 0): the one-sided
///   derivative in the direction the finger goes).
/// - A pan that begins while the edge is springing back catches it (the article ignores
///   it until the animation ends): the control point continues from where it is,
///   control = grab + (dx, 0.7·dy), with the floor at min(minHeight, grab y) so that the
///   point does not jump when it is caught above the rest line.
///
/// The article does not give its minimum height or width; the defaults are a 375-pt-wide
/// screen and 100 pt (the article's initial `_mHeight`).
///
/// All of the above is the default, `InteractionFidelity.physical`. At `.article` the edge
/// does what the article's `handlePanAction:` does instead (JellyEdge+Article.swift): the
/// spring starts from rest, and every pan event is ignored while it runs.
public struct JellyEdge: GestureDrivenBody, Codable {
    /// What the edge is doing.
    public enum Phase: String, Sendable, Hashable, Codable {
        /// At rest, straight.
        case resting
        /// Following a pan.
        case dragging
        /// Springing back to straight.
        case returning
    }

    /// The edge as a renderer needs it.
    public struct RenderState: Sendable, Hashable {
        /// The bottom edge: from (0, minHeight) to (width, minHeight) through the control point.
        public let curve: QuadraticBezier
        /// Velocity of the control point, points/s.
        public let velocity: SIMD2<Double>
        /// What the edge is doing.
        public let phase: Phase

        /// The control point, points.
        public var controlPoint: SIMD2<Double> { curve.control }

        /// The closed outline of the filled shape: (0, 0), (width, 0), then the edge from
        /// (width, minHeight) back to (0, minHeight) flattened within `tolerance` points.
        public func outline(tolerance: Double) throws(HookeError) -> [SIMD2<Double>] {
            let edge = try QuadraticBezier(start: curve.end, control: curve.control, end: curve.start)
                .flattened(tolerance: tolerance)
            return [SIMD2(0, 0), SIMD2(curve.end.x, 0)] + edge
        }
    }

    /// Width of the shape, points.
    public let width: Double
    /// Height of the straight edge at rest, points.
    public let minHeight: Double
    /// Fraction of the finger's vertical travel the control point follows (article: 0.7).
    public let verticalFactor: Double
    /// The spring that straightens the edge after release.
    public let spring: Spring
    /// Physical (the default) or the article's own code.
    public let fidelity: InteractionFidelity

    /// What the edge is doing.
    public internal(set) var phase: Phase = .resting
    /// The control point, points.
    public internal(set) var controlPoint: SIMD2<Double>
    /// Its velocity, points/s; while panned, the finger's through the follow map, as
    /// `VelocityEstimator` reads it at the last event (what a release hands the spring).
    public internal(set) var velocity: SIMD2<Double> = .zero

    var estimator = VelocityEstimator()

    /// The rule that estimates the finger's velocity while pulled and at release when an event carries no velocity of
    /// UIKit's (`VelocityStrategy`; default `.leastSquares`). It only reads the samples,
    /// so it can be changed at any time, even mid-gesture.
    public var velocityStrategy: VelocityStrategy {
        get { estimator.strategy }
        set { estimator.strategy = newValue }
    }
    var fingerAtGrab: SIMD2<Double> = .zero
    var controlAtGrab: SIMD2<Double> = .zero
    private var dragTranslation: SIMD2<Double> = .zero
    var floor: Double
    var motion: SpringMotion<SIMD2<Double>>?
    /// Article fidelity: whether a pan is down (its `began` seen), and how long the
    /// animation home has run, seconds.
    var articlePanIsDown = false
    var articleAnimationTime: Double = 0

    /// `Spring(uikitDuration: 1, dampingRatio: 0.5)`: the article's `UIView` spring animation.
    public static let defaultSpring: Spring = {
        do { return try Spring(uikitDuration: 1, dampingRatio: 0.5) } catch { preconditionFailure("\(error)") }
    }()

    /// Creates a straight edge at rest.
    ///
    /// - Throws: `HookeError.invalidParameter` naming `width` (> 0), `minHeight` (finite),
    ///   `verticalFactor` (finite, ≥ 0) or, at article fidelity, `spring` (one UIKit's
    ///   `UIView` animation can make: damping ratio in (0.001, 1], so that it has a duration).
    public init(
        width: Double = 375, minHeight: Double = 100, verticalFactor: Double = 0.7,
        spring: Spring = JellyEdge.defaultSpring, fidelity: InteractionFidelity = .physical
    ) throws(HookeError) {
        if fidelity == .article, !spring.uikitDuration().isFinite {
            throw .invalidParameter("spring", value: spring.dampingRatio,
                                    requirement: "a damping ratio in (0.001, 1] at article fidelity (a UIView spring animation)")
        }
        self.fidelity = fidelity
        self.width = try Validate.positive(width, "width")
        self.minHeight = try Validate.finite(minHeight, "minHeight")
        self.verticalFactor = try Validate.nonNegative(verticalFactor, "verticalFactor")
        self.spring = spring
        self.controlPoint = SIMD2(width / 2, minHeight)
        self.floor = minHeight
    }

    /// The control point at rest, (w/2, minHeight).
    public var restPoint: SIMD2<Double> { SIMD2(width / 2, minHeight) }

    /// The bottom edge now.
    public var curve: QuadraticBezier {
        QuadraticBezier(start: SIMD2(0, minHeight), control: controlPoint, end: SIMD2(width, minHeight))
    }

    public var renderState: RenderState {
        RenderState(curve: curve, velocity: velocity, phase: phase)
    }

    /// The control point for the translation (dx, dy) of a pan grabbed at `grab` with
    /// vertical floor `floor`: (grab.x + dx, max(grab.y + factor·dy, floor)). For a pan
    /// started at rest this is the article's (w/2 + dx, max(minHeight + 0.7·dy, minHeight)).
    public func controlPoint(translation: SIMD2<Double>, grab: SIMD2<Double>, floor: Double) -> SIMD2<Double> {
        SIMD2(grab.x + translation.x, max(grab.y + verticalFactor * translation.y, floor))
    }

    public mutating func handle(_ event: GestureEvent) {
        if fidelity == .article { return handleAtArticleFidelity(event) }
        switch event.phase {
        case .began:
            guard phase != .dragging else { return }
            motion = nil
            controlAtGrab = controlPoint
            floor = min(minHeight, controlPoint.y)
            fingerAtGrab = event.location
            dragTranslation = .zero
            estimator.reset()
            try? estimator.add(GestureSample(time: event.time, location: event.location))
            velocity = .zero
            phase = .dragging
        case .changed:
            guard phase == .dragging else { return }
            follow(event)
        case .ended, .cancelled:
            guard phase == .dragging else { return }
            follow(event)
            release(at: event.time)
        }
    }

    public mutating func step(by h: Double) {
        if fidelity == .article { return stepAtArticleFidelity(by: h) }
        guard phase == .returning, var motion else { return }
        motion.step(by: h)
        controlPoint = motion.value
        velocity = motion.velocity
        if motion.isSettled() {
            controlPoint = restPoint
            velocity = .zero
            self.motion = nil
            phase = .resting
        } else {
            self.motion = motion
        }
    }

    mutating func follow(_ event: GestureEvent) {
        dragTranslation = event.location - fingerAtGrab
        controlPoint = controlPoint(translation: dragTranslation, grab: controlAtGrab, floor: floor)
        try? estimator.add(GestureSample(time: event.time, location: event.location))
        velocity = controlVelocity(finger: estimator.velocity(for: event))
    }

    /// The control point's velocity when the finger moves at `finger` (pt/s): d/dt of the
    /// follow map, x with the finger, y at 0.7·vy unless clamped to the floor.
    private func controlVelocity(finger: SIMD2<Double>) -> SIMD2<Double> {
        let unclamped = controlAtGrab.y + verticalFactor * dragTranslation.y - floor
        let vy: Double
        if unclamped > 0 {
            vy = verticalFactor * finger.y
        } else if unclamped < 0 {
            vy = 0
        } else {
            vy = verticalFactor * max(finger.y, 0)
        }
        return SIMD2(finger.x, vy)
    }

    private mutating func release(at time: Double) {
        // `follow` has just read the finger's velocity at `time` through the map.
        do {
            motion = try SpringMotion(spring: spring, value: controlPoint, target: restPoint, velocity: velocity)
            phase = .returning
        } catch {
            // Unreachable: the state is finite (events are validated).
            controlPoint = restPoint
            velocity = .zero
            phase = .resting
        }
    }
}
