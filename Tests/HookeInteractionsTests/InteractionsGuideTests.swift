import Foundation
import Hooke
import HookeInteractions
import XCTest

/// Outcomes of the scenes of Docs/interactions.md beyond what its examples state (the
/// examples themselves are compiled and run from the doc: DocsExamples/).
final class InteractionsGuideTests: XCTestCase {
    func testPlaybackSnippet() throws {
        let json = Data("""
            {"kind": "pan", "events": [
              {"phase": "began",   "time": 0.000, "touches": [[160, 300]]},
              {"phase": "changed", "time": 0.008, "touches": [[163, 301]]},
              {"phase": "ended",   "time": 0.150, "touches": [[240, 310]]}
            ]}
            """.utf8)
        var drawn: [SwipeCard.RenderState] = []
        func draw(center: SIMD2<Double>, angle: Double, scale: Double, overlay: SwipeOverlay) {
            XCTAssertTrue(center.x.isFinite && angle.isFinite && scale > 0 && overlay.alpha >= 0)
        }
        // --- snippet
        let recording = try GestureRecording(json: json)
        var playback = try GesturePlayback(recording: recording, body: try SwipeCard())
        for frame in try playback.run(until: recording.endTime + 1) {
            let card = frame.state
            draw(center: card.center, angle: card.angle, scale: card.scale, overlay: card.overlay)
            // --- end of snippet
            drawn.append(card)
        }
        XCTAssertEqual(drawn.count, 1 + 138)   // step 0, then ⌈1.15·120⌉ steps
        XCTAssertEqual(drawn[1].center, SIMD2(163, 191), "the changed event lands at step 1 (0.0083 s ≥ 0.008 s)")
    }

    func testLiveSnippet() throws {
        let timestamp = 0.0, point = SIMD2<Double>(160, 190), frameDuration = 1.0 / 60
        // --- snippet
        var card = try SwipeCard()
        var clock = try FixedStepClock()
        // gesture callback:
        card.handle(try GestureEvent(.changed, time: timestamp, location: point))
        // display callback:
        for _ in 0..<(try clock.advance(by: frameDuration)) { card.step(by: clock.step) }
        let state = card.renderState
        // --- end of snippet
        XCTAssertEqual(state.phase, .resting, "a changed event without began is ignored")
        XCTAssertEqual(clock.stepCount, 2)
    }

    func testBatchSnippet() throws {
        let flick = try GestureRecording(kind: .pan, events: try panStream(
            start: SIMD2(160, 190), translation: SIMD2(40, 0), velocity: SIMD2(1_200, 0)))
        let drag = try GestureRecording(kind: .pan, events: try panStream(
            start: SIMD2(160, 190), translation: SIMD2(90, 10), velocity: SIMD2(-50, 0)))
        // --- snippet
        var batch = try GestureBatchPlayback(
            bodies: Array(repeating: try SwipeCard(), count: 10_000), recordings: [flick, drag],
            assignment: (0..<10_000).map { $0 % 2 }, offsets: (0..<10_000).map { Double($0 % 60) / 120 })
        for _ in 0..<240 { batch.step() }          // 2 s at 120 Hz
        let first = batch.bodies[0].renderState
        // --- end of snippet
        XCTAssertEqual(first.phase, .gone(.swipedRight))
        XCTAssertEqual(batch.bodies[1].renderState.phase, .resting)
    }
}
