import Foundation
import XCTest

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `hooke simulate` accepted any amount of work and held every row in one string, then
/// copied it: a one-body scenario with `"duration": 1e9` reached 4.2 GB in 60 s, and
/// `"substeps": 1000000000` ran for minutes. Now rows stream to the output as they are
/// produced, `--duration` is checked against the step cap, and a run whose steps ×
/// substeps × bodies exceed 10¹⁰ is refused unless `--no-work-limit` is given.
final class SimulateHeldEveryRowInMemoryTests: CommandTestCase {
    func scenario(duration: Double, substeps: Int? = nil) throws -> String {
        let world = substeps.map { #", "world": { "substeps": \#($0) }"# } ?? ""
        let json = """
            { "bodies": [ { "id": "a", "shape": "ellipse", "size": [10, 10], "center": [0, 0], "velocity": [3, 4] } ],
              "duration": \(duration), "record": { "every": 1 }\(world) }
            """
        return try write(json, "s-\(duration)-\(substeps ?? 0).json")
    }

    /// Runs `hooke arguments…` with its output thrown away and returns its exit status
    /// and peak resident memory in kB (`wait4`'s rusage of that very child).
    func peakMemory(_ arguments: [String]) throws -> (status: Int32, kilobytes: Int) {
        let executable = try CommandRunner.executable().path
        var actions: posix_spawn_file_actions_t = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        XCTAssertEqual(posix_spawn(&pid, executable, &actions, nil, argv, environ), 0)
        var status: Int32 = 0
        var usage = rusage()
        XCTAssertEqual(wait4(pid, &status, 0, &usage), pid)
        return ((status >> 8) & 0xff, usage.ru_maxrss)
    }

    /// 12 000 rows and 120 000 rows (about 8 MB of CSV) peak within a few MB of each
    /// other: nothing grows with the number of rows.
    func testMemoryStaysFlatAsTheRunGrows() throws {
        let short = try peakMemory(["simulate", try scenario(duration: 100), "--out", path("a.csv")])
        let long = try peakMemory(["simulate", try scenario(duration: 1000), "--out", path("b.csv")])
        XCTAssertEqual(short.status, 0)
        XCTAssertEqual(long.status, 0)
        let bytes = try FileManager.default.attributesOfItem(
            atPath: path("b.csv"))[.size] as? Int ?? 0
        XCTAssertGreaterThan(bytes, 8_000_000)
        // Held in memory, 108 000 more rows took at least their text twice (the joined
        // string and its copy with the final newline): 2 × 7 MB, and their samples.
        print("peak \(short.kilobytes) kB for 12 001 rows, \(long.kilobytes) kB for 120 001")
        XCTAssertLessThan(long.kilobytes - short.kilobytes, 4_000,
                          "peak \(short.kilobytes) kB for 12 001 rows, \(long.kilobytes) kB for 120 001")
    }

    func testTooMuchWorkIsRefusedUnlessAskedFor() throws {
        let refused = try CommandRunner.run(["simulate", try scenario(duration: 1, substeps: 1_000_000_000)])
        XCTAssertEqual(refused.status, 2)
        XCTAssertEqual(
            refused.standardError,
            "hooke: the run would take 120000000000 body-steps (120 steps × 1000000000 substeps × 1 bodies), "
                + "more than 10000000000; shorten --duration or pass --no-work-limit if you mean it\n")
        let duration = try CommandRunner.run(["simulate", try scenario(duration: 1), "--duration", "1e18"])
        XCTAssertEqual(duration.status, 2)
        XCTAssertEqual(
            duration.standardError,
            "hooke: --duration: 1e+18 s is 1.2e+20 steps of 0.008333333333333333 s, more than the 1000000000000 a run may count\n")
        let long = try CommandRunner.run(["simulate", try scenario(duration: 1), "--duration", "1e9"])
        XCTAssertEqual(long.status, 2)
        XCTAssertTrue(long.standardError.hasPrefix("hooke: the run would take 120000000000 body-steps"), long.standardError)
    }
}
