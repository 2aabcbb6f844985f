import Hooke
import XCTest

/// Settled items must not drift into subnormal arithmetic (some hundred times slower on
/// x86): once converged to rounding level they are put exactly on their targets.
final class SpringBatchQuiescenceTests: XCTestCase {
    private func assertNoSubnormal<S: BinaryFloatingPoint & SIMDScalar & Sendable>(
        _ batch: SpringBatch<S>, _ message: String, file: StaticString = #filePath, line: UInt = #line
    ) {
        batch.withColumns { c in
            // The stored state: displacement from the target and velocity.
            for column in [c.dx, c.dy, c.vx, c.vy] {
                for value in column where value.isSubnormal {
                    XCTFail("\(message): subnormal \(value)", file: file, line: line)
                    return
                }
            }
        }
    }

    /// Springs from strongly over-damped (slowest decay 5.6 /s) to under-damped, toward
    /// targets at 0 (where only the smallest normal numbers bound the decay) and at 500 pt:
    /// a displacement of 10³ pt reaches 2⁵² × the smallest normal number, 1e−292, after
    /// ln(1e295)/5.6 ≈ 121 s, and subnormals (below 2.2e−308) only after ≈ 128 s.
    func testSettledItemsLandExactlyOnTheirTargetsWithoutSubnormals() throws {
        let batch = try SpringBatch<Double>()
        let springs = try [0.5, 1, 2].map { try Spring(dampingRatio: $0, response: 0.3) }
        var handles: [(SpringBatch<Double>.Handle, SIMD2<Double>)] = []
        for (index, spring) in springs.enumerated() {
            for target in [SIMD2<Double>(0, 0), SIMD2(500, -250)] {
                let start = target + SIMD2(1000, -700) * Double(index + 1)
                handles.append((batch.add(position: start, target: target, velocity: [300, 0], spring: spring), target))
            }
        }
        for call in 1...(150 * 60) {
            batch.step(count: 2)
            if call % 60 == 0 { assertNoSubnormal(batch, "after \(call) frames") }
        }
        for (handle, target) in handles {
            XCTAssertEqual(batch.position(of: handle), target)
            XCTAssertEqual(batch.velocity(of: handle), .zero)
        }
    }

    /// A retarget wakes a quiescent group: the item leaves its target as the closed form
    /// from rest says.
    func testARetargetAfterQuiescenceMovesOnTheClosedForm() throws {
        let batch = try SpringBatch<Double>()
        let spring = try Spring(dampingRatio: 1, response: 0.2)
        let handle = batch.add(position: [100, 100], target: [0, 0], spring: spring)
        for _ in 0..<(200 * 60) { batch.step(count: 2) }
        XCTAssertEqual(batch.position(of: handle), .zero)
        batch.retarget(handle, to: [50, -20])
        for _ in 0..<12 { batch.step() }
        let t = 12 * batch.timestep
        let omega = 2 * Double.pi / 0.2
        // Critically damped from rest at displacement d₀: d(t) = d₀(1 + ωt)e^{−ωt}.
        let expected = SIMD2<Double>(50, -20) + SIMD2(-50, 20) * (1 + omega * t) * exp(-omega * t)
        let position = batch.position(of: handle)
        XCTAssertEqual(position.x, expected.x, accuracy: 1e-10)
        XCTAssertEqual(position.y, expected.y, accuracy: 1e-10)
    }

    /// Float columns reach subnormals (below 1.2e−38) far sooner; the same holds.
    func testFloatItemsSettleWithoutSubnormals() throws {
        let batch = try SpringBatch<Float>()
        let spring = try Spring(dampingRatio: 0.7, response: 0.4)
        let handle = batch.add(position: [300, 300], target: [0, 0], spring: spring)
        for call in 1...(60 * 60) {
            batch.step(count: 2)
            if call % 30 == 0 { assertNoSubnormal(batch, "after \(call) frames") }
        }
        XCTAssertEqual(batch.position(of: handle), .zero)
    }
}
