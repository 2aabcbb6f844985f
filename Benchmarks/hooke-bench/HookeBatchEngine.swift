import Hooke

/// Hooke's batch engine, `SpringBatch<Double>` or `SpringBatch<Float>`, used as an
/// application uses it: items added one by one with their springs, a frame's items
/// retargeted through their handles in one `retarget(_:to:)` call, stepped with
/// `step(count:threads:)` once per frame, rest events drained after every frame.
final class HookeBatchEngine<Scalar: BinaryFloatingPoint & SIMDScalar & Sendable>: BenchEngine {
    private let batch: SpringBatch<Scalar>
    /// The handle of workload item i.
    private var handles: [SpringBatch<Scalar>.Handle] = []
    private let threads: Int
    private var restEvents: [SpringBatch<Scalar>.Handle] = []
    private var drained = 0
    var restEventCount: Int? { drained }

    init(_ workload: SpringsWorkload, threads: Int) {
        // The workload's timestep is positive and the default tolerance valid by
        // construction; a throw here is a bug.
        batch = try! SpringBatch<Scalar>(timestep: SpringsWorkload.timestep)
        self.threads = threads
        handles.reserveCapacity(workload.itemCount)
        for (items, spring) in zip(workload.groups, workload.springs) {
            for i in items {
                handles.append(batch.add(
                    position: SIMD2(workload.startX[i], workload.startY[i]),
                    target: SIMD2(workload.retargets.initialX[i], workload.retargets.initialY[i]),
                    velocity: SIMD2(workload.startVX[i], workload.startVY[i]),
                    spring: spring))
            }
        }
    }

    func retarget(_ frame: RetargetSchedule.Frame) {
        // Through buffer pointers, as `CBestServicesEngine` hands the same arrays to C.
        handles.withUnsafeBufferPointer { handles in
            frame.x.withUnsafeBufferPointer { x in
                frame.y.withUnsafeBufferPointer { y in
                    batch.retarget(UnsafeBufferPointer(rebasing: handles[frame.items]),
                                   to: frame.items.lazy.map { SIMD2(x[$0], y[$0]) })
                }
            }
        }
    }

    func step(count: Int) {
        batch.step(count: count, threads: threads)
        // As an animation loop that drains every frame would: into one reused array.
        restEvents.removeAll(keepingCapacity: true)
        batch.drainRestEvents(into: &restEvents)
        drained += restEvents.count
    }

    func checksum() -> Double {
        batch.withColumns { columns in
            var sum = CompensatedSum()
            for i in 0..<columns.count {
                sum.add(x: Double(columns.x[i]), y: Double(columns.y[i]),
                        vx: Double(columns.vx[i]), vy: Double(columns.vy[i]))
            }
            return sum.value
        }
    }

    /// SpringBatch's storage per item (its documentation, "Storage").
    var bytesPerItem: Double { Double(SpringBatch<Scalar>.bytesPerItem) }
}
