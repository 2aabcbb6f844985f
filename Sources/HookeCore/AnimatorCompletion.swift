/// How an animator's run ended, as a completion handler is told: SwiftUI's
/// `withAnimation(_:completionCriteria:_:completion:)` tells "logically complete" or
/// "removed", UIViewPropertyAnimator's completion the position it ended at (`.end`,
/// `.start`, `.current`); Hooke says which of the three things happened.
public enum AnimatorCompletion: Sendable, Hashable {
    /// The run reached its end: a spring came to rest invisibly close to its target (then
    /// snapped onto it), a timing curve reached its last (or, reversed, its first) value.
    case finished
    /// A new target (or new spring) replaced the run while it was moving; the value and
    /// velocity carried on into the new run.
    case retargeted
    /// `stop()` ended the run where it was.
    case cancelled
}
