import Foundation
import Hooke

/// The swipe card of "Creating a cool Tinder like drag animations" (2014), as a body.
///
/// **While dragged** the card's centre is home + translation (the finger's displacement
/// since `began`), and its pose is a function of the horizontal translation dx alone:
///
///     s     = clamp(dx / 320, −1, 1)          rotation strength
///     angle = (2π/16)·s                       radians, clockwise for dx > 0
///     scale = max(1 − |s|/4, 0.93)
///     overlay: .like for dx > 0, .nope for dx < 0, none at 0; alpha = min(|dx|/100, 0.4)
///
/// The article writes s = min(dx/320, 1), which lets a long drag to the left rotate past
/// −22.5° without bound; the lower clamp is added here.
///
/// **On release** the velocity comes from `VelocityEstimator` (least squares over the last
/// 100 ms unless `velocityStrategy` says otherwise), or is UIKit's own when the event carries it (`GestureEvent.velocity`), and the decision from where the card would come to rest if it coasted like a
/// scroll view: x_rest = dx + `Decay.project(velocity: vx, decelerationRate:)`
/// (= dx + 0.499 s·vx for `.normal`). x_rest > threshold swipes right, x_rest < −threshold
/// swipes left, anything else returns — so a fast flick from near the centre swipes, and a
/// slow drag past the threshold that is being pulled back returns. A cancelled gesture
/// always returns.
///
/// A swiped card **leaves at constant velocity**: its release velocity, with the
/// horizontal component raised to at least `minimumExitSpeed` toward the chosen side (a
/// slow drag past the threshold must still leave; a decay could stop it on screen). The
/// pose keeps following dx. It is `gone` from the first step at which its rotated,
/// scaled bounding box no longer meets the screen; `offScreenTime` reports when (seconds
/// after release).
///
/// A returning card follows `returnSpring` toward home, **starting with the release
/// velocity** (the article animates for a fixed 0.2 s from rest instead), with the pose
/// still given by dx, so the angle, scale and overlay return with it, and is `resting`
/// once the spring settles to 0.1 % of its travel. Grabbing a returning card catches it
/// where it is.
///
/// All of the above is the default, `InteractionFidelity.physical`. At `.article`
/// (`SwipeCardConfiguration.fidelity`) the card does what the article's code does
/// instead: no lower clamp, the overlay's left image at dx ≤ 0, and on release a 0.2 s
/// ease-in-out animation home from rest (additive, as UIKit's since iOS 8), whatever the
/// decision, which is still reported; a cancelled drag leaves the card where it is
/// (SwipeCard+Article.swift).
///
/// Stepping allocates nothing at physical fidelity; a `[SwipeCard]` of thousands steps in
/// a plain loop.
public struct SwipeCard: GestureDrivenBody, Codable {
    /// What the card is doing.
    public enum Phase: Sendable, Hashable, Codable {
        /// At home, not touched.
        case resting
        /// Following a finger.
        case dragging
        /// Springing back home after an undecided release.
        case returning
        /// Swiped, still (partly) on screen.
        case leaving(SwipeDecision)
        /// Swiped and entirely off screen.
        case gone(SwipeDecision)

        /// The side the card leaves by, once it is leaving or gone.
        public var exitSide: SwipeDecision? {
            switch self {
            case let .leaving(side), let .gone(side): return side
            case .resting, .dragging, .returning: return nil
            }
        }
    }

    /// The card as a renderer needs it.
    public struct RenderState: Sendable, Hashable {
        /// Centre, points.
        public let center: SIMD2<Double>
        /// Velocity of the centre, points/s (while dragged, the finger's).
        public let velocity: SIMD2<Double>
        /// Rotation, radians, clockwise on screen.
        public let angle: Double
        /// Rate of the rotation, radians/s (`SwipeCard.angularVelocity`).
        public let angularVelocity: Double
        /// Uniform scale.
        public let scale: Double
        /// The overlay image and its alpha.
        public let overlay: SwipeOverlay
        /// What the card is doing.
        public let phase: Phase
        /// The decision at the last release, nil before one.
        public let decision: SwipeDecision?
        /// Seconds from the last release until the card was entirely off screen (swiped cards only).
        public let offScreenTime: Double?
    }

