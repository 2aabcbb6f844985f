import Foundation
import HookeSoak

// hooke-soak: the standing reliability checks of Docs/reliability.md.
//   hooke-soak [--steps N] [--seed S] [--quiet]   the soak (default 10^7 steps)
//   hooke-soak --golden                           the golden determinism hashes of this build
// Exit status: 0 pass, 1 a check failed, 2 bad usage.

let usage = """
    usage: hooke-soak [--steps N] [--seed S] [--input-steps N] [--free-steps N] [--quiet] [--phase-log]
           hooke-soak --golden
           hooke-soak --trace BODIES:FROM:TO | --energy-trace FROM:TO | --solver-variants STEP | --peer-state STEP
    The soak steps a mixed World scene N times (default 1e7; SOAK_STEPS in make soak) and checks
    that every body stays finite and in bounds, that the energy never rises in the phases without
    input beyond the measured bound, and that resident memory stays flat. --golden prints the
    golden determinism hashes of this build (the table in Benchmarks/HookeSoak/Golden).
    --phase-log prints a CSV line per free phase (phase, cycle, solver, starting kinetic energy,
    largest rise in the release window and after it in points of lift, the largest turn per step
    at its start and over the phase).
    --trace prints bodies' states after each step of a range, --energy-trace the energy and
    the body that gained most, --solver-variants the energy of the 40 steps after STEP with
    other solver settings (more velocity iterations, no position iterations, smaller steps).
    --peer-state prints the rig's chain after STEP as JSON for Benchmarks/peers/box2d_chain_energy.py,
    with the energy rises of the chain alone in Hooke over the next 40 steps.
    """

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("hooke-soak: \(message)\n\(usage)\n".utf8))
    exit(2)
}

func integer(_ text: String, _ name: String) -> Int {
    if let n = Int(text), n > 0 { return n }
    if let x = Double(text), x >= 1, x <= 1e15, x == x.rounded() { return Int(x) }
    fail("\(name) must be a positive integer, got \(text)")
}

// Progress goes straight to the file descriptor, so that it shows in a log file as it comes.
var options = SoakRun.Options(progress: { line in FileHandle.standardOutput.write(Data((line + "\n").utf8)) })
var golden = false
var trace: (bodies: [Int]?, from: Int, to: Int)?
var energyTrace: (from: Int, to: Int)?
var solverVariants: Int?
var peerState: Int?
var arguments = Array(CommandLine.arguments.dropFirst())
while !arguments.isEmpty {
    let flag = arguments.removeFirst()
    func value() -> String {
        guard !arguments.isEmpty else { fail("\(flag) needs a value") }
        return arguments.removeFirst()
    }
    switch flag {
    case "--steps":
        options.steps = integer(value(), "--steps")
        options.sampleEvery = max(1_000, options.steps / 200)
    case "--seed":
        let text = value()
        guard let seed = text.hasPrefix("0x") ? UInt64(text.dropFirst(2), radix: 16) : UInt64(text) else {
            fail("--seed must be an unsigned integer, got \(text)")
        }
        options.seed = seed
    case "--input-steps": options.schedule.inputSteps = integer(value(), "--input-steps")
    case "--free-steps": options.schedule.freeSteps = integer(value(), "--free-steps")
    case "--quiet": options.progress = nil
    case "--phase-log": options.phaseLog = { line in print("phase," + line) }
    case "--golden": golden = true
    case "--trace":
        // --trace BODIES:FROM:TO prints the state of body slots BODIES (comma-separated, or
        // `all`) after each step FROM...TO.
        let parts = value().split(separator: ":")
        let bodies = parts.first == "all" ? nil : parts.first.map { $0.split(separator: ",").compactMap { Int($0) } }
        guard parts.count == 3, bodies.map({ !$0.isEmpty }) ?? true, let from = Int(parts[1]), let to = Int(parts[2]),
              from <= to else {
            fail("--trace takes BODIES:FROM:TO (body slots, comma-separated or all, and a step range)")
        }
        trace = (bodies, from, to)
    case "--energy-trace":
        // --energy-trace FROM:TO prints the energy after each step FROM...TO and the body that gained most.
        let parts = value().split(separator: ":").map { Int($0) }
        guard parts.count == 2, let from = parts[0], let to = parts[1], from <= to else {
            fail("--energy-trace takes FROM:TO (a step range)")
        }
        energyTrace = (from, to)
    case "--solver-variants":
        // --solver-variants STEP steps the state after STEP on with other solver settings.
        solverVariants = integer(value(), "--solver-variants")
    case "--peer-state":
        // --peer-state STEP prints the chain's state after STEP for the Box2D 2.3 peer.
        peerState = integer(value(), "--peer-state")
    case "--help", "-h":
        print(usage)
        exit(0)
    default: fail("unknown argument \(flag)")
    }
}

