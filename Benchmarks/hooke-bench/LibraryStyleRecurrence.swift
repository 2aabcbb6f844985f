/// The arithmetic of `library-style` written out over plain arrays, item by item and axis
/// by axis: what the checksum gate holds `LibraryStyleEngine` to.
///
/// The library-style engine integrates with semi-implicit Euler on the frame duration, not
/// with the exact propagator, so its final state differs from the other engines' by the
/// discretisation error, which no single tolerance bounds at every N (one item in flight
/// can be off by tens of percent). Instead `BenchRunner` replays the same frames through
/// this recurrence after the measurement, untimed, and `ChecksumAgreement` requires the
/// engine's checksum to equal this one's bit for bit: a retarget dropped, a frame skipped
/// or a settle test misplaced in the engine changes it.
///
/// Per running item and axis, with the same operations in the same order as the engine's
/// `SIMD2<Double>` lanes (Swift contracts no multiply–add on its own, so each rounds alike):
///
///     f = (x − t)·(−k) − v·c,   a = f / m,   v ← v + a·dt,   x ← x + v·dt
///
/// then the settle test on both axes: (x − t)² + (y − t_y)² < r² and vx² + vy² < s² puts
/// the item on its target at rest, skipped until its next retarget.
final class LibraryStyleRecurrence: FrameDriven {
    /// The items' state in columns. A value held by the class, so that a frame is one
    /// mutating call: its loop then makes no exclusivity check per array access, and the
    /// untimed replay takes a fraction of the engine's time.
    private struct Columns {
        var x: [Double], y: [Double], vx: [Double], vy: [Double]
        var tx: [Double], ty: [Double]
        var finished: [Bool]
        /// Item i's mass, stiffness and damping.
        let m: [Double], k: [Double], c: [Double]

        mutating func retarget(_ frame: RetargetSchedule.Frame) {
            for i in frame.items {
                tx[i] = frame.x[i]
                ty[i] = frame.y[i]
                finished[i] = false
            }
        }

        mutating func step(_ dt: Double) {
            let r = LibraryStyleSpringAnimation<SIMD2<Double>>.restingDistance
            let s = LibraryStyleSpringAnimation<SIMD2<Double>>.restingSpeed
            for i in x.indices where !finished[i] {
                let ax = ((x[i] - tx[i]) * -k[i] - vx[i] * c[i]) / m[i]
                let ay = ((y[i] - ty[i]) * -k[i] - vy[i] * c[i]) / m[i]
                vx[i] = vx[i] + ax * dt
                vy[i] = vy[i] + ay * dt
                x[i] = x[i] + vx[i] * dt
                y[i] = y[i] + vy[i] * dt
                let dx = x[i] - tx[i], dy = y[i] - ty[i]
                if dx * dx + dy * dy < r * r, vx[i] * vx[i] + vy[i] * vy[i] < s * s {
                    (x[i], y[i], vx[i], vy[i]) = (tx[i], ty[i], 0, 0)
                    finished[i] = true
                }
            }
        }
    }

    private var columns: Columns

    init(_ workload: SpringsWorkload) {
        var m: [Double] = [], k: [Double] = [], c: [Double] = []
        for (items, spring) in zip(workload.groups, workload.springs) {
            m += Array(repeating: spring.mass, count: items.count)
            k += Array(repeating: spring.stiffness, count: items.count)
            c += Array(repeating: spring.damping, count: items.count)
        }
        columns = Columns(
            x: workload.startX, y: workload.startY, vx: workload.startVX, vy: workload.startVY,
            tx: workload.retargets.initialX, ty: workload.retargets.initialY,
            finished: Array(repeating: false, count: workload.itemCount), m: m, k: k, c: c)
    }

    func retarget(_ frame: RetargetSchedule.Frame) {
        columns.retarget(frame)
    }

    /// One frame: one Euler step of `count` × 1/120 s, as the engine takes.
    func step(count: Int) {
        columns.step(Double(count) * SpringsWorkload.timestep)
    }

    /// Σ (x + y + vx + vy) in item order, as `LibraryStyleEngine.checksum()` sums.
    func checksum() -> Double {
        var sum = CompensatedSum()
        for i in columns.x.indices {
            sum.add(x: columns.x[i], y: columns.y[i], vx: columns.vx[i], vy: columns.vy[i])
        }
        return sum.value
    }
}
