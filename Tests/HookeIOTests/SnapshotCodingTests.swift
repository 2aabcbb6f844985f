import Foundation
@testable import HookeIO
import HookeCore
import XCTest

/// The snapshot coder on its own (Docs/snapshots.md, "The binary form", "The JSON form"):
/// every value survives both forms bit for bit, and malformed bytes are refused with the
/// offset of the fault, without allocating for counts the bytes cannot hold.
final class SnapshotCodingTests: XCTestCase {
    struct Sample: Codable, Equatable {
        var doubles: [Double]
        var big: UInt64
        var small: Int64
        var name: String
        var flag: Bool?
        var nested: [[Int32]]
        var point: SIMD2<Double>

        static func == (a: Sample, b: Sample) -> Bool {
            a.doubles.map(\.bitPattern) == b.doubles.map(\.bitPattern) && a.big == b.big && a.small == b.small
                && a.name == b.name && a.flag == b.flag && a.nested == b.nested
                && a.point.x.bitPattern == b.point.x.bitPattern && a.point.y.bitPattern == b.point.y.bitPattern
        }
    }

    let sample = Sample(
        doubles: [0, -0.0, 1.0 / 3, .infinity, -.infinity, .nan, Double(bitPattern: 0x7FF0_0000_0000_5D00),
                  .leastNonzeroMagnitude, .greatestFiniteMagnitude, 0.1],
        big: .max, small: .min, name: "ünïcode \"quoted\"\n", flag: nil, nested: [[1, -2], [], [Int32.max]],
        point: [1e-300, -1e300])

    func roundTrip(binary: Bool) throws -> Sample {
        let tree = try SnapshotEncoder().encode(sample)
        let bytes = binary ? SnapshotBinary.encode(tree, version: 1)
                           : Array(JSONValue.object([("state", tree.json)]).text.utf8)
        let back: SnapshotValue
        if binary {
            back = try SnapshotBinary.decode(bytes, versions: 1...1).0
        } else {
            back = try XCTUnwrap(SnapshotValue(json: try JSONParser.parse(bytes)).objectMember("state"))
        }
        return try SnapshotDecoder().decode(Sample.self, from: back)
    }

    func testEveryValueSurvivesBothFormsBitForBit() throws {
        XCTAssertEqual(try roundTrip(binary: true), sample)
        XCTAssertEqual(try roundTrip(binary: false), sample)
    }

    /// LEB128 and zig-zag at their edges: 0, 127, 128, 2⁶³ − 1, −2⁶³, 2⁶⁴ − 1.
    func testIntegersAtTheEdgesOfTheirEncodings() throws {
        for n: Int64 in [0, 1, -1, 63, -64, 64, 127, 128, .max, .min] {
            XCTAssertEqual(try SnapshotBinary.decode(SnapshotBinary.encode(.int(n), version: 1), versions: 1...1).0, .int(n))
        }
        for n: UInt64 in [0, 127, 128, 16_383, 16_384, .max] {
            XCTAssertEqual(try SnapshotBinary.decode(SnapshotBinary.encode(.uint(n), version: 1), versions: 1...1).0, .uint(n))
        }
    }

    /// A payload behind a correct header: so the hash lets it through and the reader itself
    /// must refuse it.
    func framed(_ payload: [UInt8]) -> [UInt8] {
        var out = SnapshotBinary.magic
        for (x, n) in [(UInt64(1), 4), (UInt64(payload.count), 8), (SnapshotBinary.fnv1a(payload), 8)] {
            for k in 0..<n { out.append(UInt8(truncatingIfNeeded: x >> UInt64(8 * k))) }
        }
        return out + payload
    }

    func testMalformedPayloadsAreRefusedAtTheirOffset() {
        let deep = [UInt8](repeating: 7, count: 2 * (SnapshotBinary.maximumDepth + 1)).enumerated().map { $0.offset % 2 == 0 ? 7 : 1 }
        for (payload, message) in [
            ([99], "an unknown tag 99 at byte 24"),
            ([7, 0xFF, 0xFF, 0xFF, 0x0F], "a count of 33554431 with 0 bytes left at byte 25"),
            ([9, 2, 0, 0, 0], "a count of 2 with 3 bytes left"),
            ([6, 2, 0xC3, 0x28], "a string that is not UTF-8 at byte 25"),
            ([8, 1, 3, 0], "key 3 before key 0 was named at byte 26"),
            ([4] + [UInt8](repeating: 0xFF, count: 10) + [1], "an integer longer than 64 bits at byte 25"),
            ([5, 0, 0], "the state ends inside a number at byte 25"),
            ([0, 0], "1 bytes after the state's end, at byte 25"),
            (deep.map(UInt8.init), "values nested more than 128 deep"),
        ] as [([UInt8], String)] {
            XCTAssertThrowsError(try SnapshotBinary.decode(framed(payload), versions: 1...1)) { error in
                XCTAssertTrue((error as? SnapshotError)?.message.contains(message) ?? false, "\(error) ≠ \(message)")
            }
        }
    }

    /// Wrong kinds and out-of-range integers name their path.
    func testTheDecoderNamesThePathOfAFault() throws {
        var tree = try SnapshotEncoder().encode(sample)
        guard case var .object(members) = tree else { return XCTFail("not an object") }
        // An absent optional is left out, as synthesised encoders do.
        XCTAssertFalse(members.contains { $0.0 == "flag" })
        let nested = try XCTUnwrap(members.firstIndex { $0.0 == "nested" })
        members[nested] = ("nested", .array([.array([.double(1.5)])]))
        tree = .object(members)
        XCTAssertThrowsError(try SnapshotDecoder().decode(Sample.self, from: tree)) { error in
            XCTAssertEqual((error as? SnapshotError)?.path, "nested[0][0]", "\(error)")
        }
        guard case var .object(whole) = try SnapshotEncoder().encode(sample) else { return XCTFail("not an object") }
        whole.removeAll { $0.0 == "point" }
        XCTAssertThrowsError(try SnapshotDecoder().decode(Sample.self, from: .object(whole))) { error in
            XCTAssertEqual((error as? SnapshotError)?.description, "point: missing")
        }
    }
}

extension SnapshotValue {
    func objectMember(_ key: String) -> SnapshotValue? {
        guard case let .object(members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }
}
