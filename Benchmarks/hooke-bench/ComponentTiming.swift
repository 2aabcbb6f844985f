import Dispatch

/// One timed component of the `components` scenario: a call (or a step of a set of
/// items) repeated `calls` times per repetition, the fastest and the median repetition
/// kept. Components of one `group` compute the same thing by different designs (the
/// broadphase's pair finders, the Swift and BLAS kernels), so their checksums must agree
/// (`ChecksumAgreement`); a group of one is a cost on its own.
struct ComponentTiming: Sendable {
    /// What is measured and at what size, e.g. "pair finding, settled pile".
    var group: String
    /// The design or variant within the group, e.g. "tree", "gemm-blas".
    var variant: String
    /// The size the group is measured at (boxes, matrix order, instances, cards).
    var items: Int
    /// Calls (or item-steps) per repetition.
    var calls: Int
    var timing: Timing
    /// A value computed from every call's result, so that no call can be optimised away
    /// and designs that must agree can be compared.
    var checksum: Double
    /// Relative tolerance of the checksum against the group's first variant: 0 for exact
    /// counts (pairs), larger for floating-point results of different summation orders.
    var tolerance: Double
    /// What else the table shows beside the time (e.g. the tree's reinsertions).
    var note: String?

    /// The group at its size: the variants whose checksums must agree.
    var key: String { "\(group) N=\(items)" }

    /// Nanoseconds per call of the fastest repetition: the least disturbed one, which is
    /// what the crossovers are placed by.
    var bestNanoseconds: Double { timing.minimum / Double(calls) * 1e9 }

    /// Times `calls` calls of `body` over `repetitions` repetitions after a warm-up;
    /// `body` returns a value folded into the checksum (the warm-up's is not).
    static func measure(
        group: String, variant: String, items: Int, calls: Int, repetitions: Int, tolerance: Double = 0,
        _ body: () -> Double
    ) -> ComponentTiming {
        var checksum = 0.0
        let timing = Timing.measure(repetitions: repetitions) { r in
            var sum = 0.0
            for _ in 0..<calls { sum += body() }
            if r == 1 { checksum = sum }
        }
        return ComponentTiming(group: group, variant: variant, items: items, calls: calls, timing: timing,
                               checksum: checksum, tolerance: tolerance, note: nil)
    }

    /// The `--json` record: engine is the variant, items the group's size and
    /// `stepsPerRepetition` the calls, so that ns/item-step is per item of a call.
    var record: BenchRecord {
        var r = BenchRecord(
            scenario: .components, items: items, threads: 1, engine: variant,
            plan: FramePlan(stepsPerRepetition: calls, stepsPerFrame: 1), retargetsPerFrame: 0,
            timing: timing, bytesPerItem: 0, checksum: checksum)
        r.component = group
        r.nanosecondsPerCall = timing.median / Double(calls) * 1e9
        r.checksumTolerance = tolerance
        return r
    }
}
