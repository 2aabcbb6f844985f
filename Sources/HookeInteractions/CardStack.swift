import Hooke

/// A stack of swipe cards as a dating or flash-card app builds it from the swipe-card
/// article: the top card follows the pan (a `SwipeCard`), the cards behind wait smaller
/// and lower, and the next one grows into the top card's place as the top one is dragged
/// away and leaves. The article builds one card; the stack is the pattern it leads to,
/// and its numbers are Hooke's (documented below, all configurable).
///
/// **Depth.** Card i (0 is the first on top) sits at depth dᵢ = max(i − a, 0), where the
/// stack's advance a = top + p + lag:
/// - top is the index of the card the gesture drives (the first that has not been swiped);
/// - p = min(|dx| / decisionThreshold, 1) is how far the top card is toward a decision,
///   so the card behind it grows as it is dragged out and shrinks back as it returns;
/// - lag is a spring (`promotionSpring`) started when a swipe promotes the next card, from
///   p − 1 at release, with p's rate at the velocity the card leaves with (0 once p is 1),
///   to 0: the depths move on continuously instead of jumping a whole card.
///
/// A card at depth d is drawn at scale (1 − d·`depthScale`)·(its own scale) and its centre
/// `depthOffset`·d points lower; a card at depth 0 is drawn as the `SwipeCard` draws
/// itself. Swiped cards fly off as swiped cards do and are drawn above the stack.
///
/// ```swift
/// var stack = try CardStack(count: 3)
/// stack.handle(try GestureEvent(.began, time: 0, location: SIMD2(160, 190)))
/// stack.handle(try GestureEvent(.changed, time: 0.05, location: SIMD2(220, 190)))
/// // The next card has grown half-way from depth 1 (dx = 60 of the 120 pt threshold).
/// precondition(abs(stack.card(1).scale - (1 - 0.5 * 0.05)) < 1e-12)
/// ```
public struct CardStack: GestureDrivenBody, Codable {
    /// One card as drawn.
    public struct CardState: Sendable, Hashable, Codable {
        /// Centre, points.
        public let center: SIMD2<Double>
        /// Velocity of the centre, points/s.
        public let velocity: SIMD2<Double>
        /// Rotation, radians, clockwise on screen.
        public let angle: Double
        /// Rate of the rotation, radians/s.
        public let angularVelocity: Double
        /// Uniform scale: the card's own times the depth's.
        public let scale: Double
        /// Rate of the scale, 1/s (the depth's growth; the card's own scale is constant
        /// while it waits and its rate is not tracked while it is dragged).
        public let scaleRate: Double
        /// The overlay image and its alpha (only the top card's is ever shown).
        public let overlay: SwipeOverlay
        /// Depth in the stack, cards: 0 for the top card and for swiped ones.
        public let depth: Double
        /// What the card is doing; `SwipeCard.Phase.resting` for a waiting card.
        public let phase: SwipeCard.Phase
        /// Whether the card waits under the top one (not yet driven by any gesture).
        public let isWaiting: Bool
    }

    /// The stack as a renderer needs it.
    public struct RenderState: Sendable, Hashable {
        /// Every card, index 0 first (draw from the last to the first, then swiped cards on top).
        public let cards: [CardState]
        /// Index of the card the gesture drives; `cards.count` when every card is swiped.
        public let top: Int
    }

    /// The cards, index 0 the first on top.
    public private(set) var cards: [SwipeCard]
    /// Index of the card the gesture drives; `cards.count` once every card is swiped.
    public private(set) var top: Int = 0
    /// Scale lost per card of depth (0.05: the card behind is drawn at 0.95), in [0, 1).
    public let depthScale: Double
    /// How much lower each card of depth is drawn, points.
    public let depthOffset: Double
    /// The spring that carries the depths on after a swipe.
    public let promotionSpring: Spring

    private var lag: SpringMotion<Double>?

    /// `Spring(dampingRatio: 1, response: 0.3)`: the next card grows into place without
    /// overshooting past the top card's size.
    public static let defaultPromotionSpring: Spring = {
        do { return try Spring(dampingRatio: 1, response: 0.3) } catch { preconditionFailure("\(error)") }
    }()

