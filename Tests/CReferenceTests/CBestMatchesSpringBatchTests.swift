import XCTest
import CReference
import HookeBatch
import HookeCore

/// `c-best`, the benchmark's best C loop (Benchmarks/CReference/CBest.c), must compute
/// what `SpringBatch` computes bit for bit, so that the benchmark's checksum gate holds it
/// to the same computation. These tests drive both with the same items, retargets and
/// frames of 1, 2 and 3 steps, and compare every column bit for bit, in Double and in
/// Float, in the rounding of this build (`HOOKE_FMA` or not, as `SpringBatchKernel`).
/// A long stretch without retargets lets groups go quiescent (SpringBatch's check every
/// 64 steps settles them exactly on their targets), and a retarget wakes one again; the
/// driver below segments frames at the checks as `CBestEngine` does.
///
/// Group sizes are odd (1, 7, 37 items) so that SpringBatch's vector loops, ragged-end
/// windows and scalar paths and the C loop's vector body and remainder all take part.
final class CBestMatchesSpringBatchTests: XCTestCase {
    static var fused: Bool {
        #if HOOKE_FMA
        return true
        #else
        return false
        #endif
    }

    static let springs = [
        try! Spring(dampingRatio: 0.3, response: 0.5),
        try! Spring(dampingRatio: 1.0, response: 0.4),
        try! Spring(dampingRatio: 2.5, response: 0.6),
    ]
    static let groupSizes = [37, 1, 7]
    static let timestep = 1.0 / 120

    /// Deterministic values in `range` (a 64-bit LCG's top bits).
    struct Values {
        var state: UInt64
        mutating func next(_ range: ClosedRange<Double>) -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return range.lowerBound + Double(state >> 11) / Double(1 << 53) * (range.upperBound - range.lowerBound)
        }
    }

    /// One item's start, as the benchmark's workload draws it.
    struct Item {
        var x, y, vx, vy, tx, ty: Double
    }

    func testDoubleColumnsMatchSpringBatchBitForBit() {
        check(Double.self, CBestD.self)
    }

    func testFloatColumnsMatchSpringBatchBitForBit() {
        check(Float.self, CBestF.self)
    }

    private func check<S: BinaryFloatingPoint & SIMDScalar & Sendable, C: CBestGroup>(_: S.Type, _: C.Type)
        where C.Scalar == S {
        var values = Values(state: 0x486F_6F6B)
        let batch = try! SpringBatch<S>(timestep: Self.timestep)
        var handles: [[SpringBatch<S>.Handle]] = []
        var groups: [C] = []
        for (spring, size) in zip(Self.springs, Self.groupSizes) {
            let items = (0..<size).map { _ in
                Item(x: values.next(0...1000), y: values.next(0...1000),
                     vx: values.next(-2000...2000), vy: values.next(-2000...2000),
                     tx: values.next(0...1000), ty: values.next(0...1000))
            }
            handles.append(items.map {
                batch.add(position: SIMD2($0.x, $0.y), target: SIMD2($0.tx, $0.ty),
                          velocity: SIMD2($0.vx, $0.vy), spring: spring)
            })
            groups.append(C(items))
        }
        assertEqual(batch, groups, "after adding")
        var stepsTaken = 0
        var settled = 0
        /// Steps both as SpringBatch and CBestEngine do.
        func step(_ steps: Int) {
            batch.step(count: steps)
            var remaining = steps
            while remaining > 0 {
                let segment = min(remaining, 64 - stepsTaken % 64)
                for g in groups.indices {
                    groups[g].frame(steps: segment, Self.springs[g].transition(over: Self.timestep), fused: Self.fused)
                }
                remaining -= segment
                stepsTaken += segment
                if stepsTaken % 64 == 0 {
                    for g in groups.indices where !groups[g].quiescent {
                        if groups[g].settle(timestep: Self.timestep, ulps: 2) { settled += 1 }
                    }
                }
            }
        }
        for frame in 0..<12 {
            // Retarget every third item of every group, from a frame-dependent start.
            for g in groups.indices {
                for k in stride(from: frame % 3, to: handles[g].count, by: 3) {
                    let x = values.next(0...1000), y = values.next(0...1000)
                    batch.retarget(handles[g][k], to: SIMD2(x, y))
                    groups[g].retarget(k, x, y)
                }
            }
            let steps = [2, 1, 3][frame % 3]
            step(steps)
            assertEqual(batch, groups, "after frame \(frame) of \(steps) steps")
        }
        // Five seconds without retargets: the stiffer groups converge and are settled.
        for frame in 0..<300 {
            step(2)
            assertEqual(batch, groups, "after quiet frame \(frame)")
        }
        XCTAssertGreaterThan(settled, 0, "no group went quiescent: the check was not exercised")
        // A retarget wakes the critically damped group, stepped from its settled state.
        let x = values.next(0...1000), y = values.next(0...1000)
        batch.retarget(handles[1][0], to: SIMD2(x, y))
        groups[1].retarget(0, x, y)
        for frame in 0..<40 {
            step(2)
            assertEqual(batch, groups, "after frame \(frame) since the wake-up")
        }
        for g in groups.indices { groups[g].free() }
    }

    private func assertEqual<S, C: CBestGroup>(_ batch: SpringBatch<S>, _ groups: [C], _ when: String)
        where C.Scalar == S {
        batch.withColumns { columns in
            XCTAssertEqual(columns.groupRanges.map(\.count), Self.groupSizes)
            var slot = 0
            for (g, group) in groups.enumerated() {
                for i in 0..<group.count {
                    let c = group.state(i)
                    let expected = [columns.dx[slot], columns.dy[slot], columns.vx[slot], columns.vy[slot],
                                    columns.tx[slot], columns.ty[slot]]
                    let got = [c.dx, c.dy, c.vx, c.vy, c.tx, c.ty]
                    XCTAssertEqual(got.map { Double($0) }.map(\.bitPattern), expected.map { Double($0) }.map(\.bitPattern),
                                   "\(S.self) group \(g) item \(i) (dx, dy, vx, vy, tx, ty) \(when): \(got) vs \(expected)")
                    slot += 1
                }
            }
        }
    }
}

