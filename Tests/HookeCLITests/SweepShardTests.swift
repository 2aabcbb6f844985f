import Foundation
import XCTest

/// Sharded sweeps: parts computed by separate processes merge into exactly what one
/// process writes.
final class SweepShardTests: CommandTestCase {
    private let grid = [
        "sweep", "--duration", "0.2:0.8:0.05", "--bounce", "-0.5:0.9:0.1", "--initial-velocity", "0,2",
        "--integrator", "rk4", "--timestep", "0.0166", "--duration-limit", "4", "--max-overshoot", "0.1",
    ]

    /// Four shards run as four concurrent processes; their merge (given out of order)
    /// equals the single run byte for byte, as JSON and as CSV.
    func testMergeOfConcurrentShardProcessesEqualsOneRunByteForByte() throws {
        let whole = try CommandRunner.run(grid + ["--out", "whole.json"], in: directory)
        XCTAssertEqual(whole.status, 0, whole.standardError)
        let wholeCSV = try CommandRunner.run(grid + ["--out", "whole.csv"], in: directory)
        XCTAssertEqual(wholeCSV.status, 0, wholeCSV.standardError)

        let count = 4
        let processes = try (0..<count).map { index in
            try SweepTestSupport.start(grid + ["--shard", "\(index)/\(count)", "--out", "part\(index).json"], in: directory)
        }
        for process in processes {
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0)
        }
        let parts = [2, 0, 3, 1].map { "part\($0).json" }
        let merged = try CommandRunner.run(["sweep", "merge"] + parts + ["--out", "merged.json"], in: directory)
        XCTAssertEqual(merged.status, 0, merged.standardError)
        let mergedCSV = try CommandRunner.run(["sweep", "merge"] + parts + ["--out", "merged.csv"], in: directory)
        XCTAssertEqual(mergedCSV.status, 0, mergedCSV.standardError)

        XCTAssertGreaterThan(try bytes("whole.json").count, 10_000)
        XCTAssertEqual(try bytes("merged.json"), try bytes("whole.json"))
        XCTAssertEqual(try bytes("merged.csv"), try bytes("whole.csv"))
        // The parts really are parts: none holds every point.
        XCTAssertLessThan(try bytes("part0.json").count, try bytes("whole.json").count / 2)
        XCTAssertEqual(merged.standardOutput.split(separator: "\n").dropFirst().joined(separator: "\n"),
                       whole.standardOutput.split(separator: "\n").dropFirst().joined(separator: "\n"))
    }

    /// `--shard auto` takes the part from Slurm's array variables (IDs starting at
    /// SLURM_ARRAY_TASK_MIN) or from a Kubernetes indexed Job's JOB_COMPLETION_INDEX with
    /// HOOKE_SHARD_COUNT; the merges equal the single run.
    func testShardAutoReadsSlurmAndKubernetesVariables() throws {
        let whole = try CommandRunner.run(grid + ["--out", "whole.json"], in: directory)
        XCTAssertEqual(whole.status, 0, whole.standardError)
        var processes: [Process] = []
        for task in 1...3 {
            processes.append(try SweepTestSupport.start(
                grid + ["--shard", "auto", "--out", "slurm\(task).json"],
                environment: ["SLURM_ARRAY_TASK_ID": "\(task)", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "3"],
                in: directory))
        }
        for index in 0..<2 {
            processes.append(try SweepTestSupport.start(
                grid + ["--shard", "auto", "--out", "k8s\(index).json"],
                environment: ["JOB_COMPLETION_INDEX": "\(index)", "HOOKE_SHARD_COUNT": "2"], in: directory))
        }
        for process in processes {
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0)
        }
        for (parts, name) in [(["slurm1.json", "slurm2.json", "slurm3.json"], "slurm.json"), (["k8s0.json", "k8s1.json"], "k8s.json")] {
            let merged = try CommandRunner.run(["sweep", "merge"] + parts + ["--out", name], in: directory)
            XCTAssertEqual(merged.status, 0, merged.standardError)
            XCTAssertEqual(try Data(contentsOf: directory.appendingPathComponent(name)),
                           try Data(contentsOf: directory.appendingPathComponent("whole.json")))
        }
    }

    /// A merge refuses missing or duplicated shards and parts of different sweeps, and
    /// writes nothing then.
    func testMergeRefusesIncompleteOrMismatchedParts() throws {
        for index in 0..<3 {
            let result = try CommandRunner.run(grid + ["--shard", "\(index)/3", "--out", "p\(index).json"], in: directory)
            XCTAssertEqual(result.status, 0, result.standardError)
        }
        let other = try CommandRunner.run(
            grid + ["--shard", "2/3", "--tolerance", "0.01", "--out", "other.json"], in: directory)
        XCTAssertEqual(other.status, 0, other.standardError)
        for (parts, needle) in [
            (["p0.json", "p1.json"], "missing"),
            (["p0.json", "p1.json", "p1.json"], "twice"),
            (["p0.json", "p1.json", "other.json"], "different"),
        ] {
            let result = try CommandRunner.run(["sweep", "merge"] + parts + ["--out", "m.json"], in: directory)
            XCTAssertEqual(result.status, 2)
            XCTAssertTrue(result.standardError.contains(needle), result.standardError)
            XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("m.json").path))
        }
    }
}

/// `hooke sweep merge` on `[` × 100000 crashed its JSON reader, which recursed once per
/// level with no depth limit.
final class SweepMergeOverflowedTheStackTests: XCTestCase {
    func testDeeplyNestedInputIsRefused() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hooke-deep-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let part = directory.appendingPathComponent("part.json").path
        try String(repeating: "[", count: 100_000).write(toFile: part, atomically: false, encoding: .utf8)
        let result = try CommandRunner.run(["sweep", "merge", part, "--out", directory.appendingPathComponent("m.json").path])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(
            result.standardError,
            "hooke: \(part): not valid sweep JSON (arrays and objects nested more than 512 deep at byte 512)\n")
    }
}
