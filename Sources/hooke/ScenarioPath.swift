import HookeIO

/// A JSON path into a scenario document, in the notation of the scenario parser's
/// errors: object members by key, array elements by index (`behaviors[2].damping`,
/// `bodies[0].center[1]`). `hooke sweep --vary` names the number it sweeps by one.
struct ScenarioPath: Equatable {
    enum Segment: Equatable {
        case key(String)
        case index(Int)
    }

    /// The path as typed.
    let text: String
    let segments: [Segment]

    /// Reads `key(.key|[n])*`; a key is any run of characters other than `.`, `[` and `]`.
    init(parsing text: String, option: String) throws(CommandLineError) {
        func refuse(_ why: String) -> CommandLineError {
            CommandLineError("\(option) \(text): not a JSON path (\(why)); write it as in behaviors[2].damping")
        }
        var segments: [Segment] = []
        var characters = Substring(text)
        var expectKey = true
        while !characters.isEmpty {
            if characters.first == "[" {
                guard let close = characters.firstIndex(of: "]") else { throw refuse("'[' without ']'") }
                let digits = characters[characters.index(after: characters.startIndex)..<close]
                guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber),
                    let index = Int(digits)
                else { throw refuse("'[\(digits)]' is not an array index") }
                segments.append(.index(index))
                characters = characters[characters.index(after: close)...]
                expectKey = false
            } else {
                if !expectKey {
                    guard characters.first == "." else { throw refuse("expected '.' or '[' after '\(segments.last!)'") }
                    characters = characters.dropFirst()
                }
                let end = characters.firstIndex { $0 == "." || $0 == "[" || $0 == "]" } ?? characters.endIndex
                let key = characters[..<end]
                guard !key.isEmpty else { throw refuse("an empty key") }
                segments.append(.key(String(key)))
                characters = characters[end...]
                expectKey = false
            }
        }
        guard !segments.isEmpty else { throw refuse("empty") }
        self.text = text
        self.segments = segments
    }

    /// The notation of the first `count` segments (`behaviors[2]`).
    private func prefix(_ count: Int) -> String {
        var out = ""
        for segment in segments.prefix(count) {
            switch segment {
            case let .key(key): out += out.isEmpty ? key : ".\(key)"
            case let .index(index): out += "[\(index)]"
            }
        }
        return out.isEmpty ? "the document" : out
    }

    private static func describe(_ value: JSONValue) -> String {
        switch value {
        case .number: return "a number"
        case .string: return "a string"
        case .bool: return "a boolean"
        case .null: return "null"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// The number the path names in `document`.
    ///
    /// - Throws: one line, after `option`, saying which part of the path is missing or
    ///   that the value there is not a number.
    func number(in document: JSONValue, option: String) throws(CommandLineError) -> Double {
        var value = document
        for (depth, segment) in segments.enumerated() {
            switch (segment, value) {
            case let (.key(key), .object(members)):
                guard let member = members.first(where: { $0.0 == key }) else {
                    throw CommandLineError(
                        "\(option) \(text): \(prefix(depth)) has no key \"\(key)\" (write the key in the scenario to sweep it)")
                }
                value = member.1
            case let (.index(index), .array(elements)):
                guard index < elements.count else {
                    throw CommandLineError(
                        "\(option) \(text): \(prefix(depth)) has \(elements.count) element\(elements.count == 1 ? "" : "s"), no [\(index)]")
                }
                value = elements[index]
            case (.key, _):
                throw CommandLineError("\(option) \(text): \(prefix(depth)) is \(Self.describe(value)), not an object")
            case (.index, _):
                throw CommandLineError("\(option) \(text): \(prefix(depth)) is \(Self.describe(value)), not an array")
            }
        }
        guard case let .number(number) = value else {
            throw CommandLineError("\(option) \(text): the value there is \(Self.describe(value)), not a number")
        }
        return number
    }

    /// `document` with the value at the path replaced by `number`; the path must exist
    /// (`number(in:option:)` has checked it).
    func replacing(in document: JSONValue, with number: Double) -> JSONValue {
        Self.replace(document, segments[...], number)
    }

    private static func replace(_ value: JSONValue, _ rest: ArraySlice<Segment>, _ number: Double) -> JSONValue {
        guard let segment = rest.first else { return .number(number) }
        switch (segment, value) {
        case let (.key(key), .object(members)):
            return .object(members.map { $0.0 == key ? ($0.0, replace($0.1, rest.dropFirst(), number)) : $0 })
        case let (.index(index), .array(elements)) where index < elements.count:
            var copy = elements
            copy[index] = replace(elements[index], rest.dropFirst(), number)
            return .array(copy)
        default:
            return value
        }
    }
}
