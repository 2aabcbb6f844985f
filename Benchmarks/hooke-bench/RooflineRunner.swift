import CReference
import Foundation
import Hooke

/// The kernels that bound the springs workload on one core, by the name of their records.
enum RooflineKernel: String, CaseIterable, Sendable {
    /// The exact step on state held in registers (`hooke_c_roofline_compute_d`).
    case compute = "roofline-compute"
    /// The loads and stores of a fused frame, no arithmetic (`hooke_c_roofline_memory_d`).
    case memory = "roofline-memory"
    case computeFloat = "roofline-compute-float"
    case memoryFloat = "roofline-memory-float"

    var isSinglePrecision: Bool { self == .computeFloat || self == .memoryFloat }
}

/// `roofline` in the springs scenario: at each N, the compute bound and the memory bound
/// of the workload on one thread, in Double and in Float, as item-steps per second; every
/// engine's one-thread rate is then reported over the lower of the two bounds of its
/// precision (`BenchRecord.fractionOfRoofline`).
///
/// - Compute bound: the same products and (fused) sums per item-step as `c-best`, on
///   state that never leaves the registers, with enough independent items to hide the
///   latency of the arithmetic (Roofline.c). It does not depend on N; it is measured at
///   every N so that each table is self-contained. Φ is that of an undamped spring
///   (|eigenvalues| = 1): the workload's springs would decay the registers' state into
///   subnormal numbers over a repetition's millions of steps, whose arithmetic is slow
///   for reasons that have nothing to do with the workload.
/// - Memory bound: one pass per frame over `c-best`'s four state columns of N items, in
///   its layout, each loaded and stored once, as a fused frame does (the retargets' 1% of
///   items is left out). At small N it is the bandwidth of the cache the columns fit in.
struct RooflineRunner {
    let options: BenchOptions
    let progress: Progress

    func measure(_ workload: SpringsWorkload, plan: FramePlan, label: String) -> [BenchRecord] {
        RooflineKernel.allCases.map { kernel in
            measure(kernel, workload: workload, plan: plan, label: label + " " + kernel.rawValue)
        }
    }

    /// Φ(1/120 s) of an undamped spring of response 0.5 s: a rotation in the (ω·d, v) plane.
    static let undampedTransition: (p11: Double, p12: Double, p21: Double, p22: Double) = {
        let omega = 2 * Double.pi / 0.5, angle = omega * SpringsWorkload.timestep
        return (cos(angle), sin(angle) / omega, -omega * sin(angle), cos(angle))
    }()

    private func measure(_ kernel: RooflineKernel, workload: SpringsWorkload, plan: FramePlan, label: String)
        -> BenchRecord {
        let n = workload.itemCount
        let repetitions = options.effectiveRepetitions
        let announce: (Int) -> Void = { r in
            progress.show(label + (r == 0 ? " warm-up" : " repetition \(r)/\(repetitions)"))
        }
        let itemSteps = Double(n) * Double(plan.stepsPerRepetition)
        var checksum = 0.0
        let timing: Timing
        var doneItemSteps = itemSteps
        let bytes: Double
        switch kernel {
        case .compute, .computeFloat:
            // Whole passes of two steps over the registers' items, as many item-steps as
            // the engines do per repetition (rounded up to a pass).
            let lanes = kernel == .compute ? hooke_c_roofline_items_d() : hooke_c_roofline_items_f()
            let passes = max(1, Int((itemSteps / Double(2 * lanes)).rounded(.up)))
            doneItemSteps = Double(passes * 2 * lanes)
            let phi = Self.undampedTransition, fused = CBestGroups<hooke_c_best_columns_d>.fusedMultiplyAdd
            timing = Timing.measure(repetitions: repetitions, announce: announce) { _ in
                checksum += kernel == .compute
                    ? hooke_c_roofline_compute_d(passes, phi.p11, phi.p12, phi.p21, phi.p22, fused)
                    : hooke_c_roofline_compute_f(passes, phi.p11, phi.p12, phi.p21, phi.p22, fused)
            }
            bytes = 0
        case .memory:
            (timing, checksum) = Self.measureMemory(hooke_c_best_columns_d.self, workload, plan, repetitions, announce)
            bytes = Double(4 * MemoryLayout<Double>.stride)
        case .memoryFloat:
            (timing, checksum) = Self.measureMemory(hooke_c_best_columns_f.self, workload, plan, repetitions, announce)
            bytes = Double(4 * MemoryLayout<Float>.stride)
        }
        var record = BenchRecord(
            scenario: .springs, items: n, threads: 1, engine: kernel.rawValue, plan: plan,
            retargetsPerFrame: 0, timing: timing, bytesPerItem: bytes, checksum: checksum)
        record.scaleWork(by: doneItemSteps / itemSteps)
        return record
    }

    /// `plan.framesPerRepetition` memory passes over the workload's N items per repetition.
    private static func measureMemory<Columns: CBestColumns>(
        _: Columns.Type, _ workload: SpringsWorkload, _ plan: FramePlan, _ repetitions: Int,
        _ announce: (Int) -> Void
    ) -> (Timing, Double) {
        var columns = Columns(workload, items: 0..<workload.itemCount)
        defer { columns.free() }
        let timing = Timing.measure(repetitions: repetitions, announce: announce) { _ in
            for _ in 0..<plan.framesPerRepetition { columns.memoryPass(0..<workload.itemCount) }
        }
        var sum = CompensatedSum()
        for i in 0..<columns.count {
            let s = columns.state(at: i)
            sum.add(x: s.x, y: s.y, vx: s.vx, vy: s.vy)
        }
        return (timing, sum.value)
    }

    /// Sets `fractionOfRoofline` on the one-thread engine records of one N, when the
    /// bounds of their precision were measured.
    static func setFractions(_ records: inout [BenchRecord]) {
        func rate(_ kernel: RooflineKernel) -> Double? {
            records.first { $0.engine == kernel.rawValue }?.itemStepsPerSecond
        }
        for i in records.indices {
            guard let kind = records[i].engineKind, records[i].threads == 1 else { continue }
            let single = kind.isSinglePrecision
            guard let compute = rate(single ? .computeFloat : .compute),
                  let memory = rate(single ? .memoryFloat : .memory) else { continue }
            records[i].fractionOfRoofline = records[i].itemStepsPerSecond / min(compute, memory)
        }
    }
}
