import HookeCore
import XCTest

/// The snapshots' binary layout (`SnapshotBinaryEncoder`/`Decoder`): exact round trips,
/// and refusals — never traps — for truncated or hostile bytes.
final class SnapshotBinaryCoderTests: XCTestCase {
    enum Shape: Codable, Equatable {
        case circle(radius: Double)
        case box(SIMD2<Double>, label: String?)
        case point
    }

    struct Sample: Codable, Equatable {
        var values: [Double]
        var point: SIMD2<Double>
        var count: Int
        var big: UInt64
        var small: Int32
        var flag: Bool
        var name: String
        var maybe: Double?
        var absent: Int?
        var shapes: [Shape]
        var nested: [[Int]?]
        var set: Set<Int>

        static func == (a: Sample, b: Sample) -> Bool {
            // Bits, not values: NaN payloads and −0 must survive.
            a.values.map(\.bitPattern) == b.values.map(\.bitPattern) && a.point == b.point && a.count == b.count
                && a.big == b.big && a.small == b.small && a.flag == b.flag && a.name == b.name
                && a.maybe?.bitPattern == b.maybe?.bitPattern && a.absent == b.absent && a.shapes == b.shapes
                && a.nested == b.nested && a.set == b.set
        }
    }

    private let sample = Sample(
        values: [0, -0.0, .pi, Double(bitPattern: 0x7FF8_0000_0000_1234), .infinity, -.leastNonzeroMagnitude],
        point: SIMD2(1.5, -2.25), count: -123_456_789, big: .max, small: .min, flag: true, name: "pyramid ▲",
        maybe: 0.1, absent: nil, shapes: [.circle(radius: 3), .box(SIMD2(4, 5), label: nil), .box(.zero, label: "x"), .point],
        nested: [[1, 2], nil, []], set: [7, 11, -3])

    func testARoundTripKeepsEveryBit() throws {
        let bytes = try SnapshotBinaryEncoder().encode(sample)
        XCTAssertEqual(try SnapshotBinaryDecoder().decode(Sample.self, from: bytes), sample)
    }

    /// A Double is its 8 bytes, little-endian, with no tag.
    func testADoubleIsItsLittleEndianBits() throws {
        XCTAssertEqual(try SnapshotBinaryEncoder().encode(1.0), [0, 0, 0, 0, 0, 0, 0xF0, 0x3F])
    }

    /// Every truncation of a valid encoding is refused with an error, not a trap.
    func testEveryTruncationIsRefused() throws {
        let bytes = try SnapshotBinaryEncoder().encode(sample)
        for n in 0..<bytes.count {
            XCTAssertThrowsError(try SnapshotBinaryDecoder().decode(Sample.self, from: Array(bytes[..<n])), "\(n) bytes")
        }
    }

    /// Every single-byte corruption either decodes to some value or is refused; none traps.
    func testEveryByteFlipDecodesOrIsRefused() throws {
        let bytes = try SnapshotBinaryEncoder().encode(sample)
        for i in bytes.indices {
            for flip: UInt8 in [0x01, 0x80, 0xFF] {
                var bad = bytes
                bad[i] ^= flip
                _ = try? SnapshotBinaryDecoder().decode(Sample.self, from: bad)
            }
        }
    }

    func testAHostileCountIsRefusedNamingTheField() throws {
        // An array of doubles claiming 2³¹ elements in 4 bytes.
        let bytes: [UInt8] = [0, 0, 0, 0x80]
        XCTAssertThrowsError(try SnapshotBinaryDecoder().decode([Double].self, from: bytes)) { error in
            XCTAssertTrue("\(error)".contains("count"), "\(error)")
        }
    }

    func testAFlagOtherThanZeroOrOneIsRefused() throws {
        XCTAssertThrowsError(try SnapshotBinaryDecoder().decode(Bool.self, from: [2]))
    }

    func testTrailingBytesAreRefused() throws {
        XCTAssertThrowsError(try SnapshotBinaryDecoder().decode(Bool.self, from: [1, 0]))
    }
}
