@testable import HookeBatch
import Hooke
import XCTest

/// The rest wheel keeps at most one node per item however often items are re-armed, and
/// reports each settle exactly once, at the settle time after the last arming.
final class SpringBatchRestWheelTests: XCTestCase {
    /// The defect: every retarget filed a queue entry that stayed until its due step, so
    /// retargeting every item every frame held settle time / frame time entries per item
    /// (300 MB at 10⁵ items and the slowest benchmark spring). Now the wheel's node count
    /// stays at most the number of items, and the events are those of the last retarget.
    func testRetargetingEveryItemEveryFrameKeepsOneRestNodePerItem() throws {
        let spring = try Spring(dampingRatio: 2.5, response: 0.6)   // 385 steps at 120 Hz
        let batch = try SpringBatch<Double>()
        let items = (0..<500).map { batch.add(position: SIMD2(Double($0), 0), target: [0, 300], spring: spring) }
        let settle = SpringBatch<Double>.settleSteps(spring, timestep: batch.timestep, tolerance: batch.restTolerance)
        XCTAssertGreaterThan(settle, 300)
        for frame in 0..<600 {
            batch.retarget(items, to: items.indices.lazy.map { SIMD2(Double($0), Double(frame % 7 + 1) * 50) })
            batch.step(count: 2)
            XCTAssertEqual(batch.drainRestEvents(), [], "frame \(frame): re-armed every frame, never due")
            XCTAssertLessThanOrEqual(batch.restWheel.nodeCount, items.count, "frame \(frame)")
        }
        // Left alone, each item rests once, `settle` steps after its last retarget.
        var restedAt: [Int: Int] = [:]
        for step in 1...(2 * settle) {
            batch.step()
            for handle in batch.drainRestEvents() {
                XCTAssertNil(restedAt[handle.index], "\(handle) reported twice")
                restedAt[handle.index] = step
            }
        }
        XCTAssertEqual(restedAt.count, items.count)
        // The last retarget came two steps (the last frame) before the loop above.
        XCTAssertEqual(Set(restedAt.values), [settle - 2])
    }

    /// An item removed while listed leaves a stale node; the item that reuses its index
    /// gets its own node and rests on its own schedule, and the stale node is freed.
    func testAReusedIndexRestsOnItsOwnScheduleAndTheStaleNodeIsFreed() throws {
        let slow = try Spring(dampingRatio: 2.5, response: 0.6), fast = try Spring(dampingRatio: 1, response: 0.25)
        let batch = try SpringBatch<Double>()
        let h = batch.timestep, tolerance = batch.restTolerance
        let old = batch.add(position: [0, 0], target: [100, 0], spring: slow)
        batch.step()
        batch.remove(old)
        let new = batch.add(position: [0, 0], target: [100, 0], spring: fast)
        XCTAssertEqual(new.index, old.index)
        XCTAssertEqual(batch.restWheel.nodeCount, 2)
        let fastSettle = SpringBatch<Double>.settleSteps(fast, timestep: h, tolerance: tolerance)
        let slowSettle = SpringBatch<Double>.settleSteps(slow, timestep: h, tolerance: tolerance)
        var events: [(SpringBatch<Double>.Handle, Int)] = []
        for step in 1...(slowSettle + 10) {
            batch.step()
            events += batch.drainRestEvents().map { ($0, step) }
        }
        XCTAssertEqual(events.map(\.0), [new])
        XCTAssertEqual(events.map(\.1), [fastSettle])
        // Both nodes are back on the free list: the next arming reuses one.
        _ = batch.add(position: [0, 0], target: [1, 0], spring: fast)
        XCTAssertEqual(batch.restWheel.nodeCount, 2)
    }
}
