import Hooke
import HookeSoak
import XCTest

/// The soak's checks, on a short run and on runs with a fault injected that each check
/// must catch (Docs/reliability.md, "Soak"). `make soak` runs the long version.
final class SoakTests: XCTestCase {
    /// Cycles of 60 input and 60 free steps, so that a short run has several of each
    /// solver; memory sampled every 100 steps.
    private func options(steps: Int) -> SoakRun.Options {
        SoakRun.Options(steps: steps, schedule: SoakSchedule(inputSteps: 60, freeSteps: 60, retargetEvery: 20),
                        sampleEvery: 100)
    }

    /// The debug build steps the scene some 60 times a second (the soft step's lanes and
    /// the copy-on-write storage are slow unoptimised), so the normal suite runs 1 200
    /// steps; an optimised build (`swift test -c release`) runs 10⁴.
    private static var shortSoakSteps: Int {
        #if DEBUG
        return 1_200
        #else
        return 10_000
        #endif
    }

    func testAShortSoakPasses() throws {
        let steps = Self.shortSoakSteps
        let report = try SoakRun.run(options(steps: steps))
        print(report.summary)
        XCTAssertTrue(report.passed, report.failures.joined(separator: "\n"))
        XCTAssertEqual(report.steps, steps)
        XCTAssertEqual(report.uikitEnergy.phases, steps / 240)
        XCTAssertEqual(report.softStepEnergy.phases, steps / 240)
        XCTAssertGreaterThanOrEqual(report.memory.samples.count, steps / 100)
        XCTAssertGreaterThan(report.memory.peak ?? 0, 0)
    }

    /// A body thrown upward in the middle of a free phase: the energy check fails, naming
    /// the phase and the step.
    func testEnergyAddedInAFreePhaseFails() throws {
        var options = options(steps: 360)
        options.perturb = { simulation in
            guard simulation.cycle == 0, simulation.stepInCycle == 60 + 30 else { return }
            let body = simulation.scene.pile[0]
            try simulation.updateWorld { try $0.setLinearVelocity(SIMD2(0, -10_000), for: body) }
        }
        let report = try SoakRun.run(options)
        XCTAssertFalse(report.passed)
        let violation = try XCTUnwrap(report.uikitEnergy.firstViolation)
        XCTAssertEqual(violation.phase, 1)
        XCTAssertEqual(violation.step, 31)
        XCTAssertFalse(violation.release)
        XCTAssertTrue(report.failures.contains { $0.contains("UIKit solver: energy rose") }, "\(report.failures)")
    }

    /// A body moved out of the bounds in a free phase, with no drag: the containment check
    /// fails, and the body is put back at the next input step.
    func testABodyOutsideTheBoundsFails() throws {
        var options = options(steps: 240)
        options.perturb = { simulation in
            guard simulation.cycle == 0, simulation.stepInCycle == 60 + 59 else { return }
            let body = simulation.scene.pile[3]
            try simulation.updateWorld { try $0.updateBody(body, center: SIMD2(-500, 450), angle: 0) }
        }
        let report = try SoakRun.run(options)
        XCTAssertFalse(report.passed)
        XCTAssertEqual(report.escapeEpisodes, 1)
        XCTAssertEqual(report.squeezedEpisodes, 0)
        XCTAssertEqual(report.returnedBodies, 1)
        XCTAssertTrue(report.firstUnexplainedEscape?.contains("free") ?? false, report.firstUnexplainedEscape ?? "none")
    }

    /// The finiteness check reads every number of the state it is given.
    func testTheFinitenessCheckNamesTheFirstNonFiniteValue() {
        XCTAssertNil(SoakSimulation.firstNonFinite([("a", 1), ("b", -0.0), ("c", .greatestFiniteMagnitude)]))
        XCTAssertEqual(SoakSimulation.firstNonFinite([("a", 1), ("b", .nan), ("c", .infinity)]), "b = nan")
        XCTAssertEqual(SoakSimulation.firstNonFinite([("x", -.infinity)]), "x = -inf")
    }

    func testTheEnergyCheckHasAReleaseWindowAndAKineticAllowance() {
        var check = EnergyCheck(bound: 0.5, releaseBound: 10, releaseSteps: 3, kineticAllowance: 0.25)
        check.beginPhase(energy: 100, weight: 10)            // rises in points: ΔE / 10
        check.observe(energy: 150)                           // +5 pt in the window: allowed
        check.observe(energy: 180)                           // +8 pt: allowed; the window's highest
        check.observe(energy: 120)
        check.observe(energy: 184)                           // +0.4 pt over 180 after the window
        XCTAssertNil(check.firstViolation)
        XCTAssertEqual(check.largestReleaseRise, 8, accuracy: 1e-12)
        XCTAssertEqual(check.largestRise, 0.4, accuracy: 1e-12)
        XCTAssertEqual(check.largestQuietRise, 0.4, accuracy: 1e-12)
        check.observe(energy: 186)                           // +0.6 pt: over
        XCTAssertEqual(check.firstViolation?.step, 5)
        XCTAssertEqual(check.firstViolation?.release, false)
        check.endPhase()
        check.observe(energy: 1e9)                           // outside a phase: not checked
        XCTAssertEqual(check.violations, 1)
        // A phase that starts with 4 pt of kinetic energy is allowed 0.5 + 0.25 × 4 pt.
        check.beginPhase(energy: 100, weight: 10, kinetic: 40)
        for _ in 0..<3 { check.observe(energy: 100) }
        check.observe(energy: 114)                           // +1.4 pt ≤ 1.5
        XCTAssertEqual(check.violations, 1)
        XCTAssertEqual(check.largestKineticRatio, 0.35, accuracy: 1e-12)
        check.observe(energy: 116)                           // +1.6 pt: over
        XCTAssertEqual(check.violations, 2)
        // Over the release bound in the window.
        check.beginPhase(energy: 0, weight: 1)
        check.observe(energy: 11)
        XCTAssertEqual(check.violations, 3)
        XCTAssertEqual(check.phases, 3)
    }

