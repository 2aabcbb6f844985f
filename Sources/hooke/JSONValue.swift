import Foundation

/// A JSON document with its object keys kept in the order they were written, so
/// that the CLI's output is stable and reads in a sensible order.
enum JSONValue {
    case number(Double)
    case string(String)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([(String, JSONValue)])

    /// A number, or `null` when it is not finite (JSON has no NaN or infinity).
    static func finite(_ value: Double?) -> JSONValue {
        guard let value, value.isFinite else { return .null }
        return .number(value)
    }

    /// The compact JSON text. Numbers use Swift's shortest round-trip representation,
    /// so a reader recovers every Double exactly.
    var text: String {
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
    static func format(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 {
            return String(Int64(value))
        }
        return value.description
    }

    /// A number rounded to 6 significant digits, for text and code snippets.
    static func short(_ value: Double) -> String {
        guard value.isFinite else { return value.description }
        return format(Double(String(format: "%.6g", value)) ?? value)
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
                out += "\\u" + String(scalar.value, radix: 16).leftPadded(to: 4)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

extension JSONValue {
    /// The member `key` of an object, nil for anything else.
    subscript(key: String) -> JSONValue? {
        guard case let .object(members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}
