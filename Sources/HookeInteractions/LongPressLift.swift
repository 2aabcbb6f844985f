import Hooke

/// The long-press lift of "long press gesture and animation — the dragged view grows, the
/// others shrink" (a Korean iOS blog, part 2 of a drag-and-drop series), as a body.
///
/// Items sit at home centres. When a long press is recognised on one (`began` of a
/// `.longPress` stream: the article's `minimumPressDuration` is 0.3 s, applied by
/// `GestureRecording.recognizingLongPress`), the pressed item **lifts** — scale 1.2,
/// 10 pt down, alpha 0.9 — and follows the finger, while **the others shrink** to 0.8.
/// On release **everything returns**: the lifted item to its home, scale 1 and alpha 1,
/// the others to scale 1.
///
/// Every transition runs on the spring of the article's `UIView.animate(withDuration: 0.4,
/// usingSpringWithDamping: 0.8, …)`, `Spring(uikitDuration: 0.4, dampingRatio: 0.8)`,
/// one `SpringMotion` per animated quantity. A release or a new press mid-flight
/// **retargets** those motions, so value and velocity are continuous (UIKit's
/// `.beginFromCurrentState` keeps the value only). Differences from the article:
/// - the article's `.changed` handler rebuilds the transform without the 10 pt drop,
///   so the lifted view jumps up by 10 pt at the first move; here the drop stays while
///   lifted;
/// - the article leaves the dropped view where it was let go (it is the first part of a
///   drag-and-drop series); here it springs home from its release position *with the
///   finger's release velocity* (from `VelocityEstimator`, or the event's own
///   `GestureEvent.velocity` when a recorded pan carries UIKit's).
///
/// The pressed item is the topmost (last) one whose scaled frame contains the press
/// location; a press on no item is ignored.
///
/// All of the above is the default, `InteractionFidelity.physical`. At `.article` the lift
/// does what the article's code does instead (LongPressLift+Article.swift): every spring
/// starts from rest, the lifted view moves 1.2× the finger's offset and loses the drop at
/// the first move, and a dropped view stays where the article's `frame.origin` puts it.
public struct LongPressLift: GestureDrivenBody, Codable {
    /// One item as a renderer needs it.
    public struct ItemState: Sendable, Hashable, Codable {
        /// Centre, points (home + drag offset + drop).
        public let center: SIMD2<Double>
        /// Uniform scale.
        public let scale: Double
        /// Opacity.
        public let alpha: Double
        /// Whether this item is the lifted one.
        public let isLifted: Bool
    }

    /// Every item, in order.
    public struct RenderState: Sendable, Hashable {
        /// The items, in the order of `homes`.
        public let items: [ItemState]
    }

    /// The numbers of the lift (the article's by default).
    public struct Style: Sendable, Hashable, Codable {
        /// Scale of the lifted item (article: 1.2).
        public var liftedScale: Double = 1.2
        /// How far the lifted item moves down, points (article: 10).
        public var liftedDrop: Double = 10
        /// Opacity of the lifted item (article: 0.9).
        public var liftedAlpha: Double = 0.9
        /// Scale of the other items while one is lifted (article: 0.8).
        public var othersScale: Double = 0.8

        /// The article's numbers.
        public init() {}
    }

    /// Home centres of the items, points. At article fidelity a dropped item's home is
    /// where it was dropped.
    public internal(set) var homes: [SIMD2<Double>]
    /// Size of each item at scale 1, points.
    public let itemSize: SIMD2<Double>
    /// Target values while lifted.
    public let style: Style
    /// The spring of every transition.
    public let spring: Spring
    /// Physical (the default) or the article's own code.
    public let fidelity: InteractionFidelity

    /// Index of the lifted item, nil when none is.
    public internal(set) var liftedItem: Int?

    var offsets: [SpringMotion<SIMD2<Double>>]
    var scales: [SpringMotion<Double>]
    var alphas: [SpringMotion<Double>]
    var drops: [SpringMotion<Double>]
    var estimator = VelocityEstimator()

    /// The rule that estimates the finger's velocity while moved and at release when an event carries no velocity of
    /// UIKit's (`VelocityStrategy`; default `.leastSquares`). It only reads the samples,
    /// so it can be changed at any time, even mid-gesture.
    public var velocityStrategy: VelocityStrategy {
        get { estimator.strategy }
        set { estimator.strategy = newValue }
    }
    var fingerAtGrab: SIMD2<Double> = .zero
    private var offsetAtGrab: SIMD2<Double> = .zero
    var fingerVelocity: SIMD2<Double> = .zero
    /// Article fidelity: whether a `changed` has replaced the lift's transform.
    var articleHasMoved = false

    /// `Spring(uikitDuration: 0.4, dampingRatio: 0.8)`: the article's `UIView` spring animation.
    public static let defaultSpring: Spring = {
        do { return try Spring(uikitDuration: 0.4, dampingRatio: 0.8) } catch { preconditionFailure("\(error)") }
    }()

