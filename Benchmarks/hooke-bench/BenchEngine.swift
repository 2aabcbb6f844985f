import CReference

/// Anything `FramePlan` drives frame by frame: `retarget` with the frame's retargets,
/// then `step(count:)` with the frame's fused steps.
protocol FrameDriven: AnyObject {
    /// Moves the targets of `frame.items` to the frame's target tables, keeping each
    /// item's state (a retarget mid-flight is continuous).
    func retarget(_ frame: RetargetSchedule.Frame)

    /// Advances every item by `count` fixed steps.
    func step(count: Int)
}

/// One way of stepping the `springs` workload: Hooke's batch or one of its baselines.
///
/// An engine is built from a `SpringsWorkload` (untimed), then driven frame by frame:
/// `retarget` with the frame's retargets — the targets of `frame.items` move to
/// `(frame.x[i], frame.y[i])` — then `step(count:)` with the frame's fused steps.
/// Afterwards `checksum()` sums its final state, which must agree with every other
/// engine's.
protocol BenchEngine: FrameDriven {
    /// Σ (x + y + vx + vy) over all items, compensated (see `CompensatedSum`).
    func checksum() -> Double

    /// Bytes of state the engine keeps per item.
    var bytesPerItem: Double { get }

    /// Rest events drained since the engine was built, by engines that report them.
    var restEventCount: Int? { get }
}

extension BenchEngine {
    var restEventCount: Int? { nil }
}

/// The engines `hooke-bench` measures, by the name in its output.
enum EngineKind: String, CaseIterable, Codable, Sendable {
    /// `SpringBatch<Double>`.
    case hooke
    /// `SpringBatch<Float>`.
    case hookeFloat = "hooke-float"
    /// CReference's best C loop for the same computation as `hooke`, bit for bit
    /// (`CBestEngine`): SpringBatch's layout, a frame's two steps in one pass.
    case cBest = "c-best"
    /// The same in single precision, bit for bit `hooke-float`'s computation.
    case cBestFloat = "c-best-float"
    /// `c-best` plus SpringBatch's services written in C (`CBestServicesEngine`): a
    /// frame's items retargeted through checked handles, rest events from a timing wheel,
    /// drained every frame. Bit for bit `hooke`'s state and rest events; one thread.
    case cBestServices = "c-best-services"
    /// The same in single precision, against `hooke-float`.
    case cBestServicesFloat = "c-best-services-float"
    /// CReference's textbook C loop (positions, not displacements, stored; see
    /// `CLoopEngine`).
    case cLoop = "c-loop"
    /// One Swift object per animation, stepping itself.
    case objects
    /// Built as the popular Swift animation libraries are (`LibraryStyleEngine`): a generic
    /// animation class per item with a value closure, all in an animator's dictionary keyed
    /// by id, one semi-implicit Euler step per frame and a settle test.
    case libraryStyle = "library-style"
    /// Each group's state matrix multiplied by Φ with OpenBLAS `cblas_dgemm`.
    case blas
    /// Not an engine: the compute and memory bounds of the workload on one core
    /// (`RooflineRunner`), measured in Double and Float; every engine's rate is reported
    /// as a fraction of the lower bound of its precision.
    case roofline

    /// Whether the engine runs on several threads when asked; the others are measured
    /// on one thread only.
    var isThreaded: Bool {
        switch self {
        case .hooke, .hookeFloat, .cBest, .cBestFloat, .cLoop: return true
        case .cBestServices, .cBestServicesFloat, .objects, .libraryStyle, .blas, .roofline: return false
        }
    }

    /// Whether the engine applies the exact propagator Φ, as all but `library-style` do.
    /// `library-style` integrates each frame with semi-implicit Euler, so its state is not
    /// the others' within any fixed tolerance; `ChecksumAgreement` holds it to its own
    /// recurrence instead (`LibraryStyleRecurrence`).
    var appliesExactPropagator: Bool { self != .libraryStyle }

    /// Whether the engine computes in `Float` (its roofline is the Float one).
    var isSinglePrecision: Bool { self == .hookeFloat || self == .cBestFloat || self == .cBestServicesFloat }

    /// The engine whose final state this one must reproduce bit for bit (checked as
    /// identical checksums by `ChecksumAgreement`), if any.
    var bitIdenticalTo: EngineKind? {
        switch self {
        case .cBest, .cBestServices: return .hooke
        case .cBestFloat, .cBestServicesFloat: return .hookeFloat
        default: return nil
        }
    }

    /// Largest relative difference of its checksum from the reference engine's that
    /// still counts as the same computation (engines that apply the exact propagator). Double engines differ only by rounding
    /// (fused multiply–adds, evaluation order, displacement stored instead of
    /// position), some 1e-16 relative per step, and the propagators contract, so
    /// 1e-9 leaves a wide margin; Float state rounds at 6e-8 relative per step.
    var checksumTolerance: Double {
        isSinglePrecision ? 1e-4 : 1e-9
    }

    /// Builds the engine for `workload` (untimed).
    func make(_ workload: SpringsWorkload, threads: Int) -> any BenchEngine {
        switch self {
        case .hooke: return SpecializedEngine(HookeBatchEngine<Double>(workload, threads: threads))
        case .hookeFloat: return SpecializedEngine(HookeBatchEngine<Float>(workload, threads: threads))
        case .cBest: return SpecializedEngine(CBestEngine<hooke_c_best_columns_d>(workload, threads: threads))
        case .cBestFloat: return SpecializedEngine(CBestEngine<hooke_c_best_columns_f>(workload, threads: threads))
        case .cBestServices: return SpecializedEngine(CBestServicesEngine<hooke_c_best_columns_d>(workload))
        case .cBestServicesFloat: return SpecializedEngine(CBestServicesEngine<hooke_c_best_columns_f>(workload))
        case .cLoop: return CLoopEngine(workload, threads: threads)
        case .objects: return ObjectsEngine(workload)
        case .libraryStyle: return LibraryStyleEngine(workload)
        case .blas: return BLASEngine(workload)
        case .roofline: preconditionFailure("roofline steps no workload; RooflineRunner measures it")
        }
    }
}
