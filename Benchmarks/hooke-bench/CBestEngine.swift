import Hooke
import CReference
import Dispatch

/// The best C baseline (`c-best`, `c-best-float`): the springs workload written in C as
/// a performance engineer would write it, and bit-identical to `SpringBatch` of the same
/// precision, so that Hooke is measured against the best loop for the same computation
/// rather than against a loop with a different layout (`c-loop`, the textbook loop).
///
/// Per spring group, CReference's CBest.c keeps SpringBatch's layout — displacement from
/// the target and velocity, per axis, plus the targets — in six 64-byte-aligned columns
/// at distinct page offsets, and steps a frame of one or two steps in one pass: each item
/// loaded once, both steps applied in registers, stored once, in a loop clang vectorises
/// with `-O3 -march=native`. It rounds as `SpringBatchKernel` does in each build: with
/// `HOOKE_FMA` (as `make bench` builds) d' = fma(φ12, v, φ11·d), otherwise two products
/// and a sum, and contraction is off for the file (see CBest.c).
///
/// It makes SpringBatch's quiescence check too, because it changes state: every 64 steps
/// (counted from the start) a group whose items have all converged to within 2 ulps of
/// their targets is put exactly on them and no longer stepped until retargeted. Between
/// the workload's retarget sweeps a stiff group does converge that far, in Float within
/// a second. It keeps no rest events (the bookkeeping SpringBatch does beside the step,
/// touching no column). `ChecksumAgreement` checks that the checksums are identical.
///
/// With T threads each group is cut into T contiguous parts at multiples of a cache line,
/// as `CLoopEngine` does; items are independent, so the result is the same bit for bit.
final class CBestEngine<Columns: CBestColumns>: BenchEngine {
    /// One spring group's columns (owned by the engine) and propagator, for the worker
    /// threads of `step`: each thread writes only its own part of the columns, and
    /// nothing else is mutated while they run.
    private final class Group: SteppedGroup, @unchecked Sendable {
        let columns: UnsafeMutablePointer<Columns>
        let phi: SpringTransition
        /// Part t of the group, for thread t.
        let parts: [Range<Int>]

        init(_ columns: UnsafeMutablePointer<Columns>, phi: SpringTransition, threads: Int) {
            self.columns = columns
            self.phi = phi
            let count = columns.pointee.count
            let perLine = AlignedColumn.alignment / MemoryLayout<Columns.Scalar>.stride
            let lines = (count + perLine - 1) / perLine
            parts = (0..<threads).map { t in
                let start = min(count, t * lines / threads * perLine)
                let end = min(count, (t + 1) * lines / threads * perLine)
                return start..<end
            }
        }

        func step(part: Int, count: Int) {
            let range = parts[part]
            guard !range.isEmpty else { return }
            columns.pointee.frame(range, steps: count, phi, fused: CBestGroups<Columns>.fusedMultiplyAdd)
        }
    }

    /// Below this many items the loop stays on the calling thread, as `SpringBatch` and
    /// `CLoopEngine` do.
    static var parallelThreshold: Int { CLoopEngine.parallelThreshold }

    private let workload: SpringsWorkload
    /// The groups' columns, contiguous: one thread walks them directly, with no object
    /// per group between it and the C loop.
    private let state: CBestGroups<Columns>
    /// The same groups for the worker threads (more than one thread only).
    private let groups: [Group]
    private let threads: Int

    init(_ workload: SpringsWorkload, threads: Int) {
        self.workload = workload
        let workers = workload.itemCount < Self.parallelThreshold ? 1 : threads
        self.threads = workers
        let state = CBestGroups<Columns>(workload)
        self.state = state
        groups = workers == 1 ? [] : (0..<state.count).map {
            Group(state.columns + $0, phi: workload.transitions[$0], threads: workers)
        }
    }

    func retarget(_ frame: RetargetSchedule.Frame) {
        for g in 0..<state.count where workload.groups[g].overlaps(frame.items) {
            let items = workload.groups[g].clamped(to: frame.items)
            state.columns[g].retarget(items, relativeTo: workload.groups[g].lowerBound, frame)
        }
    }

    func step(count: Int) {
        state.step(count, advance: advance)
    }

    /// `count` steps of every group, one pass for one or two (quiescent groups return at once).
    private func advance(_ count: Int) {
        if threads == 1 {
            state.advanceAll(count)
        } else {
            // As existentials, so that the closure captures no generic metatype.
            let groups: [any SteppedGroup] = self.groups
            DispatchQueue.concurrentPerform(iterations: threads) { part in
                for group in groups { group.step(part: part, count: count) }
            }
        }
    }

    func checksum() -> Double { state.checksum() }

    /// Six columns of the scalar: displacement, velocity and target, in x and y.
    var bytesPerItem: Double { Double(6 * MemoryLayout<Columns.Scalar>.stride) }
}

/// What `CBestEngine`'s workers call on a group.
private protocol SteppedGroup: AnyObject, Sendable {
    func step(part: Int, count: Int)
}

/// One set of CBest.c's columns, Double or Float: the C functions behind one interface.
protocol CBestColumns {
    associatedtype Scalar: BinaryFloatingPoint

