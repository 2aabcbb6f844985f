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
/// so that appending to a long array does not copy it). A primitive is kept as a value
/// in its parent, not as a node of its own: most of a snapshot is numbers.
private final class Node {
    enum Kind { case empty, leaf, array, object }
    enum Child {
        case value(SnapshotValue)
        case node(Node)

        var value: SnapshotValue {
            switch self {
            case let .value(v): return v
            case let .node(n): return n.value
            }
        }
    }

    var kind = Kind.empty
    var leaf = SnapshotValue.null
    var items: [Child] = []
    var members: [(String, Child)] = []

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

/// `value` as a child: a primitive as itself, anything else as a node filled in by its
/// `encode(to:)` (the coding path is made only then: primitives, most of a snapshot,
/// need none).
private func child(_ value: some Encodable, codingPath: @autoclosure () -> [any CodingKey]) throws -> Node.Child {
    if let l = leaf(value) { return .value(l) }
    let node = Node()
    try value.encode(to: Encoding(node: node, codingPath: codingPath()))
    return .node(node)
}

private struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: Node
    let codingPath: [any CodingKey]

    private func add(_ key: Key, _ child: Node.Child) { node.members.append((key.stringValue, child)) }

    private func nested(_ key: Key) -> Encoding {
        let child = Node()
        add(key, .node(child))
        return Encoding(node: child, codingPath: codingPath + [key])
    }

    mutating func encodeNil(forKey key: Key) throws { add(key, .value(.null)) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        add(key, try child(value, codingPath: codingPath + [key]))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        nested(key).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        nested(key).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder { preconditionFailure("snapshots encode no class hierarchies") }
    mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder() }
}

private struct Unkeyed: UnkeyedEncodingContainer {
    let node: Node
    let codingPath: [any CodingKey]

    var count: Int { node.items.count }

    private var nextPath: [any CodingKey] { codingPath + [IndexKey(intValue: node.items.count)] }

    private func nested() -> Encoding {
        let child = Node()
        let path = nextPath
        node.items.append(.node(child))
        return Encoding(node: child, codingPath: path)
    }

    mutating func encodeNil() throws { node.items.append(.value(.null)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        node.items.append(try child(value, codingPath: nextPath))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        nested().container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { nested().unkeyedContainer() }

    mutating func superEncoder() -> any Encoder { preconditionFailure("snapshots encode no class hierarchies") }
}

private struct Single: SingleValueEncodingContainer {
    let node: Node
    let codingPath: [any CodingKey]

    mutating func encodeNil() throws { node.set(.null) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        if let l = leaf(value) { node.set(l) } else { try value.encode(to: Encoding(node: node, codingPath: codingPath)) }
    }
}
