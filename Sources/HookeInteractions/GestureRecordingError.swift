/// Why a gesture recording was refused. Every problem with one event names its index in
/// `events` (0-based), so a hand-edited file can be fixed at the right place.
public enum GestureRecordingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The recording has no events.
    case empty
    /// Event `index` breaks a rule of the format; `problem` says which.
    case invalidEvent(index: Int, problem: String)
    /// The JSON could not be read as a recording; `problem` names the JSON path.
    case unreadable(problem: String)

    public var description: String {
        switch self {
        case .empty:
            return "a gesture recording needs at least one event"
        case let .invalidEvent(index, problem):
            return "event \(index): \(problem)"
        case let .unreadable(problem):
            return "unreadable gesture recording: \(problem)"
        }
    }
}
