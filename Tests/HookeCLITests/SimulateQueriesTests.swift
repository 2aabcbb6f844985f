import Foundation
import XCTest

/// `hooke simulate --queries FILE`: the answers of a scenario's `queries` as JSON lines,
/// checked against the scene's geometry and against the trajectory the same run records.
final class SimulateQueriesTests: CommandTestCase {
    /// Docs/examples/queries.json: a 60 × 40 box falling from y = 100 in a 300 × 400
    /// world onto a 300 × 40 anchored sensor zone at y = 300, asked about at the start
    /// and at 0.5 s.
    static var drop: String {
        get throws {
            try String(contentsOf: SimulateCommandTests.examples.appendingPathComponent("queries.json"), encoding: .utf8)
        }
    }

    private func answers(_ file: String) throws -> [[String: Any]] {
        try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n").map {
            try XCTUnwrap(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    func testAnswersMatchTheGeometryAndTheRecordedTrajectory() throws {
        let scenario = try write(try Self.drop)
        let run = try CommandRunner.run(["simulate", scenario, "--out", path("rows.csv"), "--queries", path("q.jsonl")])
        XCTAssertEqual(run.status, 0, run.standardError)
        XCTAssertTrue(run.standardOutput.contains("5 query answers"), run.standardOutput)
        let lines = try answers(path("q.jsonl"))
        XCTAssertEqual(lines.map { $0["query"] as? Int }, [0, 1, 2, 3, 4])
        XCTAssertEqual(lines.map { $0["step"] as? Int }, [0, 0, 60, 60, 60])
        XCTAssertEqual(lines.map { $0["kind"] as? String }, ["ray", "cast", "point", "closestRay", "rect"])
        func hits(_ i: Int) -> [[String: Any]] { lines[i]["hits"] as? [[String: Any]] ?? [] }
        // The vertical ray over 400 pt enters the box's top (y = 80) at 0.2 and the zone's (280) at 0.7.
        XCTAssertEqual(hits(0).map { $0["item"] as? String }, ["box", "zone"])
        XCTAssertEqual(hits(0).map { $0["fraction"] as? Double }, [0.2, 0.7])
        XCTAssertEqual(hits(0)[0]["normal"] as? [Double], [0, -1])
        // A 10 pt disc from x = 20 meets the box's left side (x = 120) when its centre is at 110: 90/260.
        XCTAssertEqual(hits(1).map { $0["item"] as? String }, ["box"])
        XCTAssertEqual(try XCTUnwrap(hits(1)[0]["fraction"] as? Double), 90.0 / 260, accuracy: 1e-12)
        XCTAssertEqual(hits(1)[0]["point"] as? [Double], [120, 100])
        XCTAssertEqual(hits(2).map { $0["item"] as? String }, ["zone"])
        // At step 60 the ray meets the box's top, 20 pt above the centre the trajectory records.
        let row = try XCTUnwrap(try String(contentsOfFile: path("rows.csv"), encoding: .utf8).split(separator: "\n")
            .first { $0.hasPrefix("60,") && $0.contains(",box,") })
        let y = try XCTUnwrap(Double(row.split(separator: ",")[4]))
        let top = try XCTUnwrap((hits(3)[0]["point"] as? [Double])?.last)
        XCTAssertEqual(top, y - 20, accuracy: 1e-9)
        XCTAssertEqual(try XCTUnwrap(hits(3)[0]["fraction"] as? Double), (y - 20) / 400, accuracy: 1e-12)
        // The rectangle down to y = 250 holds the falling box (its bottom at y + 20 < 250) and not the zone.
        XCTAssertEqual(hits(4).map { $0["item"] as? String }, ["box"])
    }

    func testBadQueriesAndABadQueriesFileAreRefusedWithOneLine() throws {
        let good = try write(try Self.drop)
        let twoKinds = try write(try Self.drop.replacingOccurrences(
            of: "{\"at\": 0.5, \"point\": [150, 300]}", with: "{\"at\": 0.5, \"point\": [150, 300], \"rect\": [0, 0, 1, 1]}"),
            "two.json")
        let late = try write(try Self.drop.replacingOccurrences(of: "{\"at\": 0.5, \"point\"", with: "{\"at\": 3, \"point\""),
                             "late.json")
        let skinnedRect = try write(try Self.drop.replacingOccurrences(
            of: "\"rect\": [0, 0, 300, 250]", with: "\"rect\": [0, 0, 300, 250], \"includingSkin\": true"), "rect.json")
        for (arguments, message) in [
            ([good, "--queries", path("missing/dir/q.jsonl")], "--queries: "),
            ([good, "--queries", ""], "--queries: expected a file name"),
            ([good, "--queries", path("x.csv"), "--out", path("x.csv")], "--queries"),
            ([twoKinds, "--queries", path("q.jsonl")], "queries[2]: a query asks one thing; found \"point\" and \"rect\""),
            ([late, "--queries", path("q.jsonl")], "queries[2].at: a query at 3 s comes after the scenario's duration 1 s"),
            ([skinnedRect, "--queries", path("q.jsonl")], "queries[4].includingSkin"),
        ] {
            let result = try CommandRunner.run(["simulate"] + arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertEqual(result.standardError.split(separator: "\n").count, 1, result.standardError)
            XCTAssertTrue(result.standardError.contains(message), result.standardError)
            XCTAssertFalse(FileManager.default.fileExists(atPath: path("q.jsonl")), "\(arguments)")
        }
    }
}
