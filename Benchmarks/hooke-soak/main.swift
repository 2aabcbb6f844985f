import Foundation
import HookeSoak

// hooke-soak: the standing reliability checks of Docs/reliability.md.
//   hooke-soak [--steps N] [--seed S] [--quiet]   the soak (default 10^7 steps)
//   hooke-soak --golden                           the golden determinism hashes of this build
// Exit status: 0 pass, 1 a check failed, 2 bad usage.

let usage = """
    usage: hooke-soak [--steps N] [--seed S] [--input-steps N] [--free-steps N] [--quiet]
           hooke-soak --golden
    The soak steps a mixed World scene N times (default 1e7; SOAK_STEPS in make soak) and checks
    that every body stays finite and in bounds, that the energy never rises in the phases without
    input beyond the measured bound, and that resident memory stays flat. --golden prints the
    golden determinism hashes of this build (the table in Benchmarks/HookeSoak/Golden).
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

var options = SoakRun.Options(progress: { line in print(line) })
var golden = false
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
    case "--golden": golden = true
    case "--help", "-h":
        print(usage)
        exit(0)
    default: fail("unknown argument \(flag)")
    }
}

do {
    if golden {
        print(try GoldenScenes.report())
        exit(0)
    }
    let report = try SoakRun.run(options)
    print(report.summary)
    exit(report.passed ? 0 : 1)
} catch {
    FileHandle.standardError.write(Data("hooke-soak: error: \(error)\n".utf8))
    exit(1)
}