    /// A stack of `count` identical cards at `card`'s home.
    ///
    /// - Throws: `HookeError.invalidParameter` naming `count` (1…10 000), `depthScale`
    ///   ([0, 1)), `depthOffset` (finite), or `fidelity` when `card` is at article fidelity:
    ///   the article's card never leaves (its `ended` only returns it), so it cannot be
    ///   swiped off a stack.
    public init(
        count: Int, card: SwipeCardConfiguration? = nil, depthScale: Double = 0.05, depthOffset: Double = 8,
        promotionSpring: Spring = CardStack.defaultPromotionSpring
    ) throws(HookeError) {
        guard (1...10_000).contains(count) else {
            throw .invalidParameter("count", value: Double(count), requirement: "a whole number in 1...10000")
        }
        let configuration: SwipeCardConfiguration
        if let card { configuration = card } else { configuration = try SwipeCardConfiguration() }
        guard configuration.fidelity == .physical else {
            throw .invalidParameter("fidelity", value: 1,
                                    requirement: "physical: the article's card returns home on every release")
        }
        guard depthScale.isFinite, depthScale >= 0, depthScale < 1 else {
            throw .invalidParameter("depthScale", value: depthScale, requirement: "in [0, 1)")
        }
        self.cards = Array(repeating: SwipeCard(configuration: configuration), count: count)
        self.depthScale = depthScale
        self.depthOffset = try Validate.finite(depthOffset, "depthOffset")
        self.promotionSpring = promotionSpring
    }

    /// The numbers every card shares.
    public var configuration: SwipeCardConfiguration { cards[0].configuration }

    /// The rule every card estimates the finger's velocity by when an event carries no
    /// velocity of UIKit's (`SwipeCard.velocityStrategy`; default `.leastSquares`).
    /// Setting it sets every card's.
    public var velocityStrategy: VelocityStrategy {
        get { cards[0].velocityStrategy }
        set { for index in cards.indices { cards[index].velocityStrategy = newValue } }
    }

    /// How far the top card is toward a decision, 0…1, and its rate, 1/s.
    private var progress: (value: Double, rate: Double) {
        guard top < cards.count else { return (0, 0) }
        let card = cards[top], threshold = configuration.decisionThreshold
        guard threshold > 0 else { return (card.translation.x == 0 ? 0 : 1, 0) }
        let dx = card.translation.x
        let p = abs(dx) / threshold
        if p >= 1 { return (1, 0) }
        return (p, (dx < 0 ? -1 : 1) * card.velocity.x / threshold)
    }

    /// The stack's advance a = top + p + lag (see the type's documentation) and its rate.
    public var advance: (value: Double, rate: Double) {
        let p = progress
        return (Double(top) + p.value + (lag?.value ?? 0), p.rate + (lag?.velocity ?? 0))
    }

    /// Card `index` as drawn.
    public func card(_ index: Int) -> CardState {
        let card = cards[index]
        let waiting = index > top
        let a = advance
        // Swiped cards (index < top) fly at depth 0; the top card may still be growing
        // into place (index − a > 0 while lag < 0).
        let raw = index < top ? 0 : Double(index) - a.value
        let depth = max(raw, 0)
        let depthRate = raw > 0 ? -a.rate : 0
        let k = 1 - depth * depthScale
        return CardState(
            center: card.center + SIMD2(0, depthOffset * depth),
            velocity: card.velocity + SIMD2(0, depthOffset * depthRate),
            angle: card.angle, angularVelocity: card.angularVelocity,
            scale: k * card.scale, scaleRate: -depthScale * depthRate * card.scale,
            overlay: card.overlay, depth: depth, phase: card.phase, isWaiting: waiting)
    }

    public var renderState: RenderState {
        RenderState(cards: cards.indices.map(card), top: top)
    }

    /// Hands the event to the top card; a release that swipes it promotes the next one.
    public mutating func handle(_ event: GestureEvent) {
        guard top < cards.count else { return }
        cards[top].handle(event)
        guard event.phase.isTerminal, cards[top].phase.exitSide != nil else { return }
        // a = top + p + lag goes on from where it is: the swiped card's p at release and
        // p's rate at the velocity it leaves with (0 once p is at 1) go into the lag of
        // the next card, so a and its rate are continuous.
        let p = progress
        let carried = lag
        top += 1
        lag = try? SpringMotion(
            spring: promotionSpring, value: p.value - 1 + (carried?.value ?? 0),
            target: 0, velocity: p.rate + (carried?.velocity ?? 0))
    }

    public mutating func step(by h: Double) {
        // Cards under the top one wait at rest; a step would do nothing to them.
        for index in 0..<min(top + 1, cards.count) { cards[index].step(by: h) }
        guard lag != nil else { return }
        lag!.step(by: h)
        if lag!.isSettled() { lag = nil }
    }
}
