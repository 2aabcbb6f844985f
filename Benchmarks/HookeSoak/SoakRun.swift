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
///   the phase's start by more than the solver's bound (`EnergyCheck`).
/// - **Memory**: resident memory sampled every `sampleEvery` steps stays flat (`MemoryCheck`).
public enum SoakRun {
    public struct Options: Sendable {
        public var steps: Int
        public var seed: UInt64
        public var schedule: SoakSchedule
        /// Steps between memory samples.
        public var sampleEvery: Int
        /// Allowed energy rise in a free phase under UIKit's solver, points of lift.
        public var uikitEnergyBound: Double
        /// The same under the soft step.
        public var softStepEnergyBound: Double
        /// Allowed growth of late resident memory over early, bytes.
        public var memoryMargin: Int
        /// How far outside the bounds a body's centre may be, points.
        public var escapeMargin: Double
        /// Called every `progressEvery` steps with a one-line summary.
        public var progressEvery: Int
        public var progress: (@Sendable (String) -> Void)?

        public init(steps: Int = 10_000_000, seed: UInt64 = 0x50A4_0001, schedule: SoakSchedule = SoakSchedule(),
                    sampleEvery: Int? = nil, uikitEnergyBound: Double = 1, softStepEnergyBound: Double = 1,
                    memoryMargin: Int = 4 << 20, escapeMargin: Double = 40, progressEvery: Int = 1_000_000,
                    progress: (@Sendable (String) -> Void)? = nil) {
            self.steps = steps
            self.seed = seed
            self.schedule = schedule
            self.sampleEvery = sampleEvery ?? max(1_000, steps / 200)
            self.uikitEnergyBound = uikitEnergyBound
            self.softStepEnergyBound = softStepEnergyBound
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
        public var firstEscape: String?
        /// Escape episodes (a body found outside after being inside), the first 20 described.
        public var escapeEpisodes = 0
        public var escapeLog: [String] = []
        public var processor: String
        public var processorCount: Int

        /// Steps per second, checks included.
        public var stepsPerSecond: Double { Double(steps) / seconds }

        /// Every check that failed, one line each; empty when the soak passed.
        public var failures: [String] {
            var lines: [String] = []
            if steps < options.steps { lines.append("stopped after \(steps) of \(options.steps) steps") }
            if let nonFinite { lines.append("non-finite value: \(nonFinite)") }
            if let firstEscape { lines.append("\(escapes) steps with a body outside the bounds; first: \(firstEscape)") }
            for (name, check) in [("UIKit solver", uikitEnergy), ("soft step", softStepEnergy)] {
                if let v = check.firstViolation {
                    lines.append("\(name): energy rose \(Self.format(v.rise)) pt above the start of free phase "
                                 + "\(v.phase) at its step \(v.step) (bound \(Self.format(check.bound)) pt; "
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
                lines.append("energy, \(name): \(check.phases) free phases, largest rise over the start "
                             + "\(Self.format(check.largestRise)) pt of lift (bound \(Self.format(check.bound)) pt)")
            }
            lines.append("escapes from the bounds: \(escapeEpisodes) episodes, \(escapes) steps")
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
        var uikit = EnergyCheck(bound: options.uikitEnergyBound)
        var soft = EnergyCheck(bound: options.softStepEnergyBound)
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
        var outsideBefore = [Bool](repeating: false, count: simulation.energyBodies.count)
        func seconds(_ d: Duration) -> Double {
            Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
        }
        while simulation.stepCount < options.steps {
            try simulation.applyInputs()
            let isSoft = simulation.solver != .uikit
            let phaseOfStep = simulation.phase
            if simulation.beginsFreePhase {
                let energy = simulation.mechanicalEnergy(), weight = simulation.weight()
                if isSoft { soft.beginPhase(energy: energy, weight: weight) } else { uikit.beginPhase(energy: energy, weight: weight) }
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
                    if report.escapeLog.count < 20 {
                        report.escapeLog.append("\(handle) at \(c) after step \(step) (cycle \(simulation.cycle), "
                                                + "\(phaseOfStep), \(isSoft ? "soft step" : "UIKit solver"))")
                    }
                }
                outsideBefore[k] = outside
                escaped = escaped || outside
            }
            if escaped {
                report.escapes += 1
                if report.firstEscape == nil { report.firstEscape = report.escapeLog.first }
            }
            if simulation.phase == .free || simulation.stepInCycle == 0 {
                // After a free step (the next step is free, or the next cycle's first).
                let energy = simulation.mechanicalEnergy()
                if isSoft { soft.observe(energy: energy) } else { uikit.observe(energy: energy) }
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
        report.seconds = seconds(clock.now - start)
        report.stepSeconds = seconds(stepTime)
        report.uikitEnergy = uikit
        report.softStepEnergy = soft
        report.memory = memory
        return report
    }
}
