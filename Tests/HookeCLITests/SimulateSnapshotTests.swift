import Foundation
import XCTest

/// `hooke simulate --snapshot-at S --snapshot FILE` and `--resume FILE`: a run resumed
/// from a snapshot writes, from the snapshot's step on, the bytes the uninterrupted run
/// writes there — rows, events, state hashes and query answers.
final class SimulateSnapshotTests: CommandTestCase {
    /// Every example scenario, interactions and the soft-step pyramid included, half a
    /// second with a snapshot a quarter of the way in, in both the binary and the JSON form.
    func testResumingEveryExampleWritesTheUninterruptedRunsBytes() throws {
        let root = SimulateCommandTests.examples
        let files = try XCTUnwrap(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "json" && !$0.path.contains("/sweep/") }
            // Docs/examples/gestures holds gesture recordings for hooke sweep --gestures, not scenarios.
            .filter { !$0.path.contains("/gestures/") }
            .sorted { $0.path < $1.path }
        XCTAssertGreaterThanOrEqual(files.count, 20)
        for file in files {
            let name = file.lastPathComponent
            let whole = ["--out", path("whole.csv"), "--events", path("whole.jsonl"), "--hashes", path("whole.hashes"),
                         "--queries", path("whole.answers")]
            for form in ["bin", "json"] {
                let snapshot = path("state.\(form)")
                let first = try CommandRunner.run(["simulate", file.path, "--duration", "0.5", "--snapshot-at", "0.125",
                                                   "--snapshot", snapshot] + whole)
                XCTAssertEqual(first.status, 0, "\(name): \(first.standardError)")
                let resumed = try CommandRunner.run([
                    "simulate", file.path, "--duration", "0.5", "--resume", snapshot, "--out", path("rest.csv"),
                    "--events", path("rest.jsonl"), "--hashes", path("rest.hashes"), "--queries", path("rest.answers"),
                ])
                XCTAssertEqual(resumed.status, 0, "\(name): \(resumed.standardError)")
                // The hashes start at the snapshot's step: 0.125 s is step 15 at 1/120 s, or the
                // first step after it at a coarser timestep.
                let hashes = try lines("whole.hashes"), restHashes = try lines("rest.hashes")
                let step = try XCTUnwrap(restHashes.first.flatMap { Int($0.prefix { $0 != "," }) }, name)
                XCTAssertGreaterThan(step, 0, name)
                func from(_ lines: [String], after: Bool = false) -> [String] {
                    lines.filter { line in Int(line.prefix { $0 != "," }).map { after ? $0 > step : $0 >= step } ?? false }
                }
                let rows = try lines("whole.csv")
                XCTAssertTrue(try lines("rest.csv") == [rows[0]] + from(Array(rows.dropFirst())), "\(name), \(form): rows")
                XCTAssertTrue(restHashes == from(hashes), "\(name), \(form): hashes")
                XCTAssertTrue(try lines("rest.jsonl") == lines("whole.jsonl").filter { try stepOf($0) > step },
                              "\(name), \(form): events")
                XCTAssertTrue(try lines("rest.answers") == lines("whole.answers").filter { try stepOf($0) >= step },
                              "\(name), \(form): query answers")
            }
        }
    }

