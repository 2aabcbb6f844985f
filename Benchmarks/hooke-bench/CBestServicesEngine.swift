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
    /// Group g's columns at `state.columns + g`, as the C retarget indexes them.
    private let state: CBestGroups<Columns>
    private var services = hooke_c_best_services()
    /// The handle of workload item i (index i, generation 0, as `SpringBatch.add` hands
    /// them out to items added in order).
    private let handles: [hooke_cbs_handle]
    private var restEvents: [hooke_cbs_handle] = []
    private var drained = 0
    var restEventCount: Int? { drained }

    init(_ workload: SpringsWorkload) {
        state = CBestGroups(workload)
        handles = (0..<workload.itemCount).map { hooke_cbs_handle(index: Int64($0), generation: 0) }
        // The batch's own rest delays, so that events come due at the same steps.
        let batch = try! SpringBatch<Double>(timestep: SpringsWorkload.timestep)
        let settle = workload.springs.map { Int64(batch.restSteps(for: $0) ?? -1) }
        let sizes = workload.groups.map(\.count)
        guard hooke_cbs_init(&services, sizes, settle, state.count) else { fatalError("c-best-services: out of memory") }
    }

    deinit {
        hooke_cbs_free(&services)
    }

    func retarget(_ frame: RetargetSchedule.Frame) {
        guard !frame.items.isEmpty else { return }
        let first = frame.items.lowerBound
        handles.withUnsafeBufferPointer { h in
            frame.x.withUnsafeBufferPointer { x in
                frame.y.withUnsafeBufferPointer { y in
                    Columns.retarget(&services, state.columns, h.baseAddress! + first, frame.items.count,
                                     x.baseAddress! + first, y.baseAddress! + first, now: state.stepsTaken)
                }
            }
        }
    }

    /// As `CBestEngine.step`, with the batch's event order: a group found quiescent
    /// reports its unreported items at the check, then the due events at the call's end.
    func step(count: Int) {
        state.step(count, advance: state.advanceAll) { g in
            guard hooke_cbs_report_group(&services, g) else { fatalError("c-best-services: out of memory") }
        }
        guard hooke_cbs_record_due(&services, Int64(state.stepsTaken)) else { fatalError("c-best-services: out of memory") }
        // Drained as `HookeBatchEngine` drains the batch: into one reused array.
        restEvents.removeAll(keepingCapacity: true)
        restEvents.append(contentsOf: UnsafeBufferPointer(start: services.events, count: services.event_count))
        services.event_count = 0
        drained += restEvents.count
    }

    func checksum() -> Double { state.checksum() }

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
