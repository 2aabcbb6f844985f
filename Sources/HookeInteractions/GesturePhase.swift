/// Where a gesture event falls in its stream, as UIKit's `UIGestureRecognizer.State`:
/// a stream is `began`, any number of `changed`, then `ended` or `cancelled`.
public enum GesturePhase: String, Sendable, Hashable, Codable, CaseIterable {
    case began
    case changed
    case ended
    case cancelled

    /// Whether the phase closes its stream (`ended` or `cancelled`).
    public var isTerminal: Bool { self == .ended || self == .cancelled }
}
