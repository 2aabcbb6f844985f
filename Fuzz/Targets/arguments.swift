import Foundation
import Hooke
@testable import hooke

/// Fuzz target `arguments`: the command line of `hooke`.
///
/// The input is the argument list, one argument per line, starting with the command
/// (`spring`, `simulate`, `sweep`, `sweep merge`, `fit`, anything else). It is
/// dispatched as `hooke`'s main.swift dispatches it, so `ArgumentList` and every
/// command's option parsing see it as they would from a shell. Files:
///
/// - the arguments `@scenario`, `@curve`, `@part0` and `@part1` become the paths of a
///   small scenario, a recorded curve and the two JSON parts of a sharded sweep
///   (rewritten before every input, so an input that writes over one cannot change the
///   next);
/// - `/dev/null` becomes the target's own character device (`FuzzDevice`), checked to be
///   a device still after every input; any other argument holding a `/` refuses the
///   input, and the working directory is a scratch directory emptied after every input,
///   so outputs (`--out`, `--plot`) land there and nowhere else.
///
/// So that one input takes milliseconds, work is bounded before a command runs: a
/// `spring --sample` of more than `maximumSamples` times, a `simulate --duration` over
/// `maximumDuration` and a `sweep` of more than `maximumSweepSteps` integrator steps
/// (points × steps per point) or more than one thread are not run; for such a sweep
/// the option parsing of `SweepCommand.run` is replayed up to the simulation instead.
let maximumSamples = 2_000
let maximumDuration = 1.0
let maximumSweepSteps = 20_000

let work: String = {
    let path = (FuzzScratch.directory as NSString).appendingPathComponent("work")
    try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    guard FileManager.default.changeCurrentDirectoryPath(path) else { fatalError("fuzz: cannot enter \(path)") }
    return path
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    _ = work
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    var arguments = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if arguments.last == "" { arguments.removeLast() }
    guard !arguments.contains(where: { $0.contains("/") && $0 != "/dev/null" }) else { return 0 }
    if arguments.contains("/dev/null") {
        guard let device = FuzzDevice.path else { return 0 }
        arguments = arguments.map { $0 == "/dev/null" ? device : $0 }
    }
    if arguments.contains(where: { Fixtures.all[$0] != nil }) {
        arguments = arguments.map { Fixtures.all[$0].map(Fixtures.write) ?? $0 }
    }
    defer { FuzzScratch.clear(keeping: ["work", "fixtures", "null"]); clearWork() }
    run(arguments)
    FuzzDevice.check()
    return 0
}

/// `hooke`'s dispatch (main.swift), with each command's work bounded first.
func run(_ arguments: [String]) {
    let rest = Array(arguments.dropFirst())
    switch arguments.first {
    case "spring":
        guard var list = try? ArgumentList(rest, flagNames: ["--json", "--help"]) else { break }
        if let sample = try? list.string("--sample"), let range = try? SampleRange(parsing: sample, option: "--sample"),
           (range.end - range.start) / range.step > Double(maximumSamples) {
            return
        }
        _ = try? SpringCommand.run(rest)
    case "simulate":
        guard var list = try? ArgumentList(rest, flagNames: ["--help"]) else { break }
        if let duration = try? list.number("--duration"), duration > maximumDuration { return }
        _ = try? SimulateCommand.run(rest)
    case "sweep":
        if rest.first == "merge" {
            _ = try? SweepCommand.run(rest)
        } else if isSmallSweep(rest) {
            _ = try? SweepCommand.run(rest)
        } else {
            parseSweep(rest)
        }
    case "fit":
        _ = try? FitCommand.run(rest)
    default:
        // "--help", "-h", "help", nothing, or an unknown command: no parsing beyond this.
        break
    }
}