do {
    if let at = solverVariants {
        // The state after step `at`, stepped on 40 steps by the same solver with other
        // settings: which part of the method a rise comes from (Docs/reliability.md).
        var simulation = try SoakSimulation(seed: options.seed, schedule: options.schedule)
        while simulation.stepCount < at { try simulation.step() }
        try simulation.applyInputs()
        print("after step \(at): \(simulation.phase) phase, \(simulation.solver); energy rise in points of lift after "
              + "every 5 steps of the original step h (a split runs that many steps of h/split each)")
        let variants = [("as configured", 8, 3, 1), ("50 velocity iterations", 50, 3, 1),
                        ("no position iterations", 8, 0, 1), ("h/4", 8, 3, 4), ("h/16", 8, 3, 16)]
        for (name, velocityIterations, positionIterations, split) in variants {
            var variant = simulation
            var configuration = variant.world.configuration
            configuration.velocityIterations = velocityIterations
            configuration.positionIterations = positionIterations
            configuration.timestep /= Double(split)
            try variant.updateWorld { try $0.setConfiguration(configuration) }
            let start = variant.mechanicalEnergy(), weight = variant.weight(), kinetic = variant.kineticEnergy()
            var line = String(format: "%@: K0 %.1f pt, turn %.2f rad/step; rise", name, kinetic.energy / weight,
                              kinetic.largestTurnPerStep)
            var peak = -Double.infinity
            for n in 1...(40 * split) {
                variant.advance()
                let rise = (variant.mechanicalEnergy() - start) / weight
                peak = max(peak, rise)
                if n % (5 * split) == 0 { line += String(format: " %.2f", rise) }
            }
            print(line + String(format: "; peak %.2f", peak))
        }
        exit(0)
    }
    if let at = peerState {
        // The chain alone from the state after step `at`, for the same 40 steps in Box2D 2.3
        // (Benchmarks/peers/box2d_chain_energy.py; Docs/reliability.md, "The soak").
        var simulation = try SoakSimulation(seed: options.seed, schedule: options.schedule)
        while simulation.stepCount < at { try simulation.step() }
        try simulation.applyInputs()
        let world = simulation.world
        let states = simulation.scene.chain.map { world.body($0) }
        print(try SoakChain.peerState(states, gravity: world[simulation.scene.gravity].acceleration,
                                      configuration: world.configuration, steps: 40))
        exit(0)
    }
    if golden {
        // Exit status 1 when a hash differs from its committed value or from one thread's.
        let report = try GoldenScenes.report()
        print(report.text)
        exit(report.allMatch ? 0 : 1)
    }
    if let trace {
        var simulation = try SoakSimulation(seed: options.seed, schedule: options.schedule)
        let slots = trace.bodies ?? Array(simulation.allBodies.indices)
        guard slots.allSatisfy(simulation.allBodies.indices.contains) else {
            fail("--trace: the body slots are 0..<\(simulation.allBodies.count)")
        }
        while simulation.stepCount < trace.to {
            try simulation.applyInputs()
            let phase = simulation.phase, solver = simulation.solver
            simulation.advance()
            guard simulation.stepCount >= trace.from else { continue }
            for slot in slots {
                let b = simulation.world.body(simulation.allBodies[slot])
                print("step \(simulation.stepCount) cycle \(simulation.cycle) \(phase) \(solver) body \(slot): "
                      + "center \(b.center) velocity \(b.velocity) angle \(b.angle) angularVelocity \(b.angularVelocity)"
                      + (simulation.dragState.map { " drag \($0.body) at \($0.finger)" } ?? ""))
            }
        }
        exit(0)
    }
    if let energyTrace {
        var simulation = try SoakSimulation(seed: options.seed, schedule: options.schedule)
        var before = simulation.bodyEnergies(), total = simulation.mechanicalEnergy()
        var first: [Double] = [], firstTotal = 0.0
        while simulation.stepCount < energyTrace.to {
            try simulation.applyInputs()
            let phase = simulation.phase, solver = simulation.solver
            if simulation.stepCount >= energyTrace.from - 1 {
                before = simulation.bodyEnergies()
                total = simulation.mechanicalEnergy()
                if first.isEmpty { (first, firstTotal) = (before, total) }
            }
            simulation.advance()
            guard simulation.stepCount >= energyTrace.from else { continue }
            let after = simulation.bodyEnergies(), weight = simulation.weight()
            let k = after.indices.max { after[$0] - before[$0] < after[$1] - before[$1] }!
            let b = simulation.world.body(simulation.energyBodies[k])
            print(String(format: "step %d %@ %@: energy change %.4g pt, most gained by %@ (%.4g pt) at ",
                         simulation.stepCount, phase.rawValue, "\(solver)", (simulation.mechanicalEnergy() - total) / weight,
                         "\(simulation.energyBodies[k])", (after[k] - before[k]) / weight)
                  + "\(b.center) v \(b.velocity) ω \(b.angularVelocity)")
        }
        let last = simulation.bodyEnergies(), weight = simulation.weight()
        print(String(format: "over the range: %.4g pt; springs %.4g pt; the bodies that gained most:",
                     (simulation.mechanicalEnergy() - firstTotal) / weight,
                     (simulation.mechanicalEnergy() - last.reduce(0, +) - firstTotal + first.reduce(0, +)) / weight))
        for k in last.indices.sorted(by: { last[$0] - first[$0] > last[$1] - first[$1] }).prefix(6) {
            print(String(format: "  %@: %.4g pt", "\(simulation.energyBodies[k])", (last[k] - first[k]) / weight))
        }
        exit(0)
    }
    let report = try SoakRun.run(options)
    print(report.summary)
    exit(report.passed ? 0 : 1)
} catch {
    FileHandle.standardError.write(Data("hooke-soak: error: \(error)\n".utf8))
    exit(1)
}
