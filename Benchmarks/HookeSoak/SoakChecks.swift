/// The energy check of the soak's free phases (Docs/reliability.md, "What the energy
/// check checks").
///
/// At the start of each free phase — every input just removed — the mechanical energy E₀
/// is taken (`SoakSimulation.mechanicalEnergy`: kinetic, gravitational, the soft
/// springs'). Everything acting then either conserves E (gravity, the soft springs, the
/// joints' ideal forces) or removes it (contact friction and inelastic impacts, the
/// joints' friction and limits, resistance, the drag field, the soft joints' implicit
/// damping). What E does not count is the energy of overlaps the inputs left: a snap or a
/// drag pressing bodies together compresses the soft step's contact springs, or leaves
/// penetrations that UIKit's position correction pushes apart. Those are released in the
/// first steps, so the check has two parts, each against its own measured bound (rises
/// are in points of lift: the energy of lifting every body by that much, ΔE / Σ m·|g|):
///
/// - **release**: over the first `releaseSteps` steps, E ≤ E₀ + releaseBound;
/// - **free**: afterwards, E ≤ E₁ + bound, E₁ the highest energy of the release window
///   (and of E₀). What can still add energy is the numerical method alone: position
///   correction moves bodies without a force, the Gauss–Seidel iterations stop before
///   convergence, a body stopped at its time of impact keeps its velocity, and joints and
///   contacts are linearised over a step in which a fast body may turn by up to π/2. Those
///   errors grow with the motion, so the bound is `bound` plus `kineticAllowance` × the
///   kinetic energy K₀ the phase started with (a snapped body let go at 13 000 pt/s, a
///   chain link spinning at 150 rad/s).
///
/// A method may gain energy of its own beyond its reach: Box2D 2.3, which UIKit's solver
/// reproduces, gains it from its rigid joints' position correction once a link turns about
/// 0.8 rad in one step, and in a mechanism jammed in a pose its joints cannot reach, whose
/// position iterations undo each step the motion gravity gives it (both measured against
/// Box2D itself: `make soak-peer`, `JammedSlidersGainEnergyAsBox2DDoesTests`). A step in
/// which a body on a joint turns more than `turnLimit`, or after which a rigid joint is left
/// in error by more than `jointErrorLimit`, is not checked, and the energy after it, when
/// higher, becomes the reference the later steps are checked against; the phases with such
/// steps are counted, and the largest rise such a step made is reported.
public struct EnergyCheck: Sendable {
    /// Allowed rise after the release window over its highest energy, points of lift.
    public var bound: Double
    /// Allowed rise within the release window over the phase's start, points of lift.
    public var releaseBound: Double
    /// Steps of the release window.
    public var releaseSteps: Int
    /// The allowance per unit of the phase's starting kinetic energy.
    public var kineticAllowance: Double
    /// The largest turn of a jointed body in one step, radians, up to which a step is checked.
    public var turnLimit: Double
    /// The largest linear error a step may leave in a rigid joint (`World.jointPositionError`),
    /// points, for the step to be checked.
    public var jointErrorLimit: Double
    /// Phases in which a body turned more than `turnLimit` in a step, steps that did, and
    /// the largest rise over its reference such a step made (points; −∞ before any).
    public private(set) var phasesBeyondTurnLimit = 0
    public private(set) var stepsBeyondTurnLimit = 0
    public private(set) var largestRiseBeyondTurnLimit = -Double.infinity
    /// The same for the steps that left a joint in error beyond `jointErrorLimit` (and
    /// turned within `turnLimit`).
    public private(set) var phasesJammed = 0
    public private(set) var stepsJammed = 0
    public private(set) var largestRiseJammed = -Double.infinity
    private var phaseJammed = false
    /// The current (or last) phase's largest turn per step, radians.
    public private(set) var phaseTurn = 0.0
    /// The largest rise after a release window in phases that started with under 1 pt of
    /// kinetic energy (nearly at rest: what the bound's constant part covers).
    public private(set) var largestQuietRise = -Double.infinity
    /// The largest rise after a release window over the phase's starting kinetic energy,
    /// in phases that started with at least 1 pt of it.
    public private(set) var largestKineticRatio = -Double.infinity
    /// The phase's starting energy, the release window's highest, the weight, and the
    /// allowance after the release window (points); nil outside a free phase.
    public private(set) var reference: (start: Double, settled: Double, weight: Double, allowance: Double)?
    /// The largest rise seen after a release window, points (−∞ before any).
    public private(set) var largestRise = -Double.infinity
    /// The largest rise seen within a release window, points.
    public private(set) var largestReleaseRise = -Double.infinity
    /// The free phases checked.
    public private(set) var phases = 0
    /// Steps at which a rise passed its bound (release window or after).
    public private(set) var violations = 0
    /// The first violation: phase, step within it, rise (points), whether it was in the
    /// release window, and the allowance it passed (points).
    public private(set) var firstViolation: (phase: Int, step: Int, rise: Double, release: Bool, allowance: Double)?
    /// The current (or last) phase's largest rises: within the window and after it.
    public private(set) var phaseReleaseRise = -Double.infinity
    public private(set) var phaseRise = -Double.infinity
    private var stepInPhase = 0
    /// The current phase's starting kinetic energy, points of lift.
    public private(set) var startKinetic = 0.0

