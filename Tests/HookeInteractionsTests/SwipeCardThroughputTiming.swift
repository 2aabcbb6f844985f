import Foundation
import Hooke
import HookeInteractions
import XCTest

/// Measures stepping many swipe cards as a plain `[SwipeCard]` (prints ns per card-step;
/// meaningful in release: `swift test -c release --filter SwipeCardThroughputTiming`).
final class SwipeCardThroughputTiming: XCTestCase {
    func testTenThousandCardsStepInPlace() throws {
        let count = 10_000
        let h = 1.0 / 120
        var cards = [SwipeCard](repeating: try SwipeCard(), count: count)
        // Half the cards are released toward home, half are thrown; each with its own drag.
        for index in cards.indices {
            let dx = Double(index % 200) - 100
            let vx = index % 2 == 0 ? 0 : 2_000.0
            for event in try panStream(start: SIMD2(160, 190), translation: SIMD2(dx, 20), velocity: SIMD2(vx, 0)) {
                cards[index].handle(event)
            }
        }
        // The first 0.1 s, while every card moves, then the rest of the second.
        for (label, steps) in [("first 0.1 s, all moving", 12), ("next 0.9 s", 108)] {
            let start = DispatchTime.now().uptimeNanoseconds
            for _ in 0..<steps {
                for index in cards.indices { cards[index].step(by: h) }
            }
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start)
            print(String(format: "SwipeCard (%@): %d cards, %.2f ns per card-step, %.3f ms per 120 Hz step",
                         label, count, elapsed / Double(steps * count), elapsed / Double(steps) / 1e6))
        }
        // After 1 s every returning card has settled and every thrown card has left.
        for (index, card) in cards.enumerated() {
            if index % 2 == 0 {
                XCTAssertEqual(card.renderState.phase, .resting, "card \(index)")
            } else {
                XCTAssertEqual(card.renderState.phase, .gone(.swipedRight), "card \(index)")
            }
        }
    }

    /// The same through `GestureBatchPlayback`: recorded drags delivered as they come due,
    /// starts spread over 0.5 s, for 1.5 s.
    func testTenThousandCardsReplayRecordings() throws {
        let count = 10_000
        let flick = try GestureRecording(kind: .pan, events: try panStream(
            start: SIMD2(160, 190), translation: SIMD2(40, 0), velocity: SIMD2(1_200, 0)))
        let drag = try GestureRecording(kind: .pan, events: try panStream(
            start: SIMD2(160, 190), translation: SIMD2(90, 10), velocity: SIMD2(-50, 0)))
        var batch = try GestureBatchPlayback(
            bodies: Array(repeating: try SwipeCard(), count: count), recordings: [flick, drag],
            assignment: (0..<count).map { $0 % 2 }, offsets: (0..<count).map { Double($0 % 60) / 120 })
        let steps = 180
        let start = DispatchTime.now().uptimeNanoseconds
        for _ in 0..<steps { batch.step() }
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start)
        print(String(format: "GestureBatchPlayback: %d cards, %.2f ns per card-step, %.3f ms per 120 Hz step",
                     count, elapsed / Double(steps * count), elapsed / Double(steps) / 1e6))
        XCTAssertTrue(batch.hasDeliveredAllEvents)
        XCTAssertEqual(batch.bodies[0].renderState.phase, .gone(.swipedRight))
        XCTAssertEqual(batch.bodies[count - 1].renderState.phase, .resting)
    }
}
