import Foundation
import XCTest

/// `hooke sweep --scenario`: every metric against `hooke simulate` runs of the same
/// scenario at the same point, bit for bit; a closed form; refusals; shards and threads.
final class BehaviorSweepTests: CommandTestCase {
    /// Docs/examples/snap.json: a card thrown away from a snap point, recorded every two
    /// steps, coming to rest.
    private let snap = """
        {
          "world": { "bounds": [0, 0, 375, 667] },
          "bodies": [
            { "id": "card", "size": [300, 200], "center": [240, 520], "angle": 0.2,
              "allowsRotation": true }
          ],
          "behaviors": [
            { "type": "snap", "item": "card", "point": [187.5, 333.5], "damping": DAMPING,
              "releaseVelocity": [-400, -1200] }
          ],
          "duration": 1.5,
          "record": { "every": 2 }
        }
        """

    /// A puck given 50 pt/s… by a dynamic item with no resistance: it moves at constant
    /// velocity, so its metrics have a closed form.
    private let puck = """
        {
          "bodies": [ { "id": "puck", "size": [20, 20], "center": [100, 300] } ],
          "behaviors": [
            { "type": "dynamicItem", "items": ["puck"], "resistance": 0, "linearVelocity": [50, 0] }
          ],
          "duration": 1
        }
        """

