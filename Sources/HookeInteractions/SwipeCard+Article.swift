import Hooke

/// The swipe card at article fidelity: `GGDraggableView.m` of the article, line for line.
///
///     began:    originalPoint = center                       (UIKit's model value)
///     changed:  s = MIN(xDistance/320, 1)                    no lower clamp
///               transform = rotation(2π/16·s)·scale(MAX(1 − |s|/4, 0.93))
///               center = originalPoint + translation
///               overlay mode = distance > 0 ? right : left,  alpha = MIN(|distance|/100, 0.4)
///     ended:    animateWithDuration:0.2 → center = originalPoint, transform = rotation(0),
///               overlay alpha = 0                            (curve: ease-in-out)
///     cancelled: break                                       (the card stays where it is)
///
/// xDistance is the finger's translation since `began`. Since iOS 8 a `UIView` animation
/// is additive: it animates the difference δ between the old and the new model value to
/// zero on top of the new one, and a later non-animated change moves the model under the
/// animations still in flight (`AdditiveAnimation`). So what is drawn is
///
///     presented(t) = model − Σᵢ δᵢ·(1 − y((t − sᵢ)/D)),   velocity = Σᵢ δᵢ·y′((t − sᵢ)/D)/D
///
/// with D = 0.2 s and y Core Animation's ease-in-out, for the translation, the rotation
/// angle, the scale and the overlay's alpha (Core Animation interpolates the transform
/// through its decomposition, angle and scale apart). A card grabbed during its return is
/// therefore caught at home in the model while the rest of the return still plays.
extension SwipeCard {
    /// The animatable part of the card: translation (pt), angle (rad), scale, overlay alpha.
    struct Pose: Sendable, Hashable, Codable {
        var translation: SIMD2<Double>
        var angle: Double
        var scale: Double
        var overlayAlpha: Double

        static let home = Pose(translation: .zero, angle: 0, scale: 1, overlayAlpha: 0)
        static let zero = Pose(translation: .zero, angle: 0, scale: 0, overlayAlpha: 0)

        static func - (a: Pose, b: Pose) -> Pose {
            Pose(translation: a.translation - b.translation, angle: a.angle - b.angle,
                 scale: a.scale - b.scale, overlayAlpha: a.overlayAlpha - b.overlayAlpha)
        }

        /// a + k·b.
        func adding(_ k: Double, _ b: Pose) -> Pose {
            Pose(translation: translation + k * b.translation, angle: angle + k * b.angle,
                 scale: scale + k * b.scale, overlayAlpha: overlayAlpha + k * b.overlayAlpha)
        }
    }

    /// One 0.2 s animation home in flight: δ = new model − old model, and its age (s).
    struct ReturnAnimation: Sendable, Hashable, Codable {
        var delta: Pose
        var elapsed: Double
    }

    /// The model pose the article's `changed` handler sets for a finger translation `d`
    /// from a card whose `originalPoint` was `origin` (translation from home).
    func articleDragPose(origin: SIMD2<Double>, fingerTranslation d: SIMD2<Double>) -> Pose {
        let c = configuration
        let s = min(d.x / c.rotationDistance, 1)
        return Pose(translation: origin + d, angle: c.maximumAngle * s,
                    scale: max(1 - abs(s) / c.scaleStrength, c.minimumScale),
                    overlayAlpha: min(abs(d.x) / c.overlayDistance, c.maximumOverlayAlpha))
    }

    /// The rate of `articleDragPose` for a finger moving at `v` (pt/s); the `MIN` and `MAX`
    /// hold their clamped value where they bind.
    func articleDragRate(fingerTranslation d: SIMD2<Double>, fingerVelocity v: SIMD2<Double>) -> Pose {
        let c = configuration
        let s = min(d.x / c.rotationDistance, 1)
        let ds = s < 1 ? v.x / c.rotationDistance : 0
        let scaleFree = 1 - abs(s) / c.scaleStrength > c.minimumScale
        let alphaFree = abs(d.x) / c.overlayDistance < c.maximumOverlayAlpha
        return Pose(translation: v, angle: c.maximumAngle * ds,
                    scale: scaleFree ? -(s < 0 ? -1 : (s > 0 ? 1 : 0)) * ds / c.scaleStrength : 0,
                    overlayAlpha: alphaFree ? (d.x < 0 ? -1 : (d.x > 0 ? 1 : 0)) * v.x / c.overlayDistance : 0)
    }

