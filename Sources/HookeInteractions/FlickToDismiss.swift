import Hooke

/// The flick to dismiss of "How to flick using UIKit Dynamic in iOS", driving a body of
/// a `World`.
///
/// The article drags a view with a pan, then on release either throws it away with an
/// instantaneous `UIPushBehavior` or snaps it back with a `UISnapBehavior`. Here the view
/// is a world body and the behaviours are the world's:
///
/// - **began**: every behaviour this flick added is removed (the article's
///   `removeAllBehaviors`, limited to the flick's own) and the body is caught where it is:
///   its velocities are set to zero and a grip takes it by its centre — a drag attachment
///   (`World.dragAttachment`, Box2D's mouse joint) of `gripFrequency` (20 Hz) and
///   `gripDamping` (1, critically damped) with at most 1000 times the body's mass in N.
/// - **changed**: a drag by physics. The grip's anchor moves to where the finger puts the
///   centre (centre at grab + finger translation), so the body follows as a body: it
///   pushes what is in its way instead of passing through it, and trails a finger moving
///   steadily at v by about 2v/ω (16 ms of its motion at 20 Hz) instead of jumping. Held
///   by its centre, it is not turned by the drag (the article's view does not turn).
/// - **ended**: the release velocity v comes from `VelocityEstimator` (least squares over
///   the last 100 ms unless `velocityStrategy` says otherwise), or is UIKit's own when the event carries it (`GestureEvent.velocity`,
///   also used while dragged), and the speed is |v|.
///   The grip is let go first.
///   - speed > `speedThreshold` (article: 1000 pt/s): **dismiss**. The body's own
///     velocity is set to zero — in UIKit the dragged view was moved by a transform, so
///     the animator's item has no velocity of its own — and an instantaneous push is
///     added with direction v/|v| and magnitude speed/`pushDivisor` (article: 35) N·s,
///     which the world applies on the next step as Δv = 100·J/m pt/s
///     (`PushBehavior`, 100 pt = 1 m): Δv = 100·v/(35·m), 2.86 times the finger's
///     velocity for a 100 × 100 pt item of density 1 (1 kg).
///   - otherwise: **snap back** to `home` with `SnapBehavior(releaseVelocity: v)`, so the
///     body leaves the finger with the finger's velocity (the article's snap starts from
///     rest; the world's snap can carry the release velocity, see `SnapBehavior`).
/// - **cancelled**: snaps back whatever the speed.
///
/// All of the above is the default, `InteractionFidelity.physical`. At `.article` the
/// flick does what the article's `handleGesture:` does instead: the drag moves the view
/// by a transform — the body's centre is set to where the finger puts it (centre at grab
/// + finger translation, `World.updateBody`) and its velocity to the finger's estimate, so
/// that a step between two events carries it on along it, its angle left as it is — the
/// snap starts from rest
/// (`SnapBehavior(releaseVelocity: 0)`, angular velocity 0 — the view was moved by a
/// transform and has no velocity of its own in the animator), a cancelled pan takes
/// the speed rule as an ended one does (the article's `default: handleEnd(gr)`), and
/// `articleDebounce` (0.5 s) after a throw the flick lets the body go as the article's
/// debounced `removeAllBehaviors()` does: its push is removed and its velocities set to
/// 0 (a view the animator no longer manages stays where it is drawn); a body still inside
/// `bounds` then is `resting` where it stopped.
///
/// A dismissed body is reported gone (`phase == .dismissed`, `exitStep`, `exitTime`) at
/// the first step after which its turned bounding box no longer meets `bounds`
/// (`World.bodies(in:)`); call `didStep(_:)` after every world step for this.
///
/// ```swift
/// var world = try World()
/// let photo = try world.createBody(BodyDefinition(shape: .rectangle(width: 100, height: 100),
///                                                 center: SIMD2(187, 333)))
/// var flick = try FlickToDismiss(item: photo, in: world, bounds: WorldRect(x: 0, y: 0, width: 375, height: 667))
/// // at each step: world.step(); flick.didStep(&world); then for each event now due:
/// try flick.handle(event, in: &world)
/// ```
public struct FlickToDismiss: Sendable, Codable {
    /// What the flick is doing.
    public enum Phase: String, Sendable, Hashable, CaseIterable, Codable {
        /// Not touched since creation or since a snap back came to rest.
        case resting
        /// Following a finger.
        case dragging
        /// Snapping back to `home` after a slow release or a cancel.
        case returning
        /// Thrown by the push, still meeting the bounds.
        case dismissing
        /// Thrown and entirely outside the bounds.
        case dismissed
    }

