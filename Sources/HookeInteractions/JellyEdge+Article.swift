import Hooke

/// The jelly edge at article fidelity: `handlePanAction:` of the article, line for line.
///
///     if (!_isAnimating) {
///         changed:  _curveX = W/2 + translation.x
///                   _curveY = MAX(MIN_HEIGHT + 0.7·translation.y, MIN_HEIGHT)
///         ended, cancelled, failed:
///                   _isAnimating = YES
///                   animateWithDuration:1.0 usingSpringWithDamping:0.5
///                       initialSpringVelocity:0 → r5 = (W/2, MIN_HEIGHT)
///                   completion: _isAnimating = NO
///     }
///
/// The translation is the pan's since its `began`, so the control point is always the
/// rest point plus the drag (no catching), and the spring starts from rest. Every event
/// is ignored while the animation runs, for its whole duration (`Spring.uikitDuration()`,
/// 1 s); a pan that began during it moves the edge from its first `changed` after, by its
/// translation since its own `began`.
extension JellyEdge {
    mutating func handleAtArticleFidelity(_ event: GestureEvent) {
        let panWasDown = articlePanIsDown
        switch event.phase {
        case .began:
            // The recogniser measures the translation from here whatever the edge does.
            articlePanIsDown = true
            fingerAtGrab = event.location
            controlAtGrab = restPoint
            floor = minHeight
            estimator.reset()
            try? estimator.add(GestureSample(time: event.time, location: event.location))
        case .changed:
            guard phase != .returning, panWasDown else { return }
            follow(event)
            phase = .dragging
        case .ended, .cancelled:
            articlePanIsDown = false
            guard phase != .returning, panWasDown else { return }
            do {
                motion = try SpringMotion(spring: spring, value: controlPoint, target: restPoint, velocity: .zero)
                velocity = .zero
                articleAnimationTime = 0
                phase = .returning
            } catch {
                // Unreachable: the state is finite (events are validated).
                controlPoint = restPoint
                velocity = .zero
                phase = .resting
            }
        }
    }

    mutating func stepAtArticleFidelity(by h: Double) {
        guard phase == .returning, var motion else { return }
        articleAnimationTime += h
        // The completion runs at the animation's duration (a nanosecond allowed for the
        // rounding of the sum of steps); Core Animation then shows the model value.
        if articleAnimationTime >= spring.uikitDuration() - 1e-9 {
            controlPoint = restPoint
            velocity = .zero
            self.motion = nil
            phase = .resting
            return
        }
        motion.step(by: h)
        controlPoint = motion.value
        velocity = motion.velocity
        self.motion = motion
    }
}