    /// A snapshot of a resumed run is the snapshot of the uninterrupted run at the same step,
    /// byte for byte: nothing of the state is lost on the way through a file.
    func testASnapshotOfAResumedRunIsTheUninterruptedRunsSnapshot() throws {
        let file = SimulateCommandTests.examples.appendingPathComponent("interactions/lift-in-world.json").path
        XCTAssertEqual(try CommandRunner.run(["simulate", file, "--out", path("a.csv"), "--snapshot-at", "0.25",
                                              "--snapshot", path("early.bin")]).status, 0)
        XCTAssertEqual(try CommandRunner.run(["simulate", file, "--out", path("b.csv"), "--snapshot-at", "1",
                                              "--snapshot", path("late.bin")]).status, 0)
        let chained = try CommandRunner.run(["simulate", file, "--out", path("c.csv"), "--resume", path("early.bin"),
                                             "--snapshot-at", "1", "--snapshot", path("again.bin")])
        XCTAssertEqual(chained.status, 0, chained.standardError)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path("again.bin"))),
                       try Data(contentsOf: URL(fileURLWithPath: path("late.bin"))))
    }

    /// Options missing their partner, times past the end, a snapshot of another file, a
    /// damaged or truncated one, a missing one: exit 2 with one line, and no snapshot left.
    func testBadSnapshotOptionsAndFilesAreRefusedWithOneLine() throws {
        let drop = try write(SimulateEventsTests.drop)
        let other = try write(SimulateEventsTests.drop.replacingOccurrences(of: "\"duration\"", with: " \"duration\""), "other.json")
        XCTAssertEqual(try CommandRunner.run(["simulate", drop, "--out", path("x.csv"), "--snapshot-at", "0.1",
                                              "--snapshot", path("good.bin")]).status, 0)
        let good = try Data(contentsOf: URL(fileURLWithPath: path("good.bin")))
        var damaged = good
        damaged[damaged.count / 2] ^= 0x10
        try damaged.write(to: URL(fileURLWithPath: path("damaged.bin")))
        try good.prefix(good.count - 3).write(to: URL(fileURLWithPath: path("short.bin")))
        try Data("{\"format\":\"hooke-snapshot\",\"version\":7}".utf8).write(to: URL(fileURLWithPath: path("v7.json")))
        for (arguments, message) in [
            (["--snapshot", path("s.bin")], "--snapshot: needs --snapshot-at"),
            (["--snapshot-at", "0.1"], "--snapshot-at: needs --snapshot"),
            (["--snapshot-at", "-1", "--snapshot", path("s.bin")], "--snapshot-at: expected a number of seconds ≥ 0"),
            (["--snapshot-at", "100", "--snapshot", path("s.bin")], "past the run's end"),
            (["--snapshot-at", "0.1", "--snapshot", path("s.csv"), "--out", path("s.csv")], "--snapshot"),
            (["--resume", path("good.bin"), "--out", path("good.bin")], "--out"),
            (["--resume", path("missing.bin")], "--resume: \(path("missing.bin")): cannot open"),
            (["--resume", path("damaged.bin")], "the state's hash does not match the header's"),
            (["--resume", path("short.bin")], "truncated or padded"),
            (["--resume", path("v7.json")], "version: expected 1"),
            (["--resume", drop], "not a Hooke snapshot"),
        ] {
            let result = try CommandRunner.run(["simulate", drop] + arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertEqual(result.standardError.split(separator: "\n").count, 1, result.standardError)
            XCTAssertTrue(result.standardError.contains(message), "\(arguments): \(result.standardError)")
        }
        let elsewhere = try CommandRunner.run(["simulate", other, "--resume", path("good.bin")])
        XCTAssertEqual(elsewhere.status, 2)
        XCTAssertTrue(elsewhere.standardError.contains("the snapshot is of another scenario file"), elsewhere.standardError)
        XCTAssertFalse(try contents().contains("s.bin"))
    }

    /// `--snapshot /dev/null` writes through the device and leaves it a device; an existing
    /// snapshot is replaced whole.
    func testTheSnapshotGoesThroughTheOneWriter() throws {
        let drop = try write(SimulateEventsTests.drop)
        let result = try CommandRunner.run(["simulate", drop, "--out", path("x.csv"), "--snapshot-at", "0.1",
                                            "--snapshot", "/dev/null"])
        XCTAssertEqual(result.status, 0, result.standardError)
        var status = stat()
        XCTAssertEqual(stat("/dev/null", &status), 0)
        XCTAssertEqual(status.st_mode & S_IFMT, S_IFCHR)
        try Data("old".utf8).write(to: URL(fileURLWithPath: path("s.bin")))
        XCTAssertEqual(try CommandRunner.run(["simulate", drop, "--out", path("x.csv"), "--snapshot-at", "0.1",
                                              "--snapshot", path("s.bin")]).status, 0)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path("s.bin"))).prefix(4), Data("HKSN".utf8))
    }

    private func lines(_ name: String) throws -> [String] {
        try String(contentsOfFile: path(name), encoding: .utf8).split(separator: "\n").map(String.init)
    }

    private func stepOf(_ jsonLine: String) throws -> Int {
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(jsonLine.utf8)) as? [String: Any])
        return try XCTUnwrap(object["step"] as? Int)
    }
}
