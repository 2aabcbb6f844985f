import Foundation
import Hooke
import HookeInteractions
import XCTest

/// A recording whose last event is at t = 1e300 s trapped in `run(until: recording.endTime + 1)`
/// (GesturePlayback.swift: "Double value cannot be converted to Int because the result
/// would be greater than Int.max"); at 1e9 s it would have run 1.2·10¹¹ steps holding every
/// frame. `run(until:)` now refuses an end more than `maximumRunStepCount` steps away.
final class PlaybackRunTrappedOnAHugeEventTimeTests: XCTestCase {
    static func recording(endingAt time: Double) throws -> GestureRecording {
        try GestureRecording(json: Data("""
            {"kind": "pan", "events": [
              {"phase": "began", "time": 0, "touches": [[160, 300]]},
              {"phase": "ended", "time": \(time), "touches": [[240, 310]]}
            ]}
            """.utf8))
    }

    func testAnEndBeyondTheCapIsRefusedNamingEndTime() throws {
        for time in [1e300, 1e9, Double(GesturePlayback<SwipeCard>.maximumRunStepCount) / 120 + 1] {
            let recording = try Self.recording(endingAt: time)
            var playback = try GesturePlayback(recording: recording, body: try SwipeCard())
            XCTAssertThrowsError(try playback.run(until: recording.endTime + 1), "end \(time) s") { error in
                guard case let .invalidParameter(name, value, requirement)? = error as? HookeError else {
                    return XCTFail("\(error)")
                }
                XCTAssertEqual(name, "endTime")
                XCTAssertEqual(value, recording.endTime + 1)
                XCTAssertTrue(requirement.contains("at most 1000000 steps"), requirement)
            }
            XCTAssertEqual(playback.stepCount, 0, "a refused run runs nothing")
        }
    }

    func testNonFiniteEndsAreRefused() throws {
        var playback = try GesturePlayback(recording: try Self.recording(endingAt: 0.1), body: try SwipeCard())
        for end in [Double.nan, .infinity, -.infinity] {
            XCTAssertThrowsError(try playback.run(until: end), "\(end)")
        }
    }

    /// The cap counts from the steps already run, and an end exactly at it is accepted:
    /// 10⁶ steps of 1/120 s run in one call and give 10⁶ + 1 frames (step 0 first).
    func testTheCapItselfRuns() throws {
        let cap = GesturePlayback<SwipeCard>.maximumRunStepCount
        var playback = try GesturePlayback(recording: try Self.recording(endingAt: 0.1), body: try SwipeCard())
        let frames = try playback.run(until: Double(cap) / 120)
        XCTAssertEqual(frames.count, cap + 1)
        XCTAssertEqual(playback.stepCount, cap)
        let more = try playback.run(until: Double(2 * cap) / 120)
        XCTAssertEqual(more.count, cap)
        XCTAssertEqual(more.first?.step, cap + 1)
    }
}
