import Hooke
@testable import HookeBatch
import XCTest

/// The kernel's ragged-end windows at every width a build may choose (16, 32 and 64 bytes:
/// SSE2 or NEON, AVX, AVX-512), not only the width of the build that runs the tests:
/// each range stepped by `advanceFast` with that window must equal the textbook
/// recurrence of one item, d' = φ11·d + φ12·v, v' = φ21·d + φ22·v, bit for bit, and leave
/// the items outside the range untouched.
final class SpringBatchKernelWindowTests: XCTestCase {
    private func dot<S: BinaryFloatingPoint>(_ a: S, _ x: S, _ b: S, _ y: S) -> S {
        #if HOOKE_FMA
        return (a * x).addingProduct(b, y)
        #else
        return a * x + b * y
        #endif
    }

    private func check<Line: SIMD>(_ line: Line.Type) throws where Line.Scalar: BinaryFloatingPoint & BitwiseCopyable & Sendable {
        typealias S = Line.Scalar
        let count = 96
        let phi = try Spring(dampingRatio: 0.35, response: 0.3).transition(over: 1.0 / 120)
        let p = SpringBatchPropagator<S>(p11: S(phi.phi11), p12: S(phi.phi12), p21: S(phi.phi21), p22: S(phi.phi22))
        let columns = (0..<6).map { _ in AlignedBuffer<S>(capacity: count) }
        let storage = SpringBatchStorage<S>(dx: columns[0].base, dy: columns[1].base, vx: columns[2].base,
                                            vy: columns[3].base, tx: columns[4].base, ty: columns[5].base)
        // Integers, exact in either scalar type; distinct per column and item.
        var start: [[S]] = []
        for column in 0..<4 {
            start.append((0..<count).map { (i: Int) -> S in
                let value: Int = (i * 37 + column * 11) % 201 - 100
                return S(value)
            })
        }
        // Every range start within two lines of the base, every length up to three windows.
        for lo in 0..<(2 * Line.scalarCount) {
            for length in 0...(3 * Line.scalarCount) where lo + length <= count {
                for steps in [1, 2, 3, 5] {
                    for column in 0..<4 {
                        for i in 0..<count { columns[column].base[i] = start[column][i] }
                    }
                    SpringBatchKernel.advanceFast(storage, lo, lo + length, steps: steps, p, line: Line.self)
                    for i in 0..<count {
                        var (dx, dy, vx, vy) = (start[0][i], start[1][i], start[2][i], start[3][i])
                        if (lo..<(lo + length)).contains(i) {
                            for _ in 0..<steps {
                                (dx, vx) = (dot(p.p11, dx, p.p12, vx), dot(p.p21, dx, p.p22, vx))
                                (dy, vy) = (dot(p.p11, dy, p.p12, vy), dot(p.p21, dy, p.p22, vy))
                            }
                        }
                        let actual = (storage.dx[i], storage.dy[i], storage.vx[i], storage.vy[i])
                        guard actual == (dx, dy, vx, vy) else {
                            return XCTFail("\(Line.self): range \(lo)..<\(lo + length), \(steps) steps, item \(i): "
                                           + "\(actual) ≠ \((dx, dy, vx, vy))")
                        }
                    }
                }
            }
        }
    }

    func testEveryWindowWidthStepsItsRangeAsOneItemAndNothingElse() throws {
        try check(SIMD2<Double>.self)
        try check(SIMD4<Double>.self)
        try check(SIMD8<Double>.self)
        try check(SIMD4<Float>.self)
        try check(SIMD8<Float>.self)
        try check(SIMD16<Float>.self)
    }
}
