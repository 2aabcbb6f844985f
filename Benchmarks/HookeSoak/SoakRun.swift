import Foundation
import Hooke

/// The soak: `SoakSimulation` stepped `steps` times with its checks (Docs/reliability.md,
/// "Soak").
///
/// - **Finite**: after every step, every number of every body's state (centre, angle,
///   velocity, angular velocity) and of the interaction bodies' render states is finite;
///   the first that is not ends the run.
/// - **Contained**: every body of the pile, the rig and the snaps stays within the
///   reference bounds grown by `escapeMargin` (they all collide with the bounds).
/// - **Energy**: in each free phase the mechanical energy never rises above its value at
///   the phase's start by more than the solver's bound (`EnergyCheck`); under UIKit's
///   solver, but for the steps in which a body on a joint turns more than `uikitTurnLimit`
///   or that leave a rigid joint in error by more than `uikitJointErrorLimit`.
/// - **Memory**: resident memory sampled every `sampleEvery` steps stays flat (`MemoryCheck`).
public enum SoakRun {
    public struct Options: Sendable {
        public var steps: Int
        public var seed: UInt64
        public var schedule: SoakSchedule
        /// Steps between memory samples.
        public var sampleEvery: Int
        /// UIKit's solver: allowed energy rise after a free phase's release window, and
        /// within it, points of lift (`EnergyCheck`).
        public var uikitEnergyBound: Double
        public var uikitReleaseBound: Double
        /// UIKit's solver: the largest turn in one step of a body on a joint, radians, up to
        /// which a free step is checked (`EnergyCheck.turnLimit`,
        /// `SoakSimulation.largestJointedTurnPerStep`): 0.5 rad per step is 60 rad/s at
        /// 120 Hz, ten turns a second. Beyond it Box2D 2.3 itself can gain energy.
        public var uikitTurnLimit: Double
        /// UIKit's solver: the largest linear error a step may leave in a rigid joint,
        /// points, for it to be checked (`EnergyCheck.jointErrorLimit`): ten times Box2D's
        /// 0.5 pt slop. The jammed sliders that gained energy left 28 pt.
        public var uikitJointErrorLimit: Double
        /// The same under the soft step (checked at every turn).
        public var softStepEnergyBound: Double
        public var softStepReleaseBound: Double
        /// Steps of a free phase's release window.
        public var releaseSteps: Int
        /// Called before every step with the simulation, to change it (tests inject faults).
        public var perturb: (@Sendable (inout SoakSimulation) throws -> Void)?
        /// Allowed growth of late resident memory over early, bytes.
        public var memoryMargin: Int
        /// How far outside the bounds a body's centre may be, points.
        public var escapeMargin: Double
        /// Called every `progressEvery` steps with a one-line summary.
        public var progressEvery: Int
        public var progress: (@Sendable (String) -> Void)?
        /// Called at the end of every free phase with one CSV line: cycle, solver, kinetic
        /// energy at its start, largest rise in the release window and after it (all in
        /// points of lift), the largest turn per step at its start and over the phase
        /// (radians).
        public var phaseLog: (@Sendable (String) -> Void)?

        public init(steps: Int = 10_000_000, seed: UInt64 = 0x50A4_0001, schedule: SoakSchedule = SoakSchedule(),
                    sampleEvery: Int? = nil, uikitEnergyBound: Double = 0.5, uikitReleaseBound: Double = 10,
                    uikitTurnLimit: Double = 0.5, uikitJointErrorLimit: Double = 5,
                    softStepEnergyBound: Double = 0.5, softStepReleaseBound: Double = 10, releaseSteps: Int = 12,
                    memoryMargin: Int = 4 << 20, escapeMargin: Double = 40, progressEvery: Int = 1_000_000,
                    progress: (@Sendable (String) -> Void)? = nil) {
            self.steps = steps
            self.seed = seed
            self.schedule = schedule
            self.sampleEvery = sampleEvery ?? max(1_000, steps / 200)
            self.uikitEnergyBound = uikitEnergyBound
            self.uikitTurnLimit = uikitTurnLimit
            self.uikitJointErrorLimit = uikitJointErrorLimit
            self.softStepEnergyBound = softStepEnergyBound
            self.uikitReleaseBound = uikitReleaseBound
            self.softStepReleaseBound = softStepReleaseBound
            self.releaseSteps = releaseSteps
            self.memoryMargin = memoryMargin
            self.escapeMargin = escapeMargin
            self.progressEvery = progressEvery
            self.progress = progress
        }
    }

