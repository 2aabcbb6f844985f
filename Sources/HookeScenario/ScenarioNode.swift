import HookeIO

/// One value of a JSON document (`JSONParser`'s `JSONValue`) with its path from the
/// root, and the strict readers the scenario and gesture-recording formats are built from.
///
/// Every reader either returns a value of the expected type or throws a
/// `ScenarioError` at this node's path saying what it found instead.
///
/// Package-visible so that a module reading an extra section of the document
/// (HookeInteractions' `interactions`) refuses values with the same paths and words.
package struct ScenarioNode {
    package let value: JSONValue
    package let path: String

    package init(value: JSONValue, path: String) {
        self.value = value
        self.path = path
    }

    /// The path of `key` inside this node (an object member).
    package func path(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// The path of element `index` inside this node (an array element).
    package func path(_ index: Int) -> String { "\(path)[\(index)]" }

    package func fail(_ message: String) -> ScenarioError { ScenarioError(path: path, message: message) }

    // MARK: - Type tests

    /// "a string", "a number", … for messages.
    package var found: String {
        switch value {
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        case .null: return "null"
        }
    }

    // MARK: - Scalars

    /// A finite number (JSON integers are accepted where a number is expected).
    package func number() throws(ScenarioError) -> Double {
        guard case let .number(x) = value else { throw fail("expected a number, got \(found)") }
        // JSONParser refuses numbers beyond Double's range; a value built in code may not.
        guard x.isFinite else { throw fail("expected a finite number, got \(x)") }
        return x
    }

    /// A finite number > 0.
    package func positive() throws(ScenarioError) -> Double {
        let x = try number()
        guard x > 0 else { throw fail("expected a number > 0, got \(Self.format(x))") }
        return x
    }

    /// A finite number ≥ 0.
    package func nonNegative() throws(ScenarioError) -> Double {
        let x = try number()
        guard x >= 0 else { throw fail("expected a number >= 0, got \(Self.format(x))") }
        return x
    }

    /// A finite number in `range`.
    package func number(in range: ClosedRange<Double>) throws(ScenarioError) -> Double {
        let x = try number()
        guard range.contains(x) else {
            throw fail("expected a number in \(Self.format(range.lowerBound))...\(Self.format(range.upperBound)), got \(Self.format(x))")
        }
        return x
    }

    /// A whole number ≥ 1 (written `3` or `3.0`).
    package func positiveInteger() throws(ScenarioError) -> Int {
        let x = try number()
        guard x >= 1, x <= Double(Int32.max), x.rounded() == x else {
            throw fail("expected a whole number >= 1, got \(Self.format(x))")
        }
        return Int(x)
    }

    package func bool() throws(ScenarioError) -> Bool {
        guard case let .bool(b) = value else { throw fail("expected true or false, got \(found)") }
        return b
    }

    package func string() throws(ScenarioError) -> String {
        guard case let .string(s) = value else { throw fail("expected a string, got \(found)") }
        return s
    }

    /// A non-empty string naming something (a body, a boundary).
    package func identifier() throws(ScenarioError) -> String {
        let s = try string()
        guard !s.isEmpty else { throw fail("expected a non-empty identifier, got \"\"") }
        return s
    }

    /// One of the raw values of `E`.
    package func oneOf<E: RawRepresentable & CaseIterable>(_: E.Type) throws(ScenarioError) -> E
    where E.RawValue == String {
        let s = try string()
        guard let e = E(rawValue: s) else {
            let names = E.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw fail("unknown value \"\(s)\"; expected one of \(names)")
        }
        return e
    }

    // MARK: - Containers

    package func array() throws(ScenarioError) -> [ScenarioNode] {
        guard case let .array(a) = value else { throw fail("expected an array, got \(found)") }
        return a.enumerated().map { ScenarioNode(value: $0.element, path: path($0.offset)) }
    }

    /// An array of exactly `count` elements.
    package func array(count: Int, of what: String) throws(ScenarioError) -> [ScenarioNode] {
        guard case let .array(a) = value, a.count == count else {
            throw fail("expected \(what), got \(shape)")
        }
        return a.enumerated().map { ScenarioNode(value: $0.element, path: path($0.offset)) }
    }

    /// A 2-D vector written `[x, y]`.
    package func vector() throws(ScenarioError) -> SIMD2<Double> {
        let a = try array(count: 2, of: "an array of 2 numbers [x, y]")
        return SIMD2(try a[0].number(), try a[1].number())
    }

    /// A list of 2-D points `[[x, y], …]` with at least `minimum` points.
    package func points(minimum: Int) throws(ScenarioError) -> [SIMD2<Double>] {
        let a = try array()
        guard a.count >= minimum else {
            throw fail("expected at least \(minimum) points [[x, y], ...], got \(a.count)")
        }
        var result: [SIMD2<Double>] = []
        for p in a { result.append(try p.vector()) }
        return result
    }

    /// A list of distinct identifiers.
    package func identifiers() throws(ScenarioError) -> [String] {
        var seen: Set<String> = []
        var result: [String] = []
        for element in try array() {
            let id = try element.identifier()
            guard seen.insert(id).inserted else { throw element.fail("\"\(id)\" is listed twice") }
            result.append(id)
        }
        return result
    }

    /// An object with any keys; `expected` names it in the refusal of anything else.
    package func object(expected: String = "an object") throws(ScenarioError) -> ScenarioObject {
        guard case let .object(list) = value else { throw fail("expected \(expected), got \(found)") }
        // JSONParser refuses a key written twice, and a decoder's keys are distinct.
        return ScenarioObject(node: self, members: Dictionary(list, uniquingKeysWith: { first, _ in first }))
    }

    /// An object whose keys all belong to `allowed`.
    ///
    /// Keys are checked in sorted order so that the first one reported does not
    /// depend on the order they were written in. `refusals` maps keys that are known
    /// but not accepted to the message given for them.
    package func object(
        allowing allowed: Set<String>, refusals: [String: String] = [:]
    ) throws(ScenarioError) -> ScenarioObject {
        let object = try object()
        for key in object.keys where !allowed.contains(key) {
            if let message = refusals[key] {
                throw ScenarioError(path: path(key), message: message)
            }
            let expected = allowed.sorted().joined(separator: ", ")
            throw ScenarioError(
                path: path(key), message: "unknown key \"\(key)\"; expected one of: \(expected)")
        }
        return object
    }

    // MARK: - Formatting

    /// Whole numbers print without a trailing ".0", as they would be written.
    package static func format(_ x: Double) -> String { JSONValue.format(x) }

    /// "an array of 3 elements", or what was found instead of an array.
    private var shape: String {
        if case let .array(a) = value { return "an array of \(a.count) elements" }
        return found
    }
}

/// A JSON object whose keys have been checked, read member by member.
package struct ScenarioObject {
    package let node: ScenarioNode
    package let members: [String: JSONValue]

    package var path: String { node.path }

    /// The keys present, sorted.
    package var keys: [String] { members.keys.sorted() }

    /// Every member with its path, in sorted key order.
    package var entries: [(key: String, node: ScenarioNode)] {
        keys.map { ($0, ScenarioNode(value: members[$0]!, path: node.path($0))) }
    }

    package func has(_ key: String) -> Bool { members[key] != nil }

    /// The member `key`, or nil when absent.
    package func optional(_ key: String) -> ScenarioNode? {
        members[key].map { ScenarioNode(value: $0, path: node.path(key)) }
    }

    /// The member `key`; absent is an error at this object's path.
    package func required(_ key: String, _ what: String) throws(ScenarioError) -> ScenarioNode {
        guard let v = members[key] else {
            throw node.fail("missing required key \"\(key)\" (\(what))")
        }
        return ScenarioNode(value: v, path: node.path(key))
    }

    /// Refuses `key` when present, with `reason`.
    package func forbid(_ key: String, _ reason: String) throws(ScenarioError) {
        if has(key) { throw ScenarioError(path: node.path(key), message: reason) }
    }
}
