import Foundation
import XCTest

/// A `jellyEdge` with `controlPoints: 16` through `hooke simulate`: its rows are the
/// pulled point, which follows the finger's target (rest point + (dx, 0.7·dy), the
/// article's map) while dragged and comes back to its rest point after release; other
/// values of `controlPoints` are refused or select the article's single control point.
final class SimulateMeshJellyEdgeTests: XCTestCase {
    let h = 1.0 / 120
    let m = 16

    private func write(_ document: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("hooke-mesh-jelly-\(UUID().uuidString).json")
        try Data(document.utf8).write(to: url)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url
    }

    /// A slow pull down-right from x = 100 over 0.5 s (events every 1/60 s), held for
    /// 0.25 s, then let go; 3 s in all.
    private func document(controlPoints: Any) -> (json: String, events: [(step: Int, phase: String, x: Double, y: Double)]) {
        var events: [(step: Int, phase: String, x: Double, y: Double)] = [(12, "began", 100, 150)]
        for k in 1...30 { events.append((12 + 2 * k, "changed", 100 + Double(k), 150 + 5 * Double(k))) }
        events.append((102, "ended", 130, 300))
        let list = events.map { e in
            "{\"phase\": \"\(e.phase)\", \"time\": \(Double(e.step) / 120), \"touches\": [[\(e.x), \(e.y)]]}"
        }.joined(separator: ",\n")
        let json = """
            { "bodies": [], "duration": 3, "interactions": [ { "id": "edge", "kind": "jellyEdge",
              "controlPoints": \(controlPoints), "gesture": { "kind": "pan", "events": [ \(list) ] } } ] }
            """
        return (json, events)
    }

    private func rows(_ result: CommandResult) -> [[String: String]] {
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        let header = lines[0].split(separator: ",").map(String.init)
        return lines.dropFirst().map { line in
            Dictionary(uniqueKeysWithValues: zip(header, line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)))
        }
    }

    func testPulledPointFollowsTheFingerWhileDraggedAndReturns() throws {
        let (json, events) = document(controlPoints: m)
        let result = try CommandRunner.run(["simulate", try write(json).path])
        XCTAssertEqual(result.status, 0, result.standardError)
        let rows = rows(result)
        XCTAssertEqual(rows.count, 361)
        func point(_ row: [String: String]) -> (Double, Double) { (Double(row["x"]!)!, Double(row["y"]!)!) }
        let restX = (0..<m).map { Double($0 + 1) * 375 / Double(m + 1) }
        // Before the pan: the middle point (index 7) at rest.
        XCTAssertEqual(point(rows[0]).0, restX[7], accuracy: 1e-9)
        XCTAssertEqual(point(rows[0]).1, 100, accuracy: 1e-12)
        XCTAssertEqual(rows[0]["state"], "resting")
        // The pulled point is the one nearest x = 100: index 4 (110.3 pt; index 3 is at 88.2).
        let j = (0..<m).min { abs(restX[$0] - 100) < abs(restX[$1] - 100) }!
        XCTAssertEqual(j, 4)
        // A row is read just after its step's event moved the target (the playback rule):
        // the point has had the 2 steps since the previous event to follow that event's
        // target, and the attachment (ω = 316 rad/s, ζ = 0.71) gets there in about 1/60 s,
        // short of it by ~1 % of the pull (the rest of the edge pulls back).
        var checked = 0
        var previous: (Double, Double)?
        for e in events where e.phase != "ended" {
            let target = (restX[j] + (e.x - 100), 100 + 0.7 * (e.y - 150))
            if let previous {
                let row = rows[e.step]
                XCTAssertEqual(row["state"], "dragging")
                let pull = previous.1 - 100
                XCTAssertEqual(point(row).0, previous.0, accuracy: 0.015 * pull + 0.1, "step \(e.step)")
                XCTAssertEqual(point(row).1, previous.1, accuracy: 0.015 * pull + 0.1, "step \(e.step)")
                checked += 1
            }
            previous = target
        }
        XCTAssertEqual(checked, 30)
        // Held still for 0.25 s at the last target: within 1.5 % of the pull.
        let held = rows[101], heldTarget = (restX[j] + 30, 100 + 0.7 * 150)
        XCTAssertEqual(point(held).1, heldTarget.1, accuracy: 0.015 * 105)
        XCTAssertGreaterThan(point(held).1, 100 + 0.9 * 105)
        XCTAssertEqual(rows[102]["state"], "returning")
        // Back at its rest point, exactly flat, by the end.
        XCTAssertEqual(rows.last!["state"], "resting")
        XCTAssertEqual(point(rows.last!).0, restX[j], accuracy: 1e-9)
        XCTAssertEqual(point(rows.last!).1, 100, accuracy: 1e-12)
    }

    func testControlPointsOneIsTheArticlesEdgeAndTwoIsRefused() throws {
        let single = try CommandRunner.run(["simulate", try write(document(controlPoints: 1).json).path])
        XCTAssertEqual(single.status, 0, single.standardError)
        // The article's map exactly: (w/2 + dx, max(100 + 0.7·dy, 100)) at the first change.
        let row = rows(single)[14]
        XCTAssertEqual(Double(row["x"]!)!, 187.5 + 1, accuracy: 1e-9)
        XCTAssertEqual(Double(row["y"]!)!, 100 + 0.7 * 5, accuracy: 1e-9)

        for bad in ["2", "0", "3.5", "\"16\""] {
            let refused = try CommandRunner.run(["simulate", try write(document(controlPoints: bad).json).path])
            XCTAssertNotEqual(refused.status, 0, bad)
            XCTAssertTrue(refused.standardError.contains("interactions[0].controlPoints"), refused.standardError)
        }
    }
}