    public struct Report: Sendable {
        public var options: Options
        /// Steps run (fewer than asked when a non-finite value stopped the run).
        public var steps: Int
        /// Wall time of the whole loop, checks included, seconds.
        public var seconds: Double
        /// Wall time inside the world's and interaction bodies' steps, seconds.
        public var stepSeconds: Double
        public var uikitEnergy: EnergyCheck
        public var softStepEnergy: EnergyCheck
        public var memory: MemoryCheck
        /// The first non-finite value, with its step.
        public var nonFinite: String?
        /// Escapes from the bounds: how many steps had one, and the first.
        public var escapes = 0
        /// Escape episodes (a body found outside after being inside), the first 20 described.
        public var escapeEpisodes = 0
        public var escapeLog: [String] = []
        /// Of those, the episodes while a rigid drag pressed (`SoakSimulation.dragIsPressing`):
        /// reported, not failures.
        public var squeezedEpisodes = 0
        /// The first escape that no drag explains.
        public var firstUnexplainedEscape: String?
        /// Bodies put back into the bounds.
        public var returnedBodies = 0
        public var processor: String
        public var processorCount: Int

        /// Steps per second, checks included.
        public var stepsPerSecond: Double { Double(steps) / seconds }

        /// Every check that failed, one line each; empty when the soak passed.
        public var failures: [String] {
            var lines: [String] = []
            if steps < options.steps { lines.append("stopped after \(steps) of \(options.steps) steps") }
            if let nonFinite { lines.append("non-finite value: \(nonFinite)") }
            if let firstUnexplainedEscape {
                lines.append("\(escapeEpisodes - squeezedEpisodes) escapes from the bounds with no drag pressing; "
                             + "first: \(firstUnexplainedEscape)")
            }
            for (name, check) in [("UIKit solver", uikitEnergy), ("soft step", softStepEnergy)] {
                if let v = check.firstViolation {
                    let what = v.release ? "its start" : "its release window's highest"
                    let bound = v.allowance
                    lines.append("\(name): energy rose \(Self.format(v.rise)) pt above \(what) in free phase "
                                 + "\(v.phase) at its step \(v.step) (bound \(Self.format(bound)) pt; "
                                 + "\(check.violations) steps over)")
                }
            }
            if let memoryFailure = memory.failure { lines.append(memoryFailure) }
            return lines
        }

        public var passed: Bool { failures.isEmpty }

        static func format(_ x: Double) -> String { String(format: "%.3g", x) }

