/// Reads what `SnapshotBinaryEncoder` wrote, refusing anything else with a
/// `SnapshotDecodingError` that names the field (`bodies.center[3]`) — never trapping:
/// every read is bounds-checked, a count must fit in the bytes left, a Bool must be 0
/// or 1, a string valid UTF-8, and every byte must be consumed.
package struct SnapshotBinaryDecoder {
    /// The most elements one array may declare (2²⁴): with the bytes-left check, a
    /// hostile count cannot make the decoder loop or allocate beyond the input.
    package static let maximumCount = 1 << 24

    package init() {}

    package func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws(SnapshotDecodingError) -> T {
        let reader = SnapshotByteReader(bytes)
        do {
            let value = try reader.read(T.self)
            guard reader.offset == bytes.count else {
                throw reader.failure("\(bytes.count - reader.offset) bytes left over after the value")
            }
            return value
        } catch let error as SnapshotDecodingError {
            throw error
        } catch {
            throw SnapshotDecodingError(path: reader.pathText, problem: "\(error)")
        }
    }
}

/// A field the binary decoder refused: where (`path`, dotted) and why.
package struct SnapshotDecodingError: Error, Sendable, CustomStringConvertible {
    package var path: String
    package var problem: String
    package var description: String { path.isEmpty ? problem : "\(path): \(problem)" }
}

/// The input and the position every container of one decoding reads from.
final class SnapshotByteReader {
    let bytes: [UInt8]
    var offset = 0
    /// The keys and indices leading to the value being read, for messages.
    var path: [String] = []

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var pathText: String {
        path.reduce(into: "") { text, part in
            if part.hasPrefix("[") || text.isEmpty { text += part } else { text += "." + part }
        }
    }

    func failure(_ problem: String) -> SnapshotDecodingError { SnapshotDecodingError(path: pathText, problem: problem) }

    var remaining: Int { bytes.count - offset }

    func byte() throws -> UInt8 {
        guard offset < bytes.count else { throw failure("the data ends early (byte \(offset))") }
        defer { offset += 1 }
        return bytes[offset]
    }

    func raw64() throws -> UInt64 {
        guard remaining >= 8 else { throw failure("the data ends early (byte \(offset), 8 needed)") }
        var v: UInt64 = 0
        for k in 0..<8 { v |= UInt64(bytes[offset + k]) << UInt64(8 * k) }
        offset += 8
        return v
    }

    func varint() throws -> UInt64 {
        var v: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let b = try byte()
            guard shift < 64, shift < 63 || b <= 1 else { throw failure("an integer longer than 64 bits") }
            v |= UInt64(b & 0x7F) << shift
            if b < 0x80 { return v }
            shift += 7
        }
    }

    func signed() throws -> Int64 {
        let u = try varint()
        return Int64(bitPattern: (u >> 1) ^ (0 &- (u & 1)))
    }

    func integer<I: FixedWidthInteger>(_ value: some BinaryInteger, _ type: I.Type) throws -> I {
        guard let n = I(exactly: value) else { throw failure("\(value) does not fit in \(I.self)") }
        return n
    }

    func flag() throws -> Bool {
        switch try byte() {
        case 0: return false
        case 1: return true
        case let b: throw failure("expected a flag 0 or 1, got \(b)")
        }
    }

    func string() throws -> String {
        let n = try varint()
        guard n <= UInt64(remaining) else { throw failure("a string of \(n) bytes, more than the \(remaining) left") }
        let slice = bytes[offset..<(offset + Int(n))]
        offset += Int(n)
        guard let text = String(validating: slice, as: UTF8.self) else { throw failure("a string that is not UTF-8") }
        return text
    }

    func count() throws -> Int {
        guard remaining >= 4 else { throw failure("the data ends early (byte \(offset), a count needed)") }
        var n = 0
        for k in 0..<4 { n |= Int(bytes[offset + k]) << (8 * k) }
        offset += 4
        guard n <= SnapshotBinaryDecoder.maximumCount, n <= remaining else {
            throw failure("a count of \(n) elements, more than the \(min(remaining, SnapshotBinaryDecoder.maximumCount)) the data can hold")
        }
        return n
    }

    /// One value, mirroring `SnapshotByteWriter.write`.
    func read<T: Decodable>(_ type: T.Type) throws -> T {
        func cast<V>(_ v: V) -> T { v as! T }  // `T` is `V`: checked by the branch.
        if T.self == Double.self { return cast(Double(bitPattern: try raw64())) }
        if T.self == SIMD2<Double>.self {
            let x = Double(bitPattern: try raw64())
            return cast(SIMD2(x, Double(bitPattern: try raw64())))
        }
        if T.self == Bool.self { return cast(try flag()) }
        if T.self == Int.self { return cast(try integer(try signed(), Int.self)) }
        if T.self == Int32.self { return cast(try integer(try signed(), Int32.self)) }
        if T.self == Int64.self { return cast(try signed()) }
        if T.self == UInt8.self { return cast(try byte()) }
        if T.self == UInt32.self { return cast(try integer(try varint(), UInt32.self)) }
        if T.self == UInt64.self { return cast(try varint()) }
        if T.self == UInt.self { return cast(try integer(try varint(), UInt.self)) }
        if T.self == String.self { return cast(try string()) }
        if T.self == Float.self {
            let bits = try raw64()
            guard bits <= UInt64(UInt32.max) else { throw failure("a Float wider than 32 bits") }
            return cast(Float(bitPattern: UInt32(bits)))
        }
        return try T(from: SnapshotDecoderCore(reader: self))
    }
}

