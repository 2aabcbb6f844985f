import Foundation
import XCTest

/// `hooke simulate --events FILE`: what happened in the run, as JSON lines.
final class SimulateEventsTests: CommandTestCase {

    /// The JSON objects of an events file, one per line.
    func objects(_ file: String) throws -> [[String: Any]] {
        let text = try String(contentsOfFile: file, encoding: .utf8)
        XCTAssertTrue(text.isEmpty || text.hasSuffix("\n"), "every line ends with a newline")
        return try text.split(separator: "\n").map { line in
            try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], String(line))
        }
    }

    /// A 40 pt box, no resistance, dropped from rest with its core 3.5 pt above the
    /// floor's skin (centre 600 − 20 − 2 − 3.5 = 574.5; the box's and the edge's skins are
    /// 1 pt each).
    static let drop = """
        { "bodies": [ { "id": "box", "size": [40, 40], "center": [120, 574.5], "elasticity": 0, "resistance": 0 } ],
          "behaviors": [ { "type": "gravity", "items": ["box"] },
                         { "type": "collision", "items": ["box"],
                           "boundaries": [ { "id": "floor", "from": [0, 600], "to": [400, 600] } ] } ],
          "duration": 2 }
        """

    /// The box lands once: exactly one contact began, naming the box and "floor", at step
    /// 11 — after k steps of semi-implicit Euler it has fallen g·h²·k(k + 1)/2 (g = 1000
    /// pt/s², h = 1/120 s), 3.82 pt ≥ 3.5 first at k = 10, which the narrowphase of step
    /// 11 sees (the continuous fall √(2·3.5/1000) = 0.0837 s = 10.04 h also reaches the
    /// floor inside step 11, from 10h to 11h). It lands at 77 pt/s, below the 100 pt/s
    /// restitution threshold, so it does not bounce: no contact ends. Half a second after
    /// it stops it comes to rest, and the world pauses in the same step, after it.
    func testDropReportsOneContactThenRestAndPause() throws {
        let h = 1.0 / 120, g = 1000.0, fall = 3.5
        let k = (1...).first { Double($0 * ($0 + 1)) * g * h * h / 2 >= fall }!
        XCTAssertEqual(k, 10)
        let touch = (2 * fall / g).squareRoot()
        XCTAssertTrue(Double(k) * h < touch && touch <= Double(k + 1) * h)

        let events = path("events.jsonl")
        let result = try CommandRunner.run(["simulate", try write(Self.drop), "--out", path("out.csv"),
                                            "--events", events])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertTrue(result.standardOutput.hasSuffix("events to \(events)\n"), result.standardOutput)
        let lines = try objects(events)
        let began = lines.filter { $0["event"] as? String == "contactBegan" }
        XCTAssertEqual(began.count, 1)
        let contact = try XCTUnwrap(began.first)
        XCTAssertEqual(contact["item"] as? String, "box")
        XCTAssertEqual(contact["boundary"] as? String, "floor")
        XCTAssertNil(contact["with"])
        XCTAssertEqual(contact["step"] as? Int, k + 1)
        XCTAssertEqual(try XCTUnwrap(contact["time"] as? Double), Double(k + 1) * h, accuracy: 1e-12)
        // The first manifold point is a bottom corner of the box (x = 100 or 140), within
        // the skins above the floor line.
        let point = try XCTUnwrap(contact["point"] as? [Double])
        XCTAssertEqual(point.count, 2)
        XCTAssertTrue(abs(point[0] - 100) < 1e-9 || abs(point[0] - 140) < 1e-9, "\(point)")
        XCTAssertTrue((598...600).contains(point[1]), "\(point)")
        // The impact: the box's speed when step k + 1 began, k·g·h = 83.3 pt/s, and with no
        // bounce (below the restitution threshold) the impulse that stops it, m·v plus at
        // most the step's gravity m·g·h, for m = 40·40/10⁴ = 0.16 kg, in N·s (÷ 100).
        XCTAssertEqual(try XCTUnwrap(contact["approachSpeed"] as? Double), Double(k) * g * h, accuracy: 1e-9)
        let impulse = try XCTUnwrap(contact["normalImpulse"] as? Double) * 100
        XCTAssertEqual(impulse, 0.16 * (Double(k) * g * h + g * h / 2), accuracy: 0.16 * g * h / 2 + 1e-9)
        XCTAssertTrue(lines.allSatisfy { $0["event"] as? String != "contactEnded" })

        let rest = try XCTUnwrap(lines.firstIndex { $0["event"] as? String == "restBegan" })
        XCTAssertEqual(lines[rest]["item"] as? String, "box")
        let pause = try XCTUnwrap(lines.firstIndex { $0["event"] as? String == "didPause" })
        XCTAssertEqual(lines.filter { $0["event"] as? String == "didPause" }.count, 1)
        XCTAssertLessThan(lines.firstIndex { $0["event"] as? String == "contactBegan" }!, rest)
        XCTAssertLessThan(rest, pause)
        XCTAssertEqual(lines[pause]["step"] as? Int, lines[rest]["step"] as? Int)
        // Rest needs 0.5 s (60 steps) below 1 pt/s, the landing step (which stops the box)
        // the first of them.
        XCTAssertGreaterThanOrEqual(try XCTUnwrap(lines[rest]["step"] as? Int), k + 1 + 59)
        // Every line in step order, each with its time step·h.
        let steps = lines.compactMap { $0["step"] as? Int }
        XCTAssertEqual(steps.count, lines.count)
        XCTAssertEqual(steps, steps.sorted())
        for line in lines {
            XCTAssertEqual(try XCTUnwrap(line["time"] as? Double), Double(line["step"] as! Int) * h, accuracy: 1e-12)
        }
    }

    /// Without `--out` the trajectory still goes to standard output, unchanged, and the
    /// events to their file.
    func testEventsWithoutOutKeepsStandardOutputTheTrajectory() throws {
        let scenario = try write(Self.drop)
        let plain = try CommandRunner.run(["simulate", scenario])
        let withEvents = try CommandRunner.run(["simulate", scenario, "--events", path("e.jsonl")])
        XCTAssertEqual(withEvents.status, 0, withEvents.standardError)
        XCTAssertEqual(withEvents.standardOutput, plain.standardOutput)
        XCTAssertFalse(try objects(path("e.jsonl")).isEmpty)
    }

    /// A bad `--events` exits with status 2 on one line naming the option, and writes
    /// nothing: an empty name, the scenario file itself, the `--out` file, a missing
    /// directory; a refused scenario leaves no events file either.
    func testBadEventsFileIsRefused() throws {
        let scenario = try write(Self.drop)
        let cases: [[String]] = [
            ["simulate", scenario, "--events", ""],
            ["simulate", scenario, "--events", scenario],
            ["simulate", scenario, "--out", path("same.csv"), "--events", path("same.csv")],
            ["simulate", scenario, "--events", path("no/such/dir.jsonl")],
            ["simulate", scenario, "--events"],
        ]
        for arguments in cases {
            let result = try CommandRunner.run(arguments)
            XCTAssertEqual(result.status, 2, arguments.joined(separator: " "))
            XCTAssertEqual(result.standardError.split(separator: "\n").count, 1, result.standardError)
            XCTAssertTrue(result.standardError.contains("--events"), result.standardError)
        }
        XCTAssertEqual(try String(contentsOfFile: scenario, encoding: .utf8), Self.drop)
        let bad = try write(#"{ "bodies": [ { "id": "box", "size": [10, 10], "centre": [0, 0] } ], "duration": 1 }"#,
                            "bad.json")
        XCTAssertEqual(try CommandRunner.run(["simulate", bad, "--events", path("bad.jsonl")]).status, 2)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted(),
                       ["bad.json", "scenario.json"])
        let help = try CommandRunner.run(["simulate", "--help"])
        XCTAssertTrue(help.standardOutput.contains("--events FILE"))
    }
}
