import Foundation
import Hooke
import HookeInteractions
import XCTest

final class GestureBatchPlaybackTests: XCTestCase {
    /// Each body receives its recording's events at the first step at or after their
    /// shifted time, n = ⌈120·(t + offset)⌉, and a card replayed in a batch ends exactly
    /// as the same card replayed alone with the shifted recording.
    func testBodiesReplayTheirShiftedRecordings() throws {
        let flick = try GestureRecording(kind: .pan, events: try panStream(
            start: SIMD2(160, 190), translation: SIMD2(40, 0), velocity: SIMD2(1_200, 0)))
        let drag = try GestureRecording(kind: .pan, events: try panStream(
            start: SIMD2(160, 190), translation: SIMD2(90, 10), velocity: SIMD2(-50, 0)))
        let count = 12
        let offsets = (0..<count).map { Double($0) * 0.0125 }      // 1.5 steps apart
        var batch = try GestureBatchPlayback(
            bodies: Array(repeating: try SwipeCard(), count: count), recordings: [flick, drag],
            assignment: (0..<count).map { $0 % 2 }, offsets: offsets)
        var releaseSteps = Array(repeating: -1, count: count)
        for _ in 0..<180 {
            batch.step()
            for index in 0..<count where releaseSteps[index] < 0 && batch.bodies[index].decision != nil {
                releaseSteps[index] = batch.stepCount
            }
        }
        XCTAssertTrue(batch.hasDeliveredAllEvents)
        for index in 0..<count {
            let recording = index % 2 == 0 ? flick : drag
            // The ended event is at 20/120 s in both recordings; shifted by 1.5·index steps.
            XCTAssertEqual(recording.endTime, 20.0 / 120, accuracy: 1e-15)
            let expected = 20 + (3 * index + 1) / 2         // ⌈20 + 1.5·index⌉
            XCTAssertEqual(releaseSteps[index], expected, "body \(index)")
            XCTAssertEqual(batch.bodies[index].decision, index % 2 == 0 ? .swipedRight : .returned)

            let shifted = try GestureRecording(kind: .pan, events: recording.events.map {
                try GestureEvent($0.phase, time: $0.time + offsets[index], location: $0.location)
            })
            var alone = try GesturePlayback(recording: shifted, body: try SwipeCard(), startTime: 0)
            _ = try alone.run(until: 180.0 / 120)
            XCTAssertEqual(alone.body.renderState, batch.bodies[index].renderState, "body \(index)")
        }
    }

    func testMismatchedInputsAreRefusedByName() throws {
        let recording = try GestureRecording(kind: .pan, events: try panStream(
            start: .zero, translation: SIMD2(1, 0), velocity: .zero))
        let cards = [try SwipeCard(), try SwipeCard()]
        XCTAssertThrowsError(try GestureBatchPlayback(bodies: cards, recordings: [recording], assignment: [0])) {
            XCTAssertTrue("\($0)".hasPrefix("assignment must be one entry per body"), "\($0)")
        }
        XCTAssertThrowsError(try GestureBatchPlayback(bodies: cards, recordings: [recording], assignment: [0, 1])) {
            XCTAssertTrue("\($0)".hasPrefix("assignment[1]"), "\($0)")
        }
        XCTAssertThrowsError(try GestureBatchPlayback(
            bodies: cards, recordings: [recording], assignment: [0, 0], offsets: [0, .nan])) {
            XCTAssertTrue("\($0)".hasPrefix("offsets[1]"), "\($0)")
        }
        XCTAssertThrowsError(try GestureBatchPlayback(bodies: cards, recordings: [recording], assignment: [0, 0], step: 0)) {
            XCTAssertTrue("\($0)".hasPrefix("step"), "\($0)")
        }
    }
}
