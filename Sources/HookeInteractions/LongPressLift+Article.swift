import Hooke

/// The long-press lift at article fidelity: the article's final code, line for line.
///
///     began:    originalPosition = location; snapshot.frame = someView.frame; someView.alpha = 0
///               animate(0.4, damping 0.8, initialSpringVelocity 0, .beginFromCurrentState):
///                   snapshot.transform = scale(1.2).concatenating(translation(0, 10))
///                   snapshot.alpha = 0.9;  others.transform = scale(0.8)
///     changed:  snapshot.transform = translation(d).concatenating(scale(1.2))
///               (d = location − originalPosition; not animated)
///     ended, cancelled, failed:
///               someView.frame.origin = snapshot.frame.origin;  someView.alpha = 1
///               animate(0.4, 0.8, 0): others.transform = .identity
///
/// `a.concatenating(b)` applies a, then b, about the view's centre: the lift draws the view
/// scaled 1.2 and 10 pt down, and each move draws it scaled 1.2 at 1.2·d from home — 1.2×
/// the finger's offset, without the drop (the article's own note: the `changed` handler
/// must scale up again because it replaces the transform). On release `frame` is the
/// snapshot's transformed bounding box, so `someView`, unscaled, gets the box's origin: its
/// centre is the snapshot's centre less (1.2 − 1)·size/2, and it stays there at scale 1 and
/// alpha 1 — `someView` is shown and the snapshot removed at once, with no animation. The
/// others' 0.3 s animation back is nested in the 0.4 s spring block, whose duration and
/// curve it inherits (`UIView` nested animations do unless told to override them).
extension LongPressLift {
    mutating func handleAtArticleFidelity(_ event: GestureEvent) {
        switch event.phase {
        case .began:
            guard liftedItem == nil, let index = hitTest(event.location) else { return }
            liftedItem = index
            articleHasMoved = false
            fingerAtGrab = event.location
            fingerVelocity = .zero
            estimator.reset()
            try? estimator.add(GestureSample(time: event.time, location: event.location))
            for other in homes.indices {
                if other == index {
                    animateFromRest(&scales[other], to: style.liftedScale)
                    animateFromRest(&alphas[other], to: style.liftedAlpha)
                    animateFromRest(&drops[other], to: style.liftedDrop)
                } else {
                    animateFromRest(&scales[other], to: style.othersScale)
                }
            }
        case .changed:
            guard let index = liftedItem else { return }
            articleHasMoved = true
            try? estimator.add(GestureSample(time: event.time, location: event.location))
            let k = style.liftedScale
            set(&offsets[index], to: k * (event.location - fingerAtGrab))
            set(&scales[index], to: k)
            set(&drops[index], to: 0)
            fingerVelocity = k * estimator.velocity(for: event)
        case .ended, .cancelled:
            guard let index = liftedItem else { return }
            // The snapshot's model centre and scale: the `changed` transform, or the
            // lift's own when the finger never moved.
            let drop = articleHasMoved ? 0 : style.liftedDrop
            let snapshotCenter = homes[index] + offsets[index].target + SIMD2(0, drop)
            homes[index] = snapshotCenter - 0.5 * (style.liftedScale - 1) * itemSize
            set(&offsets[index], to: .zero)
            set(&scales[index], to: 1)
            set(&alphas[index], to: 1)
            set(&drops[index], to: 0)
            for other in homes.indices where other != index {
                animateFromRest(&scales[other], to: 1)
            }
            fingerVelocity = .zero
            liftedItem = nil
        }
    }

    /// `initialSpringVelocity: 0` with `.beginFromCurrentState`: from the value now, at rest.
    private func animateFromRest<Value>(_ motion: inout SpringMotion<Value>, to target: Value) {
        motion = (try? SpringMotion(spring: spring, value: motion.value, target: target)) ?? motion
    }

    /// A change outside an animation block: the value jumps and rests there.
    private func set<Value>(_ motion: inout SpringMotion<Value>, to value: Value) {
        motion = (try? SpringMotion(spring: spring, value: value, target: value)) ?? motion
    }
}