struct SnapshotDecoderCore: Decoder {
    let reader: SnapshotByteReader
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(SnapshotKeyedDecoder<Key>(reader: reader))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { try SnapshotUnkeyedDecoder(reader: reader) }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { SnapshotSingleDecoder(reader: reader) }
}

final class SnapshotKeyedDecoder<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let reader: SnapshotByteReader
    var codingPath: [any CodingKey] { [] }
    /// An enum's case name, read by `allKeys` before its payload.
    private var caseName: String?

    init(reader: SnapshotByteReader) { self.reader = reader }

    var allKeys: [Key] {
        // Only a synthesised enum asks, before anything else; a bad name is no key,
        // which the enum reports as a corrupt value.
        if caseName == nil { caseName = (try? reader.string()) ?? "" }
        return Key(stringValue: caseName!).map { [$0] } ?? []
    }

    func contains(_ key: Key) -> Bool { true }

    private func at<V>(_ key: Key, _ body: () throws -> V) throws -> V {
        reader.path.append(key.stringValue)
        let value = try body()
        reader.path.removeLast()
        return value
    }

    func decodeNil(forKey key: Key) throws -> Bool { try at(key) { try !reader.flag() } }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try at(key) { try reader.read(T.self) } }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try at(key) { try reader.flag() ? try reader.read(T.self) : nil }
    }

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try optional(type, key) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? { try optional(type, key) }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? { try optional(type, key) }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try optional(type, key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try optional(type, key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try optional(type, key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try optional(type, key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try optional(type, key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try optional(type, key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try optional(type, key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try optional(type, key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try optional(type, key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try optional(type, key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try optional(type, key) }

    private func optional<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T? {
        try at(key) { try reader.flag() ? try reader.read(T.self) : nil }
    }

    /// Reads the case name the encoder wrote unless `allKeys` did, and checks it.
    private func consumeName(_ key: Key) throws {
        let name = try caseName ?? reader.string()
        caseName = nil
        guard name == key.stringValue else { throw reader.failure("expected case \(key.stringValue), got \(name)") }
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try consumeName(key)
        return KeyedDecodingContainer(SnapshotKeyedDecoder<NestedKey>(reader: reader))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try consumeName(key)
        return try SnapshotUnkeyedDecoder(reader: reader)
    }

    func superDecoder() throws -> any Decoder { SnapshotDecoderCore(reader: reader) }
    func superDecoder(forKey key: Key) throws -> any Decoder { SnapshotDecoderCore(reader: reader) }
}

struct SnapshotUnkeyedDecoder: UnkeyedDecodingContainer {
    let reader: SnapshotByteReader
    let count: Int?
    private(set) var currentIndex = 0
    var codingPath: [any CodingKey] { [] }
    var isAtEnd: Bool { currentIndex >= count! }

    init(reader: SnapshotByteReader) throws {
        self.reader = reader
        count = try reader.count()
    }

    private mutating func next<V>(_ body: () throws -> V) throws -> V {
        guard !isAtEnd else { throw reader.failure("more elements read than the \(count!) written") }
        reader.path.append("[\(currentIndex)]")
        let value = try body()
        reader.path.removeLast()
        currentIndex += 1
        return value
    }

    mutating func decodeNil() throws -> Bool {
        // Peeks: a present optional leaves its flag for the value's own read.
        guard !isAtEnd else { throw reader.failure("more elements read than the \(count!) written") }
        guard reader.offset < reader.bytes.count else { throw reader.failure("the data ends early") }
        if reader.bytes[reader.offset] == 0 {
            reader.offset += 1
            currentIndex += 1
            return true
        }
        return false
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let reader = reader
        return try next { try reader.read(T.self) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let reader = reader
        return try next { KeyedDecodingContainer(SnapshotKeyedDecoder<NestedKey>(reader: reader)) }
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let reader = reader
        return try next { try SnapshotUnkeyedDecoder(reader: reader) }
    }

    mutating func superDecoder() throws -> any Decoder {
        let reader = reader
        return try next { SnapshotDecoderCore(reader: reader) }
    }
}

struct SnapshotSingleDecoder: SingleValueDecodingContainer {
    let reader: SnapshotByteReader
    var codingPath: [any CodingKey] { [] }

    func decodeNil() -> Bool {
        // Peeks: 0 is an absent optional (consumed); 1 stays for `decode`.
        guard reader.offset < reader.bytes.count, reader.bytes[reader.offset] == 0 else { return false }
        reader.offset += 1
        return true
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        guard try reader.flag() else { throw reader.failure("a value is absent") }
        return try reader.read(T.self)
    }
}
