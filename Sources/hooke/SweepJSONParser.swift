import Foundation
import Hooke

/// Reads the JSON `hooke sweep` writes back into `JSONValue`, for `hooke sweep merge`.
///
/// Numbers are converted with `Double(String)` from their exact text, which inverts the
/// shortest round-trip representation `JSONValue` writes: a merged output reproduces
/// every number of its parts bit for bit. Object key order is kept.
struct SweepJSONParser {
    private let bytes: [UInt8]
    private var position = 0
    private let source: String
    /// Arrays and objects open around the current position (at most `JSONLimits.maximumDepth`).
    private var depth = 0

    static func parse(_ text: String, source: String) throws(CommandLineError) -> JSONValue {
        var parser = SweepJSONParser(bytes: Array(text.utf8), source: source)
        parser.skipWhitespace()
        let value = try parser.value()
        parser.skipWhitespace()
        guard parser.position == parser.bytes.count else { throw parser.error("trailing text") }
        return value
    }

    private init(bytes: [UInt8], source: String) {
        self.bytes = bytes
        self.source = source
    }

    private func error(_ what: String) -> CommandLineError {
        CommandLineError("\(source): not valid sweep JSON (\(what) at byte \(position))")
    }

    private mutating func skipWhitespace() {
        while position < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[position]) { position += 1 }
    }

    private mutating func expect(_ literal: String) throws(CommandLineError) {
        for byte in literal.utf8 {
            guard position < bytes.count, bytes[position] == byte else { throw error("expected \(literal)") }
            position += 1
        }
    }

    private mutating func value() throws(CommandLineError) -> JSONValue {
        guard position < bytes.count else { throw error("unexpected end") }
        let opensContainer = bytes[position] == UInt8(ascii: "{") || bytes[position] == UInt8(ascii: "[")
        if opensContainer {
            guard depth < JSONLimits.maximumDepth else {
                throw error("arrays and objects nested more than \(JSONLimits.maximumDepth) deep")
            }
            depth += 1
        }
        defer { if opensContainer { depth -= 1 } }
        switch bytes[position] {
        case UInt8(ascii: "{"):
            position += 1
            var members: [(String, JSONValue)] = []
            skipWhitespace()
            if position < bytes.count, bytes[position] == UInt8(ascii: "}") { position += 1; return .object(members) }
            while true {
                skipWhitespace()
                let key = try string()
                skipWhitespace()
                try expect(":")
                skipWhitespace()
                members.append((key, try value()))
                skipWhitespace()
                guard position < bytes.count else { throw error("unexpected end") }
                if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
                try expect("}")
                return .object(members)
            }
        case UInt8(ascii: "["):
            position += 1
            var items: [JSONValue] = []
            skipWhitespace()
            if position < bytes.count, bytes[position] == UInt8(ascii: "]") { position += 1; return .array(items) }
            while true {
                skipWhitespace()
                items.append(try value())
                skipWhitespace()
                guard position < bytes.count else { throw error("unexpected end") }
                if bytes[position] == UInt8(ascii: ",") { position += 1; continue }
                try expect("]")
                return .array(items)
            }
        case UInt8(ascii: "\""):
            return .string(try string())
        case UInt8(ascii: "t"):
            try expect("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expect("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expect("null")
            return .null
        default:
            let start = position
            while position < bytes.count, "+-0123456789.eE".utf8.contains(bytes[position]) { position += 1 }
            guard position > start,
                let number = Double(String(decoding: bytes[start..<position], as: UTF8.self))
            else { throw error("expected a value") }
            // 1e400 reads as infinity, which JSON cannot hold: refused, as the other readers do.
            guard number.isFinite else { throw error("number too large for a double") }
            return .number(number)
        }
    }

    private mutating func string() throws(CommandLineError) -> String {
        try expect("\"")
        var scalars = String.UnicodeScalarView()
        var raw: [UInt8] = []
        func flush() {
            scalars.append(contentsOf: String(decoding: raw, as: UTF8.self).unicodeScalars)
            raw.removeAll()
        }
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            if byte == UInt8(ascii: "\"") {
                flush()
                return String(scalars)
            }
            guard byte == UInt8(ascii: "\\") else { raw.append(byte); continue }
            flush()
            guard position < bytes.count else { break }
            let escape = bytes[position]
            position += 1
            switch escape {
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                guard position + 4 <= bytes.count,
                    let code = UInt32(String(decoding: bytes[position..<position + 4], as: UTF8.self), radix: 16),
                    let scalar = Unicode.Scalar(code)
                else { throw error("bad \\u escape") }
                position += 4
                scalars.append(scalar)
            default: scalars.append(Unicode.Scalar(escape))
            }
        }
        throw error("unterminated string")
    }
}
