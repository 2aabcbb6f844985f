/// One measurement: a scenario at N items on T threads, by one engine. The `--json`
/// output is an array of these.
struct BenchRecord: Codable, Sendable {
    var scenario: String
    var items: Int
    var threads: Int
    /// `EngineKind` raw value: hooke, hooke-float, c-loop, objects, blas.
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
    /// Σ (x + y + vx + vy) over all items at the end of the run.
    var checksum: Double

    init(scenario: Scenario, items: Int, threads: Int, engine: EngineKind, plan: FramePlan,
         retargetsPerFrame: Int, timing: Timing, bytesPerItem: Double, checksum: Double) {
        self.scenario = scenario.rawValue
        self.items = items
        self.threads = threads
        self.engine = engine.rawValue
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
}
