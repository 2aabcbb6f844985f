import Foundation
import XCTest

/// `hooke sweep --scenario … --gestures DIR`: the corpus's rates and mean settling time
/// against `hooke simulate` runs of each recording's scenario, exact; refusals; shards,
/// merge and threads; the shipped corpus is the script's output.
final class GestureSweepTests: CommandTestCase {
    /// The scenario of Docs/examples/sweep/swipe-card-decision.json, its threshold and
    /// gesture to be filled in.
    private let card = """
        { "world": { "timestep": 0.008333333333333333 }, "bodies": [],
          "interactions": [
            { "id": "card", "kind": "swipeCard", "home": [160, 190], "size": [200, 260], "screenSize": [320, 568],
              "decisionThreshold": THRESHOLD, "decelerationRate": 0.998, "minimumExitSpeed": 600,
              "gesture": GESTURE } ],
          "duration": 2.5 }
        """

    private static let corpus = SimulateCommandTests.examples.appendingPathComponent("gestures")

    /// A recording's gesture, as its text in the file (json.dumps puts it last).
    private func gestureText(_ file: URL) throws -> String {
        let text = try String(contentsOf: file, encoding: .utf8)
        let start = try XCTUnwrap(text.range(of: "\"gesture\": "))
        let body = text[start.upperBound...].trimmingCharacters(in: .whitespacesAndNewlines)
        return String(body.dropLast())  // the recording's closing brace
    }

    private func shipped() throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: Self.corpus, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    /// A horizontal pan of `steps` moves of `dx` each, 1/120 s apart, from (160, 300),
    /// then held still for `hold` steps before it ends (so that it ends slow).
    private func pan(dx: Double, steps: Int, hold: Int = 0, label: String) -> String {
        let events = (0...(steps + hold)).map { k in
            let phase = k == 0 ? "began" : (k == steps + hold ? "ended" : "changed")
            let x = 160 + dx * Double(min(k, steps))
            return "{\"phase\":\"\(phase)\",\"time\":\(0.1 + Double(k) / 120),\"touches\":[[\(x),300]]}"
        }
        return "{\"label\":\"\(label)\",\"gesture\":{\"kind\":\"pan\",\"events\":[\(events.joined(separator: ","))]}}"
    }

