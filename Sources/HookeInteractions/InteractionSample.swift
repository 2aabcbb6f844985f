import Hooke

/// One recorded row of a scenario with interaction bodies: the nine standard columns
/// and six more (`InteractionScenario.columns`).
///
/// For world bodies the extra columns are scale 1, alpha 1, overlay 0, no overlay mode,
/// no exit side and an empty state (a flicked body's state is its flick phase). What x,
/// y, vx, vy mean for each kind of interaction body is in Docs/scenarios.md
/// ("Interaction bodies").
public struct InteractionSample: Sendable, Hashable {
    /// The nine standard columns.
    public let sample: ScenarioSample
    /// Uniform scale of the drawn body.
    public let scale: Double
    /// Opacity of the drawn body, 0…1.
    public let alpha: Double
    /// Opacity of the swipe card's overlay (0 for every other body).
    public let overlay: Double
    /// Which overlay image the swipe card shows (`like` right of home, `nope` left);
    /// nil when none does and for every other body.
    public let overlayMode: SwipeOverlay.Mode?
    /// The side a swiped card leaves by (`swipedRight` or `swipedLeft`) once it is
    /// leaving or gone; nil otherwise and for every other body.
    public let exitSide: SwipeDecision?
    /// What the body is doing (its phase), empty for a plain world body.
    public let state: String

    public init(
        sample: ScenarioSample, scale: Double = 1, alpha: Double = 1, overlay: Double = 0,
        overlayMode: SwipeOverlay.Mode? = nil, exitSide: SwipeDecision? = nil, state: String = ""
    ) {
        self.sample = sample
        self.scale = scale
        self.alpha = alpha
        self.overlay = overlay
        self.overlayMode = overlayMode
        self.exitSide = exitSide
        self.state = state
    }

    /// The `exitSide` column: `right`, `left` or empty.
    public var exitSideName: String {
        switch exitSide {
        case .swipedRight: return "right"
        case .swipedLeft: return "left"
        case .returned, nil: return ""
        }
    }
}
