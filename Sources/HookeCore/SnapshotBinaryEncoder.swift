/// Writes any `Encodable` value in the snapshots' compact binary layout
/// (Docs/snapshots.md, "Binary form"): the fields of a struct one after another with no
/// keys, so that the layout is the declaration order of the stored properties and a
/// snapshot costs only its numbers.
///
/// - `Double`: its 8 bytes of `bitPattern`, little-endian (exact, NaN payloads and −0
///   included); `Float`: 4 bytes. `SIMD2<Double>` is its two `Double`s, no count.
/// - Integers: LEB128 varints (signed ones zigzag-mapped first). `Bool`: one byte 0 or 1.
/// - `String`: varint byte count, then UTF-8.
/// - An unkeyed container (arrays, sets, dictionaries) starts with its element count as
///   4 bytes little-endian, patched as elements are added.
/// - An optional starts with a presence byte (0 absent, 1 present); so does any value
///   written through a single-value container.
/// - An enum with associated values writes its case name (a string) before its payload,
///   the only keys the layout holds: the decoder needs them to pick the case.
///
/// Limit: a dictionary keyed by `String` or `Int` encodes through a keyed container
/// whose keys the layout does not hold, so it does not decode (the decoder refuses it
/// with an error); other dictionaries and sets are unkeyed and round-trip.
package struct SnapshotBinaryEncoder {
    package init() {}

    /// The bytes of `value`.
    package func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
        let writer = SnapshotByteWriter()
        try writer.write(value)
        return writer.bytes
    }
}

/// The growing byte buffer every container of one encoding appends to.
final class SnapshotByteWriter {
    var bytes: [UInt8] = []

    func raw64(_ bits: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
    }

    func varint(_ value: UInt64) {
        var v = value
        while v >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }

    func signed(_ value: Int64) { varint(UInt64(bitPattern: (value << 1) ^ (value >> 63))) }

    func string(_ text: String) {
        let utf8 = Array(text.utf8)
        varint(UInt64(utf8.count))
        bytes.append(contentsOf: utf8)
    }

    /// One value: the packed forms of the hot numeric types, else its own `encode(to:)`.
    func write<T: Encodable>(_ value: T) throws {
        switch value {
        case let x as Double: raw64(x.bitPattern)
        case let x as Float: raw64(UInt64(x.bitPattern))
        case let p as SIMD2<Double>:
            raw64(p.x.bitPattern)
            raw64(p.y.bitPattern)
        case let flag as Bool: bytes.append(flag ? 1 : 0)
        case let n as Int: signed(Int64(n))
        case let n as Int32: signed(Int64(n))
        case let n as Int64: signed(n)
        case let n as UInt8: bytes.append(n)
        case let n as UInt32: varint(UInt64(n))
        case let n as UInt64: varint(n)
        case let n as UInt: varint(UInt64(n))
        case let text as String: string(text)
        default: try value.encode(to: SnapshotEncoderCore(writer: self))
        }
    }
}

struct SnapshotEncoderCore: Encoder {
    let writer: SnapshotByteWriter
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(SnapshotKeyedEncoder<Key>(writer: writer))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer { SnapshotUnkeyedEncoder(writer: writer) }

    func singleValueContainer() -> any SingleValueEncodingContainer { SnapshotSingleEncoder(writer: writer) }
}

struct SnapshotKeyedEncoder<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let writer: SnapshotByteWriter
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws { writer.bytes.append(0) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try writer.write(value) }

    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        guard let value else { writer.bytes.append(0); return }
        writer.bytes.append(1)
        try writer.write(value)
    }

    // The stdlib's defaults for the concrete optionals skip a nil; the presence byte
    // must be written in every case, so each is routed to the generic one.
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try encodeIfPresent(value, key) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try encodeIfPresent(value, key) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try encodeIfPresent(value, key) }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try encodeIfPresent(value, key) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try encodeIfPresent(value, key) }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try encodeIfPresent(value, key) }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try encodeIfPresent(value, key) }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try encodeIfPresent(value, key) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try encodeIfPresent(value, key) }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try encodeIfPresent(value, key) }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try encodeIfPresent(value, key) }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try encodeIfPresent(value, key) }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try encodeIfPresent(value, key) }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try encodeIfPresent(value, key) }

    private mutating func encodeIfPresent<T: Encodable>(_ value: T?, _ key: Key) throws {
        guard let value else { writer.bytes.append(0); return }
        writer.bytes.append(1)
        try writer.write(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        // An enum's case: its name picks the case when decoding.
        writer.string(key.stringValue)
        return KeyedEncodingContainer(SnapshotKeyedEncoder<NestedKey>(writer: writer))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        writer.string(key.stringValue)
        return SnapshotUnkeyedEncoder(writer: writer)
    }

    mutating func superEncoder() -> any Encoder { SnapshotEncoderCore(writer: writer) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { SnapshotEncoderCore(writer: writer) }
}

struct SnapshotUnkeyedEncoder: UnkeyedEncodingContainer {
    let writer: SnapshotByteWriter
    /// Where the 4-byte element count sits.
    let countOffset: Int
    private(set) var count = 0
    var codingPath: [any CodingKey] { [] }

    init(writer: SnapshotByteWriter) {
        self.writer = writer
        countOffset = writer.bytes.count
        writer.bytes.append(contentsOf: [0, 0, 0, 0])
    }

    private mutating func counted() {
        count += 1
        let n = UInt32(truncatingIfNeeded: count)
        for k in 0..<4 { writer.bytes[countOffset + k] = UInt8(truncatingIfNeeded: n >> UInt32(8 * k)) }
    }

    mutating func encodeNil() throws {
        writer.bytes.append(0)
        counted()
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try writer.write(value)
        counted()
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        counted()
        return KeyedEncodingContainer(SnapshotKeyedEncoder<NestedKey>(writer: writer))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        counted()
        return SnapshotUnkeyedEncoder(writer: writer)
    }

    mutating func superEncoder() -> any Encoder {
        counted()
        return SnapshotEncoderCore(writer: writer)
    }
}

struct SnapshotSingleEncoder: SingleValueEncodingContainer {
    let writer: SnapshotByteWriter
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() throws { writer.bytes.append(0) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        writer.bytes.append(1)
        try writer.write(value)
    }
}
