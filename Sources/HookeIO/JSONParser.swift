/// The one JSON reader of Hooke: strict RFC 8259 text into a `JSONValue`.
///
/// Strict means that everything a lenient reader would guess at is refused, at the
/// byte where it starts: bytes that are not UTF-8; control characters inside strings;
/// escapes other than `\" \\ \/ \b \f \n \r \t \uXXXX` (and a lone surrogate); numbers
/// outside JSON's grammar (`+1`, `01`, `.5`, `1.`, `NaN`, `Infinity`) or beyond
/// `Double`'s range (`1e400`, and a nonzero `1e-400` that would read as zero); a key
/// written twice in one object; trailing text; and arrays and objects nested deeper
/// than `maximumDepth`. A UTF-8 byte order mark at the start is skipped, as RFC 8259
/// allows.
///
/// Numbers are read from their exact text with `Double(_:)`, which rounds correctly:
/// the shortest round-trip text `JSONValue` writes reads back bit for bit.
package struct JSONParser {
    /// The deepest nesting of arrays and objects accepted: 512 levels, so that hostile
    /// input gets an error instead of exhausting the stack.
    package static let maximumDepth = 512

    private let bytes: [UInt8]
    private var position = 0
    /// Arrays and objects open around the current position.
    private var depth = 0

    /// Parses a whole document.
    ///
    /// - Throws: `JSONSyntaxError` with what is wrong and its byte offset.
    package static func parse(_ bytes: some Sequence<UInt8>) throws(JSONSyntaxError) -> JSONValue {
        var parser = JSONParser(bytes: Array(bytes))
        if parser.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.position = 3 }
        parser.skipWhitespace()
        let value = try parser.value()
        parser.skipWhitespace()
        guard parser.position == parser.bytes.count else { throw parser.error("trailing text") }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private func error(_ what: String) -> JSONSyntaxError {
        JSONSyntaxError(problem: what, byteOffset: position)
    }

    private var current: UInt8? { position < bytes.count ? bytes[position] : nil }

    private mutating func skipWhitespace() {
        while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { position += 1 }
    }

    private mutating func expect(_ literal: StaticString) throws(JSONSyntaxError) {
        for offset in 0..<literal.utf8CodeUnitCount {
            guard current == literal.utf8Start[offset] else { throw error("expected \(literal)") }
            position += 1
        }
    }

    private mutating func value() throws(JSONSyntaxError) -> JSONValue {
        guard let byte = current else { throw error("unexpected end") }
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            guard depth < Self.maximumDepth else {
                throw error("arrays and objects nested more than \(Self.maximumDepth) deep")
            }
            depth += 1
            defer { depth -= 1 }
            return byte == UInt8(ascii: "{") ? try object() : try array()
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
            return .number(try number())
        }
    }

    private mutating func object() throws(JSONSyntaxError) -> JSONValue {
        var members: [(String, JSONValue)] = []
        var keys: Set<String> = []
        try elements(closedBy: "}") { (parser: inout JSONParser) throws(JSONSyntaxError) in
            let keyStart = parser.position
            guard parser.current == UInt8(ascii: "\"") else { throw parser.error("expected a string key") }
            let key = try parser.string()
            guard keys.insert(key).inserted else {
                throw JSONSyntaxError(problem: "key \"\(key)\" written twice in one object", byteOffset: keyStart)
            }
            parser.skipWhitespace()
            try parser.expect(":")
            parser.skipWhitespace()
            members.append((key, try parser.value()))
        }
        return .object(members)
    }

    private mutating func array() throws(JSONSyntaxError) -> JSONValue {
        var items: [JSONValue] = []
        try elements(closedBy: "]") { (parser: inout JSONParser) throws(JSONSyntaxError) in
            items.append(try parser.value())
        }
        return .array(items)
    }

    /// Reads `element, element, …` after an opening bracket, through `close`.
    private mutating func elements(
        closedBy close: StaticString, _ element: (inout JSONParser) throws(JSONSyntaxError) -> Void
    ) throws(JSONSyntaxError) {
        let closing = close.utf8Start.pointee
        position += 1
        skipWhitespace()
        if current == closing {
            position += 1
            return
        }
        while true {
            skipWhitespace()
            try element(&self)
            skipWhitespace()
            guard current != nil else { throw error("unexpected end") }
            if current == UInt8(ascii: ",") {
                position += 1
                continue
            }
            try expect(close)
            return
        }
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, read as the nearest `Double`.
    private mutating func number() throws(JSONSyntaxError) -> Double {
        let start = position
        func digits(_ parser: inout JSONParser) -> Int {
            let first = parser.position
            while let byte = parser.current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { parser.position += 1 }
            return parser.position - first
        }
        if current == UInt8(ascii: "-") { position += 1 }
        if current == UInt8(ascii: "0") {
            position += 1
        } else {
            guard digits(&self) > 0 else {
                position = start
                throw error("expected a value")
            }
        }
        if current == UInt8(ascii: ".") {
            position += 1
            guard digits(&self) > 0 else { throw error("expected a digit after the decimal point") }
        }
        let exponentStart = position
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            position += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { position += 1 }
            guard digits(&self) > 0 else { throw error("expected a digit in the exponent") }
        }
        if let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
            throw error("a number may not start with 0 followed by digits")
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        guard let number = Double(text), number.isFinite else {
            throw JSONSyntaxError(problem: "number too large for a double", byteOffset: start)
        }
        // A nonzero number below half the smallest subnormal (`1e-400`) reads as zero:
        // refused rather than guessed, as Foundation's JSONDecoder refuses it, so that a
        // document means the same to both.
        if number == 0, bytes[start..<exponentStart].contains(where: { (UInt8(ascii: "1")...UInt8(ascii: "9")).contains($0) }) {
            throw JSONSyntaxError(problem: "number too small for a double (it is not zero)", byteOffset: start)
        }
        return number
    }

    private mutating func string() throws(JSONSyntaxError) -> String {
        position += 1
        var scalars = String.UnicodeScalarView()
        while let byte = current {
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                position += 1
                scalars.append(try escape())
            case ..<0x20:
                throw error("control character in a string (write it as a \\u escape)")
            case ..<0x80:
                scalars.append(Unicode.Scalar(byte))
                position += 1
            default:
                scalars.append(try multibyteScalar())
            }
        }
        throw error("unterminated string")
    }

    /// The scalar of the escape after a backslash.
    private mutating func escape() throws(JSONSyntaxError) -> Unicode.Scalar {
        guard let byte = current else { throw error("unterminated string") }
        position += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let start = position - 2
            let high = try hexQuad()
            if (0xD800..<0xDC00).contains(high) {
                // A UTF-16 surrogate pair: \uD83D\uDE00.
                guard current == UInt8(ascii: "\\") else { throw JSONSyntaxError(problem: "lone surrogate", byteOffset: start) }
                position += 1
                guard current == UInt8(ascii: "u") else { throw JSONSyntaxError(problem: "lone surrogate", byteOffset: start) }
                position += 1
                let low = try hexQuad()
                guard (0xDC00..<0xE000).contains(low) else {
                    throw JSONSyntaxError(problem: "lone surrogate", byteOffset: start)
                }
                return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
            }
            guard let scalar = Unicode.Scalar(high) else {
                throw JSONSyntaxError(problem: "lone surrogate", byteOffset: start)
            }
            return scalar
        default:
            position -= 2
            throw error("unknown escape")
        }
    }

    private mutating func hexQuad() throws(JSONSyntaxError) -> UInt32 {
        guard position + 4 <= bytes.count,
            let code = UInt32(String(decoding: bytes[position..<position + 4], as: UTF8.self), radix: 16),
            bytes[position..<position + 4].allSatisfy({ $0 != UInt8(ascii: "+") && $0 != UInt8(ascii: "-") })
        else { throw error("bad \\u escape") }
        position += 4
        return code
    }

    /// One scalar of two to four UTF-8 bytes, refusing overlong forms, surrogates and
    /// values past U+10FFFF.
    private mutating func multibyteScalar() throws(JSONSyntaxError) -> Unicode.Scalar {
        let lead = bytes[position]
        let length: Int
        let minimum: UInt32
        var value: UInt32
        switch lead {
        case 0xC2...0xDF: length = 2; minimum = 0x80; value = UInt32(lead & 0x1F)
        case 0xE0...0xEF: length = 3; minimum = 0x800; value = UInt32(lead & 0x0F)
        case 0xF0...0xF4: length = 4; minimum = 0x10000; value = UInt32(lead & 0x07)
        default: throw error("not UTF-8")
        }
        guard position + length <= bytes.count else { throw error("not UTF-8") }
        for offset in 1..<length {
            let continuation = bytes[position + offset]
            guard continuation & 0xC0 == 0x80 else { throw error("not UTF-8") }
            value = value << 6 | UInt32(continuation & 0x3F)
        }
        guard value >= minimum, let scalar = Unicode.Scalar(value) else { throw error("not UTF-8") }
        position += length
        return scalar
    }
}

/// Why a text is not JSON, and the byte offset where it stops being JSON.
package struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong ("unexpected end", "number too large for a double", …).
    package let problem: String
    /// Offset of the offending byte from the start of the text.
    package let byteOffset: Int

    /// `problem at byte N`.
    package var description: String { "\(problem) at byte \(byteOffset)" }
}