    private func csvRows(_ file: String) throws -> [[String: String]] {
        let lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").map(String.init)
        let header = lines[0].split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        return lines.dropFirst().map { line in
            Dictionary(uniqueKeysWithValues: zip(header, line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)))
        }
    }

    /// Every recording of the shipped corpus at one grid point: the counts, rates and
    /// mean settling time are those of `hooke simulate` runs of the scenario with each
    /// recording's gesture in place (the card's last state leaving/gone is a dismissal;
    /// settle by Docs/sweep.md's definition), exactly.
    func testRatesEqualSimulateRunsOfEachRecording() throws {
        let files = try shipped()
        XCTAssertGreaterThanOrEqual(files.count, 24)
        let scenario = try write(card.replacingOccurrences(of: "THRESHOLD", with: "120")
            .replacingOccurrences(of: "GESTURE", with: try gestureText(files[0])))
        let sweep = try CommandRunner.run([
            "sweep", "--scenario", scenario, "--gestures", Self.corpus.path, "--vary", "interactions[0].decisionThreshold=100",
            "--band", "0.75", "--out", path("sweep.csv"),
        ])
        XCTAssertEqual(sweep.status, 0, sweep.standardError)
        let row = try XCTUnwrap(try csvRows(path("sweep.csv")).first)

        var (wrong, missed, keep, dismiss) = (0, 0, 0, 0)
        var settleSum = 0.0
        for file in files {
            let label = try String(contentsOf: file, encoding: .utf8).contains("\"label\": \"dismiss\"") ? "dismiss" : "keep"
            let point = try write(card.replacingOccurrences(of: "THRESHOLD", with: "100")
                .replacingOccurrences(of: "GESTURE", with: try gestureText(file)), "point.json")
            let run = try CommandRunner.run(["simulate", point, "--out", path("rows.csv")])
            XCTAssertEqual(run.status, 0, run.standardError)
            let rows = try csvRows(path("rows.csv")).filter { $0["id"] == "card" }
            let dismissed = ["leaving", "gone"].contains(rows.last!["state"]!)
            let (finalX, finalY) = (Double(rows.last!["x"]!)!, Double(rows.last!["y"]!)!)
            var settle = 0.0
            for row in rows {
                let (dx, dy) = (Double(row["x"]!)! - finalX, Double(row["y"]!)! - finalY)
                if (dx * dx + dy * dy).squareRoot() > 0.75 { settle = Double(row["time"]!)! }
            }
            settleSum += settle
            if label == "keep" {
                keep += 1
                if dismissed { wrong += 1 }
            } else {
                dismiss += 1
                if !dismissed { missed += 1 }
            }
        }
        XCTAssertGreaterThan(wrong, 0, "the card at 100 pt dismisses some gestures meant to keep it")
        XCTAssertEqual(row["gestures.wrongCount"], "\(wrong)")
        XCTAssertEqual(row["gestures.missedCount"], "\(missed)")
        XCTAssertEqual(Double(row["gestures.wrong"]!)?.bitPattern, (Double(wrong) / Double(keep)).bitPattern)
        XCTAssertEqual(Double(row["gestures.missed"]!)?.bitPattern, (Double(missed) / Double(dismiss)).bitPattern)
        XCTAssertEqual(Double(row["gestures.errors"]!)?.bitPattern, (Double(wrong + missed) / Double(files.count)).bitPattern)
        XCTAssertEqual(Double(row["gestures.settle"]!)?.bitPattern, (settleSum / Double(files.count)).bitPattern)
    }

    /// A card at 120 pt keeps a 60 pt drag and dismisses a 180 pt one, both held still
    /// before release; the labels make each a mistake. At 400 pt both are kept: only
    /// the missed dismissal is left.
    func testLabelsDecideWhichDecisionsAreMistakes() throws {
        let scenario = try write(card.replacingOccurrences(of: "THRESHOLD", with: "120")
            .replacingOccurrences(of: "GESTURE", with: "{\"kind\":\"pan\",\"events\":[{\"phase\":\"began\",\"time\":0.1,\"touches\":[[160,300]]},{\"phase\":\"ended\",\"time\":0.2,\"touches\":[[170,300]]}]}"))
        let recordings = directory.appendingPathComponent("recordings")
        try FileManager.default.createDirectory(at: recordings, withIntermediateDirectories: true)
        // 30 steps of 2 pt (60 pt) and of 6 pt (180 pt), then 0.25 s still; each labelled
        // the other way.
        try Data(pan(dx: 2, steps: 30, hold: 30, label: "dismiss").utf8).write(to: recordings.appendingPathComponent("a.json"))
        try Data(pan(dx: 6, steps: 30, hold: 30, label: "keep").utf8).write(to: recordings.appendingPathComponent("b.json"))
        try Data("not a recording".utf8).write(to: recordings.appendingPathComponent("notes.txt"))
        let run = try CommandRunner.run([
            "sweep", "--scenario", scenario, "--gestures", recordings.path, "--vary", "interactions[0].decisionThreshold=120,400",
            "--metric", "gestures.missed", "--metric", "gestures.wrong", "--max", "gestures.wrong=0", "--out", path("sweep.csv"),
        ])
        XCTAssertEqual(run.status, 0, run.standardError)
        let lines = try String(contentsOfFile: path("sweep.csv"), encoding: .utf8).split(separator: "\n").map(String.init)
        XCTAssertEqual(lines[0], "index,interactions[0].decisionThreshold,gestures.missed,gestures.wrong")
        XCTAssertEqual(lines[1], "0,120,1,1")
        XCTAssertEqual(lines[2], "1,400,1,0")
        // The objective is the first --metric; 120 pt breaks --max gestures.wrong=0.
        XCTAssertTrue(run.standardOutput.contains("recommendation (objective: gestures.missed, minimised; grid point 1 of 2)"),
                      run.standardOutput)
    }

    /// A flick decides too: its body is the flicked world body, whose rows carry the
    /// state. Two thresholds, three pans (1800, 1200 and 240 pt/s): the counts are those
    /// of `hooke simulate` runs, and the thresholds tell the two faster pans apart.
    func testFlickRecordingsCountAsTheSimulateRowsStateSays() throws {
        let flick = """
            { "world": { "timestep": 0.008333333333333333, "bounds": [0, 0, 375, 667] },
              "bodies": [ { "id": "photo", "size": [100, 100], "center": [160, 300], "resistance": 0 } ],
              "interactions": [ { "id": "flick", "kind": "flick", "item": "photo", "speedThreshold": THRESHOLD,
                                  "gesture": GESTURE } ],
              "duration": 2 }
            """
        let recordings = directory.appendingPathComponent("recordings")
        try FileManager.default.createDirectory(at: recordings, withIntermediateDirectories: true)
        let pans = [("a.json", pan(dx: 15, steps: 12, label: "dismiss")), ("b.json", pan(dx: 10, steps: 12, label: "keep")),
                    ("c.json", pan(dx: 2, steps: 12, label: "keep"))]
        for (name, text) in pans { try Data(text.utf8).write(to: recordings.appendingPathComponent(name)) }
        func gesture(_ recording: String) -> String {
            String(recording[recording.range(of: "\"gesture\":")!.upperBound...].dropLast())
        }
        let scenario = try write(flick.replacingOccurrences(of: "THRESHOLD", with: "1000")
            .replacingOccurrences(of: "GESTURE", with: gesture(pans[0].1)))
        let run = try CommandRunner.run([
            "sweep", "--scenario", scenario, "--gestures", recordings.path, "--vary", "interactions[0].speedThreshold=1000,1500",
            "--metric", "gestures.wrongCount", "--metric", "gestures.missedCount", "--out", path("sweep.csv"),
        ])
        XCTAssertEqual(run.status, 0, run.standardError)
        let rows = try csvRows(path("sweep.csv"))
        var wrongs: [Int] = []
        for (row, threshold) in zip(rows, ["1000", "1500"]) {
            var (wrong, missed) = (0, 0)
            for (_, text) in pans {
                let point = try write(flick.replacingOccurrences(of: "THRESHOLD", with: threshold)
                    .replacingOccurrences(of: "GESTURE", with: gesture(text)), "point.json")
                let simulate = try CommandRunner.run(["simulate", point, "--out", path("rows.csv")])
                XCTAssertEqual(simulate.status, 0, simulate.standardError)
                let state = try csvRows(path("rows.csv")).last { $0["id"] == "photo" }!["state"]!
                let dismissed = ["dismissing", "dismissed"].contains(state)
                if text.contains("\"keep\""), dismissed { wrong += 1 }
                if text.contains("\"dismiss\""), !dismissed { missed += 1 }
            }
            XCTAssertEqual(row["gestures.wrongCount"], "\(wrong)", "speedThreshold \(threshold)")
            XCTAssertEqual(row["gestures.missedCount"], "\(missed)", "speedThreshold \(threshold)")
            wrongs.append(wrong)
        }
        XCTAssertEqual(wrongs, [1, 0], "1200 pt/s is dismissed at 1000 and kept at 1500")
    }

    /// Every refusal is one line on standard error, exit status 2, naming the file and
    /// the key at fault.
    func testRefusalsExitWithOneLineNamingTheFileAndThePath() throws {
        let scenario = try write(card.replacingOccurrences(of: "THRESHOLD", with: "120")
            .replacingOccurrences(of: "GESTURE", with: "{\"kind\":\"pan\",\"events\":[{\"phase\":\"began\",\"time\":0.1,\"touches\":[[160,300]]},{\"phase\":\"ended\",\"time\":0.2,\"touches\":[[170,300]]}]}"))
        let good = pan(dx: 3, steps: 20, label: "keep")
        func refusal(_ files: [String: String], _ extra: [String] = [], scenario file: String? = nil) throws -> String {
            let recordings = directory.appendingPathComponent("r\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: recordings, withIntermediateDirectories: true)
            for (name, text) in files { try Data(text.utf8).write(to: recordings.appendingPathComponent(name)) }
            let run = try CommandRunner.run(["sweep", "--scenario", file ?? scenario, "--gestures", recordings.path,
                                             "--vary", "duration=2.5", "--format", "csv"] + extra)
            XCTAssertEqual(run.status, 2, run.standardOutput)
            XCTAssertEqual(run.standardError.split(separator: "\n").count, 1, run.standardError)
            XCTAssertTrue(run.standardOutput.isEmpty, run.standardOutput)
            return run.standardError
        }
        var message = try refusal(["a.json": good, "b.json": good.replacingOccurrences(of: "\"keep\"", with: "\"maybe\"")])
        XCTAssertTrue(message.contains("b.json: label: expected \"dismiss\" or \"keep\", got \"maybe\""), message)
        message = try refusal(["a.json": good.replacingOccurrences(of: "\"label\"", with: "\"note\":1,\"label\"")])
        XCTAssertTrue(message.contains("a.json: unknown key \"note\""), message)
        message = try refusal(["a.json": "{\"label\":\"keep\"}"])
        XCTAssertTrue(message.contains("a.json: gesture: required"), message)
        message = try refusal(["a.json": "[1, 2"])
        XCTAssertTrue(message.contains("a.json: not JSON"), message)
        // A gesture the scenario parser refuses: time going backwards, named by its path
        // in the file.
        message = try refusal(["a.json": good.replacingOccurrences(of: "\"time\":0.10833333333333334", with: "\"time\":0.05")])
        XCTAssertTrue(message.contains("a.json: gesture.events[1]"), message)
        message = try refusal(["a.json": good.replacingOccurrences(of: "\"pan\"", with: "\"pinch\"")])
        XCTAssertTrue(message.contains("a.json: gesture.") && message.contains("pinch"), message)
        message = try refusal(["a.json": pan(dx: 3, steps: 20, hold: 300, label: "keep")])
        XCTAssertTrue(message.contains(
            "a.json: gesture.events[320]: time 2.7666666666666666 is not before the scenario's end (duration 2.5 s)"), message)
        message = try refusal(["notes.txt": "no recordings here"])
        XCTAssertTrue(message.contains("holds no .json recording"), message)
        message = try refusal(Dictionary(uniqueKeysWithValues: (0...1000).map { ("\($0).json", "") }))
        XCTAssertTrue(message.contains("holds 1001 .json files, more than 1000"), message)
        message = try refusal(["a.json": good + String(repeating: " ", count: 1 << 20)])
        XCTAssertTrue(message.contains("a.json: \(good.utf8.count + (1 << 20)) bytes, more than 1048576"), message)
        message = try refusal(["a.json": good], ["--metric", "bodies.card.settle"])
        XCTAssertTrue(message.contains("--metric: 'bodies.card.settle' is not a metric of a --gestures sweep"), message)
        let plain = try write(SimulateCommandTests.drop, "drop.json")
        message = try refusal(["a.json": good], scenario: plain)
        XCTAssertTrue(message.contains("no interactions"), message)
        // gestures.* without --gestures.
        let run = try CommandRunner.run(["sweep", "--scenario", scenario, "--vary", "duration=2.5",
                                         "--objective", "gestures.wrong"])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.standardError.contains("'gestures.wrong' needs --gestures DIR"), run.standardError)
    }

    /// Shards merge into the one-process output byte for byte (JSON and CSV), threads
    /// change nothing, and parts of another corpus are refused.
    func testShardsMergeAndThreadsGiveTheOneProcessOutputByteForByte() throws {
        let files = try shipped()
        let recordings = directory.appendingPathComponent("recordings")
        try FileManager.default.createDirectory(at: recordings, withIntermediateDirectories: true)
        for file in files.prefix(6) + files.suffix(6) {
            try FileManager.default.copyItem(at: file, to: recordings.appendingPathComponent(file.lastPathComponent))
        }
        let scenario = try write(card.replacingOccurrences(of: "THRESHOLD", with: "120")
            .replacingOccurrences(of: "GESTURE", with: try gestureText(files[0])))
        let sweep = ["sweep", "--scenario", scenario, "--gestures", recordings.path,
                     "--vary", "interactions[0].decisionThreshold=80:160:40", "--vary", "interactions[0].decelerationRate=0.99,0.998",
                     "--max", "gestures.missed=0.5"]
        let parts = try assertShardsAndThreadsGiveTheWholeRun(
            sweep, mergeOrder: [1, 2, 0], recommendation: "recommendation (objective: gestures.errors")
        XCTAssertTrue(String(decoding: try bytes("whole.json"), as: UTF8.self).contains("\"gestures\":{\"directory\":"))
        // A part swept on another corpus (one recording fewer) does not merge.
        try FileManager.default.removeItem(at: recordings.appendingPathComponent(files[0].lastPathComponent))
        let other = try CommandRunner.run(sweep + ["--shard", "0/3", "--out", path("other0.json")])
        XCTAssertEqual(other.status, 0, other.standardError)
        let mixed = try CommandRunner.run(["sweep", "merge", path("other0.json"), parts[0], parts[1], "--out", path("bad.json")])
        XCTAssertEqual(mixed.status, 2)
        XCTAssertTrue(mixed.standardError.contains("gesture corpus"), mixed.standardError)
    }

    /// The committed corpus is what Scripts/make_gesture_corpus.py writes.
    func testTheShippedCorpusIsTheScriptsOutput() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", SimulateCommandTests.root.appendingPathComponent("Scripts/make_gesture_corpus.py").path,
                             "--check"]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let report = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0, "python3 is needed to check:\n" + report)
    }
}