    /// The body the flick drives.
    public let item: BodyHandle
    /// Where a snap back ends: the body's centre when the flick was created, points.
    public let home: SIMD2<Double>
    /// The region the body is thrown out of, points.
    public let bounds: WorldRect
    /// Release speed above which the body is thrown, pt/s (article: 1000).
    public let speedThreshold: Double
    /// The push magnitude is speed/pushDivisor, N·s (article: 35).
    public let pushDivisor: Double
    /// Damping of the snap back, 0…1 (UIKit's default 0.5).
    public let snapDamping: Double
    /// Physical (the default) or the article's own code.
    public let fidelity: InteractionFidelity

    /// What the flick is doing.
    public private(set) var phase: Phase = .resting
    /// The finger's velocity at the last release, pt/s; nil before one.
    public private(set) var releaseVelocity: SIMD2<Double>?
    /// The world's step count after the step at which a thrown body left the bounds.
    public private(set) var exitStep: Int?
    /// The world's elapsed time at `exitStep`, seconds.
    public private(set) var exitTime: Double?
    /// The world's elapsed time at the last throw, seconds; nil when no debounce is due.
    public private(set) var throwTime: Double?

    /// At article fidelity, how long after a throw the flick lets the body go: the
    /// article's `Debouncer(delay: 0.5)` around `animator.removeAllBehaviors()`, seconds.
    public static let articleDebounce = 0.5
    /// The physical drag's grip: frequency, Hz, and damping ratio. Stiffer than Box2D's
    /// 5 Hz mouse joint, so that a card keeps within a frame or two of the finger.
    public static let gripFrequency = 20.0
    public static let gripDamping = 1.0

    private var estimator = VelocityEstimator()

    /// The rule that estimates the finger's velocity while dragged and at release when an event carries no velocity of
    /// UIKit's (`VelocityStrategy`; default `.leastSquares`). It only reads the samples,
    /// so it can be changed at any time, even mid-gesture.
    public var velocityStrategy: VelocityStrategy {
        get { estimator.strategy }
        set { estimator.strategy = newValue }
    }
    private var fingerAtGrab: SIMD2<Double> = .zero
    private var centerAtGrab: SIMD2<Double> = .zero
    private var added: BehaviorHandle?
    /// The drag attachment while a physical drag holds the body.
    private var grip: TypedBehaviorHandle<AttachmentBehavior>?

    /// A flick of `item`, whose current centre in `world` becomes `home`.
    ///
    /// - Throws: `HookeError.invalidHandle` naming `item` (not a live body of `world`),
    ///   `HookeError.invalidParameter` naming `speedThreshold` (finite, ≥ 0), `pushDivisor` (finite, > 0), `snapDamping` (0…1) or
    ///   `bounds` (finite, size > 0).
    public init(
        item: BodyHandle, in world: World, bounds: WorldRect, speedThreshold: Double = 1000,
        pushDivisor: Double = 35, snapDamping: Double = 0.5, fidelity: InteractionFidelity = .physical
    ) throws(HookeError) {
        guard world.contains(item) else {
            throw .invalidHandle("item", handle: item.description, requirement: "a live body of the world")
        }
        let state = world.body(item)
        _ = try Validate.finite(bounds.origin.x, "bounds.x")
        _ = try Validate.finite(bounds.origin.y, "bounds.y")
        _ = try Validate.positive(bounds.size.x, "bounds.width")
        _ = try Validate.positive(bounds.size.y, "bounds.height")
        self.item = item
        self.home = state.center
        self.bounds = bounds
        self.speedThreshold = try Validate.nonNegative(speedThreshold, "speedThreshold")
        self.pushDivisor = try Validate.positive(pushDivisor, "pushDivisor")
        self.snapDamping = try Validate.inRange(snapDamping, 0...1, "snapDamping")
        self.fidelity = fidelity
    }

    /// Whether a release at `velocity` (pt/s) throws the body: |velocity| > speedThreshold.
    public func dismisses(releaseVelocity velocity: SIMD2<Double>) -> Bool {
        (velocity * velocity).sum().squareRoot() > speedThreshold
    }

    /// The impulse of the push for a release at `velocity`: direction v/|v|, magnitude
    /// |v|/pushDivisor, that is v/pushDivisor, in N·s.
    public func pushImpulse(releaseVelocity velocity: SIMD2<Double>) -> SIMD2<Double> {
        velocity / pushDivisor
    }

