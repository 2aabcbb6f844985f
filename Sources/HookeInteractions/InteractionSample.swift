import Hooke

/// One recorded row of a scenario with interaction bodies: the nine standard columns
/// and four more (`InteractionScenario.columns`).
///
/// For world bodies the extra columns are scale 1, alpha 1, overlay 0 and an empty state
/// (a flicked body's state is its flick phase). What x, y, vx, vy mean for each kind of
/// interaction body is in Docs/scenarios.md ("Interaction bodies").
public struct InteractionSample: Sendable, Hashable {
    /// The nine standard columns.
    public let sample: ScenarioSample
    /// Uniform scale of the drawn body.
    public let scale: Double
    /// Opacity of the drawn body, 0…1.
    public let alpha: Double
    /// Opacity of the swipe card's overlay (0 for every other body).
    public let overlay: Double
    /// What the body is doing (its phase), empty for a plain world body.
    public let state: String

    public init(sample: ScenarioSample, scale: Double = 1, alpha: Double = 1, overlay: Double = 0, state: String = "") {
        self.sample = sample
        self.scale = scale
        self.alpha = alpha
        self.overlay = overlay
        self.state = state
    }
}
