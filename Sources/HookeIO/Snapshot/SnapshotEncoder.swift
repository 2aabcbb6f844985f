import HookeCore

/// A Swift `Encoder` that turns an `Encodable` state into a `SnapshotValue`, keeping
/// every number's exact bits and every container's order.
///
/// A value that cannot be part of a snapshot (a closure held by a behaviour) throws
/// `SnapshotError` from its `encode(to:)`, naming its path.
package struct SnapshotEncoder {
    package init() {}

    package func encode(_ value: some Encodable) throws -> SnapshotValue {
        let root = Node()
        try value.encode(to: Encoding(node: root, codingPath: []))
        return root.value
    }
}

/// A value under construction: containers fill it in as they are written to (in place,
/// so that appending to a long array does not copy it).
private final class Node {
    enum Kind { case empty, leaf, array, object }

    var kind = Kind.empty
    var leaf = SnapshotValue.null
    var items: [Node] = []
    var members: [(String, Node)] = []

    func set(_ value: SnapshotValue) {
        kind = .leaf
        leaf = value
    }

    var value: SnapshotValue {
        switch kind {
        case .empty: return .object([])
        case .leaf: return leaf
        case .array: return .array(items.map(\.value))
        case .object: return .object(members.map { ($0.0, $0.1.value) })
        }
    }
}

private struct IndexKey: CodingKey {
    var intValue: Int?
    var stringValue: String { "Index \(intValue!)" }
    init(intValue: Int) { self.intValue = intValue }
    init?(stringValue: String) { nil }
}

private struct Encoding: Encoder {
    let node: Node
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if node.kind != .object { node.kind = .object }
        return KeyedEncodingContainer(Keyed(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if node.kind != .array { node.kind = .array }
        return Unkeyed(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        Single(node: node, codingPath: codingPath)
    }
}

/// How a primitive becomes a leaf.
private func leaf(_ value: some Encodable) -> SnapshotValue? {
    switch value {
    case let v as Bool: return .bool(v)
    case let v as String: return .string(v)
    case let v as Double: return .double(v)
    case let v as Float: return .double(Double(v))
    case let v as Int: return .int(Int64(v))
    case let v as Int8: return .int(Int64(v))
    case let v as Int16: return .int(Int64(v))
    case let v as Int32: return .int(Int64(v))
    case let v as Int64: return .int(v)
    case let v as UInt: return .uint(UInt64(v))
    case let v as UInt8: return .uint(UInt64(v))
    case let v as UInt16: return .uint(UInt64(v))
    case let v as UInt32: return .uint(UInt64(v))
    case let v as UInt64: return .uint(v)
    default: return nil
    }
}

/// Encodes `value` into `node`: a primitive as a leaf, anything else through its
/// `encode(to:)`.
private func put(_ value: some Encodable, into node: Node, codingPath: [any CodingKey]) throws {
    if let l = leaf(value) {
        node.set(l)
    } else {
        try value.encode(to: Encoding(node: node, codingPath: codingPath))
    }
}

private struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: Node
    let codingPath: [any CodingKey]

    private func child(_ key: Key) -> Node {
        let child = Node()
        node.members.append((key.stringValue, child))
        return child
    }

    mutating func encodeNil(forKey key: Key) throws { child(key).set(.null) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try put(value, into: child(key), codingPath: codingPath + [key])
    }

    // An absent optional is written as null rather than left out, so that the binary
    // form needs no member it did not write and the JSON form shows every field.
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) } else { try encodeNil(forKey: key) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        Encoding(node: child(key), codingPath: codingPath + [key]).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        Encoding(node: child(key), codingPath: codingPath + [key]).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { preconditionFailure("snapshots encode no class hierarchies") }
    mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder() }
}

private struct Unkeyed: UnkeyedEncodingContainer {
    let node: Node
    let codingPath: [any CodingKey]

    var count: Int { node.items.count }

    private func child() -> (Node, [any CodingKey]) {
        let child = Node()
        let path = codingPath + [IndexKey(intValue: node.items.count)]
        node.items.append(child)
        return (child, path)
    }

    mutating func encodeNil() throws { child().0.set(.null) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        let (node, path) = child()
        try put(value, into: node, codingPath: path)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let (node, path) = child()
        return Encoding(node: node, codingPath: path).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let (node, path) = child()
        return Encoding(node: node, codingPath: path).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { preconditionFailure("snapshots encode no class hierarchies") }
}

private struct Single: SingleValueEncodingContainer {
    let node: Node
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { node.set(.null) }
    mutating func encode<T: Encodable>(_ value: T) throws { try put(value, into: node, codingPath: codingPath) }
}