    public init(bound: Double, releaseBound: Double, releaseSteps: Int = 12, kineticAllowance: Double = 0.25,
                turnLimit: Double = .infinity, jointErrorLimit: Double = .infinity) {
        self.bound = bound
        self.releaseBound = releaseBound
        self.releaseSteps = releaseSteps
        self.kineticAllowance = kineticAllowance
        self.turnLimit = turnLimit
        self.jointErrorLimit = jointErrorLimit
    }

    /// Starts a free phase at energy `energy` (kg·pt²/s²) with weight `weight` (kg·pt/s²)
    /// and kinetic energy `kinetic` (kg·pt²/s²).
    public mutating func beginPhase(energy: Double, weight: Double, kinetic: Double = 0) {
        startKinetic = kinetic / weight
        reference = (energy, energy, weight, bound + kineticAllowance * startKinetic)
        phaseJammed = false
        phases += 1
        stepInPhase = 0
        phaseRise = -.infinity
        phaseReleaseRise = -.infinity
        phaseTurn = 0
    }

    /// Ends the free phase: input follows.
    public mutating func endPhase() {
        reference = nil
    }

    /// Checks the energy after a step of the free phase, in which the fastest body on a joint
    /// turned by `turn` radians and which left a rigid joint in error by `jointError` points;
    /// returns the rise in points.
    @discardableResult
    public mutating func observe(energy: Double, turn: Double = 0, jointError: Double = 0) -> Double {
        guard var reference else { return 0 }
        stepInPhase += 1
        let beyondTurn = turn > turnLimit, jammed = !beyondTurn && jointError > jointErrorLimit
        if beyondTurn || jammed {
            let rise = (energy - reference.settled) / reference.weight
            if beyondTurn {
                if phaseTurn <= turnLimit { phasesBeyondTurnLimit += 1 }
                stepsBeyondTurnLimit += 1
                largestRiseBeyondTurnLimit = max(largestRiseBeyondTurnLimit, rise)
            } else {
                if !phaseJammed { phasesJammed += 1 }
                phaseJammed = true
                stepsJammed += 1
                largestRiseJammed = max(largestRiseJammed, rise)
            }
            phaseTurn = max(phaseTurn, turn)
            reference.settled = max(reference.settled, energy)
            reference.start = max(reference.start, energy)
            self.reference = reference
            return rise
        }
        phaseTurn = max(phaseTurn, turn)
        let release = stepInPhase <= releaseSteps
        let rise: Double
        if release {
            rise = (energy - reference.start) / reference.weight
            largestReleaseRise = max(largestReleaseRise, rise)
            phaseReleaseRise = max(phaseReleaseRise, rise)
            reference.settled = max(reference.settled, energy)
            self.reference = reference
        } else {
            rise = (energy - reference.settled) / reference.weight
            largestRise = max(largestRise, rise)
            phaseRise = max(phaseRise, rise)
            if startKinetic < 1 {
                largestQuietRise = max(largestQuietRise, rise)
            } else {
                largestKineticRatio = max(largestKineticRatio, rise / startKinetic)
            }
        }
        let allowance = release ? releaseBound : reference.allowance
        if !(rise <= allowance) {
            violations += 1
            if firstViolation == nil { firstViolation = (phases, stepInPhase, rise, release, allowance) }
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
