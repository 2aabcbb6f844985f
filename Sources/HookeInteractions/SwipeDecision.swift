/// What a released swipe card does: leaves to the right, leaves to the left, or returns.
public enum SwipeDecision: String, Sendable, Hashable, Codable {
    /// Thrown off the right edge (the article's "like").
    case swipedRight
    /// Thrown off the left edge (the article's "nope").
    case swipedLeft
    /// Sprung back to its home position.
    case returned
}
