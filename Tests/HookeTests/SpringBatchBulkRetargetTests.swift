import Hooke
import XCTest

/// `SpringBatch.retarget(_:to:)` with sequences promises the result of one
/// `retarget(_:to:)` call per item, in order, bit for bit: columns, rest events and rest
/// state. Each test steps two batches built alike, one retargeted in bulk and one item by
/// item, through the cases where the two paths could part: items of several groups
/// interleaved, the same item twice in one call, a group woken from quiescence, an item
/// retargeted exactly onto its position at rest (its event is due at the next step), an
/// undamped spring (never due), and the invisible-rest rule.
final class SpringBatchBulkRetargetTests: XCTestCase {
    func testBulkRetargetEqualsOneCallPerItemInDouble() throws {
        try compareBulkWithSingleCalls(Double.self, restThreshold: nil)
    }

    func testBulkRetargetEqualsOneCallPerItemInFloat() throws {
        try compareBulkWithSingleCalls(Float.self, restThreshold: nil)
    }

    func testBulkRetargetEqualsOneCallPerItemWithInvisibleRest() throws {
        try compareBulkWithSingleCalls(Double.self, restThreshold: try .position(screenScale: 3))
    }

    private func compareBulkWithSingleCalls<Scalar: BinaryFloatingPoint & SIMDScalar & Sendable>(
        _: Scalar.Type, restThreshold: RestThreshold?
    ) throws {
        let springs = [try Spring(dampingRatio: 0.4, response: 0.3), try Spring(dampingRatio: 1, response: 0.2),
                       try Spring(dampingRatio: 1.8, response: 0.5), try Spring(mass: 1, stiffness: 100, damping: 0)]
        let bulk = try SpringBatch<Scalar>(restThreshold: restThreshold)
        let single = try SpringBatch<Scalar>(restThreshold: restThreshold)
        var random = SplitMix64(seed: 0xB01C)
        func uniform(_ range: ClosedRange<Double>) -> Double {
            range.lowerBound + Double(random.next() >> 11) / Double(1 << 53) * (range.upperBound - range.lowerBound)
        }
        var handles: [SpringBatch<Scalar>.Handle] = []
        for k in 0..<200 {
            let spring = springs[k % 3 == 0 && k % 50 == 0 ? 3 : k % 3]
            let position = SIMD2(uniform(0...800), uniform(0...800))
            let target = SIMD2(uniform(0...800), uniform(0...800))
            let velocity = SIMD2(uniform(-900...900), uniform(-900...900))
            let handle = bulk.add(position: position, target: target, velocity: velocity, spring: spring)
            XCTAssertEqual(single.add(position: position, target: target, velocity: velocity, spring: spring), handle)
            handles.append(handle)
        }
        // The stiff critical group settles to quiescence within these 10 s, so the
        // retargets below wake it.
        bulk.step(count: 1200)
        single.step(count: 1200)
        _ = bulk.drainRestEvents()
        _ = single.drainRestEvents()

        for frame in 0..<240 {
            var moved: [SpringBatch<Scalar>.Handle] = []
            var targets: [SIMD2<Double>] = []
            for _ in 0..<(frame % 7 * 9) {
                let handle = handles[Int(random.next() % UInt64(handles.count))]
                moved.append(handle)
                // Now and then exactly onto the item's position: at rest, nothing to travel.
                targets.append(frame % 11 == 0 ? bulk.position(of: handle)
                                                : SIMD2(uniform(0...800), uniform(0...800)))
            }
            bulk.retarget(moved, to: targets)
            for (handle, target) in zip(moved, targets) { single.retarget(handle, to: target) }
            bulk.step(count: 2)
            single.step(count: 2)
            XCTAssertEqual(bulk.drainRestEvents(), single.drainRestEvents(), "frame \(frame)")
            for handle in handles {
                XCTAssertEqual(bulk.position(of: handle), single.position(of: handle), "frame \(frame), \(handle)")
                XCTAssertEqual(bulk.velocity(of: handle), single.velocity(of: handle), "frame \(frame), \(handle)")
                XCTAssertEqual(bulk.isResting(handle), single.isResting(handle), "frame \(frame), \(handle)")
            }
        }
    }

    func testBulkRetargetMovesTargetsAndKeepsPositions() throws {
        let batch = try SpringBatch<Double>()
        let spring = try Spring(dampingRatio: 0.8, response: 0.4)
        let items = (0..<5).map { batch.add(position: SIMD2(Double($0) * 10, 0), target: .zero, spring: spring) }
        batch.step(count: 3)
        let before = items.map { batch.position(of: $0) }
        batch.retarget(items, to: items.indices.lazy.map { SIMD2(300, Double($0) * 40) })
        for (k, item) in items.enumerated() {
            XCTAssertEqual(batch.target(of: item), SIMD2(300, Double(k) * 40))
            // Re-expressed from the new target: the position moves by at most an ulp.
            XCTAssertEqual(batch.position(of: item).x, before[k].x, accuracy: 300 * Double.ulpOfOne)
            XCTAssertEqual(batch.position(of: item).y, before[k].y, accuracy: 300 * Double.ulpOfOne)
        }
    }
}
