/// One measurement: a scenario at N items on T threads, by one engine. The `--json`
/// output is an array of these.
///
/// `jelly-mesh` records use the same fields with items = K instances and an item-step =
/// one instance advanced one step, and add the optional fields below (absent from
/// `springs` records, whose JSON is unchanged). For `dgemm-peak`, items is the matrix
/// order n and one step is one n × n × n product.
struct BenchRecord: Codable, Sendable {
    var scenario: String
    var items: Int
    var threads: Int
    /// `EngineKind` raw value (hooke, hooke-float, c-best, c-best-float, c-loop, objects,
    /// library-style, blas), `RooflineKernel` raw value (roofline-compute, roofline-memory and their
    /// -float twins) or
    /// `MeshEngineKind` raw value (gemm, gemv, swift-loop, dgemm-peak).
    var engine: String
    /// Fixed 1/120 s steps fused into one frame.
    var stepsPerFrame: Int
    /// Steps of every item in one timed repetition.
    var stepsPerRepetition: Int
    /// Items retargeted at the start of each frame.
    var retargetsPerFrame: Int
    /// Timed repetitions (after one warm-up).
    var repetitions: Int
    /// Item-steps per second of the median repetition.
    var itemStepsPerSecond: Double
    /// Item-steps per second of the fastest repetition.
    var bestItemStepsPerSecond: Double
    /// Nanoseconds per item-step, median.
    var nanosecondsPerItemStep: Double
    /// Milliseconds to step all N items once (one 120 Hz frame), median.
    var frameMilliseconds120Hz: Double
    /// Seconds of the fastest and the median repetition.
    var minSeconds: Double
    var medianSeconds: Double
    /// Bytes of state the engine keeps per item.
    var bytesPerItem: Double
    /// Σ (x + y + vx + vy) over all items at the end of the run (jelly-mesh: Σ of every
    /// instance's final state, displacements and velocities; dgemm-peak: trace of C).
    var checksum: Double

    /// library-style only: the checksum of the same frames replayed untimed through
    /// `LibraryStyleRecurrence`, which `checksum` must equal bit for bit.
    var recurrenceChecksum: Double? = nil

    /// springs engines that drain rest events (hooke, hooke-float, c-best-services,
    /// c-best-services-float): how many they drained over the warm-up and the timed
    /// repetitions; an engine bit-identical to another must drain as many.
    var restEvents: Int? = nil

    /// springs with `roofline` measured: item-steps per second over the lower of the
    /// compute and memory bounds of the engine's precision at the same N (one thread only;
    /// see `RooflineRunner`).
    var fractionOfRoofline: Double? = nil

    // jelly-mesh only.
    /// Control points m per jelly edge.
    var controlPoints: Int? = nil
    /// State length n = 2m of one instance.
    var stateDimension: Int? = nil
    /// Flops of one step of all instances: 2·n·(n + p)·K (dgemm-peak: 2n³).
    var flopsPerStep: Double? = nil
    /// Billions of flops per second, median and fastest repetition.
    var gflops: Double? = nil
    var bestGflops: Double? = nil
    /// The dgemm-peak rate of the same run, and `gflops` over it.
    var peakGflops: Double? = nil
    var fractionOfPeak: Double? = nil
    /// max |z − z_ref| / max |z_ref| over all final states, against the reference
    /// engine (swift-loop when measured).
    var maxRelativeStateDifference: Double? = nil

    /// The machine, its load before and after, the start time and the revision of the
    /// run that made the record (`RunContext`): every record carries it.
    var context: RunContext? = nil

    // world, pyramid and many-pyramids only (each timed repetition builds the scene
    // afresh; the checksum is over the bodies' final centres and velocities).
    /// Bodies at rest at the end of the run.
    var bodiesResting: Int? = nil
    /// Bodies whose centre ended more than half their width sideways from its start.
    var bodiesMovedSideways: Int? = nil
    /// The probe body's (the pyramid's top box's) largest displacement, pt.
    var probeMaxDisplacement: Double? = nil
    /// The probe body's offset from its start at the end, pt (x, y; y down).
    var probeFinalOffset: [Double]? = nil
    /// Milliseconds per step of each `WorldStage`, from `World.profile`.
    var stageMilliseconds: [String: Double]? = nil

    // components only (`ComponentTiming`).
    /// What the record times, e.g. "pair finding, settled pile"; engine is the variant.
    var component: String? = nil
    /// Nanoseconds per call, median.
    var nanosecondsPerCall: Double? = nil
    /// Relative tolerance of the checksum against the component's first variant.
    var checksumTolerance: Double? = nil

    init(scenario: Scenario, items: Int, threads: Int, engine: EngineKind, plan: FramePlan,
         retargetsPerFrame: Int, timing: Timing, bytesPerItem: Double, checksum: Double) {
        self.init(scenario: scenario, items: items, threads: threads, engine: engine.rawValue, plan: plan,
                  retargetsPerFrame: retargetsPerFrame, timing: timing, bytesPerItem: bytesPerItem,
                  checksum: checksum)
    }

    init(scenario: Scenario, items: Int, threads: Int, engine: String, plan: FramePlan,
         retargetsPerFrame: Int, timing: Timing, bytesPerItem: Double, checksum: Double) {
        self.scenario = scenario.rawValue
        self.items = items
        self.threads = threads
        self.engine = engine
        stepsPerFrame = plan.stepsPerFrame
        stepsPerRepetition = plan.stepsPerRepetition
        self.retargetsPerFrame = retargetsPerFrame
        repetitions = timing.seconds.count
        let itemSteps = Double(items) * Double(plan.stepsPerRepetition)
        minSeconds = timing.minimum
        medianSeconds = timing.median
        itemStepsPerSecond = itemSteps / medianSeconds
        bestItemStepsPerSecond = itemSteps / minSeconds
        nanosecondsPerItemStep = medianSeconds / itemSteps * 1e9
        frameMilliseconds120Hz = medianSeconds / Double(plan.stepsPerRepetition) * 1e3
        self.bytesPerItem = bytesPerItem
        self.checksum = checksum
    }

    var engineKind: EngineKind? { EngineKind(rawValue: engine) }
    var meshEngineKind: MeshEngineKind? { MeshEngineKind(rawValue: engine) }

    /// Rescales the rates of a measurement that did `factor` times the nominal item-steps
    /// (N × steps per repetition), e.g. rounded up to whole passes of a kernel.
    mutating func scaleWork(by factor: Double) {
        itemStepsPerSecond *= factor
        bestItemStepsPerSecond *= factor
        nanosecondsPerItemStep /= factor
    }

    /// Adds the flop rates of a measurement whose step costs `flopsPerStep`.
    mutating func setFlops(perStep flopsPerStep: Double) {
        self.flopsPerStep = flopsPerStep
        let flops = flopsPerStep * Double(stepsPerRepetition)
        gflops = flops / medianSeconds * 1e-9
        bestGflops = flops / minSeconds * 1e-9
    }
}