    /// The card's numbers.
    public let configuration: SwipeCardConfiguration
    /// What the card is doing.
    public internal(set) var phase: Phase = .resting
    /// Centre minus home, points.
    public internal(set) var translation: SIMD2<Double> = .zero
    /// Velocity of the centre, points/s. While dragged it is the finger's, as
    /// `VelocityEstimator` reads it at the last event: the velocity a release hands on.
    public internal(set) var velocity: SIMD2<Double> = .zero
    /// The decision at the last release.
    public internal(set) var decision: SwipeDecision?
    /// Seconds from the last release until the card left the screen.
    public private(set) var offScreenTime: Double?

    var estimator = VelocityEstimator()

    /// The rule that estimates the finger's velocity while dragged and at release when an event carries no velocity of
    /// UIKit's (`VelocityStrategy`; default `.leastSquares`). It only reads the samples,
    /// so it can be changed at any time, even mid-gesture.
    public var velocityStrategy: VelocityStrategy {
        get { estimator.strategy }
        set { estimator.strategy = newValue }
    }
    var fingerAtGrab: SIMD2<Double> = .zero
    private var translationAtGrab: SIMD2<Double> = .zero
    private var returnMotion: SpringMotion<SIMD2<Double>>?
    var timeSinceRelease: Double = 0
    /// At article fidelity, everything the article's code animates (SwipeCard+Article.swift).
    var article = SwipeCardArticleState()

    /// A card at home with the given numbers (the article's by default).
    public init(configuration: SwipeCardConfiguration) {
        self.configuration = configuration
    }

    /// A card at home with the article's numbers.
    public init() throws(HookeError) {
        self.configuration = try SwipeCardConfiguration()
    }

    /// Centre, points.
    public var center: SIMD2<Double> { configuration.home + translation }

    /// Rotation strength s = clamp(dx/rotationDistance, −1, 1).
    public var rotationStrength: Double {
        min(max(translation.x / configuration.rotationDistance, -1), 1)
    }

    /// Rotation, radians: maximumAngle·s.
    public var angle: Double {
        configuration.fidelity == .article ? article.pose.angle : configuration.maximumAngle * rotationStrength
    }

    /// Rate of the rotation, radians/s: dθ/dt = maximumAngle·vx/rotationDistance while
    /// |dx| < rotationDistance, 0 where the rotation is clamped.
    public var angularVelocity: Double {
        if configuration.fidelity == .article { return article.rate.angle }
        return abs(translation.x) < configuration.rotationDistance
            ? configuration.maximumAngle / configuration.rotationDistance * velocity.x : 0
    }

    /// Scale: max(1 − |s|/scaleStrength, minimumScale).
    public var scale: Double {
        configuration.fidelity == .article
            ? article.pose.scale : max(1 - abs(rotationStrength) / configuration.scaleStrength, configuration.minimumScale)
    }

    /// The overlay: mode by the sign of dx, alpha = min(|dx|/overlayDistance, maximumOverlayAlpha).
    public var overlay: SwipeOverlay {
        if configuration.fidelity == .article {
            return SwipeOverlay(mode: article.overlayMode, alpha: article.pose.overlayAlpha)
        }
        let dx = translation.x
        let mode: SwipeOverlay.Mode? = dx > 0 ? .like : (dx < 0 ? .nope : nil)
        return SwipeOverlay(mode: mode, alpha: min(abs(dx) / configuration.overlayDistance, configuration.maximumOverlayAlpha))
    }

    public var renderState: RenderState {
        RenderState(
            center: center, velocity: velocity, angle: angle, angularVelocity: angularVelocity, scale: scale,
            overlay: overlay, phase: phase,
            decision: decision, offScreenTime: offScreenTime)
    }

    /// Where the card would come to rest horizontally if released now with velocity
    /// `releaseVelocity` (translation, points): dx + project(vx).
    public func projectedRestTranslation(releaseVelocity: SIMD2<Double>) -> Double {
        translation.x + Decay.project(velocity: releaseVelocity.x, decelerationRate: configuration.decelerationRate)
    }

    /// The decision for a card released at translation dx with velocity v, by the rule
    /// in the type's documentation.
    public func decide(translation dx: Double, velocity v: SIMD2<Double>) -> SwipeDecision {
        let rest = dx + Decay.project(velocity: v.x, decelerationRate: configuration.decelerationRate)
        if rest > configuration.decisionThreshold { return .swipedRight }
        if rest < -configuration.decisionThreshold { return .swipedLeft }
        return .returned
    }

