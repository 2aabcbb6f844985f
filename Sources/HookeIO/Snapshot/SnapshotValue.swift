import HookeCore

/// The tree a snapshot is made of: what `SnapshotEncoder` builds from a `Codable` state
/// and `SnapshotDecoder` reads it back from, written as bytes (`SnapshotBinary`) or as
/// JSON (`SnapshotValue.json`). Every number keeps its exact bits: a `Double` is its
/// 64-bit pattern, an integer its exact value, whichever form carries it.
package enum SnapshotValue: Sendable {
    /// An absent optional.
    case null
    case bool(Bool)
    case int(Int64)
    case uint(UInt64)
    /// A `Double` (or a `Float`, widened exactly), bit for bit.
    case double(Double)
    case string(String)
    /// An unkeyed container: arrays, sets, `SIMD2`s, ranges…
    case array([SnapshotValue])
    /// A keyed container: a struct's stored properties, an enum case's payload, in the
    /// order they were encoded.
    case object([(String, SnapshotValue)])

    /// What the value is, for messages: "a number", "an object"…
    package var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .int, .uint, .double: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

extension SnapshotValue: Equatable {
    /// Equal when every value has the same bits (so +0 ≠ −0 and NaN = NaN of the same
    /// payload) and objects have the same members in the same order.
    package static func == (a: SnapshotValue, b: SnapshotValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case let (.bool(x), .bool(y)): return x == y
        case let (.int(x), .int(y)): return x == y
        case let (.uint(x), .uint(y)): return x == y
        case let (.double(x), .double(y)): return x.bitPattern == y.bitPattern
        case let (.string(x), .string(y)): return x == y
        case let (.array(x), .array(y)): return x == y
        case let (.object(x), .object(y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }
}