    /// Reacts to one event of the pan, changing `world` as the type's documentation says.
    ///
    /// The body must still be in `world`: a call with a removed body's handle traps
    /// (see `World`, "Errors").
    ///
    /// - Throws: `HookeError.invalidParameter` for a non-finite event location (from the
    ///   world's velocity and position setters).
    public mutating func handle(_ event: GestureEvent, in world: inout World) throws(HookeError) {
        switch event.phase {
        case .began:
            guard phase != .dragging, phase != .dismissing, phase != .dismissed else { return }
            removeAdded(from: &world)
            centerAtGrab = world.body(item).center
            fingerAtGrab = event.location
            estimator.reset()
            try? estimator.add(GestureSample(time: event.time, location: event.location))
            try world.setLinearVelocity(.zero, for: item)
            try world.setAngularVelocity(0, for: item)
            if fidelity == .physical {
                grip = try world.addBehavior(world.dragAttachment(
                    item: item, grabbingAt: centerAtGrab, frequency: Self.gripFrequency, damping: Self.gripDamping))
            }
            phase = .dragging
        case .changed:
            guard phase == .dragging else { return }
            try follow(event, in: &world)
        case .ended, .cancelled:
            guard phase == .dragging else { return }
            try follow(event, in: &world)
            letGo(in: &world)
            let velocity = estimator.velocity(for: event)
            releaseVelocity = velocity
            let speedRuleApplies = event.phase == .ended || fidelity == .article
            if speedRuleApplies && dismisses(releaseVelocity: velocity) {
                try world.setLinearVelocity(.zero, for: item)
                let push = PushBehavior(
                    items: [item], mode: .instantaneous, pushDirection: pushImpulse(releaseVelocity: velocity))
                added = try world.addBehavior(.push(push))
                phase = .dismissing
                throwTime = fidelity == .article ? world.elapsedTime : nil
                checkExit(world)
            } else {
                let snap = fidelity == .article
                    ? SnapBehavior(item: item, snapPoint: home, damping: snapDamping,
                                   releaseVelocity: .zero, releaseAngularVelocity: 0)
                    : SnapBehavior(item: item, snapPoint: home, damping: snapDamping, releaseVelocity: velocity)
                added = try world.addBehavior(.snap(snap))
                phase = .returning
            }
        }
    }

    /// Notes what the last world step did: a thrown body that left the bounds is
    /// `dismissed` (with `exitStep` and `exitTime`), a snapped-back body that came to
    /// rest is `resting`; at article fidelity, `articleDebounce` after a throw, lets the
    /// body go (the type's documentation).
    public mutating func didStep(_ world: inout World) {
        switch phase {
        case .dismissing:
            checkExit(world)
        case .returning:
            if world.contains(item), world.body(item).isResting { phase = .resting }
        case .resting, .dragging, .dismissed:
            break
        }
        if let thrown = throwTime,
           world.elapsedTime - thrown >= Self.articleDebounce - FixedStepClock.boundaryTolerance * world.configuration.timestep {
            throwTime = nil
            removeAdded(from: &world)
            guard world.contains(item) else { return }
            // In range: the setters refuse only non-finite values.
            try? world.setLinearVelocity(.zero, for: item)
            try? world.setAngularVelocity(0, for: item)
            if phase == .dismissing { phase = .resting }
        }
    }

    private mutating func checkExit(_ world: World) {
        guard world.contains(item), !world.bodies(in: bounds).contains(item) else { return }
        phase = .dismissed
        exitStep = world.stepCount
        exitTime = world.elapsedTime
    }

    private mutating func follow(_ event: GestureEvent, in world: inout World) throws(HookeError) {
        try? estimator.add(GestureSample(time: event.time, location: event.location))
        let center = centerAtGrab + (event.location - fingerAtGrab)
        if let grip {
            try world.update(grip) { $0.anchorPoint = center }
            return
        }
        let angle = world.body(item).angle
        try world.updateBody(item, center: center, angle: angle)
        try world.setLinearVelocity(estimator.velocity(for: event), for: item)
    }

    /// Removes the physical drag's grip, if any.
    private mutating func letGo(in world: inout World) {
        guard let handle = grip else { return }
        grip = nil
        if world.contains(BehaviorHandle(handle)) { world.removeBehavior(handle) }
    }

    private mutating func removeAdded(from world: inout World) {
        letGo(in: &world)
        guard let handle = added else { return }
        added = nil
        // An instantaneous push already applied is still a live behaviour; a behaviour
        // removed elsewhere is simply gone.
        if world.contains(handle) { world.removeBehavior(handle) }
    }
}