    /// The columns of `items` of `workload`, loaded as `SpringBatch.add` stores them.
    init(_ workload: SpringsWorkload, items: Range<Int>)
    var count: Int { get }
    mutating func free()
    /// Retargets `items` (workload indices) to `frame`'s targets; the columns hold items
    /// from workload index `offset` on.
    mutating func retarget(_ items: Range<Int>, relativeTo offset: Int, _ frame: RetargetSchedule.Frame)
    /// `steps` steps of `phi` over `range` (column indices), one pass for one or two steps.
    mutating func frame(_ range: Range<Int>, steps: Int, _ phi: SpringTransition, fused: Bool)
    /// Whether the columns were settled and are skipped until retargeted.
    var quiescent: Bool { get }
    /// SpringBatch's quiescence check and settling (`hooke_c_best_settle_d`).
    mutating func settle(timestep: Double, ulps: Double) -> Bool
    /// One pass of the roofline's memory kernel over `range`.
    mutating func memoryPass(_ range: Range<Int>)
    /// Item i's position (t + d in the scalar) and velocity, widened to Double.
    func state(at i: Int) -> (x: Double, y: Double, vx: Double, vy: Double)
}

extension CBestColumns {
    /// Calls `body` with base pointers to `items` of the workload's six start columns.
    fileprivate static func withStart(
        _ w: SpringsWorkload, _ items: Range<Int>,
        _ body: (UnsafePointer<Double>, UnsafePointer<Double>, UnsafePointer<Double>, UnsafePointer<Double>,
                 UnsafePointer<Double>, UnsafePointer<Double>) -> Void
    ) {
        w.startX.withUnsafeBufferPointer { x in
        w.startY.withUnsafeBufferPointer { y in
        w.startVX.withUnsafeBufferPointer { vx in
        w.startVY.withUnsafeBufferPointer { vy in
        w.retargets.initialX.withUnsafeBufferPointer { tx in
        w.retargets.initialY.withUnsafeBufferPointer { ty in
            let o = items.lowerBound
            body(x.baseAddress! + o, y.baseAddress! + o, vx.baseAddress! + o, vy.baseAddress! + o,
                 tx.baseAddress! + o, ty.baseAddress! + o)
        }}}}}}
    }
}

extension hooke_c_best_columns_d: CBestColumns {
    typealias Scalar = Double

    init(_ workload: SpringsWorkload, items: Range<Int>) {
        self.init()
        guard hooke_c_best_alloc_d(&self, items.count) else { fatalError("c-best: out of memory") }
        var c = self
        Self.withStart(workload, items) { hooke_c_best_load_d(&c, $0, $1, $2, $3, $4, $5) }
    }

    mutating func free() { hooke_c_best_free_d(&self) }

    mutating func settle(timestep: Double, ulps: Double) -> Bool {
        hooke_c_best_settle_d(&self, timestep, ulps)
    }

    mutating func retarget(_ items: Range<Int>, relativeTo offset: Int, _ frame: RetargetSchedule.Frame) {
        frame.x.withUnsafeBufferPointer { x in
            frame.y.withUnsafeBufferPointer { y in
                hooke_c_best_retarget_d(&self, items.lowerBound - offset, items.upperBound - offset,
                                        x.baseAddress! + items.lowerBound, y.baseAddress! + items.lowerBound)
            }
        }
    }

    mutating func frame(_ range: Range<Int>, steps: Int, _ phi: SpringTransition, fused: Bool) {
        hooke_c_best_frame_d(&self, range.lowerBound, range.upperBound, steps,
                             phi.phi11, phi.phi12, phi.phi21, phi.phi22, fused)
    }

    mutating func memoryPass(_ range: Range<Int>) {
        hooke_c_roofline_memory_d(&self, range.lowerBound, range.upperBound)
    }

    func state(at i: Int) -> (x: Double, y: Double, vx: Double, vy: Double) {
        (tx[i] + dx[i], ty[i] + dy[i], vx[i], vy[i])
    }
}

extension hooke_c_best_columns_f: CBestColumns {
    typealias Scalar = Float

    init(_ workload: SpringsWorkload, items: Range<Int>) {
        self.init()
        guard hooke_c_best_alloc_f(&self, items.count) else { fatalError("c-best-float: out of memory") }
        var c = self
        Self.withStart(workload, items) { hooke_c_best_load_f(&c, $0, $1, $2, $3, $4, $5) }
    }

    mutating func free() { hooke_c_best_free_f(&self) }

    mutating func settle(timestep: Double, ulps: Double) -> Bool {
        hooke_c_best_settle_f(&self, timestep, ulps)
    }

    mutating func retarget(_ items: Range<Int>, relativeTo offset: Int, _ frame: RetargetSchedule.Frame) {
        frame.x.withUnsafeBufferPointer { x in
            frame.y.withUnsafeBufferPointer { y in
                hooke_c_best_retarget_f(&self, items.lowerBound - offset, items.upperBound - offset,
                                        x.baseAddress! + items.lowerBound, y.baseAddress! + items.lowerBound)
            }
        }
    }

    mutating func frame(_ range: Range<Int>, steps: Int, _ phi: SpringTransition, fused: Bool) {
        hooke_c_best_frame_f(&self, range.lowerBound, range.upperBound, steps,
                             phi.phi11, phi.phi12, phi.phi21, phi.phi22, fused)
    }

    mutating func memoryPass(_ range: Range<Int>) {
        hooke_c_roofline_memory_f(&self, range.lowerBound, range.upperBound)
    }

    func state(at i: Int) -> (x: Double, y: Double, vx: Double, vy: Double) {
        (Double(tx[i] + dx[i]), Double(ty[i] + dy[i]), Double(vx[i]), Double(vy[i]))
    }
}
