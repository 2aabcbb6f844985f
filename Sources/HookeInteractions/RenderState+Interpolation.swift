import Hooke

// The render states of the gesture-driven bodies, blended between two steps
// (`InterpolatableRenderState`): every continuous quantity a + α·(b − a), every discrete
// one the later state's.

/// a + fraction·(b − a).
private func blend<Value: MotionVector>(_ a: Value, _ b: Value, _ fraction: Double) -> Value {
    FixedStepClock.interpolate(from: a, to: b, fraction: fraction)
}

/// Element by element; the later list when the lengths differ (they do not for a body,
/// whose item and point counts are fixed).
private func blend<Value: MotionVector>(_ a: [Value], _ b: [Value], _ fraction: Double) -> [Value] {
    guard a.count == b.count else { return b }
    return zip(a, b).map { blend($0, $1, fraction) }
}

extension SwipeCard.RenderState: InterpolatableRenderState {
    /// Centre, velocity, angle, angular velocity, scale and overlay alpha blended; the
    /// overlay image, phase, decision and off-screen time are `later`'s.
    public func interpolated(to later: Self, fraction: Double) -> Self {
        Self(center: blend(center, later.center, fraction), velocity: blend(velocity, later.velocity, fraction),
             angle: blend(angle, later.angle, fraction),
             angularVelocity: blend(angularVelocity, later.angularVelocity, fraction),
             scale: blend(scale, later.scale, fraction),
             overlay: SwipeOverlay(mode: later.overlay.mode, alpha: blend(overlay.alpha, later.overlay.alpha, fraction)),
             phase: later.phase, decision: later.decision, offScreenTime: later.offScreenTime)
    }
}

extension JellyEdge.RenderState: InterpolatableRenderState {
    /// The curve's points and the velocity blended; the phase is `later`'s.
    public func interpolated(to later: Self, fraction: Double) -> Self {
        Self(curve: QuadraticBezier(start: blend(curve.start, later.curve.start, fraction),
                                    control: blend(curve.control, later.curve.control, fraction),
                                    end: blend(curve.end, later.curve.end, fraction)),
             velocity: blend(velocity, later.velocity, fraction), phase: later.phase)
    }
}

extension MeshJellyEdge.RenderState: InterpolatableRenderState {
    /// Points, velocities and corners blended; the pulled point and the phase are `later`'s.
    public func interpolated(to later: Self, fraction: Double) -> Self {
        Self(points: blend(points, later.points, fraction), velocities: blend(velocities, later.velocities, fraction),
             pulledPoint: later.pulledPoint, phase: later.phase,
             corners: (blend(corners.left, later.corners.left, fraction),
                       blend(corners.right, later.corners.right, fraction)))
    }
}

extension PinchReveal.RenderState: InterpolatableRenderState {
    /// Division, offsets and their velocities blended; the phase and the release velocity
    /// are `later`'s.
    public func interpolated(to later: Self, fraction: Double) -> Self {
        Self(division: blend(division, later.division, fraction),
             leftOffset: blend(leftOffset, later.leftOffset, fraction),
             rightOffset: blend(rightOffset, later.rightOffset, fraction),
             leftVelocity: blend(leftVelocity, later.leftVelocity, fraction),
             rightVelocity: blend(rightVelocity, later.rightVelocity, fraction),
             phase: later.phase, releaseVelocity: later.releaseVelocity)
    }
}

extension LongPressLift.RenderState: InterpolatableRenderState {
    /// Each item's centre, scale and alpha blended; which one is lifted is `later`'s.
    public func interpolated(to later: Self, fraction: Double) -> Self {
        guard items.count == later.items.count else { return later }
        return Self(items: zip(items, later.items).map { a, b in
            LongPressLift.ItemState(center: blend(a.center, b.center, fraction), scale: blend(a.scale, b.scale, fraction),
                                    alpha: blend(a.alpha, b.alpha, fraction), isLifted: b.isLifted)
        })
    }
}
