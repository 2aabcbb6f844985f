import Hooke
import CReference
import Dispatch

/// The practical limit: CReference's plain C structure-of-arrays loop, compiled
/// `-O3 -march=native` by `make bench`, stepping each spring group with its own Φ over
/// six 64-byte-aligned columns of its own. It stores positions, as a loop written from
/// the textbook form of the step would; `SpringBatch` stores displacements from the
/// targets instead, so the two differ in layout, not only in language (see
/// Docs/benchmarks.md, "The C loop and the batch's layout").
///
/// With T threads each group is cut into T contiguous parts (at multiples of eight
/// items, so every part starts on a cache line) and thread t steps part t of every
/// group; items are independent, so the result is the same bit for bit.
final class CLoopEngine: BenchEngine {
    /// One spring group's columns and propagator.
    ///
    /// Shared with the worker threads of `step`: each thread writes only its own part
    /// of the columns, and nothing else is mutated while they run.
    private final class Group: @unchecked Sendable {
        let x, y, vx, vy, tx, ty: AlignedColumn
        let phi: SpringTransition
        /// Part t of the group, for thread t.
        let parts: [Range<Int>]

        init(_ workload: SpringsWorkload, items: Range<Int>, phi: SpringTransition, threads: Int) {
            x = AlignedColumn(workload.startX[items])
            y = AlignedColumn(workload.startY[items])
            vx = AlignedColumn(workload.startVX[items])
            vy = AlignedColumn(workload.startVY[items])
            tx = AlignedColumn(workload.retargets.initialX[items])
            ty = AlignedColumn(workload.retargets.initialY[items])
            self.phi = phi
            let perLine = AlignedColumn.alignment / MemoryLayout<Double>.stride
            let lines = (items.count + perLine - 1) / perLine
            parts = (0..<threads).map { t in
                let start = min(items.count, t * lines / threads * perLine)
                let end = min(items.count, (t + 1) * lines / threads * perLine)
                return start..<end
            }
        }

        func step(part: Int, count: Int) {
            let range = parts[part]
            guard !range.isEmpty else { return }
            let o = range.lowerBound
            hooke_c_spring_step(
                range.count, count,
                x.base + o, y.base + o, vx.base + o, vy.base + o, tx.base + o, ty.base + o,
                phi.phi11, phi.phi12, phi.phi21, phi.phi22)
        }
    }

    /// Below this many items the loop stays on the calling thread whatever `threads`
    /// says, as `SpringBatch` does by default, so that the thread counts compare like
    /// with like (a dispatch costs about as much as a frame of 10⁵ items here).
    static let parallelThreshold = SpringBatch<Double>.defaultParallelThreshold

    private let workload: SpringsWorkload
    private let groups: [Group]
    private let threads: Int

    init(_ workload: SpringsWorkload, threads: Int) {
        self.workload = workload
        let workers = workload.itemCount < Self.parallelThreshold ? 1 : threads
        self.threads = workers
        groups = zip(workload.groups, workload.transitions).map {
            Group(workload, items: $0, phi: $1, threads: workers)
        }
    }

    func retarget(_ frame: RetargetSchedule.Frame) {
        workload.forEachGroupSlice(of: frame.items) { g, items in
            let group = groups[g], offset = workload.groups[g].lowerBound
            for i in items {
                group.tx[i - offset] = frame.x[i]
                group.ty[i - offset] = frame.y[i]
            }
        }
    }

    func step(count: Int) {
        if threads == 1 {
            for group in groups { group.step(part: 0, count: count) }
        } else {
            let groups = self.groups
            DispatchQueue.concurrentPerform(iterations: threads) { part in
                for group in groups { group.step(part: part, count: count) }
            }
        }
    }

    func checksum() -> Double {
        var sum = CompensatedSum()
        for group in groups {
            for i in 0..<group.x.count {
                sum.add(x: group.x[i], y: group.y[i], vx: group.vx[i], vy: group.vy[i])
            }
        }
        return sum.value
    }

    /// Six double columns: position, velocity and target, in x and y.
    var bytesPerItem: Double { Double(6 * MemoryLayout<Double>.stride) }
}
