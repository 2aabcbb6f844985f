/// An invalid value handed to one of Hooke's public initialisers or functions.
///
/// Every error names the parameter it concerns and the value that was refused,
/// so that a caller (or the `hooke` command line) can say exactly what was wrong
/// and where it came from. A handle handed in as a value (an item of a behaviour
/// description) is printed as a handle (`body#3.1`); a handle that is the subject of
/// a call is not a value: a stale one traps (see `World`, "Errors").
public enum HookeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `parameter` was `value`, which breaks `requirement` (for example "finite and > 0").
    case invalidParameter(_ parameter: String, value: Double, requirement: String)
    /// `parameter` held the handle printed as `handle` (for example "body#3.1"), which
    /// breaks `requirement` (for example "a live body of this world").
    case invalidHandle(_ parameter: String, handle: String, requirement: String)

    public var description: String {
        switch self {
        case let .invalidParameter(parameter, value, requirement):
            return "\(parameter) must be \(requirement), got \(value)"
        case let .invalidHandle(parameter, handle, requirement):
            return "\(parameter) must be \(requirement), got \(handle)"
        }
    }
}

/// Validation helpers shared by the public initialisers of every Hooke module. The name
/// of the value is made only when it is refused: a path such as
/// "behaviors[0].anchorPoint.x" costs string building that a valid value (every call in
/// a drag that updates its attachment each frame) should not pay.
package enum Validate {
    /// Returns `value` when it is finite and strictly positive.
    package static func positive(_ value: Double, _ name: @autoclosure () -> String) throws(HookeError) -> Double {
        guard value.isFinite, value > 0 else {
            throw .invalidParameter(name(), value: value, requirement: "finite and > 0")
        }
        return value
    }

    /// Returns `value` when it is finite and not negative.
    package static func nonNegative(_ value: Double, _ name: @autoclosure () -> String) throws(HookeError) -> Double {
        guard value.isFinite, value >= 0 else {
            throw .invalidParameter(name(), value: value, requirement: "finite and >= 0")
        }
        return value
    }

    /// Returns `value` when it is finite.
    package static func finite(_ value: Double, _ name: @autoclosure () -> String) throws(HookeError) -> Double {
        guard value.isFinite else {
            throw .invalidParameter(name(), value: value, requirement: "finite")
        }
        return value
    }

    /// Returns `value` when it is finite and inside `range`.
    package static func inRange(
        _ value: Double, _ range: ClosedRange<Double>, _ name: @autoclosure () -> String
    ) throws(HookeError) -> Double {
        guard value.isFinite, range.contains(value) else {
            throw .invalidParameter(
                name(), value: value,
                requirement: "finite and in \(range.lowerBound)...\(range.upperBound)")
        }
        return value
    }
}