    func testTheEnergyCheckSkipsStepsBeyondTheTurnLimitAndChecksTheRestFromThere() {
        var check = EnergyCheck(bound: 0.5, releaseBound: 10, releaseSteps: 1, kineticAllowance: 0, turnLimit: 0.5)
        check.beginPhase(energy: 100, weight: 10)
        check.observe(energy: 100, turn: 0.2)
        check.observe(energy: 106, turn: 0.5)                // +0.6 pt at the limit: checked, over
        XCTAssertEqual(check.violations, 1)
        check.observe(energy: 300, turn: 0.8)                // beyond it: not checked, the new reference
        check.observe(energy: 290, turn: 0.9)
        XCTAssertEqual(check.violations, 1)
        check.observe(energy: 304, turn: 0.1)                // +0.4 pt over 300: allowed
        XCTAssertEqual(check.violations, 1)
        check.observe(energy: 306, turn: 0.1)                // +0.6 pt: over
        XCTAssertEqual(check.violations, 2)
        XCTAssertEqual(check.phasesBeyondTurnLimit, 1)
        XCTAssertEqual(check.stepsBeyondTurnLimit, 2)
        XCTAssertEqual(check.largestRiseBeyondTurnLimit, 20, accuracy: 1e-12)   // (300 − 100) / 10
        XCTAssertEqual(check.phaseTurn, 0.9)
        // The next phase starts from its own energy.
        check.beginPhase(energy: 100, weight: 10)
        check.observe(energy: 100, turn: 0.1)
        check.observe(energy: 110, turn: 0.1)
        XCTAssertEqual(check.violations, 3)
        XCTAssertEqual(check.phasesBeyondTurnLimit, 1)
    }

    func testTheEnergyCheckSkipsStepsThatLeaveAJointJammedAndChecksTheRestFromThere() {
        var check = EnergyCheck(bound: 0.5, releaseBound: 10, releaseSteps: 1, kineticAllowance: 0,
                                turnLimit: 0.5, jointErrorLimit: 5)
        check.beginPhase(energy: 100, weight: 10)
        check.observe(energy: 100, jointError: 0.4)
        check.observe(energy: 106, jointError: 5)          // +0.6 pt at the limit: checked, over
        XCTAssertEqual(check.violations, 1)
        check.observe(energy: 300, jointError: 28)         // jammed: not checked, the new reference
        check.observe(energy: 400, turn: 0.8, jointError: 28)   // beyond the turn limit: counted there
        XCTAssertEqual(check.violations, 1)
        check.observe(energy: 404)                         // +0.4 pt over 400: allowed
        check.observe(energy: 406)                         // +0.6 pt: over
        XCTAssertEqual(check.violations, 2)
        XCTAssertEqual(check.phasesJammed, 1)
        XCTAssertEqual(check.stepsJammed, 1)
        XCTAssertEqual(check.stepsBeyondTurnLimit, 1)
        XCTAssertEqual(check.largestRiseJammed, 20, accuracy: 1e-12)   // (300 − 100) / 10
    }

    func testTheMemoryCheckComparesTheLastFifthWithTheFirst() {
        func check(_ residents: [Int]) -> MemoryCheck {
            var check = MemoryCheck(margin: 1 << 20)
            for (k, r) in residents.enumerated() {
                check.record(MemoryCheck.Sample(step: k, memory: ProcessStatus.Memory(resident: r, peakResident: r)))
            }
            return check
        }
        let mb = 1 << 20
        XCTAssertNil(check(Array(repeating: 30 * mb, count: 10)).failure)
        XCTAssertNil(check([30, 31, 30, 30, 30, 30, 30, 30, 30, 31].map { $0 * mb }).failure)   // within the margin
        XCTAssertNotNil(check([30, 30, 31, 32, 33, 34, 35, 36, 37, 38].map { $0 * mb }).failure) // a leak
        XCTAssertNil(check([30, 40, 50, 60].map { $0 * mb }).failure)                          // too few to tell
        XCTAssertEqual(check([30, 32, 31, 33, 35, 34, 33, 36, 31, 33].map { $0 * mb }).early, 32 * mb)
        XCTAssertEqual(check([30, 32, 31, 33, 35, 34, 33, 36, 31, 33].map { $0 * mb }).late, 33 * mb)
    }

    func testProcessStatusReadsResidentMemory() throws {
        let status = """
            Name:\thooke-soak
            VmPeak:\t  123456 kB
            VmHWM:\t   40960 kB
            VmRSS:\t   20480 kB
            """
        XCTAssertEqual(ProcessStatus.parseMemory(status), ProcessStatus.Memory(resident: 20 << 20, peakResident: 40 << 20))
        XCTAssertNil(ProcessStatus.parseMemory("VmRSS: 1 kB"))
        #if os(Linux)
        let memory = try XCTUnwrap(ProcessStatus.memory())
        XCTAssertGreaterThan(memory.resident, 0)
        XCTAssertGreaterThanOrEqual(memory.peakResident, memory.resident)
        XCTAssertFalse(try XCTUnwrap(ProcessStatus.processor()).model.isEmpty)
        #endif
    }
}