    /// Items at rest at their homes.
    ///
    /// - Throws: `HookeError.invalidParameter` naming `homes` (non-empty, finite),
    ///   `itemSize` (> 0) or a `style` value (finite; scales and alpha ≥ 0).
    public init(
        homes: [SIMD2<Double>], itemSize: SIMD2<Double>, style: Style = Style(),
        spring: Spring = LongPressLift.defaultSpring, fidelity: InteractionFidelity = .physical
    ) throws(HookeError) {
        guard !homes.isEmpty else { throw .invalidParameter("homes", value: 0, requirement: "at least one item") }
        for (index, home) in homes.enumerated() {
            _ = try Validate.finite(home.x, "homes[\(index)].x")
            _ = try Validate.finite(home.y, "homes[\(index)].y")
        }
        _ = try Validate.positive(itemSize.x, "itemSize.x")
        _ = try Validate.positive(itemSize.y, "itemSize.y")
        _ = try Validate.nonNegative(style.liftedScale, "style.liftedScale")
        _ = try Validate.finite(style.liftedDrop, "style.liftedDrop")
        _ = try Validate.nonNegative(style.liftedAlpha, "style.liftedAlpha")
        _ = try Validate.nonNegative(style.othersScale, "style.othersScale")
        self.homes = homes
        self.itemSize = itemSize
        self.style = style
        self.spring = spring
        self.fidelity = fidelity
        let count = homes.count
        offsets = Array(repeating: try SpringMotion(spring: spring, value: .zero, target: .zero), count: count)
        scales = Array(repeating: try SpringMotion(spring: spring, value: 1, target: 1), count: count)
        alphas = scales
        drops = Array(repeating: try SpringMotion(spring: spring, value: 0, target: 0), count: count)
    }

    /// The state of item `index`.
    public func item(_ index: Int) -> ItemState {
        ItemState(
            center: homes[index] + offsets[index].value + SIMD2(0, drops[index].value),
            scale: scales[index].value, alpha: alphas[index].value, isLifted: index == liftedItem)
    }

    /// Velocity of item `index`'s centre, points/s.
    public func itemVelocity(_ index: Int) -> SIMD2<Double> {
        let follow = index == liftedItem ? fingerVelocity : offsets[index].velocity
        return follow + SIMD2(0, drops[index].velocity)
    }

    /// Scale and its rate of change for item `index` (the motion's state).
    public func scaleState(_ index: Int) -> (value: Double, velocity: Double) {
        (scales[index].value, scales[index].velocity)
    }

    public var renderState: RenderState {
        RenderState(items: homes.indices.map(item))
    }

    public mutating func handle(_ event: GestureEvent) {
        if fidelity == .article { return handleAtArticleFidelity(event) }
        switch event.phase {
        case .began:
            guard liftedItem == nil, let index = hitTest(event.location) else { return }
            liftedItem = index
            fingerAtGrab = event.location
            offsetAtGrab = offsets[index].value
            fingerVelocity = .zero
            estimator.reset()
            try? estimator.add(GestureSample(time: event.time, location: event.location))
            // The lifted item now follows the finger: its offset is set directly (at rest
            // relative to the finger) from where it is caught.
            offsets[index] = (try? SpringMotion(spring: spring, value: offsetAtGrab, target: offsetAtGrab)) ?? offsets[index]
            for other in homes.indices {
                let lifted = other == index
                try? scales[other].retarget(to: lifted ? style.liftedScale : style.othersScale)
                if lifted {
                    try? alphas[other].retarget(to: style.liftedAlpha)
                    try? drops[other].retarget(to: style.liftedDrop)
                }
            }
        case .changed:
            guard let index = liftedItem else { return }
            follow(event, index)
        case .ended, .cancelled:
            guard let index = liftedItem else { return }
            follow(event, index)
            let release = estimator.velocity(for: event)
            offsets[index] = (try? SpringMotion(
                spring: spring, value: offsets[index].value, target: .zero, velocity: release)) ?? offsets[index]
            for other in homes.indices {
                try? scales[other].retarget(to: 1)
                try? alphas[other].retarget(to: 1)
                try? drops[other].retarget(to: 0)
            }
            fingerVelocity = .zero
            liftedItem = nil
        }
    }

    public mutating func step(by h: Double) {
        for index in homes.indices {
            if index != liftedItem { offsets[index].step(by: h) }
            scales[index].step(by: h)
            alphas[index].step(by: h)
            drops[index].step(by: h)
        }
    }

    /// The topmost item whose scaled frame contains `point` (boundary included): the
    /// point query of the World's shape index (`ShapeIndex.keys(at:)`, as
    /// `World.bodies(at:)` uses it) over the items' frames as they are drawn, each a
    /// box of the item's size times its scale at its centre, keyed by stacking order.
    func hitTest(_ point: SIMD2<Double>) -> Int? {
        var frames = ShapeIndex()
        for index in homes.indices {
            let state = item(index)
            let size = state.scale * itemSize
            guard let frame = try? CollisionShape.box(width: size.x, height: size.y) else { continue }
            frames.insert(index, [frame], at: state.center, angle: 0)
        }
        return frames.keys(at: point, includingSkin: false).last
    }

    private mutating func follow(_ event: GestureEvent, _ index: Int) {
        let offset = offsetAtGrab + (event.location - fingerAtGrab)
        offsets[index] = (try? SpringMotion(spring: spring, value: offset, target: offset)) ?? offsets[index]
        try? estimator.add(GestureSample(time: event.time, location: event.location))
        fingerVelocity = estimator.velocity(for: event)
    }
}
