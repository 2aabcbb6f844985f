import Hooke
import XCTest

/// The batch's vector loops, their ragged ends and the cache blocking against the
/// arithmetic of one item: d' = φ11·d + φ12·v, v' = φ21·d + φ22·v in `Scalar`, with Φ
/// rounded once to `Scalar` — bit for bit, for groups of every length around the vector
/// widths and at every offset from a cache line.
final class SpringBatchKernelTests: XCTestCase {
    /// One item stepped by the textbook recurrence, the way the kernel documents it.
    private struct ScalarItem<S: BinaryFloatingPoint> {
        var dx: S, dy: S, vx: S, vy: S

        mutating func step(_ phi: SpringTransition) {
            let p11 = S(phi.phi11), p12 = S(phi.phi12), p21 = S(phi.phi21), p22 = S(phi.phi22)
            func dot(_ a: S, _ x: S, _ b: S, _ y: S) -> S {
                #if HOOKE_FMA
                return (a * x).addingProduct(b, y)
                #else
                return a * x + b * y
                #endif
            }
            (dx, vx) = (dot(p11, dx, p12, vx), dot(p21, dx, p22, vx))
            (dy, vy) = (dot(p11, dy, p12, vy), dot(p21, dy, p22, vy))
        }
    }

    private func check<S: BinaryFloatingPoint & SIMDScalar & Sendable>(_: S.Type, groupSizes: [Int], steps: [Int]) throws {
        let h = 1.0 / 120
        let batch = try SpringBatch<S>(timestep: h)
        var springs: [Spring] = []
        var reference: [SpringBatch<S>.Handle: ScalarItem<S>] = [:]
        var transitions: [SpringBatch<S>.Handle: SpringTransition] = [:]
        var generator = SplitMix64(seed: 5)
        // Integer positions, targets and velocities: the stored displacement and
        // velocity are exact in either scalar type, so the reference starts from them.
        let r = { Double(Int(generator.next() % 2001) - 1000) }
        for (g, size) in groupSizes.enumerated() {
            let spring = try Spring(dampingRatio: 0.2 + 0.3 * Double(g % 7), response: 0.2 + 0.05 * Double(g))
            springs.append(spring)
            for _ in 0..<size {
                let position = SIMD2(r(), r()), target = SIMD2(r(), r()), velocity = SIMD2(r(), r())
                let handle = batch.add(position: position, target: target, velocity: velocity, spring: spring)
                let d = position - target
                reference[handle] = ScalarItem(dx: S(d.x), dy: S(d.y), vx: S(velocity.x), vy: S(velocity.y))
                transitions[handle] = spring.transition(over: h)
            }
        }
        for count in steps {
            batch.step(count: count)
            for handle in reference.keys {
                for _ in 0..<count { reference[handle]!.step(transitions[handle]!) }
            }
            batch.withColumns { columns in
                for slot in 0..<columns.count {
                    let expected = reference[columns.handles[slot]]!
                    let actual = (columns.dx[slot], columns.dy[slot], columns.vx[slot], columns.vy[slot])
                    guard expected.dx == actual.0, expected.dy == actual.1, expected.vx == actual.2, expected.vy == actual.3
                    else {
                        return XCTFail("\(S.self) slot \(slot) after \(count)-step call: \(actual) ≠ \(expected)")
                    }
                }
            }
        }
    }

    func testGroupsOfEveryLengthAroundTheVectorWidthMatchOneItemBitForBit() throws {
        // Group lengths 1…40 in one batch put group starts at every offset from a line;
        // calls of 1, 2, 3 and 5 steps cover single, fused and blocked passes.
        try check(Double.self, groupSizes: Array(1...40), steps: [1, 2, 3, 5])
        try check(Float.self, groupSizes: Array(1...40), steps: [1, 2, 3, 5])
    }

    func testLongGroupsAtSeveralOffsetsMatchOneItemBitForBit() throws {
        // Long groups (several cache blocks of 256 Double or 512 Float items) starting at
        // several offsets from a line, stepped in blocks (more than two steps per call).
        try check(Double.self, groupSizes: [3, 1100, 7, 613, 1, 2049, 16], steps: [2, 7])
        try check(Float.self, groupSizes: [5, 1100, 9, 613, 2, 2049, 16], steps: [2, 7])
    }
}