    public mutating func handle(_ event: GestureEvent) {
        if configuration.fidelity == .article { return handleAtArticleFidelity(event) }
        switch event.phase {
        case .began:
            switch phase {
            case .resting, .returning:
                // Catch the card where it is: the translation continues from here.
                returnMotion = nil
                translationAtGrab = translation
                fingerAtGrab = event.location
                estimator.reset()
                try? estimator.add(GestureSample(time: event.time, location: event.location))
                velocity = .zero
                decision = nil
                offScreenTime = nil
                phase = .dragging
            case .dragging, .leaving, .gone:
                return
            }
        case .changed:
            guard phase == .dragging else { return }
            follow(event)
        case .ended, .cancelled:
            guard phase == .dragging else { return }
            follow(event)
            release(event, cancelled: event.phase == .cancelled)
        }
    }

    public mutating func step(by h: Double) {
        if configuration.fidelity == .article { return stepAtArticleFidelity(by: h) }
        switch phase {
        case .resting, .dragging, .gone:
            return
        case .returning:
            timeSinceRelease += h
            guard returnMotion != nil else { return }
            // Stepped in place (no copy of the motion out of the optional and back).
            returnMotion!.step(by: h)
            translation = returnMotion!.value
            velocity = returnMotion!.velocity
            if Self.hasSettled(returnMotion!) {
                translation = .zero
                velocity = .zero
                returnMotion = nil
                phase = .resting
            }
        case .leaving(let side):
            timeSinceRelease += h
            translation += h * velocity
            if !isOnScreen {
                phase = .gone(side)
                offScreenTime = timeSinceRelease
            }
        }
    }

    /// `SpringMotion.isSettled()` at its default tolerance 0.001, compared in squares:
    /// |x|² + |v/ω₀|² ≤ (0.001·travel)², without the square root and the argument check.
    @inline(__always)
    private static func hasSettled(_ motion: SpringMotion<SIMD2<Double>>) -> Bool {
        let x = motion.displacement
        let v = (1 / motion.spring.naturalFrequency) * motion.velocity
        let tolerance = 0.001 * motion.travel
        return (x * x).sum() + (v * v).sum() <= tolerance * tolerance
    }

    /// Whether the card's rotated, scaled bounding box still meets the screen.
    ///
    /// A w×h rectangle rotated by θ and scaled by k has the axis-aligned half-extents
    /// k·(|cos θ|·w/2 + |sin θ|·h/2, |sin θ|·w/2 + |cos θ|·h/2).
    public var isOnScreen: Bool {
        let c = abs(cos(angle)), s = abs(sin(angle))
        let half = 0.5 * scale * SIMD2(c * configuration.size.x + s * configuration.size.y,
                                       s * configuration.size.x + c * configuration.size.y)
        let p = center
        return p.x + half.x > 0 && p.x - half.x < configuration.screenSize.x
            && p.y + half.y > 0 && p.y - half.y < configuration.screenSize.y
    }

    private mutating func follow(_ event: GestureEvent) {
        translation = translationAtGrab + (event.location - fingerAtGrab)
        // Times are in order in a valid recording; a sample going back in time is skipped.
        try? estimator.add(GestureSample(time: event.time, location: event.location))
        velocity = estimator.velocity(for: event)
    }

    private mutating func release(_ event: GestureEvent, cancelled: Bool) {
        let releaseVelocity = estimator.velocity(for: event)
        timeSinceRelease = 0
        let choice = cancelled ? .returned : decide(translation: translation.x, velocity: releaseVelocity)
        decision = choice
        switch choice {
        case .returned:
            velocity = releaseVelocity
            do {
                returnMotion = try SpringMotion(
                    spring: configuration.returnSpring, value: translation, target: .zero, velocity: releaseVelocity)
                phase = .returning
            } catch {
                // Unreachable: translation and velocity are finite (events are validated).
                translation = .zero
                velocity = .zero
                phase = .resting
            }
        case .swipedRight, .swipedLeft:
            let sign: Double = choice == .swipedRight ? 1 : -1
            var exit = releaseVelocity
            exit.x = sign * max(sign * exit.x, configuration.minimumExitSpeed)
            velocity = exit
            phase = .leaving(choice)
            if !isOnScreen {
                phase = .gone(choice)
                offScreenTime = 0
            }
        }
    }
}
