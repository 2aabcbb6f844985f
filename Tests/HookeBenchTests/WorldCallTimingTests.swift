import XCTest
@testable import hooke_bench

/// The `components` scenario's World rows measure what they name: every box of the
/// settled pile is found under its own centre (the point query's checksum counts them,
/// one per call), every ray across the pile at a row's height hits boxes, and the
/// dragged anchor moves by the half points the update asked for.
final class WorldCallTimingTests: XCTestCase {
    func testEveryBoxIsFoundUnderItsCentreAndRaysAndUpdatesDoTheirWork() throws {
        let timings = try WorldCallTiming.calls(sizes: [120], repetitions: 1)
        XCTAssertEqual(timings.map(\.variant), ["bodies(at:)", "castRay", "update(_:_:)"])
        let query = timings[0], ray = timings[1], update = timings[2]
        XCTAssertEqual(query.calls, 120)
        XCTAssertEqual(query.checksum, 120, "boxes found under their own centres, of 120")
        // Three rows of 40 boxes: each ray at a row's height passes through that row.
        XCTAssertGreaterThanOrEqual(ray.checksum, Double(ray.calls), "a ray found no box")
        // The checksum of the timed repetition (the second pass: frames 1001…2000) sums
        // the anchor's x as the World holds it after each update: the first box's
        // settled x plus (frame mod 100)/2.
        XCTAssertEqual(update.calls, 1000)
        let offsets = (1001...2000).reduce(0.0) { $0 + Double($1 % 100) * 0.5 }
        let home = (update.checksum - offsets) / 1000
        XCTAssertEqual(home, 12, accuracy: 2, "the first box settles near its column's centre, x = 12 pt")
    }
}
