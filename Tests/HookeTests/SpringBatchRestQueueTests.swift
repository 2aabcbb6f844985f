import Hooke
@testable import HookeBatch
import XCTest

/// `SpringBatchRestQueue` is a ring buffer that grows by unrolling: checked against a
/// plain array used as a first-in-first-out queue, through many wrap-arounds and growths.
final class SpringBatchRestQueueTests: XCTestCase {
    func testMatchesAnArrayQueueThroughWrapsAndGrowth() {
        var queue = SpringBatchRestQueue()
        defer { queue.deallocate() }
        var model: [Int] = []
        var random = SplitMix64(seed: 7)
        var next = 0
        for round in 0..<4000 {
            // Phases of mostly appending and mostly taking, so the front wraps at every
            // capacity and the queue grows from 16 to a few hundred entries.
            let appendBias: UInt64 = (round / 500) % 2 == 0 ? 70 : 35
            if random.next() % 100 < appendBias || model.isEmpty {
                queue.append(SpringBatchRestEntry(due: next, index: next % 1000, generation: UInt32(next % 7)))
                model.append(next)
                next += 1
            } else {
                XCTAssertEqual(queue.front.due, model.first)
                XCTAssertEqual(Int(queue.front.index), model[0] % 1000)
                XCTAssertEqual(queue.front.generation, UInt32(model[0] % 7))
                queue.removeFirst()
                model.removeFirst()
            }
            XCTAssertEqual(queue.count, model.count)
            XCTAssertEqual(queue.mask & (queue.mask + 1), 0, "capacity is a power of two")
        }
        XCTAssertGreaterThan(queue.mask + 1, 16, "the queue grew")
        queue.removeAll()
        XCTAssertEqual(queue.count, 0)
    }
}