/// One group's C columns behind one interface for both precisions.
protocol CBestGroup {
    associatedtype Scalar: BinaryFloatingPoint
    init(_ items: [CBestMatchesSpringBatchTests.Item])
    var count: Int { get }
    mutating func retarget(_ i: Int, _ x: Double, _ y: Double)
    mutating func frame(steps: Int, _ phi: SpringTransition, fused: Bool)
    var quiescent: Bool { get }
    mutating func settle(timestep: Double, ulps: Double) -> Bool
    func state(_ i: Int) -> (dx: Scalar, dy: Scalar, vx: Scalar, vy: Scalar, tx: Scalar, ty: Scalar)
    mutating func free()
}

struct CBestD: CBestGroup {
    var c = hooke_c_best_columns_d()
    init(_ items: [CBestMatchesSpringBatchTests.Item]) {
        precondition(hooke_c_best_alloc_d(&c, items.count))
        hooke_c_best_load_d(&c, items.map(\.x), items.map(\.y), items.map(\.vx), items.map(\.vy),
                            items.map(\.tx), items.map(\.ty))
    }
    var count: Int { c.count }
    mutating func retarget(_ i: Int, _ x: Double, _ y: Double) {
        var x = x, y = y
        hooke_c_best_retarget_d(&c, i, i + 1, &x, &y)
    }
    mutating func frame(steps: Int, _ phi: SpringTransition, fused: Bool) {
        hooke_c_best_frame_d(&c, 0, c.count, steps, phi.phi11, phi.phi12, phi.phi21, phi.phi22, fused)
    }
    func state(_ i: Int) -> (dx: Double, dy: Double, vx: Double, vy: Double, tx: Double, ty: Double) {
        (c.dx[i], c.dy[i], c.vx[i], c.vy[i], c.tx[i], c.ty[i])
    }
    var quiescent: Bool { c.quiescent }
    mutating func settle(timestep: Double, ulps: Double) -> Bool { hooke_c_best_settle_d(&c, timestep, ulps) }
    mutating func free() { hooke_c_best_free_d(&c) }
}

struct CBestF: CBestGroup {
    var c = hooke_c_best_columns_f()
    init(_ items: [CBestMatchesSpringBatchTests.Item]) {
        precondition(hooke_c_best_alloc_f(&c, items.count))
        hooke_c_best_load_f(&c, items.map(\.x), items.map(\.y), items.map(\.vx), items.map(\.vy),
                            items.map(\.tx), items.map(\.ty))
    }
    var count: Int { c.count }
    mutating func retarget(_ i: Int, _ x: Double, _ y: Double) {
        var x = x, y = y
        hooke_c_best_retarget_f(&c, i, i + 1, &x, &y)
    }
    mutating func frame(steps: Int, _ phi: SpringTransition, fused: Bool) {
        hooke_c_best_frame_f(&c, 0, c.count, steps, phi.phi11, phi.phi12, phi.phi21, phi.phi22, fused)
    }
    func state(_ i: Int) -> (dx: Float, dy: Float, vx: Float, vy: Float, tx: Float, ty: Float) {
        (c.dx[i], c.dy[i], c.vx[i], c.vy[i], c.tx[i], c.ty[i])
    }
    var quiescent: Bool { c.quiescent }
    mutating func settle(timestep: Double, ulps: Double) -> Bool { hooke_c_best_settle_f(&c, timestep, ulps) }
    mutating func free() { hooke_c_best_free_f(&c) }
}
