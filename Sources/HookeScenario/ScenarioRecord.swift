/// The `record` object: which bodies are written out, and how often.
public struct ScenarioRecord: Sendable, Equatable {
    /// Record every `every` fixed steps (`"step"` = 1); the initial state is step 0.
    public let every: Int
    /// Bodies to record, in file order of `bodies` when nil (all bodies).
    public let items: [String]?
}