/// Whether `hooke sweep` with these arguments simulates at most `maximumSweepSteps`
/// steps on one thread (or stops before simulating).
func isSmallSweep(_ arguments: [String]) -> Bool {
    guard var list = try? ArgumentList(arguments, flagNames: ["--help"]) else { return true }
    if list.flag("--help") { return true }
    guard let grid = try? SpringSweepGrid.parse(&list), let settings = try? SweepSettings.parse(&list),
          let sweep = try? settings.makeSweep()
    else { return true }
    if let threads = try? list.number("--threads"), threads != 1 { return false }
    let shard = try? SweepShard.parse(try list.string("--shard"), shardCount: try list.number("--shard-count"),
                                      environment: ProcessInfo.processInfo.environment)
    let points = (shard ?? .whole).range(of: grid.count).count
    return Double(points) * Double(sweep.stepCount + 1) <= Double(maximumSweepSteps)
}

/// `SweepCommand.run` up to the simulation: the options, the paths, the memory check and
/// the first and last points of this shard.
func parseSweep(_ arguments: [String]) {
    do throws(CommandLineError) {
        var list = try ArgumentList(arguments, flagNames: ["--help"])
        if list.flag("--help") { return }
        let grid = try SpringSweepGrid.parse(&list)
        let settings = try SweepSettings.parse(&list)
        let out = try list.string("--out")
        let plot = try list.string("--plot")
        _ = try SweepReport.Format.parse(try list.string("--format"), out: out)
        let threads = try list.number("--threads", default: 1)
        guard threads >= 1, threads == threads.rounded(), threads <= 1024 else { return }
        let shard = try SweepShard.parse(
            try list.string("--shard"), shardCount: try list.number("--shard-count"),
            environment: ProcessInfo.processInfo.environment)
        try list.finish()
        try SweepCommand.checkPaths(out: out, plot: plot)
        _ = try settings.makeSweep()
        let range = shard.range(of: grid.count)
        try SweepCommand.requireMemory(forPoints: range.count)
        if let first = range.first { _ = try grid.commandLinePoint(first) }
        if let last = range.last { _ = try grid.commandLinePoint(last) }
    } catch {}
}

/// Empties the working directory (what the commands wrote).
func clearWork() {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: work), !names.isEmpty else { return }
    for name in names { try? FileManager.default.removeItem(atPath: (work as NSString).appendingPathComponent(name)) }
}

/// The input files the arguments may name.
enum Fixtures {
    static let all: [String: (name: String, text: String)] = [
        "@scenario": ("drop.json", scenario),
        "@curve": ("curve.csv", curve),
        "@part0": ("part0.json", part0),
        "@part1": ("part1.json", part1),
    ]

    /// Writes a fixture and returns its path.
    static func write(_ fixture: (name: String, text: String)) -> String {
        let directory = (FuzzScratch.directory as NSString).appendingPathComponent("fixtures")
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let path = (directory as NSString).appendingPathComponent(fixture.name)
        guard FileManager.default.createFile(atPath: path, contents: Data(fixture.text.utf8)) else {
            fatalError("fuzz: cannot write \(path)")
        }
        return path
    }

    static let scenario = """
        {"world": {"bounds": [0, 0, 400, 600]},
         "bodies": [{"id": "box", "size": [100, 100], "center": [150, 50]}],
         "behaviors": [{"type": "gravity", "items": ["box"]},
                       {"type": "collision", "items": ["box"], "boundsAsBoundary": true}],
         "duration": 0.1}
        """

    static let curve = """
        frame,time,y
        0,0.0,0.433
        1,0.016666666666666666,5.474
        2,0.03333333333333333,17.882
        3,0.05,39.161
        4,0.06666666666666667,64.332
        5,0.08333333333333333,91.547
        6,0.1,118.816
        7,0.11666666666666667,146.160
        8,0.13333333333333333,171.886
        9,0.15,193.461
        10,0.16666666666666666,212.795
        11,0.18333333333333332,227.041
        12,0.2,238.966
        13,0.21666666666666667,245.572
        14,0.23333333333333334,250.045
        15,0.25,251.355
        16,0.26666666666666666,249.434
        17,0.2833333333333333,245.310
        18,0.3,238.321
        19,0.31666666666666665,232.964
        """

