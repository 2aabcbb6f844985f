import Hooke

/// One entry of a scenario's `interactions` section: a gesture-driven body of one of the
/// source articles and the recorded gesture that drives it (Docs/scenarios.md,
/// "Interaction bodies").
///
/// Produced only by `InteractionScenario.parse(_:)`, so every value has been checked.
/// The gesture's times are scenario times, in seconds from the start of the run.
public struct ScenarioInteraction: Sendable {
    /// The body kinds, by the name the `kind` key takes.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// `SwipeCard` (article 000), driven by a pan.
        case swipeCard
        /// `LongPressLift` (article 001), driven by a long press (or a pan recognised as one).
        case longPressLift
        /// `PinchReveal` (article 002), driven by a pinch.
        case pinchReveal
        /// `FlickToDismiss` of a body of the world (article 003), driven by a pan.
        case flick
        /// `JellyEdge` (article 004), driven by a pan; with `controlPoints` ≥ 3, a
        /// `MeshJellyEdge` of that many points.
        case jellyEdge
        /// `CardStack`: swipe cards on a stack (the pattern article 000 builds toward),
        /// the top one driven by a pan.
        case cardStack
    }

    /// The flick's settings; its body is the world body named `item`.
    public struct Flick: Sendable, Hashable {
        /// The id of the world body thrown or snapped back.
        public let item: String
        /// The region the body is thrown out of, points.
        public let bounds: WorldRect
        /// Release speed above which the body is thrown, pt/s.
        public let speedThreshold: Double
        /// The push's magnitude is speed/pushDivisor, N·s.
        public let pushDivisor: Double
        /// Damping ratio of the snap back, 0…1.
        public let damping: Double
        /// Physical (the default) or the article's own code.
        public let fidelity: InteractionFidelity
    }

    /// The body as it is at the start of the run.
    public enum Body: Sendable {
        case swipeCard(SwipeCard)
        case longPressLift(LongPressLift)
        case pinchReveal(PinchReveal)
        case flick(Flick)
        case jellyEdge(JellyEdge)
        /// A `jellyEdge` with `controlPoints` ≥ 3.
        case meshJellyEdge(MeshJellyEdge)
        case cardStack(CardStack)
    }

    /// Unique among interactions and bodies; the rows' id (or their prefix, see `rowIDs`).
    public let id: String
    /// The body and its settings.
    public let body: Body
    /// The gesture as written in the file.
    public let gesture: GestureRecording
    /// The events handed to the body: the gesture's, or for a long-press lift driven by a
    /// pan, the long press recognised from it (none when it never is).
    public let events: [GestureEvent]
    /// The world bodies the interaction is bound to — its World form (`body` of a swipe
    /// card, `bodies` of a long-press lift, one per item): the interaction moves them, the
    /// World collides and pulls them (Docs/scenarios.md, "Bodies in the World"). Empty for
    /// a standalone body; a flick's world body is its `Flick.item`.
    public let boundBodies: [String]
    /// A jelly edge's `attachments`: world bodies hung from its control point.
    public let attachments: [Attachment]

    /// A world body hung from a jelly edge's control point by an attachment whose anchor
    /// follows the point (`AttachmentBehavior`, distance kind).
    public struct Attachment: Sendable, Hashable {
        /// The id of the hung world body.
        public let item: String
        /// Rest length, points.
        public let length: Double
        /// Spring frequency, Hz; 0 is a rigid rod.
        public let frequency: Double
        /// Damping ratio of the spring.
        public let damping: Double
    }

    /// The kind of body.
    public var kind: Kind {
        switch body {
        case .swipeCard: return .swipeCard
        case .longPressLift: return .longPressLift
        case .pinchReveal: return .pinchReveal
        case .flick: return .flick
        case .jellyEdge, .meshJellyEdge: return .jellyEdge
        case .cardStack: return .cardStack
        }
    }

    /// The ids of the rows this interaction writes, in order: none when it is bound to
    /// world bodies (their rows carry its columns, `boundBodies`); else its `id` for a
    /// swipe card and a jelly edge; `id.left` and `id.right` for the halves of a pinch reveal;
    /// `id.0`, `id.1`, … for the items of a long-press lift; for the cards of a stack
    /// `id.(n − 1)` … `id.0`, back to front (the order they are drawn in, card 0 the first
    /// on top); none for a flick, whose body is a world body with rows of its own.
    public var rowIDs: [String] {
        if !boundBodies.isEmpty { return [] }
        switch body {
        case .swipeCard, .jellyEdge, .meshJellyEdge: return [id]
        case .pinchReveal: return ["\(id).left", "\(id).right"]
        case let .longPressLift(lift): return lift.homes.indices.map { "\(id).\($0)" }
        case let .cardStack(stack): return stack.cards.indices.reversed().map { "\(id).\($0)" }
        case .flick: return []
        }
    }
}