    /// What is drawn: the model with the animations in flight on top, and its rate.
    func articlePresentation(model: Pose, modelRate: Pose, returns: [ReturnAnimation]) -> (pose: Pose, rate: Pose) {
        let c = configuration
        var pose = model, rate = modelRate
        for animation in returns {
            let progress = animation.elapsed / c.articleReturnDuration
            pose = pose.adding(-(1 - c.articleReturnCurve.value(at: progress)), animation.delta)
            rate = rate.adding(c.articleReturnCurve.slope(at: progress) / c.articleReturnDuration, animation.delta)
        }
        return (pose, rate)
    }
}

extension SwipeCard {
    mutating func handleAtArticleFidelity(_ event: GestureEvent) {
        switch event.phase {
        case .began:
            guard phase != .dragging else { return }
            article.origin = article.model.translation
            fingerAtGrab = event.location
            estimator.reset()
            try? estimator.add(GestureSample(time: event.time, location: event.location))
            decision = nil
            phase = .dragging
        case .changed:
            guard phase == .dragging else { return }
            let d = event.location - fingerAtGrab
            try? estimator.add(GestureSample(time: event.time, location: event.location))
            article.model = articleDragPose(origin: article.origin, fingerTranslation: d)
            article.modelRate = articleDragRate(fingerTranslation: d, fingerVelocity: estimator.velocity(for: event))
            article.overlayMode = d.x > 0 ? .like : .nope
        case .ended:
            guard phase == .dragging else { return }
            // The article's `ended` moves nothing; the decision is the place it leaves
            // for an action, and the card goes home whatever it is.
            try? estimator.add(GestureSample(time: event.time, location: event.location))
            decision = decide(translation: article.model.translation.x, velocity: estimator.velocity(for: event))
            let home = Pose(translation: article.origin, angle: 0, scale: 1, overlayAlpha: 0)
            article.returns.append(ReturnAnimation(delta: home - article.model, elapsed: 0))
            article.model = home
            article.modelRate = .zero
            timeSinceRelease = 0
            phase = .returning
        case .cancelled:
            // `case UIGestureRecognizerStateCancelled: break;` — the card stays as it is.
            guard phase == .dragging else { return }
            article.modelRate = .zero
            phase = .resting
        }
        presentArticlePose()
    }

    mutating func stepAtArticleFidelity(by h: Double) {
        guard !article.returns.isEmpty else { return }
        timeSinceRelease += h
        for index in article.returns.indices { article.returns[index].elapsed += h }
        // Done at the first step at or after the duration; the sum of steps is allowed a
        // nanosecond of rounding (24 steps of 1/120 s add up to 0.2 − 3·10⁻¹⁷).
        let end = configuration.articleReturnDuration - 1e-9
        article.returns.removeAll { $0.elapsed >= end }
        if article.returns.isEmpty, phase == .returning { phase = .resting }
        presentArticlePose()
    }

    private mutating func presentArticlePose() {
        let (pose, rate) = articlePresentation(model: article.model, modelRate: article.modelRate,
                                               returns: article.returns)
        article.pose = pose
        article.rate = rate
        translation = pose.translation
        velocity = rate.translation
    }
}

/// The article-fidelity state of a `SwipeCard`: UIKit's model pose (what the article's
/// code last set), its rate while the finger moves, the animations home in flight, and
/// what is drawn.
struct SwipeCardArticleState: Sendable, Hashable, Codable {
    var model = SwipeCard.Pose.home
    var modelRate = SwipeCard.Pose.zero
    /// `originalPoint`, as a translation from home.
    var origin: SIMD2<Double> = .zero
    var returns: [SwipeCard.ReturnAnimation] = []
    var overlayMode: SwipeOverlay.Mode?
    var pose = SwipeCard.Pose.home
    var rate = SwipeCard.Pose.zero
}