    static let part0 = #"""
        {"grid":{"parameterization":"dampingRatio,response","dampingRatio":[0.5,0.8],"response":[0.3],"mass":[1],"initialVelocity":[0]},"settings":{"from":0,"to":1,"tolerance":0.001,"timestep":0.008333333333333333,"integrator":"exact","durationLimit":10,"constraints":{"maxOvershoot":null,"maxSettle":null,"minOscillations":null,"maxOscillations":null,"objective":"settle"}},"shard":{"index":0,"count":2},"pointCount":2,"points":[{"index":0,"dampingRatio":0.5,"response":0.3,"stiffness":438.6490844928604,"damping":20.943951023931955,"mass":1,"duration":0.3,"bounce":0.5,"uikitDuration":0.607187166106576,"initialVelocity":0,"settlingDuration":0.6064592654351054,"exactSettlingDuration":0.6064592082948488,"overshoot":0.16303352742851113,"peakTime":0.17320517522092999,"riseTime":0.07818834244955136,"oscillations":3,"peakVelocity":11.440639626644083,"peakAcceleration":438.6490844928604,"maxError":null,"stable":true}],"recommendation":{"index":0,"dampingRatio":0.5,"response":0.3,"stiffness":438.6490844928604,"damping":20.943951023931955,"mass":1,"duration":0.3,"bounce":0.5,"uikitDuration":0.607187166106576,"initialVelocity":0,"settlingDuration":0.6064592654351054,"exactSettlingDuration":0.6064592082948488,"overshoot":0.16303352742851113,"peakTime":0.17320517522092999,"riseTime":0.07818834244955136,"oscillations":3,"peakVelocity":11.440639626644083,"peakAcceleration":438.6490844928604,"maxError":null,"stable":true,"objective":"settle","swiftUI":".spring(response: 0.3, dampingFraction: 0.5)","swiftUIDurationBounce":"Spring(duration: 0.3, bounce: 0.5)","uikit":"UIView.animate(withDuration: 0.607187, delay: 0, usingSpringWithDamping: 0.5, initialSpringVelocity: 0, options: [], animations: { … })","hooke":"try Spring(mass: 1, stiffness: 438.649, damping: 20.944)"}}
        """#
    static let part1 = #"""
        {"grid":{"parameterization":"dampingRatio,response","dampingRatio":[0.5,0.8],"response":[0.3],"mass":[1],"initialVelocity":[0]},"settings":{"from":0,"to":1,"tolerance":0.001,"timestep":0.008333333333333333,"integrator":"exact","durationLimit":10,"constraints":{"maxOvershoot":null,"maxSettle":null,"minOscillations":null,"maxOscillations":null,"objective":"settle"}},"shard":{"index":1,"count":2},"pointCount":2,"points":[{"index":1,"dampingRatio":0.8,"response":0.3,"stiffness":438.6490844928604,"damping":33.51032163829113,"mass":1,"duration":0.3,"bounce":0.19999999999999996,"uikitDuration":0.42944603332078624,"initialVelocity":0,"settlingDuration":0.40458144957601366,"exactSettlingDuration":0.40458145047530275,"overshoot":0.015164619864546577,"peakTime":0.24999999999999986,"riseTime":0.11781407714121411,"oscillations":1,"peakVelocity":8.877534202655738,"peakAcceleration":438.6490844928604,"maxError":null,"stable":true}],"recommendation":{"index":1,"dampingRatio":0.8,"response":0.3,"stiffness":438.6490844928604,"damping":33.51032163829113,"mass":1,"duration":0.3,"bounce":0.19999999999999996,"uikitDuration":0.42944603332078624,"initialVelocity":0,"settlingDuration":0.40458144957601366,"exactSettlingDuration":0.40458145047530275,"overshoot":0.015164619864546577,"peakTime":0.24999999999999986,"riseTime":0.11781407714121411,"oscillations":1,"peakVelocity":8.877534202655738,"peakAcceleration":438.6490844928604,"maxError":null,"stable":true,"objective":"settle","swiftUI":".spring(response: 0.3, dampingFraction: 0.8)","swiftUIDurationBounce":"Spring(duration: 0.3, bounce: 0.2)","uikit":"UIView.animate(withDuration: 0.429446, delay: 0, usingSpringWithDamping: 0.8, initialSpringVelocity: 0, options: [], animations: { … })","hooke":"try Spring(mass: 1, stiffness: 438.649, damping: 33.5103)"}}
        """#
}
