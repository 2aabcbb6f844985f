/// The card's overlay: which image shows (by the side the card is dragged to) and how
/// strongly.
public struct SwipeOverlay: Sendable, Hashable, Codable {
    /// Which overlay image a card shows.
    public enum Mode: String, Sendable, Hashable, Codable {
        /// Dragged to the right (the article's `GGOverlayViewModeRight`, thumbs up).
        case like
        /// Dragged to the left (`GGOverlayViewModeLeft`).
        case nope
    }

    /// The image to show; nil when the card is exactly centred (dx = 0).
    public let mode: Mode?
    /// Opacity in [0, `maximumOverlayAlpha`].
    public let alpha: Double

    public init(mode: Mode?, alpha: Double) {
        self.mode = mode
        self.alpha = alpha
    }
}
