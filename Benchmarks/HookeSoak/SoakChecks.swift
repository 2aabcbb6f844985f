/// The energy check of the soak's free phases (Docs/reliability.md, "What the energy
/// check checks").
///
/// At the start of each free phase — every input just removed — the mechanical energy E₀
/// is taken; at every step of the phase E must stay at most E₀ + bound·W, where W = Σ m·|g|
/// is the weight of the bodies (so bound is in points: the energy of lifting every body by
/// that much). Everything acting then either conserves E (gravity, the soft springs, the
/// joints' ideal forces) or removes it (contact friction and inelastic impacts, the
/// joints' friction and limits, resistance, the drag field, the soft joints' implicit
/// damping); what can add some is the numerical method: position correction and the
/// soft step's push-out move bodies without a force, and Gauss–Seidel iterations stop
/// before convergence. The bound is that allowance, measured (`SoakRun.Options`).
public struct EnergyCheck: Sendable {
    /// Allowed rise over the phase's start, in points of lift of every body.
    public var bound: Double
    /// The phase's starting energy and weight, nil outside a free phase.
    public private(set) var reference: (energy: Double, weight: Double)?
    /// The largest rise seen in any phase, in points of lift (negative: never rose).
    public private(set) var largestRise = -Double.infinity
    /// The free phases checked.
    public private(set) var phases = 0
    /// Steps at which the rise passed the bound.
    public private(set) var violations = 0
    /// The first violation: (phase, step within it, rise in points).
    public private(set) var firstViolation: (phase: Int, step: Int, rise: Double)?
    private var stepInPhase = 0

    public init(bound: Double) {
        self.bound = bound
    }

    /// Starts a free phase at energy `energy` (kg·pt²/s²) with weight `weight` (kg·pt/s²).
    public mutating func beginPhase(energy: Double, weight: Double) {
        reference = (energy, weight)
        phases += 1
        stepInPhase = 0
    }

    /// Ends the free phase: input follows.
    public mutating func endPhase() {
        reference = nil
    }

    /// Checks the energy after a step of the free phase; returns the rise in points.
    @discardableResult
    public mutating func observe(energy: Double) -> Double {
        guard let reference else { return 0 }
        stepInPhase += 1
        let rise = (energy - reference.energy) / reference.weight
        largestRise = max(largestRise, rise)
        if !(rise <= bound) {
            violations += 1
            if firstViolation == nil { firstViolation = (phases, stepInPhase, rise) }
        }
        return rise
    }
}

/// The memory check: resident-set samples taken through a run must stay flat — the
/// largest of the last fifth of the samples at most the largest of the first fifth plus
/// a margin (Docs/reliability.md, "Soak").
public struct MemoryCheck: Sendable {
    /// One sample: the step it was taken after and the memory then.
    public struct Sample: Sendable, Hashable {
        public var step: Int
        public var memory: ProcessStatus.Memory

        public init(step: Int, memory: ProcessStatus.Memory) {
            self.step = step
            self.memory = memory
        }
    }

    /// Allowed growth of the late samples over the early ones, bytes.
    public var margin: Int
    public private(set) var samples: [Sample] = []

    public init(margin: Int) {
        self.margin = margin
    }

    public mutating func record(_ sample: Sample) {
        samples.append(sample)
    }

    /// The early samples' largest resident size (the first fifth, at least one sample).
    public var early: Int? {
        guard !samples.isEmpty else { return nil }
        return samples[0..<max(1, samples.count / 5)].map(\.memory.resident).max()
    }

    /// The late samples' largest resident size (the last fifth, at least one sample).
    public var late: Int? {
        guard !samples.isEmpty else { return nil }
        return samples[(samples.count - max(1, samples.count / 5))...].map(\.memory.resident).max()
    }

    /// The high-water mark at the last sample.
    public var peak: Int? { samples.last?.memory.peakResident }

    /// Nil when flat (or with fewer than 5 samples, too few to tell), else what grew.
    public var failure: String? {
        guard samples.count >= 5, let early, let late else { return nil }
        guard late > early + margin else { return nil }
        return "resident memory grew from \(early / 1024) kB (first fifth of the samples) to \(late / 1024) kB "
            + "(last fifth), more than the \(margin / 1024) kB margin"
    }
}
