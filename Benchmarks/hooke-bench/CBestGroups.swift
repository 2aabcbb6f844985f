import Hooke

/// The workload's spring groups as CBest.c columns, group g at `columns + g`, contiguous:
/// the state `c-best` and `c-best-services` step, and what both do to it besides their
/// retargets — the frame loop on one thread, `SpringBatch`'s quiescence checks at fixed
/// step numbers, and the checksum.
final class CBestGroups<Columns: CBestColumns> {
    /// The rounding `SpringBatch` uses in this build (see `SpringBatchKernel.dot`).
    static var fusedMultiplyAdd: Bool {
        #if HOOKE_FMA
        return true
        #else
        return false
        #endif
    }

    /// `SpringBatch.quiescenceInterval` and `SpringBatch.quiescenceUlps` (internal to
    /// HookeBatch, so restated here; the bit-identity check fails if they drift apart).
    static var quiescenceInterval: Int { 64 }
    static var quiescenceUlps: Double { 2 }

    let columns: UnsafeMutablePointer<Columns>
    let count: Int
    let transitions: [SpringTransition]
    /// Fixed steps taken since the start, for the quiescence checks.
    private(set) var stepsTaken = 0

    init(_ workload: SpringsWorkload) {
        count = workload.groups.count
        transitions = workload.transitions
        columns = .allocate(capacity: count)
        for (g, items) in workload.groups.enumerated() {
            (columns + g).initialize(to: Columns(workload, items: items))
        }
    }

    deinit {
        for g in 0..<count { columns[g].free() }
        columns.deallocate()
    }

    /// `steps` fixed steps as `SpringBatch.step` takes them: a call that crosses a
    /// multiple of the quiescence interval is run as two segments (which changes no bit)
    /// with the check in between. `advance(segment)` steps every group (`advanceAll` on
    /// this thread); `settled(g)` hears of each group the check puts on its targets.
    func step(_ steps: Int, advance: (Int) -> Void, settled: (Int) -> Void = { _ in }) {
        var remaining = steps
        while remaining > 0 {
            let interval = Self.quiescenceInterval
            let segment = min(remaining, interval - stepsTaken % interval)
            advance(segment)
            remaining -= segment
            stepsTaken += segment
            if stepsTaken % interval == 0 {
                for g in 0..<count where !columns[g].quiescent
                    && columns[g].settle(timestep: SpringsWorkload.timestep, ulps: Self.quiescenceUlps) {
                    settled(g)
                }
            }
        }
    }

    /// `steps` steps of every group on this thread, one pass for one or two (quiescent
    /// groups return at once).
    func advanceAll(_ steps: Int) {
        for g in 0..<count {
            columns[g].frame(0..<columns[g].count, steps: steps, transitions[g], fused: Self.fusedMultiplyAdd)
        }
    }

    /// Σ (x + y + vx + vy), positions read as `SpringBatchColumns` reads them (t + d,
    /// rounded to the scalar), so that equal states give equal checksums.
    func checksum() -> Double {
        var sum = CompensatedSum()
        for g in 0..<count {
            for i in 0..<columns[g].count {
                let s = columns[g].state(at: i)
                sum.add(x: s.x, y: s.y, vx: s.vx, vy: s.vy)
            }
        }
        return sum.value
    }
}
