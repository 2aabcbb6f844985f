/// How closely an article body follows its article.
///
/// - `physical` (the default): Hooke's velocity-preserving springs — a release hands the
///   finger's velocity on, and a body caught mid-flight continues from where it is.
/// - `article`: what the article's code does, line for line — its animation curves,
///   durations, initial velocities of zero, transform composition and end states, with
///   UIKit's rules for animations in flight (additive since iOS 8).
///
/// Every difference between the two is a row of the fidelity table in Docs/interactions.md,
/// with the article's line it follows. In a scenario file: `"fidelity": "article"`.
public enum InteractionFidelity: String, Sendable, Hashable, CaseIterable, Codable {
    /// Hooke's springs, started with the release velocity.
    case physical
    /// The article's code, exactly.
    case article
}
