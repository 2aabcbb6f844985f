import Foundation
import XCTest

/// Helpers for the `hooke sweep` and `hooke fit` tests: CSV reading, and running the
/// executable with extra environment variables.
enum SweepTestSupport {
    /// A sharded-sweep part to merge, written by `hooke sweep` into `directory`: the
    /// two-point grid ζ = 0.5, 0.8 at a response of 0.3 s, as `part.json`; returns its text.
    static func mergePart(in directory: URL, file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let part = try CommandRunner.run(
            ["sweep", "--damping-ratio", "0.5,0.8", "--response", "0.3", "--out", "part.json"], in: directory)
        XCTAssertEqual(part.status, 0, part.standardError, file: file, line: line)
        return try String(contentsOf: directory.appendingPathComponent("part.json"), encoding: .utf8)
    }

    /// Rows of a CSV with a header, as name → number; empty fields are NaN, `true`/`false`
    /// are 1/0.
    static func rows(csv text: String) throws -> [[String: Double]] {
        let lines = text.split(separator: "\n").map(String.init)
        let header = try XCTUnwrap(lines.first).split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        return try lines.dropFirst().map { line in
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            XCTAssertEqual(fields.count, header.count, "ragged CSV line \(line)")
            var row: [String: Double] = [:]
            for (name, field) in zip(header, fields) {
                switch field {
                case "": row[name] = .nan
                case "true": row[name] = 1
                case "false": row[name] = 0
                default: row[name] = try XCTUnwrap(Double(field), "not a number: \(field) in \(name)")
                }
            }
            return row
        }
    }

    /// Runs `hooke sweep arguments… --format csv` and returns its rows.
    static func sweepRows(_ arguments: [String]) throws -> [[String: Double]] {
        let result = try CommandRunner.run(["sweep"] + arguments + ["--format", "csv"])
        XCTAssertEqual(result.status, 0, result.standardError)
        return try rows(csv: result.standardOutput)
    }

    /// Starts `hooke arguments…` with `environment` added to this process's environment.
    static func start(_ arguments: [String], environment: [String: String] = [:], in directory: URL) throws -> Process {
        let process = Process()
        process.executableURL = try CommandRunner.executable()
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var merged = ProcessInfo.processInfo.environment
        for key in ["SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_MIN", "SLURM_ARRAY_TASK_COUNT", "JOB_COMPLETION_INDEX", "HOOKE_SHARD_COUNT"] {
            merged[key] = nil
        }
        merged.merge(environment) { $1 }
        process.environment = merged
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }
}

/// A seeded generator (SplitMix64, Steele, Lea & Flood, OOPSLA 2014) with Gaussian
/// samples by the Box–Muller transform, so that noisy test curves are reproducible.
struct SeededGaussian {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func nextUniform() -> Double {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return (Double(z >> 11) + 0.5) / 9_007_199_254_740_992
    }

    mutating func next() -> Double {
        let u1 = nextUniform()
        let u2 = nextUniform()
        return (-2 * log(u1)).squareRoot() * cos(2 * Double.pi * u2)
    }
}

extension CommandTestCase {
    /// The bytes of `name` in the test's directory.
    func bytes(_ name: String) throws -> Data { try Data(contentsOf: directory.appendingPathComponent(name)) }

    /// Runs `sweep` whole (JSON and CSV), on two threads, and as three shards merged in
    /// `mergeOrder`, all in the test's directory, and checks that the merged JSON and CSV and the
    /// two-thread JSON are byte for byte the one-process output and that the merge prints
    /// `recommendation`. Returns the shard parts' paths in merge order.
    @discardableResult
    func assertShardsAndThreadsGiveTheWholeRun(
        _ sweep: [String], mergeOrder: [Int], recommendation: String,
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> [String] {
            for (name, extra) in [("whole.json", [String]()), ("whole.csv", []), ("threads.json", ["--threads", "2"])] {
            let run = try CommandRunner.run(sweep + extra + ["--out", path(name)])
            XCTAssertEqual(run.status, 0, run.standardError, file: file, line: line)
        }
        for index in 0..<3 {
            let run = try CommandRunner.run(sweep + ["--shard", "\(index)/3", "--out", path("part\(index).json")])
            XCTAssertEqual(run.status, 0, run.standardError, file: file, line: line)
        }
        let parts = mergeOrder.map { path("part\($0).json") }
        for name in ["merged.json", "merged.csv"] {
            let run = try CommandRunner.run(["sweep", "merge"] + parts + ["--out", path(name)])
            XCTAssertEqual(run.status, 0, run.standardError, file: file, line: line)
            XCTAssertTrue(run.standardOutput.contains(recommendation), run.standardOutput, file: file, line: line)
        }
        XCTAssertEqual(try bytes("merged.json"), try bytes("whole.json"), file: file, line: line)
        XCTAssertEqual(try bytes("merged.csv"), try bytes("whole.csv"), file: file, line: line)
        XCTAssertEqual(try bytes("threads.json"), try bytes("whole.json"), file: file, line: line)
        return parts
    }
}
