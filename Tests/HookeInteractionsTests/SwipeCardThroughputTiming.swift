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
}