        /// A plain-text summary.
        public var summary: String {
            func mb(_ bytes: Int?) -> String { bytes.map { String(format: "%.1f MB", Double($0) / 1_048_576) } ?? "n/a" }
            var lines = [
                "hooke-soak: \(steps) steps (\(options.steps) asked), seed 0x\(String(options.seed, radix: 16)), "
                    + "cycles of \(options.schedule.inputSteps) input + \(options.schedule.freeSteps) free steps",
                "processor: \(processor) (\(processorCount) listed)",
                String(format: "time: %.1f s; %.0f steps/s with the checks, %.0f steps/s in the steps alone",
                       seconds, stepsPerSecond, Double(steps) / stepSeconds),
                "memory: peak resident (VmHWM) \(mb(memory.peak)); resident \(mb(memory.early)) early, "
                    + "\(mb(memory.late)) late (\(memory.samples.count) samples, margin \(mb(options.memoryMargin)))",
            ]
            for (name, check) in [("UIKit solver", uikitEnergy), ("soft step", softStepEnergy)] where check.phases > 0 {
                lines.append("energy, \(name): \(check.phases) free phases; largest rise in the first "
                             + "\(check.releaseSteps) steps \(Self.format(check.largestReleaseRise)) pt of lift "
                             + "(bound \(Self.format(check.releaseBound)) pt), after them "
                             + "\(Self.format(check.largestRise)) pt (bound \(Self.format(check.bound)) pt + "
                             + "\(Self.format(check.kineticAllowance)) × the starting kinetic energy K₀); the largest "
                             + "rise / K₀ \(Self.format(check.largestKineticRatio)), the largest rise in phases starting "
                             + "with K₀ < 1 pt \(Self.format(check.largestQuietRise)) pt")
                if check.turnLimit.isFinite {
                    lines.append("  \(check.stepsBeyondTurnLimit) steps in \(check.phasesBeyondTurnLimit) of the phases "
                                 + "had a body on a joint turn more than \(Self.format(check.turnLimit)) rad and were not checked "
                                 + "(the largest rise in one \(Self.format(check.largestRiseBeyondTurnLimit)) pt; Box2D 2.3 "
                                 + "gains such energy itself: make soak-peer); the steps after them were checked from there")
                }
                if check.jointErrorLimit.isFinite {
                    lines.append("  \(check.stepsJammed) steps in \(check.phasesJammed) of the phases left a rigid joint in "
                                 + "error by more than \(Self.format(check.jointErrorLimit)) pt and were not checked (the "
                                 + "largest rise in one \(Self.format(check.largestRiseJammed)) pt; a jammed mechanism gains "
                                 + "such energy in Box2D 2.3 too); the steps after them were checked from there")
                }
            }
            lines.append("escapes from the bounds: \(escapeEpisodes) episodes (\(squeezedEpisodes) while a drag pressed), "
                         + "\(escapes) steps with a body outside, \(returnedBodies) bodies put back")
            lines += escapeLog.map { "  escape: " + $0 }
            let failed = failures
            lines.append(failed.isEmpty ? "result: PASS" : "result: FAIL")
            lines += failed.map { "  " + $0 }
            return lines.joined(separator: "\n")
        }
    }

