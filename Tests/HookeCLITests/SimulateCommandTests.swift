import Foundation
import XCTest

/// `hooke simulate` run as a user runs it: output format, refusals, atomic output,
/// determinism, and every shipped example.
final class SimulateCommandTests: CommandTestCase {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let examples = root.appendingPathComponent("Docs/examples")

    static let drop = """
        { "world": { "timestep": 0.008333333333333333 },
          "bodies": [ { "id": "box", "shape": "rectangle", "size": [100, 100], "center": [150, 50] },
                      { "id": "ball", "shape": "ellipse", "size": [40, 40], "center": [60, 60], "velocity": [12.5, 0] } ],
          "behaviors": [ { "type": "gravity", "items": ["box"] } ],
          "duration": 0.5, "record": { "every": 3 } }
        """

    /// The header and the step-0 rows are exactly the format's; step 1 of the box
    /// follows v = h·g/(1 + h·c), y = 50 + h·v (g = 1000, c = 0.1).
    func testCSVHeaderStepZeroAndFirstRecordedStep() throws {
        let result = try CommandRunner.run(["simulate", try write(Self.drop)])
        XCTAssertEqual(result.status, 0, result.standardError)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines[0], "step,time,id,x,y,angle,vx,vy,omega")
        XCTAssertEqual(lines[1], "0,0,box,150,50,0,0,0,0")
        XCTAssertEqual(lines[2], "0,0,ball,60,60,0,12.5,0,0")
        // duration 0.5 s = 60 steps, recorded every 3: steps 0, 3, …, 60, two bodies each.
        XCTAssertEqual(lines.count, 1 + 21 * 2)
        let h = 1.0 / 120, c = 0.1
        var v = 0.0, y = 50.0
        for _ in 0..<3 {
            v = (v + h * 1000) / (1 + h * c)
            y += h * v
        }
        let row = lines[3].split(separator: ",").map(String.init)
        XCTAssertEqual(row[0], "3")
        XCTAssertEqual(Double(row[1]), 3 * h)
        XCTAssertEqual(row[2], "box")
        XCTAssertEqual(try XCTUnwrap(Double(row[4])), y, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(Double(row[7])), v, accuracy: 1e-9)
        XCTAssertEqual(lines.last?.hasPrefix("60,0.5,ball,"), true)
    }

    /// The JSON output is an array of objects with the same fields and exactly the
    /// same numbers as the CSV (both print shortest round-trip decimals). Foundation's
    /// JSON reader on Linux does not round every decimal correctly (it can be an ulp
    /// off), so the structure is read with it and the numbers from the text with
    /// Swift's correctly rounded `Double(_:)`.
    func testJSONOutputEqualsTheCSV() throws {
        let scenario = try write(Self.drop)
        let csvPath = directory.appendingPathComponent("out.csv").path
        let jsonPath = directory.appendingPathComponent("out.json").path
        XCTAssertEqual(try CommandRunner.run(["simulate", scenario, "--out", csvPath]).status, 0)
        XCTAssertEqual(try CommandRunner.run(["simulate", scenario, "--out", jsonPath]).status, 0)
        let csv = try String(contentsOfFile: csvPath, encoding: .utf8).split(separator: "\n")
        let header = csv[0].split(separator: ",").map(String.init)
        let jsonText = try String(contentsOfFile: jsonPath, encoding: .utf8)
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(jsonText.utf8)) as? [[String: Any]])
        XCTAssertEqual(json.count, csv.count - 1)
        // One object per line between the brackets.
        let objectLines = jsonText.split(separator: "\n").filter { $0.hasPrefix("{") }
        XCTAssertEqual(objectLines.count, json.count)
        for ((line, object), objectLine) in zip(zip(csv.dropFirst(), json), objectLines) {
            let fields = line.split(separator: ",").map(String.init)
            XCTAssertEqual(Set(object.keys), Set(header))
            let members = Self.members(String(objectLine))
            XCTAssertEqual(members.map(\.0), header)
            for ((name, text), (key, token)) in zip(zip(header, fields), members) {
                XCTAssertEqual(name, key)
                if name == "id" {
                    XCTAssertEqual(object[name] as? String, text)
                    XCTAssertEqual(token, "\"\(text)\"")
                } else {
                    XCTAssertEqual(try XCTUnwrap(Double(token)), try XCTUnwrap(Double(text)), "\(name) in \(line)")
                    let read = try XCTUnwrap(object[name] as? NSNumber, name).doubleValue
                    XCTAssertEqual(read, try XCTUnwrap(Double(text)), accuracy: 1e-12 * max(1, abs(read)))
                }
            }
        }
    }

    /// The `"key":value` members of a flat one-line JSON object, in order (values
    /// here are numbers or strings without commas).
    static func members(_ object: String) -> [(String, String)] {
        object.dropFirst().dropLast(object.hasSuffix(",") ? 2 : 1).split(separator: ",").map { member in
            let parts = member.split(separator: ":", maxSplits: 1).map(String.init)
            return (String(parts[0].dropFirst().dropLast()), parts[1])
        }
    }

    /// The same scenario twice gives the same bytes.
    func testRunsAreDeterministic() throws {
        let scenario = try write(String(decoding: try Data(contentsOf: Self.examples.appendingPathComponent("well.json")),
                                        as: UTF8.self))
        let first = try CommandRunner.run(["simulate", scenario])
        let second = try CommandRunner.run(["simulate", scenario])
        XCTAssertEqual(first.status, 0)
        XCTAssertFalse(first.standardOutput.isEmpty)
        XCTAssertEqual(first.standardOutput, second.standardOutput)
    }

    /// `--duration` overrides the file's duration.
    func testDurationOverridesTheFile() throws {
        let result = try CommandRunner.run(["simulate", try write(Self.drop), "--duration", "0.1"])
        XCTAssertEqual(result.status, 0, result.standardError)
        let lines = result.standardOutput.split(separator: "\n")
        // 0.1 s = 12 steps, recorded at 0, 3, 6, 9, 12.
        XCTAssertEqual(lines.count, 1 + 5 * 2)
        XCTAssertTrue(lines.last?.hasPrefix("12,0.1,ball,") ?? false)
    }

    /// Refused files — a boundary without bounds, an unknown key, a bad value — exit with status 2,
    /// name the JSON path, and leave no output file (nor a temporary one) behind; an
    /// existing output file is left as it was.
    func testRefusalsExitTwoAndWriteNothing() throws {
        let cases: [(json: String, message: String)] = [
            ("""
             { "bodies": [ { "id": "box", "size": [10, 10], "center": [0, 0] } ],
               "behaviors": [ { "type": "gravity", "items": ["box"] },
                              { "type": "collision", "items": ["box"], "boundsAsBoundary": true } ],
               "duration": 1 }
             """, "needs world.bounds"),
            ("""
             { "bodies": [ { "id": "box", "size": [10, 10], "centre": [0, 0] } ], "duration": 1 }
             """, "bodies[0].centre: unknown key \"centre\""),
            ("""
             { "bodies": [ { "id": "box", "size": [10, 10], "center": [0, 0] } ],
               "behaviors": [ { "type": "snap", "item": "box", "point": [0, 0], "damping": 1.5 } ],
               "duration": 1 }
             """, "behaviors[0].damping: expected a number in 0...1, got 1.5"),
        ]
        for (index, c) in cases.enumerated() {
            let scenario = try write(c.json, "bad\(index).json")
            let out = directory.appendingPathComponent("bad\(index).csv").path
            let result = try CommandRunner.run(["simulate", scenario, "--out", out])
            XCTAssertEqual(result.status, 2, c.message)
            XCTAssertTrue(result.standardError.contains(c.message), result.standardError)
            XCTAssertEqual(result.standardError.split(separator: "\n").count, 1, result.standardError)
            XCTAssertFalse(FileManager.default.fileExists(atPath: out), c.message)
        }
        XCTAssertEqual(try contents(), ["bad0.json", "bad1.json", "bad2.json"])

        let existing = directory.appendingPathComponent("keep.json")
        try Data("old".utf8).write(to: existing)
        let result = try CommandRunner.run(["simulate", directory.appendingPathComponent("bad0.json").path,
                                            "--out", existing.path])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(try String(contentsOf: existing, encoding: .utf8), "old")
    }

    /// Bad options exit with status 2 on one line; `--help` describes the command.
    func testOptionsAndHelp() throws {
        let scenario = try write(Self.drop)
        for arguments in [["simulate"], ["simulate", scenario, "--out", "x.txt"],
                          ["simulate", scenario, "--duration", "0"], ["simulate", scenario, "--bogus", "1"],
                          ["simulate", directory.appendingPathComponent("missing.json").path],
                          ["simulate", scenario, "--out", directory.appendingPathComponent("no/such/dir.csv").path]] {
            let result = try CommandRunner.run(arguments)
            XCTAssertEqual(result.status, 2, arguments.joined(separator: " "))
            XCTAssertEqual(result.standardError.split(separator: "\n").count, 1, result.standardError)
        }
        let help = try CommandRunner.run(["simulate", "--help"])
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.standardOutput.contains("step,time,id,x,y,angle,vx,vy,omega"))
        XCTAssertTrue(try CommandRunner.run(["--help"]).standardOutput.contains("simulate"))
    }

    /// Every example under Docs/examples runs and produces finite rows for every
    /// recorded step of their duration.
    func testEveryExampleRuns() throws {
        let files = try FileManager.default.contentsOfDirectory(at: Self.examples, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        XCTAssertGreaterThanOrEqual(files.count, 5)
        var simulated = 0
        for file in files {
            let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
            let result = try CommandRunner.run(["simulate", file.path])
            XCTAssertEqual(result.status, 0, "\(file.lastPathComponent): \(result.standardError)")
            let lines = result.standardOutput.split(separator: "\n")
            XCTAssertEqual(lines.first, "step,time,id,x,y,angle,vx,vy,omega")
            for line in lines.dropFirst() {
                let fields = line.split(separator: ",")
                XCTAssertEqual(fields.count, 9, "\(file.lastPathComponent): \(line)")
                for (k, field) in fields.enumerated() where k != 2 {
                    XCTAssertTrue(Double(field)?.isFinite ?? false, "\(file.lastPathComponent): \(line)")
                }
            }
            // The last row is at the end of the duration.
            let duration = try XCTUnwrap(object["duration"] as? Double)
            let lastTime = try XCTUnwrap(Double(String(lines.last!.split(separator: ",")[1])))
            XCTAssertEqual(lastTime, duration, accuracy: 1e-9, file.lastPathComponent)
            simulated += 1
        }
        XCTAssertGreaterThanOrEqual(simulated, 5)
    }
}
