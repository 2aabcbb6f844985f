import HookeCore

/// A Swift `Decoder` that reads a `Decodable` state back from a `SnapshotValue` made by
/// `SnapshotEncoder` or read from a snapshot's JSON form.
///
/// Every fault throws `SnapshotError` naming the path of the value (`bodies.angle[2]`):
/// a missing member, a value of the wrong kind, a number that is not the integer a field
/// expects or does not fit its type.
package struct SnapshotDecoder {
    package init() {}

    package func decode<T: Decodable>(_ type: T.Type, from value: SnapshotValue) throws(SnapshotError) -> T {
        do {
            return try T(from: Decoding(value: value, codingPath: []))
        } catch let error as SnapshotError {
            throw error
        } catch let DecodingError.dataCorrupted(context) {
            throw SnapshotError(path: SnapshotError.path(context.codingPath), context.debugDescription)
        } catch let DecodingError.typeMismatch(_, context) {
            throw SnapshotError(path: SnapshotError.path(context.codingPath), context.debugDescription)
        } catch let DecodingError.valueNotFound(_, context) {
            throw SnapshotError(path: SnapshotError.path(context.codingPath), context.debugDescription)
        } catch let DecodingError.keyNotFound(key, context) {
            throw SnapshotError(path: SnapshotError.path(context.codingPath + [key]), "missing")
        } catch {
            throw SnapshotError(path: "", "\(error)")
        }
    }
}

private struct IndexKey: CodingKey {
    var intValue: Int?
    var stringValue: String { "Index \(intValue!)" }
    init(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
}

private struct Decoding: Decoder {
    let value: SnapshotValue
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func fault(_ message: String) -> SnapshotError {
        SnapshotError(path: SnapshotError.path(codingPath), message)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case let .object(members) = value else { throw fault("expected an object, got \(value.kindName)") }
        return KeyedDecodingContainer(Keyed(members: members, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case let .array(items) = value else { throw fault("expected an array, got \(value.kindName)") }
        return Unkeyed(items: items, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        Single(value: value, codingPath: codingPath)
    }
}

/// Reads `value` as `T`: a primitive from a leaf, anything else through `init(from:)`.
/// The coding path is made only when needed (a fault, or a value with an `init(from:)`):
/// primitives, most of a snapshot, need none.
private func take<T: Decodable>(
    _ type: T.Type, from value: SnapshotValue, codingPath: @autoclosure () -> [any CodingKey]
) throws -> T {
    func fault(_ message: String) -> SnapshotError { SnapshotError(path: SnapshotError.path(codingPath()), message) }
    func integer<I: FixedWidthInteger>(_: I.Type) throws -> I {
        let exact: I?
        switch value {
        case let .int(n): exact = I(exactly: n)
        case let .uint(n): exact = I(exactly: n)
        case let .double(x): exact = I(exactly: x)
        case let .string(s): exact = I(s)
        default: throw fault("expected an integer, got \(value.kindName)")
        }
        guard let exact else { throw fault("expected an integer in \(I.min)...\(I.max), got \(value.json.text)") }
        return exact
    }
    func double() throws -> Double {
        switch value {
        case let .double(x): return x
        case let .int(n): return Double(n)
        case let .uint(n): return Double(n)
        case let .string(s):
            switch s {
            case "inf": return .infinity
            case "-inf": return -.infinity
            case "nan": return .nan
            case "-0": return -0.0
            case _ where s.hasPrefix("nan:"):
                guard let bits = UInt64(s.dropFirst(4), radix: 16), Double(bitPattern: bits).isNaN else {
                    throw fault("expected a number, got the string \"\(s)\"")
                }
                return Double(bitPattern: bits)
            default: throw fault("expected a number, got the string \"\(s)\"")
            }
        default: throw fault("expected a number, got \(value.kindName)")
        }
    }
    switch type {
    // The most frequent first.
    case is Double.Type: return try double() as! T
    case is Int.Type: return try integer(Int.self) as! T
    case is Bool.Type:
        guard case let .bool(b) = value else { throw fault("expected a boolean, got \(value.kindName)") }
        return b as! T
    case is UInt64.Type: return try integer(UInt64.self) as! T
    case is Int32.Type: return try integer(Int32.self) as! T
    case is UInt32.Type: return try integer(UInt32.self) as! T
    case is String.Type:
        guard case let .string(s) = value else { throw fault("expected a string, got \(value.kindName)") }
        return s as! T
    case is Float.Type:
        let x = try double()
        guard let f = Float(exactly: x) ?? (x.isNaN ? Float.nan : nil) else {
            throw fault("expected a single-precision number, got \(value.json.text)")
        }
        return f as! T
    case is Int8.Type: return try integer(Int8.self) as! T
    case is Int16.Type: return try integer(Int16.self) as! T
    case is Int64.Type: return try integer(Int64.self) as! T
    case is UInt.Type: return try integer(UInt.self) as! T
    case is UInt8.Type: return try integer(UInt8.self) as! T
    case is UInt16.Type: return try integer(UInt16.self) as! T
    default: return try T(from: Decoding(value: value, codingPath: codingPath()))
    }
}

private struct Keyed<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [(String, SnapshotValue)]
    let codingPath: [any CodingKey]

    var allKeys: [Key] { members.compactMap { Key(stringValue: $0.0) } }

    func contains(_ key: Key) -> Bool { members.contains { $0.0 == key.stringValue } }

    private func member(_ key: Key) throws -> SnapshotValue {
        guard let m = members.first(where: { $0.0 == key.stringValue }) else {
            throw SnapshotError(path: SnapshotError.path(codingPath + [key]), "missing")
        }
        return m.1
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        if case .null = try member(key) { return true }
        return false
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try take(type, from: member(key), codingPath: codingPath + [key])
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let m = members.first(where: { $0.0 == key.stringValue }) else { return nil }
        if case .null = m.1 { return nil }
        return try take(type, from: m.1, codingPath: codingPath + [key])
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try Decoding(value: member(key), codingPath: codingPath + [key]).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try Decoding(value: member(key), codingPath: codingPath + [key]).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        throw SnapshotError(path: SnapshotError.path(codingPath), "snapshots hold no class hierarchies")
    }

    func superDecoder(forKey key: Key) throws -> any Decoder { try superDecoder() }
}

private struct Unkeyed: UnkeyedDecodingContainer {
    let items: [SnapshotValue]
    let codingPath: [any CodingKey]
    var currentIndex = 0

    init(items: [SnapshotValue], codingPath: [any CodingKey]) {
        self.items = items
        self.codingPath = codingPath
    }

    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    private mutating func next() throws -> (SnapshotValue, [any CodingKey]) {
        let path = codingPath + [IndexKey(intValue: currentIndex)]
        guard !isAtEnd else {
            throw SnapshotError(path: SnapshotError.path(path), "missing: the array has only \(items.count) items")
        }
        defer { currentIndex += 1 }
        return (items[currentIndex], path)
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, case .null = items[currentIndex] else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let (value, path) = try next()
        return try take(type, from: value, codingPath: path)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let (value, path) = try next()
        return try Decoding(value: value, codingPath: path).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let (value, path) = try next()
        return try Decoding(value: value, codingPath: path).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        throw SnapshotError(path: SnapshotError.path(codingPath), "snapshots hold no class hierarchies")
    }
}

private struct Single: SingleValueDecodingContainer {
    let value: SnapshotValue
    let codingPath: [any CodingKey]

    func decodeNil() -> Bool {
        if case .null = value { return true }
        return false
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try take(type, from: value, codingPath: codingPath) }
}
