import Foundation
import XCTest

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The command line's output files as users name them: devices, the input itself, two
/// options naming one file. `Tests/HookeIOTests` covers the writer on its own.
final class OutputFileCommandTests: CommandTestCase {

    func isCharacterDevice(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFCHR
    }

    static let sweep = ["sweep", "--damping-ratio", "0.5:1:0.25", "--response", "0.2:0.4:0.2",
                        "--max-overshoot", "0.02", "--objective", "settle"]

    /// `make run` swept with `--out /dev/null`; run as root, the CLI renamed its
    /// temporary file over the device and left a regular CSV file at /dev/null.
    func testSweepOutToDevNullKeepsTheDevice() throws {
        XCTAssertTrue(isCharacterDevice("/dev/null"))
        let result = try CommandRunner.run(Self.sweep + ["--format", "csv", "--out", "/dev/null"])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertTrue(isCharacterDevice("/dev/null"), "/dev/null is no longer a character device")
    }

    /// `hooke simulate s.json --out s.json` wrote the trajectory over the scenario.
    func testSimulateRefusesToWriteOverItsScenario() throws {
        let scenario = path("s.json")
        let text = #"{ "bodies": [ { "id": "a", "shape": "rectangle", "size": [10, 10], "center": [0, 0] } ], "duration": 0.05 }"#
        try text.write(toFile: scenario, atomically: false, encoding: .utf8)
        XCTAssertEqual(symlink(scenario, path("alias.json")), 0)
        for out in [scenario, path("alias.json")] {
            let result = try CommandRunner.run(["simulate", scenario, "--out", out])
            XCTAssertEqual(result.status, 2)
            XCTAssertEqual(
                result.standardError,
                "hooke: --out \(out) is the same file as input \(scenario); refusing to overwrite it\n")
            XCTAssertEqual(try String(contentsOfFile: scenario, encoding: .utf8), text)
        }
    }

    /// `--out g.svg --plot g.svg` let one output overwrite the other.
    func testSweepRefusesOneFileForTwoOutputs() throws {
        let plot = path("g.svg")
        let result = try CommandRunner.run(Self.sweep + ["--format", "csv", "--out", plot, "--plot", plot])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.standardError.contains("is the same file as --out"), result.standardError)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path), [])
    }

    func testSweepMergeRefusesToWriteOverAPart() throws {
        let part = path("part.json")
        let made = try CommandRunner.run(Self.sweep + ["--out", part])
        XCTAssertEqual(made.status, 0, made.standardError)
        let before = try Data(contentsOf: URL(fileURLWithPath: part))
        let result = try CommandRunner.run(["sweep", "merge", part, "--out", part])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.standardError.contains("is the same file as input"), result.standardError)
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: part)), before)
    }
}
