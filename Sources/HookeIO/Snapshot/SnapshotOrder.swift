import HookeCore

/// A fixed order for what has none: the entries of a dictionary or a set, which Swift
/// iterates in an order that changes from process to process. Sorted by their snapshot
/// bytes, the same state encodes to the same bytes in every run.
package enum SnapshotOrder {
    /// `items` sorted by the binary form of each.
    package static func sorted<T: Encodable>(_ items: some Sequence<T>) -> [T] {
        let keyed = items.map { item in
            (item, (try? SnapshotEncoder().encode(item)).map { SnapshotBinary.payload($0) } ?? [])
        }
        return keyed.sorted { $0.1.lexicographicallyPrecedes($1.1) }.map(\.0)
    }
}

/// A dictionary that a snapshot holds as `[key, value]` pairs in `SnapshotOrder`.
@propertyWrapper
package struct SnapshotOrderedEntries<Key: Hashable & Codable, Value: Codable>: Codable {
    package var wrappedValue: [Key: Value]

    package init(wrappedValue: [Key: Value]) { self.wrappedValue = wrappedValue }

    private struct Entry: Codable {
        var key: Key
        var value: Value
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.unkeyedContainer()
        for entry in SnapshotOrder.sorted(wrappedValue.map { Entry(key: $0.key, value: $0.value) }) { try c.encode(entry) }
    }

    package init(from decoder: any Decoder) throws {
        var c = try decoder.unkeyedContainer()
        wrappedValue = [:]
        while !c.isAtEnd {
            let entry = try c.decode(Entry.self)
            guard wrappedValue.updateValue(entry.value, forKey: entry.key) == nil else {
                throw SnapshotError(path: SnapshotError.path(c.codingPath), "a key listed twice")
            }
        }
    }
}

extension SnapshotOrderedEntries: Sendable where Key: Sendable, Value: Sendable {}

/// A set that a snapshot holds as an array in `SnapshotOrder`.
@propertyWrapper
package struct SnapshotOrderedSet<Element: Hashable & Codable>: Codable {
    package var wrappedValue: Set<Element>

    package init(wrappedValue: Set<Element>) { self.wrappedValue = wrappedValue }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.unkeyedContainer()
        for element in SnapshotOrder.sorted(wrappedValue) { try c.encode(element) }
    }

    package init(from decoder: any Decoder) throws {
        var c = try decoder.unkeyedContainer()
        wrappedValue = []
        while !c.isAtEnd {
            guard wrappedValue.insert(try c.decode(Element.self)).inserted else {
                throw SnapshotError(path: SnapshotError.path(c.codingPath), "an element listed twice")
            }
        }
    }
}

extension SnapshotOrderedSet: Sendable where Element: Sendable {}