    /// Runs the soak.
    public static func run(_ options: Options) throws -> Report {
        var simulation = try SoakSimulation(seed: options.seed, schedule: options.schedule)
        var uikit = EnergyCheck(bound: options.uikitEnergyBound, releaseBound: options.uikitReleaseBound,
                                releaseSteps: options.releaseSteps, turnLimit: options.uikitTurnLimit,
                                jointErrorLimit: options.uikitJointErrorLimit)
        var soft = EnergyCheck(bound: options.softStepEnergyBound, releaseBound: options.softStepReleaseBound,
                               releaseSteps: options.releaseSteps)
        var memory = MemoryCheck(margin: options.memoryMargin)
        let processor = ProcessStatus.processor()
        var report = Report(options: options, steps: 0, seconds: 0, stepSeconds: 0, uikitEnergy: uikit,
                            softStepEnergy: soft, memory: memory, processor: processor?.model ?? "unknown",
                            processorCount: processor?.count ?? 0)
        let clock = ContinuousClock()
        let start = clock.now
        var stepTime = Duration.zero
        let b = SoakScene.bounds, m = options.escapeMargin
        let lower = b.origin - m, upper = b.origin + b.size + m
        var phaseStart = (kinetic: 0.0, turn: 0.0, soft: false)
        var outsideBefore = [Bool](repeating: false, count: simulation.energyBodies.count)
        func seconds(_ d: Duration) -> Double {
            Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
        }
        while simulation.stepCount < options.steps {
            try simulation.applyInputs()
            try options.perturb?(&simulation)
            let isSoft = simulation.solver != .uikit
            let phaseOfStep = simulation.phase
            if simulation.stepInCycle == 0, simulation.stepCount > 0, let log = options.phaseLog {
                let check = phaseStart.soft ? soft : uikit
                log(String(format: "%d,%@,%.6g,%.6g,%.6g,%.4g,%.4g", simulation.cycle - 1,
                           phaseStart.soft ? "soft" : "uikit", phaseStart.kinetic, check.phaseReleaseRise, check.phaseRise,
                           phaseStart.turn, check.phaseTurn))
            }
            if simulation.beginsFreePhase {
                let energy = simulation.mechanicalEnergy(), weight = simulation.weight()
                let kinetic = simulation.kineticEnergy()
                phaseStart = (kinetic.energy / weight, kinetic.largestTurnPerStep, isSoft)
                if isSoft {
                    soft.beginPhase(energy: energy, weight: weight, kinetic: kinetic.energy)
                } else {
                    uikit.beginPhase(energy: energy, weight: weight, kinetic: kinetic.energy)
                }
            } else if simulation.phase == .input {
                uikit.endPhase()
                soft.endPhase()
            }
            let before = clock.now
            simulation.advance()
            stepTime += clock.now - before
            let step = simulation.stepCount
            if let bad = simulation.firstNonFinite() {
                report.nonFinite = "\(bad) after step \(step)"
                break
            }
            var escaped = false
            for (k, handle) in simulation.energyBodies.enumerated() {
                let c = simulation.world.body(handle).center
                let outside = c.x < lower.x || c.y < lower.y || c.x > upper.x || c.y > upper.y
                if outside && !outsideBefore[k] {
                    report.escapeEpisodes += 1
                    let squeezed = simulation.dragIsPressing
                    if squeezed { report.squeezedEpisodes += 1 }
                    let line = "\(handle) at \(c) after step \(step) (cycle \(simulation.cycle), \(phaseOfStep), "
                        + "\(isSoft ? "soft step" : "UIKit solver")\(squeezed ? ", a drag pressing" : ""))"
                    if report.escapeLog.count < 20 { report.escapeLog.append(line) }
                    if !squeezed, report.firstUnexplainedEscape == nil { report.firstUnexplainedEscape = line }
                }
                outsideBefore[k] = outside
                escaped = escaped || outside
            }
            if escaped {
                report.escapes += 1
            }
            if simulation.phase == .free || simulation.stepInCycle == 0 {
                // After a free step (the next step is free, or the next cycle's first).
                let energy = simulation.mechanicalEnergy(), turn = simulation.largestJointedTurnPerStep()
                let jointError = simulation.world.jointPositionError.linear
                if isSoft {
                    soft.observe(energy: energy, turn: turn, jointError: jointError)
                } else {
                    uikit.observe(energy: energy, turn: turn, jointError: jointError)
                }
            }
            if step % options.sampleEvery == 0, let m = ProcessStatus.memory() {
                memory.record(MemoryCheck.Sample(step: step, memory: m))
            }
            if let progress = options.progress, step % options.progressEvery == 0 {
                let elapsed = seconds(clock.now - start)
                let rss = ProcessStatus.memory().map { "\($0.resident / 1024) kB resident" } ?? ""
                progress(String(format: "step %d: %.0f s, %.0f steps/s, ", step, elapsed, Double(step) / elapsed)
                         + "largest energy rise \(Report.format(max(uikit.largestRise, soft.largestRise))) pt, \(rss)")
            }
        }
        if let m = ProcessStatus.memory() { memory.record(MemoryCheck.Sample(step: simulation.stepCount, memory: m)) }
        report.steps = simulation.stepCount
        report.returnedBodies = simulation.returnedBodies
        report.seconds = seconds(clock.now - start)
        report.stepSeconds = seconds(stepTime)
        report.uikitEnergy = uikit
        report.softStepEnergy = soft
        report.memory = memory
        return report
    }
}
