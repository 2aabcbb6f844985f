import HookeCore

/// The binary form of a snapshot (Docs/snapshots.md, "The binary form"): a 24-byte header,
/// then the tree.
///
/// Header, little-endian: the magic `HKSN`, the format version (UInt32), the payload's
/// length in bytes (UInt64) and its FNV-1a 64-bit hash (UInt64), which catches a
/// truncated, padded or damaged file before anything is read from it.
///
/// Payload: one value, each a tag byte and its content —
/// `0` null, `1` false, `2` true, `3` a signed integer (zig-zag LEB128), `4` an unsigned
/// one (LEB128), `5` a Double (its 8 bytes), `6` a string (LEB128 byte count, UTF-8), `7`
/// an array (LEB128 count, then the values), `8` an object (LEB128 count, then per member
/// its key and value), `9` an array of Doubles (LEB128 count, then 8 bytes each). A key is
/// a LEB128 index into the keys seen so far in the file; the index one past the last
/// introduces a new key, whose LEB128 byte count and UTF-8 follow. So a struct's field
/// names cost one byte after their first appearance.
package enum SnapshotBinary {
    /// `HKSN`.
    package static let magic: [UInt8] = [0x48, 0x4B, 0x53, 0x4E]
    package static let headerSize = 24
    /// Values nested deeper than this are refused (a snapshot of the World nests about
    /// a dozen deep; the limit keeps a hostile file from exhausting the stack).
    package static let maximumDepth = 128

    private enum Tag: UInt8 {
        case null = 0, `false`, `true`, int, uint, double, string, array, object, doubles
    }

    // MARK: - Writing

    /// The payload of `value`, without a header.
    package static func payload(_ value: SnapshotValue) -> [UInt8] {
        var writer = Writer()
        writer.value(value)
        return writer.bytes
    }

    /// The bytes of `value` under a header of format `version`.
    package static func encode(_ value: SnapshotValue, version: UInt32) -> [UInt8] {
        var writer = Writer()
        writer.value(value)
        var out = magic
        out.reserveCapacity(headerSize + writer.bytes.count)
        append(UInt64(version), bytes: 4, to: &out)
        append(UInt64(writer.bytes.count), bytes: 8, to: &out)
        append(fnv1a(writer.bytes), bytes: 8, to: &out)
        out += writer.bytes
        return out
    }

    private static func append(_ x: UInt64, bytes: Int, to out: inout [UInt8]) {
        for k in 0..<bytes { out.append(UInt8(truncatingIfNeeded: x >> UInt64(8 * k))) }
    }

    private struct Writer {
        var bytes: [UInt8] = []
        var keys: [String: Int] = [:]

        mutating func varint(_ x: UInt64) {
            var x = x
            while x >= 0x80 {
                bytes.append(UInt8(truncatingIfNeeded: x) | 0x80)
                x >>= 7
            }
            bytes.append(UInt8(x))
        }

        mutating func double(_ x: Double) {
            let bits = x.bitPattern
            for k in 0..<8 { bytes.append(UInt8(truncatingIfNeeded: bits >> UInt64(8 * k))) }
        }

        mutating func string(_ s: String) {
            let utf8 = Array(s.utf8)
            varint(UInt64(utf8.count))
            bytes += utf8
        }

        mutating func value(_ v: SnapshotValue) {
            switch v {
            case .null: bytes.append(Tag.null.rawValue)
            case let .bool(b): bytes.append(b ? Tag.true.rawValue : Tag.false.rawValue)
            case let .int(n):
                bytes.append(Tag.int.rawValue)
                varint(UInt64(bitPattern: (n << 1) ^ (n >> 63)))
            case let .uint(n):
                bytes.append(Tag.uint.rawValue)
                varint(n)
            case let .double(x):
                bytes.append(Tag.double.rawValue)
                double(x)
            case let .string(s):
                bytes.append(Tag.string.rawValue)
                string(s)
            case let .array(items):
                if !items.isEmpty, items.allSatisfy({ if case .double = $0 { true } else { false } }) {
                    bytes.append(Tag.doubles.rawValue)
                    varint(UInt64(items.count))
                    for case let .double(x) in items { double(x) }
                } else {
                    bytes.append(Tag.array.rawValue)
                    varint(UInt64(items.count))
                    for item in items { value(item) }
                }
            case let .object(members):
                bytes.append(Tag.object.rawValue)
                varint(UInt64(members.count))
                for (key, member) in members {
                    if let index = keys[key] {
                        varint(UInt64(index))
                    } else {
                        varint(UInt64(keys.count))
                        keys[key] = keys.count
                        string(key)
                    }
                    value(member)
                }
            }
        }
    }

    // MARK: - Reading

    /// The tree in `bytes` and its format version, after checking the header and the
    /// hash; `versions` are the versions the caller reads.
    ///
    /// - Throws: `SnapshotError` saying what is wrong and, inside the payload, at which
    ///   byte offset (from the start of the file).
    package static func decode(_ bytes: [UInt8], versions: ClosedRange<UInt32>) throws(SnapshotError) -> (SnapshotValue, UInt32) {
        guard bytes.count >= headerSize else {
            throw SnapshotError(path: "", "not a Hooke snapshot: \(bytes.count) bytes, fewer than its \(headerSize)-byte header")
        }
        guard Array(bytes[0..<4]) == magic else {
            throw SnapshotError(path: "", "not a Hooke snapshot: it does not start with \"HKSN\"")
        }
        let version = UInt32(truncatingIfNeeded: read(bytes, at: 4, count: 4))
        guard versions.contains(version) else {
            throw SnapshotError(
                path: "", "snapshot format version \(version); this Hooke reads version"
                    + (versions.count == 1 ? " \(versions.lowerBound)" : "s \(versions.lowerBound)...\(versions.upperBound)"))
        }
        let length = read(bytes, at: 8, count: 8)
        let payload = bytes.count - headerSize
        guard length == UInt64(payload) else {
            throw SnapshotError(path: "", "the header announces \(length) bytes of state, the file holds \(payload) (truncated or padded)")
        }
        let hash = read(bytes, at: 16, count: 8)
        guard fnv1a(bytes[headerSize...]) == hash else {
            throw SnapshotError(path: "", "the state's hash does not match the header's (the file is damaged)")
        }
        var reader = Reader(bytes: bytes, offset: headerSize)
        let value = try reader.value(depth: 0)
        guard reader.offset == bytes.count else {
            throw SnapshotError(path: "", "\(bytes.count - reader.offset) bytes after the state's end, at byte \(reader.offset)")
        }
        return (value, version)
    }

    private static func read(_ bytes: [UInt8], at offset: Int, count: Int) -> UInt64 {
        var x: UInt64 = 0
        for k in 0..<count { x |= UInt64(bytes[offset + k]) << UInt64(8 * k) }
        return x
    }

    /// FNV-1a, 64-bit, over bytes.
    package static func fnv1a(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3 }
        return h
    }

    private struct Reader {
        let bytes: [UInt8]
        var offset: Int
        var keys: [String] = []

        func fault(_ what: String, at start: Int) -> SnapshotError {
            SnapshotError(path: "", "\(what) at byte \(start)")
        }

        mutating func byte() throws(SnapshotError) -> UInt8 {
            guard offset < bytes.count else { throw fault("the state ends early", at: offset) }
            defer { offset += 1 }
            return bytes[offset]
        }

        mutating func varint() throws(SnapshotError) -> UInt64 {
            let start = offset
            var x: UInt64 = 0
            for shift in stride(from: 0, through: 63, by: 7) {
                let b = try byte()
                let chunk = UInt64(b & 0x7F)
                guard shift < 63 || chunk <= 1 else { throw fault("an integer longer than 64 bits", at: start) }
                x |= chunk << UInt64(shift)
                if b & 0x80 == 0 { return x }
            }
            throw fault("an integer longer than 64 bits", at: start)
        }

        /// A count of things that each take at least `size` bytes: no more than the
        /// bytes left can hold, so a hostile count cannot make the reader allocate.
        mutating func count(each size: Int) throws(SnapshotError) -> Int {
            let start = offset
            let n = try varint()
            guard n <= UInt64(bytes.count - offset) / UInt64(size) else {
                throw fault("a count of \(n) with \(bytes.count - offset) bytes left", at: start)
            }
            return Int(n)
        }

        mutating func double() throws(SnapshotError) -> Double {
            guard bytes.count - offset >= 8 else { throw fault("the state ends inside a number", at: offset) }
            defer { offset += 8 }
            return Double(bitPattern: SnapshotBinary.read(bytes, at: offset, count: 8))
        }

        mutating func string() throws(SnapshotError) -> String {
            let start = offset
            let n = try count(each: 1)
            defer { offset += n }
            guard let s = String(validating: bytes[offset..<offset + n], as: UTF8.self) else {
                throw fault("a string that is not UTF-8", at: start)
            }
            return s
        }

        mutating func value(depth: Int) throws(SnapshotError) -> SnapshotValue {
            let start = offset
            guard let tag = Tag(rawValue: try byte()) else { throw fault("an unknown tag \(bytes[start])", at: start) }
            switch tag {
            case .null: return .null
            case .false: return .bool(false)
            case .true: return .bool(true)
            case .int:
                let z = try varint()
                return .int(Int64(bitPattern: z >> 1) ^ -Int64(bitPattern: z & 1))
            case .uint: return .uint(try varint())
            case .double: return .double(try double())
            case .string: return .string(try string())
            case .doubles:
                let n = try count(each: 8)
                var items: [SnapshotValue] = []
                items.reserveCapacity(n)
                for _ in 0..<n { items.append(.double(try double())) }
                return .array(items)
            case .array, .object:
                guard depth < SnapshotBinary.maximumDepth else {
                    throw fault("values nested more than \(SnapshotBinary.maximumDepth) deep", at: start)
                }
                if tag == .array {
                    let n = try count(each: 1)
                    var items: [SnapshotValue] = []
                    items.reserveCapacity(n)
                    for _ in 0..<n { items.append(try value(depth: depth + 1)) }
                    return .array(items)
                }
                let n = try count(each: 2)
                var members: [(String, SnapshotValue)] = []
                members.reserveCapacity(n)
                for _ in 0..<n {
                    let keyStart = offset
                    let index = try varint()
                    let key: String
                    if index < UInt64(keys.count) {
                        key = keys[Int(index)]
                    } else if index == UInt64(keys.count) {
                        key = try string()
                        keys.append(key)
                    } else {
                        throw fault("key \(index) before key \(keys.count) was named", at: keyStart)
                    }
                    members.append((key, try value(depth: depth + 1)))
                }
                return .object(members)
            }
        }
    }
}
