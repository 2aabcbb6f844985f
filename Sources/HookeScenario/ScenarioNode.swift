import Foundation

/// One value of a scenario document as `JSONSerialization` produced it, with its
/// path from the root, and the strict readers the parser is built from.
///
/// Every reader either returns a value of the expected type or throws a
/// `ScenarioError` at this node's path saying what it found instead.
///
/// Package-visible so that a module reading an extra section of the document
/// (HookeInteractions' `interactions`) refuses values with the same paths and words.
package struct ScenarioNode {
    package let value: Any
    package let path: String

    package init(value: Any, path: String) {
        self.value = value
        self.path = path
    }

    /// The path of `key` inside this node (an object member).
    package func path(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// The path of element `index` inside this node (an array element).
    package func path(_ index: Int) -> String { "\(path)[\(index)]" }

    package func fail(_ message: String) -> ScenarioError { ScenarioError(path: path, message: message) }

    // MARK: - Type tests

    /// The class `JSONSerialization` uses for `true` and `false`.
    ///
    /// Both booleans and numbers arrive as `NSNumber`, and on Linux `1 as Any is Bool`
    /// and `true as? Double` both succeed, so neither `is Bool` nor `as? Double` tells
    /// them apart. The concrete class does, on Linux and on Apple platforms alike.
    private static let booleanClass = ObjectIdentifier(type(of: NSNumber(value: true)))

    private var isBoolean: Bool {
        value is NSNumber && ObjectIdentifier(type(of: value)) == Self.booleanClass
    }

    /// "a string", "a number", … for messages.
    package var found: String {
        if isBoolean { return "a boolean" }
        if value is NSNumber { return "a number" }
        if value is String { return "a string" }
        if value is [Any] { return "an array" }
        if value is [String: Any] { return "an object" }
        if value is NSNull { return "null" }
        return "an unsupported value"
    }

    // MARK: - Scalars

    /// A finite number (JSON integers are accepted where a number is expected).
    package func number() throws(ScenarioError) -> Double {
        guard !isBoolean, let n = value as? NSNumber else {
            throw fail("expected a number, got \(found)")
        }
        let x = n.doubleValue
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
        guard isBoolean, let n = value as? NSNumber else {
            throw fail("expected true or false, got \(found)")
        }
        return n.boolValue
    }

    package func string() throws(ScenarioError) -> String {
        guard let s = value as? String else { throw fail("expected a string, got \(found)") }
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
        guard let a = value as? [Any] else { throw fail("expected an array, got \(found)") }
        return a.enumerated().map { ScenarioNode(value: $0.element, path: path($0.offset)) }
    }

    /// An array of exactly `count` elements.
    package func array(count: Int, of what: String) throws(ScenarioError) -> [ScenarioNode] {
        guard let a = value as? [Any], a.count == count else {
            throw fail("expected \(what), got \(Self.describeShape(value, found: found))")
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

    /// An object whose keys all belong to `allowed`.
    ///
    /// Keys are checked in sorted order so that the first one reported does not
    /// depend on the dictionary's hash order. `refusals` maps keys that are known
    /// but not accepted to the message given for them.
    package func object(
        allowing allowed: Set<String>, refusals: [String: String] = [:]
    ) throws(ScenarioError) -> ScenarioObject {
        guard let members = value as? [String: Any] else {
            throw fail("expected an object, got \(found)")
        }
        for key in members.keys.sorted() where !allowed.contains(key) {
            if let message = refusals[key] {
                throw ScenarioError(path: path(key), message: message)
            }
            let expected = allowed.sorted().joined(separator: ", ")
            throw ScenarioError(
                path: path(key), message: "unknown key \"\(key)\"; expected one of: \(expected)")
        }
        return ScenarioObject(node: self, members: members)
    }

    // MARK: - Formatting

    /// Whole numbers print without a trailing ".0", as they would be written.
    package static func format(_ x: Double) -> String {
        if x.rounded() == x, abs(x) < 1e15 { return String(Int(x)) }
        return String(x)
    }

    private static func describeShape(_ value: Any, found: String) -> String {
        if let a = value as? [Any] { return "an array of \(a.count) elements" }
        return found
    }
}

/// A JSON object whose keys have been checked, read member by member.
package struct ScenarioObject {
    package let node: ScenarioNode
    package let members: [String: Any]

    package var path: String { node.path }

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
