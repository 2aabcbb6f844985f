/// A scenario file that cannot be run: where it is wrong and how.
///
/// `path` locates the offending value in the JSON document with the notation of
/// the scenario format (`behaviors[2].damping`, `bodies[0].size[1]`); it is empty
/// when the document as a whole is at fault (malformed JSON, not an object).
/// `message` says what was found and what was expected.
///
/// ```swift
/// do { _ = try Scenario.parse(data) }
/// catch { print(error) }   // behaviors[2].damping: expected a number in 0...1, got 1.5
/// ```
public struct ScenarioError: Error, Sendable, Equatable, CustomStringConvertible {
    /// JSON path of the offending value; empty for the whole document.
    public let path: String
    /// What was wrong and what was expected.
    public let message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// `path: message`, or `scenario: message` when the whole document is at fault.
    public var description: String {
        path.isEmpty ? "scenario: \(message)" : "\(path): \(message)"
    }
}
