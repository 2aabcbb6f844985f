import Foundation
import XCTest

/// `hooke simulate --hashes FILE`: the world's state hash after every step.
final class SimulateHashesTests: CommandTestCase {
    /// Every example scenario, interactions included (Docs/examples/**/*.json), for a
    /// quarter of a second: one line per step from step 0, "step,16 hex digits", the
    /// same file from two runs, and the rows unchanged by asking for the hashes.
    func testEveryExampleWritesOneHashPerStepAndTwoRunsAgree() throws {
        let root = SimulateCommandTests.examples
        let files = try XCTUnwrap(FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "json" }
            // Docs/examples/gestures holds gesture recordings for hooke sweep --gestures, not scenarios.
            .filter { !$0.path.contains("/gestures/") }
            .sorted { $0.path < $1.path }
        XCTAssertGreaterThanOrEqual(files.count, 10)
        for file in files {
            let name = file.lastPathComponent
            let (first, second) = (path("a-\(name).txt"), path("b-\(name).txt"))
            let run = try CommandRunner.run(["simulate", file.path, "--duration", "0.25", "--out", path("a.csv"),
                                             "--hashes", first])
            XCTAssertEqual(run.status, 0, "\(name): \(run.standardError)")
            let again = try CommandRunner.run(["simulate", file.path, "--duration", "0.25", "--out", path("b.csv"),
                                               "--hashes", second])
            XCTAssertEqual(again.status, 0, "\(name): \(again.standardError)")
            let lines = try String(contentsOfFile: first, encoding: .utf8).split(separator: "\n")
            XCTAssertEqual(try String(contentsOfFile: second, encoding: .utf8).split(separator: "\n"), lines, name)
            let plain = try CommandRunner.run(["simulate", file.path, "--duration", "0.25", "--out", path("c.csv")])
            XCTAssertEqual(plain.status, 0, "\(name): \(plain.standardError)")
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path("c.csv"))),
                           try Data(contentsOf: URL(fileURLWithPath: path("a.csv"))), name)
            for (step, line) in lines.enumerated() {
                let parts = line.split(separator: ",")
                XCTAssertEqual(parts.count, 2, "\(name): \(line)")
                XCTAssertEqual(parts.first.map(String.init), String(step), "\(name): \(line)")
                XCTAssertEqual(parts.last?.count, 16, "\(name): \(line)")
                XCTAssertNotNil(parts.last.flatMap { UInt64($0, radix: 16) }, "\(name): \(line)")
            }
            XCTAssertGreaterThan(lines.count, 1, name)
        }
    }

    /// An unwritable hashes file, an empty name or the --out file: exit 2, one line.
    func testABadHashesFileIsRefusedWithOneLine() throws {
        let scenario = try write(SimulateEventsTests.drop)
        for (arguments, message) in [
            (["--hashes", path("missing/dir/h.txt")], "--hashes: "),
            (["--hashes", ""], "--hashes: expected a file name"),
            (["--hashes", path("x.csv"), "--out", path("x.csv")], "--hashes"),
        ] {
            let result = try CommandRunner.run(["simulate", scenario] + arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertEqual(result.standardError.split(separator: "\n").count, 1, result.standardError)
            XCTAssertTrue(result.standardError.contains(message), result.standardError)
        }
    }
}