    /// The rows of a sweep's CSV output: the header's names to each row's fields.
    private func csvRows(_ name: String) throws -> [[String: String]] {
        let lines = try String(contentsOfFile: path(name), encoding: .utf8).split(separator: "\n").map(String.init)
        let header = lines[0].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        return lines.dropFirst().map { line in
            Dictionary(uniqueKeysWithValues: zip(header, line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)))
        }
    }

    /// The metrics of `id` computed here from the rows and events `hooke simulate` writes
    /// for `scenario`, by the definitions of Docs/sweep.md.
    private func simulatedMetrics(_ scenario: String, id: String, band: Double) throws -> [String: Double?] {
        let file = try write(scenario, "point.json")
        let run = try CommandRunner.run(["simulate", file, "--out", path("rows.csv"), "--events", path("events.jsonl")])
        XCTAssertEqual(run.status, 0, run.standardError)
        let rows = try csvRows("rows.csv").filter { $0["id"] == id }
        let times = rows.map { Double($0["time"]!)! }
        let xs = rows.map { Double($0["x"]!)! }
        let ys = rows.map { Double($0["y"]!)! }
        let (finalX, finalY) = (xs.last!, ys.last!)
        var settle = 0.0
        for i in rows.indices {
            let (dx, dy) = (xs[i] - finalX, ys[i] - finalY)
            if (dx * dx + dy * dy).squareRoot() > band { settle = times[i] }
        }
        let (tx, ty) = (finalX - xs[0], finalY - ys[0])
        let length = (tx * tx + ty * ty).squareRoot()
        var overshoot = 0.0
        if length > 0 {
            for i in rows.indices { overshoot = max(overshoot, ((xs[i] - finalX) * tx + (ys[i] - finalY) * ty) / length) }
        }
        var peakSpeed = 0.0
        for row in rows {
            let (vx, vy) = (Double(row["vx"]!)!, Double(row["vy"]!)!)
            peakSpeed = max(peakSpeed, (vx * vx + vy * vy).squareRoot())
        }
        var rest: Double? = nil
        for line in try String(contentsOfFile: path("events.jsonl"), encoding: .utf8).split(separator: "\n") {
            guard line.contains("\"item\":\"\(id)\"") else { continue }
            let time = Double(line.split(separator: "\"time\":")[1].prefix { $0 != "," })!
            if line.contains("\"event\":\"restBegan\"") { rest = time }
            if line.contains("\"event\":\"restEnded\"") { rest = nil }
        }
        return ["settle": settle, "overshoot": overshoot, "peakSpeed": peakSpeed, "finalX": finalX, "finalY": finalY,
                "rest": rest]
    }

    func testMetricsEqualSimulateRunsOfTheSamePointBitForBit() throws {
        let scenario = try write(snap.replacingOccurrences(of: "DAMPING", with: "0.5"))
        let sweep = try CommandRunner.run([
            "sweep", "--scenario", scenario, "--vary", "behaviors[0].damping=0.2:0.8:0.3", "--band", "0.75",
            "--out", path("sweep.csv"),
        ])
        XCTAssertEqual(sweep.status, 0, sweep.standardError)
        let points = try csvRows("sweep.csv")
        XCTAssertEqual(points.map { $0["behaviors[0].damping"]! }, ["0.2", "0.5", "0.8"])
        var rests = 0
        for point in points {
            let damping = Double(point["behaviors[0].damping"]!)!
            let expected = try simulatedMetrics(snap.replacingOccurrences(of: "DAMPING", with: "\(damping)"), id: "card", band: 0.75)
            for (name, value) in expected {
                let field = point["bodies.card.\(name)"]!
                if let value {
                    XCTAssertEqual(Double(field)?.bitPattern, value.bitPattern, "\(name) at damping \(damping)")
                } else {
                    XCTAssertEqual(field, "", "\(name) at damping \(damping)")
                }
            }
            if expected["rest"]! != nil { rests += 1 }
            // The final position is the last row's exactly, and the card moved.
            XCTAssertGreaterThan(expected["settle"]!!, 0)
        }
        XCTAssertGreaterThan(rests, 0, "some point comes to rest, so rest is checked too")
    }

    /// Constant velocity v from step 1 (a dynamic item's linearVelocity is added when it
    /// starts, at the first step): x_n = x0 + v·n·h, so the final x is x0 + v·T, the peak
    /// speed v, no overshoot, settling at the last step more than band/v before the end,
    /// and never at rest.
    func testConstantVelocityMatchesItsClosedForm() throws {
        let scenario = try write(puck)
        let sweep = try CommandRunner.run([
            "sweep", "--scenario", scenario, "--vary", "behaviors[0].linearVelocity[0]=25,50,200", "--out", path("sweep.csv"),
        ])
        XCTAssertEqual(sweep.status, 0, sweep.standardError)
        let h = 1.0 / 120, duration = 1.0, band = 0.5  // the default timestep
        for point in try csvRows("sweep.csv") {
            let v = Double(point["behaviors[0].linearVelocity[0]"]!)!
            XCTAssertEqual(Double(point["bodies.puck.finalX"]!)!, 100 + v * duration, accuracy: 1e-9)
            XCTAssertEqual(Double(point["bodies.puck.finalY"]!)!, 300, accuracy: 1e-12)
            XCTAssertEqual(Double(point["bodies.puck.peakSpeed"]!)!, v, accuracy: 1e-9)
            XCTAssertEqual(Double(point["bodies.puck.overshoot"]!)!, 0)
            // The last step n with v·(T − n·h) > band (none of these falls near a boundary).
            let lastOutside = ((duration - band / v) / h).rounded(.down)
            XCTAssertEqual(Double(point["bodies.puck.settle"]!)!, lastOutside * h, accuracy: 1e-12)
            XCTAssertEqual(point["bodies.puck.rest"], "")
        }
    }

    func testRefusedPathsAndValuesExitWithOneLineNamingThePath() throws {
        let scenario = try write(snap.replacingOccurrences(of: "DAMPING", with: "0.5"))
        let cases: [(vary: String, expected: String)] = [
            ("behaviors[3].damping=0.5", "behaviors[3].damping"),
            ("behaviors[0].dampng=0.5", "no key \"dampng\""),
            ("behaviors[0].type=1", "behaviors[0].type: the value there is a string, not a number"),
            ("behaviors[0].point=1", "not a number"),
            ("behaviors[0].damping=0.5:1.5:0.5", "--vary behaviors[0].damping=1.5: behaviors[0].damping: expected a number in 0...1, got 1.5"),
            ("bodies[0].size[0]=-1,10", "bodies[0].size[0]"),
            ("behaviors[0.damping=1", "not a JSON path"),
        ]
        for (vary, expected) in cases {
            let result = try CommandRunner.run(["sweep", "--scenario", scenario, "--vary", vary, "--out", path("out.csv")])
            XCTAssertEqual(result.status, 2, vary)
            XCTAssertEqual(result.standardError.split(separator: "\n").count, 1, result.standardError)
            XCTAssertTrue(result.standardError.contains(expected), "\(vary): \(result.standardError)")
            XCTAssertTrue(result.standardOutput.isEmpty)
        }
        // Each value alone is accepted, but at 0.8 with until 0.5 is not: refused before any run.
        let timed = try write(snap.replacingOccurrences(of: "DAMPING", with: "0.5, \"at\": 0, \"until\": 1"), "timed.json")
        let combination = try CommandRunner.run([
            "sweep", "--scenario", timed, "--vary", "behaviors[0].at=0,0.8", "--vary", "behaviors[0].until=1,0.5",
            "--out", path("out.csv"),
        ])
        XCTAssertEqual(combination.status, 2)
        XCTAssertEqual(combination.standardError.split(separator: "\n").count, 1, combination.standardError)
        XCTAssertTrue(combination.standardError.hasPrefix(
            "hooke: grid point 3 (behaviors[0].at=0.8, behaviors[0].until=0.5): behaviors[0].until"), combination.standardError)
        try FileManager.default.removeItem(atPath: timed)
        let metric = try CommandRunner.run(["sweep", "--scenario", scenario, "--vary", "duration=1", "--metric", "bodies.box.settle"])
        XCTAssertEqual(metric.status, 2)
        XCTAssertTrue(metric.standardError.contains("no recorded body \"box\""), metric.standardError)
        XCTAssertEqual(try contents(), ["scenario.json"], "nothing written")
    }

    /// Shards run as separate processes merge into the one-process output byte for byte
    /// (JSON and CSV), and threads do not change it.
    func testShardsMergeAndThreadsGiveTheOneProcessOutputByteForByte() throws {
        let scenario = try write(snap.replacingOccurrences(of: "DAMPING", with: "0.5"))
        let sweep = ["sweep", "--scenario", scenario, "--vary", "behaviors[0].damping=0.1:1:0.15",
                     "--vary", "bodies[0].angle=0,0.3", "--max", "bodies.card.overshoot=10", "--objective", "bodies.card.settle"]
        let parts = try assertShardsAndThreadsGiveTheWholeRun(
            sweep, mergeOrder: [2, 0, 1], recommendation: "recommendation (objective: bodies.card.settle")
        XCTAssertLessThan(try bytes("part0.json").count, try bytes("whole.json").count)
        // --shard auto from a Slurm array's variables (IDs 1…2) gives the same parts' merge.
        let slurm = try (1...2).map { task in
            try SweepTestSupport.start(
                sweep + ["--shard", "auto", "--out", path("slurm\(task).json")],
                environment: ["SLURM_ARRAY_TASK_ID": "\(task)", "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "2"],
                in: directory)
        }
        for process in slurm {
            process.waitUntilExit()
            XCTAssertEqual(process.terminationStatus, 0)
        }
        let slurmMerge = try CommandRunner.run(["sweep", "merge", path("slurm2.json"), path("slurm1.json"), "--out", path("slurm.json")])
        XCTAssertEqual(slurmMerge.status, 0, slurmMerge.standardError)
        XCTAssertEqual(try bytes("slurm.json"), try bytes("whole.json"))
        // A missing shard is refused.
        let missing = try CommandRunner.run(["sweep", "merge", parts[0], parts[1], "--out", path("bad.json")])
        XCTAssertEqual(missing.status, 2)
        XCTAssertTrue(missing.standardError.contains("missing"), missing.standardError)
    }

    /// The recommendation is the point with the smallest objective of those meeting the
    /// constraints, the earlier of ties.
    func testRecommendationMinimisesTheObjectiveUnderTheConstraints() throws {
        let scenario = try write(snap.replacingOccurrences(of: "DAMPING", with: "0.5"))
        let run = try CommandRunner.run([
            "sweep", "--scenario", scenario, "--vary", "behaviors[0].damping=0.1:1:0.1", "--max", "bodies.card.overshoot=5",
            "--objective", "bodies.card.settle", "--out", path("sweep.csv"),
        ])
        XCTAssertEqual(run.status, 0, run.standardError)
        let rows = try csvRows("sweep.csv")
        let candidates = rows.filter { Double($0["bodies.card.overshoot"]!)! <= 5 }
        XCTAssertFalse(candidates.isEmpty)
        let best = candidates.min { (Double($0["bodies.card.settle"]!)!, Int($0["index"]!)!) < (Double($1["bodies.card.settle"]!)!, Int($1["index"]!)!) }!
        XCTAssertTrue(run.standardOutput.contains("grid point \(best["index"]!) of 10"), run.standardOutput)
    }

    /// A flick decides: the fast body of Docs/examples/interactions/flick.json is thrown
    /// away below the speed threshold of its release and returned above it, and the
    /// `dismissed` metric says so as the state column of `hooke simulate` does.
    func testFlickDecisionIsReportedAsTheSimulateRowsStateSays() throws {
        let example = SimulateCommandTests.examples.appendingPathComponent("interactions/flick.json").path
        let run = try CommandRunner.run([
            "sweep", "--scenario", example, "--vary", "interactions[1].speedThreshold=500,3000",
            "--metric", "bodies.fast.dismissed", "--min", "bodies.fast.dismissed=1", "--out", path("sweep.csv"),
        ])
        XCTAssertEqual(run.status, 0, run.standardError)
        let rows = try csvRows("sweep.csv")
        XCTAssertEqual(rows.map { $0["bodies.fast.dismissed"]! }, ["1", "0"])
        XCTAssertTrue(run.standardOutput.contains("grid point 0 of 2"), run.standardOutput)
        // The last row of hooke simulate at each point says the same.
        let document = try String(contentsOfFile: example, encoding: .utf8)
        for (threshold, state) in [("500", "dismissed"), ("3000", "resting")] {
            let file = try write(document.replacingOccurrences(of: "\"speedThreshold\": 1000", with: "\"speedThreshold\": \(threshold)"), "point.json")
            let simulate = try CommandRunner.run(["simulate", file, "--out", path("rows.csv")])
            XCTAssertEqual(simulate.status, 0, simulate.standardError)
            let last = try csvRows("rows.csv").last { $0["id"] == "fast" }!
            XCTAssertEqual(last["state"], state, "speedThreshold \(threshold)")
        }
        // Plain world bodies have no decision.
        let plain = try CommandRunner.run([
            "sweep", "--scenario", try write(snap.replacingOccurrences(of: "DAMPING", with: "0.5")), "--vary", "duration=1",
            "--format", "csv",
        ])
        XCTAssertFalse(plain.standardOutput.contains("dismissed"), plain.standardOutput)
    }
}
