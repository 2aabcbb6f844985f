import Foundation
import XCTest

/// `hooke sweep --shard I/N` with I near 2⁶³ (`9223372036854775806/9223372036854775807`)
/// died with SIGILL: the shard's index range was computed as I·n/N in 64 bits, and I·n
/// overflowed for any grid of two points or more. It is now computed in 128 bits.
final class SweepShardRangeOverflowedTests: XCTestCase {
    func testTheLastOfInt64MaxShardsHoldsItsPoint() throws {
        let grid = ["sweep", "--damping-ratio", "0.5,0.8", "--response", "0.3", "--format", "csv"]
        // Shard I of N holds the points ⌊I·n/N⌋ ..< ⌊(I + 1)·n/N⌋: here point 1 of 2 for the
        // last shard, point 0 for the one before the middle, none for the first.
        let cases: [(shard: String, indices: [Double])] = [
            ("9223372036854775806/9223372036854775807", [1]),
            ("4611686018427387903/9223372036854775807", [0]),
            ("0/9223372036854775807", []),
        ]
        for (shard, indices) in cases {
            let result = try CommandRunner.run(grid + ["--shard", shard])
            XCTAssertEqual(result.status, 0, "\(shard): \(result.standardError)")
            let rows = try SweepTestSupport.rows(csv: result.standardOutput)
            XCTAssertEqual(rows.map { $0["index"] }, indices, shard)
        }
    }
}
