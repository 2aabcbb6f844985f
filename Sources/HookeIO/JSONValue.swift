/// A JSON document with its object members in the order they were written: the one
/// value type every JSON reader and writer of Hooke uses (scenarios, gesture
/// recordings, the CLI's output, `hooke sweep merge`).
///
/// Numbers are `Double`s. `JSONParser` reads a number's exact text with `Double(_:)`
/// and `text` writes Swift's shortest round-trip representation, so a document read
/// and written again keeps every number bit for bit.
package enum JSONValue: Sendable, Equatable {
    case number(Double)
    case string(String)
    case bool(Bool)
    case null
    case array([JSONValue])
    /// Members in document order. `JSONParser` refuses a key written twice.
    case object([(String, JSONValue)])

    /// A number, or `null` when it is not finite (JSON has no NaN or infinity).
    package static func finite(_ value: Double?) -> JSONValue {
        guard let value, value.isFinite else { return .null }
        return .number(value)
    }

    /// The member `key` of an object, nil for anything else.
    package subscript(key: String) -> JSONValue? {
        guard case let .object(members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    package static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case let (.number(x), .number(y)): return x == y
        case let (.string(x), .string(y)): return x == y
        case let (.bool(x), .bool(y)): return x == y
        case (.null, .null): return true
        case let (.array(x), .array(y)): return x == y
        case let (.object(x), .object(y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: return false
        }
    }

    // MARK: - Writing

    /// The compact JSON text. Numbers use Swift's shortest round-trip representation,
    /// so a reader recovers every Double exactly.
    package var text: String {
        var out = ""
        write(to: &out)
        return out
    }

    private func write(to out: inout String) {
        switch self {
        case let .number(value):
            out += Self.format(value)
        case let .string(value):
            out += Self.quote(value)
        case let .bool(value):
            out += value ? "true" : "false"
        case .null:
            out += "null"
        case let .array(values):
            out += "["
            for (index, value) in values.enumerated() {
                if index > 0 { out += "," }
                value.write(to: &out)
            }
            out += "]"
        case let .object(members):
            out += "{"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { out += "," }
                out += Self.quote(key)
                out += ":"
                value.write(to: &out)
            }
            out += "}"
        }
    }

    /// Integers print without a fractional part; everything else as Swift's `description`.
    package static func format(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 {
            return String(Int64(value))
        }
        return value.description
    }

    private static func quote(_ string: String) -> String {
        var out = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
