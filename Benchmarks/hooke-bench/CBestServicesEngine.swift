import CReference
import Hooke

/// `c-best-services` and `c-best-services-float`: `c-best`'s columns and frame loop plus
/// the services `SpringBatch` gives an application beside the step, in C
/// (`Benchmarks/CReference/CBestServices.c`): a frame's items retargeted through their
/// handles, each checked, and a rest event per item due its group's settle steps after
/// its last arming, kept in a timing wheel and drained every frame into a reused array,
/// as `HookeBatchEngine` drains the batch's.
///
/// It is there to tell what those services cost written in C from what they cost in
/// Swift: `hooke` against `c-best` is the batch with its services against the step
/// alone; `hooke` against `c-best-services` is the same work in both languages. Its
/// state must equal `hooke`'s bit for bit, and it must report as many rest events
/// (`ChecksumAgreement`). One thread.
final class CBestServicesEngine<Columns: CBestServicesColumns>: BenchEngine {
    private let workload: SpringsWorkload
    /// Group g's columns, contiguous, as the C retarget indexes them.
    private let groups: UnsafeMutablePointer<Columns>
    private let groupCount: Int
    private var services = hooke_c_best_services()
    /// The handle of workload item i (index i, generation 0, as `SpringBatch.add` hands
    /// them out to items added in order).
    private let handles: [hooke_cbs_handle]
    private var restEvents: [hooke_cbs_handle] = []
    private var drained = 0
    var restEventCount: Int? { drained }
    private var stepsTaken = 0

    init(_ workload: SpringsWorkload) {
        self.workload = workload
        groupCount = workload.groups.count
        groups = .allocate(capacity: groupCount)
        for (g, items) in workload.groups.enumerated() {
            (groups + g).initialize(to: Columns(workload, items: items))
        }
        handles = (0..<workload.itemCount).map { hooke_cbs_handle(index: Int64($0), generation: 0) }
        // The batch's own rest delays, so that events come due at the same steps.
        let batch = try! SpringBatch<Double>(timestep: SpringsWorkload.timestep)
        let settle = workload.springs.map { Int64(batch.restSteps(for: $0) ?? -1) }
        let sizes = workload.groups.map(\.count)
        guard hooke_cbs_init(&services, sizes, settle, groupCount) else { fatalError("c-best-services: out of memory") }
    }

    deinit {
        for g in 0..<groupCount { groups[g].free() }
        groups.deallocate()
        hooke_cbs_free(&services)
    }

    func retarget(_ frame: RetargetSchedule.Frame) {
        guard !frame.items.isEmpty else { return }
        let first = frame.items.lowerBound
        handles.withUnsafeBufferPointer { h in
            frame.x.withUnsafeBufferPointer { x in
                frame.y.withUnsafeBufferPointer { y in
                    Columns.retarget(&services, groups, h.baseAddress! + first, frame.items.count,
                                     x.baseAddress! + first, y.baseAddress! + first, now: stepsTaken)
                }
            }
        }
    }

    /// As `CBestEngine.step`, with the batch's event order: a group found quiescent
    /// reports its unreported items at the check, then the due events at the call's end.
    func step(count: Int) {
        var remaining = count
        while remaining > 0 {
            let interval = CBestEngine<Columns>.quiescenceInterval
            let segment = min(remaining, interval - stepsTaken % interval)
            for g in 0..<groupCount {
                groups[g].frame(0..<groups[g].count, steps: segment, workload.transitions[g],
                                fused: CBestEngine<Columns>.fusedMultiplyAdd)
            }
            remaining -= segment
            stepsTaken += segment
            if stepsTaken % interval == 0 {
                for g in 0..<groupCount where !groups[g].quiescent {
                    if groups[g].settle(timestep: SpringsWorkload.timestep, ulps: CBestEngine<Columns>.quiescenceUlps) {
                        guard hooke_cbs_report_group(&services, g) else { fatalError("c-best-services: out of memory") }
                    }
                }
            }
        }
        guard hooke_cbs_record_due(&services, Int64(stepsTaken)) else { fatalError("c-best-services: out of memory") }
        // Drained as `HookeBatchEngine` drains the batch: into one reused array.
        restEvents.removeAll(keepingCapacity: true)
        restEvents.append(contentsOf: UnsafeBufferPointer(start: services.events, count: services.event_count))
        services.event_count = 0
        drained += restEvents.count
    }

    func checksum() -> Double {
        var sum = CompensatedSum()
        for g in 0..<groupCount {
            for i in 0..<groups[g].count {
                let s = groups[g].state(at: i)
                sum.add(x: s.x, y: s.y, vx: s.vx, vy: s.vy)
            }
        }
        return sum.value
    }

    /// c-best's six columns, the handle's 24-byte record and its 12-byte wheel node.
    var bytesPerItem: Double {
        Double(6 * MemoryLayout<Columns.Scalar>.stride + MemoryLayout<hooke_cbs_record>.stride
               + MemoryLayout<hooke_cbs_node>.stride)
    }
}

/// `CBestColumns` with the services' retarget of its precision.
protocol CBestServicesColumns: CBestColumns {
    static func retarget(_ services: inout hooke_c_best_services, _ groups: UnsafeMutablePointer<Self>,
                         _ handles: UnsafePointer<hooke_cbs_handle>, _ count: Int,
                         _ x: UnsafePointer<Double>, _ y: UnsafePointer<Double>, now: Int)
}

extension hooke_c_best_columns_d: CBestServicesColumns {
    static func retarget(_ services: inout hooke_c_best_services, _ groups: UnsafeMutablePointer<Self>,
                         _ handles: UnsafePointer<hooke_cbs_handle>, _ count: Int,
                         _ x: UnsafePointer<Double>, _ y: UnsafePointer<Double>, now: Int) {
        hooke_cbs_retarget_d(&services, groups, handles, count, x, y, Int64(now))
    }
}

extension hooke_c_best_columns_f: CBestServicesColumns {
    static func retarget(_ services: inout hooke_c_best_services, _ groups: UnsafeMutablePointer<Self>,
                         _ handles: UnsafePointer<hooke_cbs_handle>, _ count: Int,
                         _ x: UnsafePointer<Double>, _ y: UnsafePointer<Double>, now: Int) {
        hooke_cbs_retarget_f(&services, groups, handles, count, x, y, Int64(now))
    }
}
