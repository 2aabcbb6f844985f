import Foundation
@testable import HookeBatch
import Hooke
import XCTest

/// `SpringBatch` with a `restThreshold` (Docs/animation.md, "Rest"): each item's rest event
/// comes at the first step from which its remaining motion is invisible — checked on an
/// exact `SpringMotion` of the same item stepped beside it — and the item then sits exactly
/// on its target.
final class SpringBatchInvisibleRestTests: XCTestCase {
    func testEachItemRestsAtTheFirstStepFromWhichItsMotionIsInvisible() throws {
        let h = 1.0 / 120
        let pixel = try RestThreshold.position(screenScale: 3)
        let batch = try SpringBatch<Double>(timestep: h, restThreshold: pixel)
        let springs = [try Spring(dampingRatio: 0.3, response: 0.4), try Spring(dampingRatio: 1, response: 0.3),
                       try Spring(dampingRatio: 2, response: 0.2)]
        var motions: [SpringBatch<Double>.Handle: SpringMotion<SIMD2<Double>>] = [:]
        for k in 0..<9 {
            let spring = springs[k % 3]
            let start = SIMD2<Double>(Double(k) * 37 - 150, Double(k * k) - 20)
            let velocity = SIMD2<Double>(Double(k) * 300 - 1200, 400)
            let handle = batch.add(position: start, target: SIMD2(100, 200), velocity: velocity, spring: spring)
            motions[handle] = try SpringMotion(spring: spring, value: start, target: SIMD2(100, 200), velocity: velocity)
        }
        var rested: [SpringBatch<Double>.Handle: Int] = [:]
        for step in 1...600 {
            for handle in motions.keys where rested[handle] == nil {
                // Not yet at rest in the batch: the exact motion is not yet invisible.
                XCTAssertGreaterThan(motions[handle]!.restTime(threshold: pixel), 0, "step \(step)")
            }
            batch.step()
            for handle in motions.keys { motions[handle]!.step(by: h) }
            for handle in batch.drainRestEvents() {
                rested[handle] = step
                // From here the exact motion never leaves the band, and the batch sits on target.
                XCTAssertEqual(motions[handle]!.restTime(threshold: pixel), 0, "step \(step)")
                XCTAssertEqual(batch.position(of: handle), SIMD2(100, 200))
                XCTAssertEqual(batch.velocity(of: handle), .zero)
            }
        }
        XCTAssertEqual(rested.count, motions.count)
    }
}
