import HookeCore

/// The JSON form of a snapshot's tree (Docs/snapshots.md, "The JSON form"): the same tree as
/// the binary form, readable and editable. Numbers are written in their shortest form
/// that reads back to the same Double, so a JSON snapshot restores bit for bit as well.
/// JSON has no integers beyond 2⁵³ and no infinities: such values are written as
/// strings ("18446744073709551615", "inf", "-inf", "nan" — or "nan:7ff0000000005d00" for
/// a NaN other than Swift's `.nan`), as is −0 ("-0"), and the decoder, which knows
/// the type it expects, reads them back.
extension SnapshotValue {
    /// The JSON value of this tree.
    package var json: JSONValue {
        switch self {
        case .null: return .null
        case let .bool(b): return .bool(b)
        case let .int(n): return n.magnitude <= Self.exactIntegers ? .number(Double(n)) : .string(String(n))
        case let .uint(n): return n <= Self.exactIntegers ? .number(Double(n)) : .string(String(n))
        case let .double(x):
            // JSONValue writes −0 as "0"; the string keeps its sign.
            if x == 0 && x.sign == .minus { return .string("-0") }
            if x.isFinite { return .number(x) }
            guard x.isNaN else { return .string(x < 0 ? "-inf" : "inf") }
            // The quiet NaN Swift's `.nan` is; any other keeps its bits in hexadecimal.
            return .string(x.bitPattern == Double.nan.bitPattern ? "nan" : "nan:" + String(x.bitPattern, radix: 16))
        case let .string(s): return .string(s)
        case let .array(items): return .array(items.map(\.json))
        case let .object(members): return .object(members.map { ($0.0, $0.1.json) })
        }
    }

    /// The tree of a JSON value: numbers become `.double`, which the decoder turns into
    /// the integer a field expects when it is one exactly.
    package init(json: JSONValue) {
        switch json {
        case .null: self = .null
        case let .bool(b): self = .bool(b)
        case let .number(x): self = .double(x)
        case let .string(s): self = .string(s)
        case let .array(items): self = .array(items.map(SnapshotValue.init(json:)))
        case let .object(members): self = .object(members.map { ($0.0, SnapshotValue(json: $0.1)) })
        }
    }

    /// 2⁵³: every integer up to it is a Double exactly.
    static let exactIntegers: UInt64 = 1 << 53
}
