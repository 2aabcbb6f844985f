import XCTest
import Hooke
@testable import HookeTuning

/// The sweep's side-by-side bisections must end on exactly the τ of the scalar ones.
final class SpringSweepBisectionTests: XCTestCase {
    /// SplitMix64 (Steele, Lea & Flood, OOPSLA 2014), uniform in [lo, hi).
    private struct Random {
        var state: UInt64
        mutating func next(_ lo: Double, _ hi: Double) -> Double {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            z ^= z >> 31
            return lo + (hi - lo) * Double(z >> 11) / Double(1 << 53)
        }
    }

    /// Random interpolants (crossing or not, with NaN and ±∞ values among them), levels
    /// equal to p₀ (the τ = 0 case), counts that are not multiples of the lane count.
    private func segments(_ count: Int, seed: UInt64) -> [Hermite] {
        var random = Random(state: seed)
        return (0..<count).map { j in
            var p0 = random.next(-1, 1), p1 = random.next(-1, 1)
            let m0 = random.next(-0.5, 0.5), m1 = random.next(-0.5, 0.5)
            if j % 37 == 5 { p1 = .nan }
            if j % 41 == 7 { p0 = .infinity }
            return Hermite(p0: p0, m0: m0, p1: p1, m1: m1)
        }
    }

    func testCrossingsMatchScalarBitForBit() {
        for count in [0, 1, 7, 8, 9, 300] {
            let segments = segments(count, seed: UInt64(count) + 11)
            var random = Random(state: 99)
            let levels = segments.enumerated().map { j, s in j % 13 == 3 ? s.p0 : random.next(-1, 1) }
            let batched = SpringSweepBisection.crossings(segments, levels: levels)
            XCTAssertEqual(batched.count, count)
            for j in 0..<count {
                let scalar = segments[j].crossing(of: levels[j])
                XCTAssertEqual(batched[j].bitPattern, scalar.bitPattern, "segment \(j) of \(count)")
            }
            if count == 300 {
                // Not all at an end: the bisections really moved.
                XCTAssertGreaterThan(batched.filter { $0 > 0.01 && $0 < 0.99 }.count, 50)
            }
        }
    }

    func testBandExitsMatchScalarBitForBit() {
        for count in [0, 1, 7, 8, 9, 300] {
            let segments = segments(count, seed: UInt64(count) + 23)
            var random = Random(state: 5)
            let bands = segments.map { _ in random.next(0.001, 0.6) }
            let starts = segments.map { _ in random.next(0, 0.5) }
            let batched = SpringSweepBisection.bandExits(segments, bands: bands, from: starts)
            XCTAssertEqual(batched.count, count)
            for j in 0..<count {
                let scalar = segments[j].bandExit(bands[j], from: starts[j])
                XCTAssertEqual(batched[j].bitPattern, scalar.bitPattern, "segment \(j) of \(count)")
            }
            if count == 300 {
                XCTAssertGreaterThan(Set(batched.map { ($0 * 100).rounded() }).count, 20)
            }
        }
    }
}
