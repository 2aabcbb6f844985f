import Foundation
import XCTest

/// The interaction examples (Docs/examples/interactions, one per source article) run
/// through `hooke simulate`, their rows checked against the articles' formulas evaluated
/// here from the recorded gesture in the example file; and the refusals of the
/// `interactions` section.
final class SimulateInteractionsTests: XCTestCase {
    static let directory = SimulateCommandTests.examples.appendingPathComponent("interactions")
    let h = 1.0 / 120

    /// One CSV row, by column name.
    struct Row {
        let fields: [String: String]
        func number(_ key: String) -> Double { Double(fields[key]!)! }
        var x: Double { number("x") }
        var y: Double { number("y") }
        var state: String { fields["state"]! }
    }

    /// The rows of `hooke simulate example`, by id then step.
    func simulate(_ example: String) throws -> [String: [Row]] {
        let result = try CommandRunner.run(["simulate", Self.directory.appendingPathComponent(example).path])
        XCTAssertEqual(result.status, 0, result.standardError)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        let header = lines[0].split(separator: ",").map(String.init)
        XCTAssertEqual(header, ["step", "time", "id", "x", "y", "angle", "vx", "vy", "omega", "scale", "alpha", "overlay",
                                "overlayMode", "exitSide", "state"])
        var rows: [String: [Row]] = [:]
        for line in lines.dropFirst() {
            let values = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            XCTAssertEqual(values.count, header.count, line)
            let row = Row(fields: Dictionary(uniqueKeysWithValues: zip(header, values)))
            XCTAssertEqual(Int(row.fields["step"]!), rows[row.fields["id"]!, default: []].count, "one row per step")
            rows[row.fields["id"]!, default: []].append(row)
        }
        return rows
    }

    /// The events of interaction `index` of the example: (step, phase, touches).
    func events(_ example: String, interaction index: Int = 0) throws -> [(step: Int, phase: String, touches: [[Double]])] {
        let data = try Data(contentsOf: Self.directory.appendingPathComponent(example))
        let root = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let interactions = try XCTUnwrap(root["interactions"] as? [[String: Any]])
        let gesture = try XCTUnwrap(interactions[index]["gesture"] as? [String: Any])
        let events = try XCTUnwrap(gesture["events"] as? [[String: Any]])
        return events.map { e in
            ((e["time"] as! Double / h).rounded().asInt, e["phase"] as! String, e["touches"] as! [[Double]])
        }
    }

    // MARK: - 000 swipe card

    /// While dragged: centre = home + finger translation, angle = (2π/16)·clamp(dx/320),
    /// scale = max(1 − |s|/4, 0.93), overlay = min(|dx|/100, 0.4); a slow release comes
    /// home, a fast one to the left leaves at ≥ 600 pt/s and goes off screen.
    func testSwipeCardFollowsTheArticlesFormulas() throws {
        let rows = try simulate("swipe-card.json")["card"]!
        let events = try events("swipe-card.json")
        let home = (x: 160.0, y: 190.0)
        var began: (step: Int, finger: [Double], center: (Double, Double))?
        var checked = 0
        for event in events {
            let row = rows[event.step]
            if event.phase == "began" {
                began = (event.step, event.touches[0], (row.x, row.y))
                continue
            }
            guard let b = began else { continue }
            let expectedX = b.center.0 + event.touches[0][0] - b.finger[0]
            let expectedY = b.center.1 + event.touches[0][1] - b.finger[1]
            XCTAssertEqual(row.x, expectedX, accuracy: 1e-9, "step \(event.step)")
            XCTAssertEqual(row.y, expectedY, accuracy: 1e-9, "step \(event.step)")
            let dx = expectedX - home.x
            let s = min(max(dx / 320, -1), 1)
            XCTAssertEqual(row.number("angle"), 2 * Double.pi / 16 * s, accuracy: 1e-12)
            XCTAssertEqual(row.number("scale"), max(1 - abs(s) / 4, 0.93), accuracy: 1e-12)
            XCTAssertEqual(row.number("overlay"), min(abs(dx) / 100, 0.4), accuracy: 1e-12)
            // GGDraggableView's updateOverlay: the right image for dx > 0, the left for dx < 0.
            XCTAssertEqual(row.fields["overlayMode"], dx > 0 ? "like" : (dx < 0 ? "nope" : ""), "step \(event.step)")
            if event.phase == "ended" {
                began = nil
            } else {
                XCTAssertEqual(row.state, "dragging")
                XCTAssertEqual(row.fields["exitSide"], "", "no exit side while dragged")
                checked += 1
            }
        }
        XCTAssertGreaterThan(checked, 60)
        // The first stream is let go at dx = 58 moving back at −20 pt/s: it returns home.
        let releases = events.filter { $0.phase == "ended" }.map(\.step)
        XCTAssertEqual(rows[releases[0]].state, "returning")
        let beforeSecond = rows[events.first { $0.phase == "began" && $0.step > releases[0] }!.step - 1]
        XCTAssertEqual(beforeSecond.x, home.x, accuracy: 0.5)
        XCTAssertEqual(beforeSecond.y, home.y, accuracy: 0.5)
        // The second, at −3600 pt/s, leaves to the left at no less than 600 pt/s.
        let leaving = rows[releases[1]]
        XCTAssertEqual(leaving.state, "leaving")
        XCTAssertLessThanOrEqual(leaving.number("vx"), -600)
        XCTAssertEqual(leaving.fields["exitSide"], "left")
        XCTAssertEqual(rows.last!.state, "gone")
        XCTAssertEqual(rows.last!.fields["exitSide"], "left")
    }

    // MARK: - card stack (the pattern 000 builds toward)

    /// The stack example through `hooke simulate`: rows back to front; while card 0 is
    /// dragged the card behind is at depth 1 − |dx|/120 (scale 1 − 0.05·depth, 8 pt lower
    /// per card); card 0 leaves right, card 1 returns once and then leaves left; card 2 is
    /// the top at the end and card 3 waits.
    func testCardStackExampleSwipesTwoCardsAndGrowsTheNext() throws {
        let result = try CommandRunner.run(["simulate", Self.directory.appendingPathComponent("card-stack.json").path])
        XCTAssertEqual(result.status, 0, result.standardError)
        let ids = result.standardOutput.split(separator: "\n").dropFirst().prefix(4)
            .map { $0.split(separator: ",")[2] }
        XCTAssertEqual(ids, ["stack.3", "stack.2", "stack.1", "stack.0"])
        let all = try simulate("card-stack.json")
        let (top, next) = (all["stack.0"]!, all["stack.1"]!)
        let events = try events("card-stack.json")
        let finger0 = events[0].touches[0][0]
        for event in events.prefix(while: { $0.phase != "ended" }) {
            let dx = event.touches[0][0] - finger0
            let depth = 1 - min(abs(dx) / 120, 1)
            XCTAssertEqual(next[event.step].number("scale"), 1 - 0.05 * depth, accuracy: 1e-12, "step \(event.step)")
            XCTAssertEqual(next[event.step].y, 220 + 8 * depth, accuracy: 1e-12)
            XCTAssertEqual(next[event.step].state, "waiting")
        }
        let releases = events.filter { $0.phase == "ended" }.map(\.step)
        XCTAssertEqual(top[releases[0]].fields["exitSide"], "right")
        XCTAssertEqual(next[releases[0]].state, "resting", "promoted at the release")
        XCTAssertEqual(next[releases[1]].state, "returning")
        XCTAssertEqual(next[releases[2]].fields["exitSide"], "left")
        XCTAssertEqual(top.last!.state, "gone")
        XCTAssertEqual(next.last!.state, "gone")
        XCTAssertEqual(all["stack.2"]!.last!.state, "resting")
        XCTAssertEqual(all["stack.2"]!.last!.number("scale"), 1, accuracy: 1e-3)
        XCTAssertEqual(all["stack.3"]!.last!.state, "waiting")
        XCTAssertEqual(all["stack.3"]!.last!.number("scale"), 0.95, accuracy: 1e-3)
    }

    // MARK: - 004 jelly edge

    /// While dragged the control point is (w/2 + dx, max(minHeight + 0.7·dy, minHeight));
    /// after release it springs back to (w/2, minHeight).
    func testJellyEdgeControlPointWhileDraggedAndAfter() throws {
        let rows = try simulate("jelly-edge.json")["edge"]!
        let events = try events("jelly-edge.json")
        let finger0 = events[0].touches[0]
        var clamped = 0
        for event in events.dropFirst() {
            let dx = event.touches[0][0] - finger0[0], dy = event.touches[0][1] - finger0[1]
            let row = rows[event.step]
            XCTAssertEqual(row.x, 375.0 / 2 + dx, accuracy: 1e-9, "step \(event.step)")
            XCTAssertEqual(row.y, max(100 + 0.7 * dy, 100), accuracy: 1e-9, "step \(event.step)")
            if 100 + 0.7 * dy < 100 { clamped += 1 }
        }
        XCTAssertGreaterThan(clamped, 5, "the example pushes the edge above its rest line")
        XCTAssertEqual(rows[events.last!.step].state, "returning")
        XCTAssertEqual(rows.last!.x, 187.5, accuracy: 1e-9)
        XCTAssertEqual(rows.last!.y, 100, accuracy: 1e-9)
        XCTAssertEqual(rows.last!.state, "resting")
    }

    // MARK: - 003 flick

    /// The fast photo: Δv = 100·(speed/35)/m on the step after release (m = 1 kg, no
    /// resistance), then a straight line; dismissed at the first step its box is beyond
    /// x = 375. The slow photo snaps back starting with the finger's 400 pt/s.
    func testFlickThrowsAboveTheThresholdAndSnapsBackBelow() throws {
        let all = try simulate("flick.json")
        let fast = all["fast"]!, slow = all["slow"]!
        let release = try events("flick.json", interaction: 1).last!.step
        XCTAssertEqual(fast[release].state, "dismissing")
        let dv = 100 * (1800.0 / 35) / 1
        XCTAssertEqual(fast[release + 1].number("vx"), dv, accuracy: 1e-6)
        XCTAssertEqual(fast[release + 1].number("vy"), 0, accuracy: 1e-6)
        // x(release + k) = x(release) + k·h·Δv; the box [x − 50, x + 50] leaves [0, 375] once x − 50 > 375.
        let x0 = fast[release].x
        var k = 1
        while x0 + Double(k) * h * dv - 50 <= 375 { k += 1 }
        XCTAssertEqual(fast[release + k].x, x0 + Double(k) * h * dv, accuracy: 1e-6)
        XCTAssertEqual(fast[release + k - 1].state, "dismissing")
        XCTAssertEqual(fast[release + k].state, "dismissed")

        let slowRelease = try events("flick.json", interaction: 0).last!.step
        XCTAssertEqual(slow[slowRelease].state, "returning")
        XCTAssertEqual(slow[slowRelease].number("vx"), 400, accuracy: 1e-6)
        // The grip has brought the photo to the finger's velocity before the release.
        XCTAssertEqual(slow[slowRelease - 1].number("vx"), 400, accuracy: 1e-3)
        XCTAssertEqual(slow.last!.x, 187.5, accuracy: 0.5)
        XCTAssertEqual(slow.last!.y, 200, accuracy: 0.5)
        XCTAssertEqual(slow.last!.state, "resting")
    }

    // MARK: - 002 pinch reveal

    /// Each half's cut edge ends up under its finger (left edge x = clamp(left finger,
    /// 0, division)) once the 0.3 s follow has finished; the spreading release opens both
    /// halves off screen.
    func testPinchRevealEdgesFollowTheFingersAndOpen() throws {
        let all = try simulate("pinch-reveal.json")
        let left = all["picture.left"]!, right = all["picture.right"]!
        let events = try events("pinch-reveal.json")
        // The fingers stop at step 48 and move again at step 97: 0.3 s later the follow is done.
        let still = events.first { $0.step == 48 }!.touches
        for step in (48 + 36)...96 {
            XCTAssertEqual(left[step].x, min(max(still[0][0], 0), 510), accuracy: 1e-9, "step \(step)")
            XCTAssertEqual(right[step].x, min(max(still[1][0], 510), 1024), accuracy: 1e-9, "step \(step)")
        }
        XCTAssertEqual(left[events.last!.step].state, "opening")
        XCTAssertEqual(left.last!.x, 0, accuracy: 1e-9)
        XCTAssertEqual(right.last!.x, 1024, accuracy: 1e-9)
        XCTAssertEqual(left.last!.state, "open")
    }

    // MARK: - 001 long-press lift

    /// Recognised 0.3 s after touch-down; the pressed item's scale follows UIKit's 0.4 s,
    /// ζ = 0.8 spring from 1 to 1.2 (closed form), the others shrink, the lifted item
    /// follows the finger; after the drop everything returns.
    func testLongPressLiftRecognitionSpringAndFollow() throws {
        let all = try simulate("long-press-lift.json")
        let lifted = all["grid.1"]!, other = all["grid.0"]!
        let events = try events("long-press-lift.json")
        let touchDown = events[0].step
        let recognised = touchDown + 36  // 0.3 s at 120 Hz
        XCTAssertEqual(lifted[recognised - 1].state, "idle")
        XCTAssertEqual(lifted[recognised].state, "lifted")
        XCTAssertEqual(other[recognised].state, "shrunk")
        // ω₀ = ln(ζ/(0.001·√(1 − ζ²)))/(ζT), x(t) = e^{−ζω₀t}(cos ω_d t + ζω₀/ω_d · sin ω_d t) from x = 1 at rest.
        let zeta = 0.8, duration = 0.4
        let omega0 = log(zeta / (0.001 * (1 - zeta * zeta).squareRoot())) / (zeta * duration)
        let omegaD = omega0 * (1 - zeta * zeta).squareRoot()
        for k in [6, 12, 24, 48] {
            let t = Double(k) * h
            let x = exp(-zeta * omega0 * t) * (cos(omegaD * t) + zeta * omega0 / omegaD * sin(omegaD * t))
            XCTAssertEqual(lifted[recognised + k].number("scale"), 1.2 - 0.2 * x, accuracy: 1e-9, "k \(k)")
            XCTAssertEqual(other[recognised + k].number("scale"), 0.8 + 0.2 * x, accuracy: 1e-9, "k \(k)")
        }
        // Following: x = home + (finger − finger at recognition).
        let grab = events.first { $0.step == recognised }!.touches[0]
        for event in events where event.step > recognised && event.phase == "changed" {
            XCTAssertEqual(lifted[event.step].x, 200 + event.touches[0][0] - grab[0], accuracy: 1e-9)
        }
        XCTAssertEqual(lifted.last!.x, 200, accuracy: 0.01)
        XCTAssertEqual(lifted.last!.y, 100, accuracy: 0.01)
        XCTAssertEqual(lifted.last!.number("scale"), 1, accuracy: 1e-3)
        XCTAssertEqual(other.last!.number("scale"), 1, accuracy: 1e-3)
    }

    // MARK: - refusals

    func write(_ json: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("hooke-interactions-\(UUID().uuidString).json")
        try Data(json.utf8).write(to: url)
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url.path
    }

    static func document(_ interaction: String, bodies: String = "[]") -> String {
        """
        { "world": { "bounds": [0, 0, 375, 667] }, "bodies": \(bodies), "duration": 1,
          "interactions": [ \(interaction) ] }
        """
    }

    static let pan = #"{"kind": "pan", "events": [{"phase": "began", "time": 0, "touches": [[1, 2]]}, {"phase": "ended", "time": 0.1, "touches": [[3, 4]]}]}"#

    func testRefusalsNameTheJSONPath() throws {
        let box = #"[{"id": "box", "size": [10, 10], "center": [50, 50]}]"#
        let cases: [(String, String)] = [
            (Self.document(#"{"id": "c", "kind": "swipeCard", "gesture": \#(Self.pan), "colour": 1}"#),
             #"interactions[0].colour: unknown key "colour""#),
            (Self.document(#"{"id": "c", "kind": "spinner", "gesture": \#(Self.pan)}"#),
             #"interactions[0].kind: unknown value "spinner""#),
            (Self.document(#"{"id": "c", "kind": "pinchReveal", "gesture": \#(Self.pan)}"#),
             "interactions[0].gesture.kind: this body is driven by a \"pinch\" gesture, got \"pan\""),
            (Self.document(#"{"id": "c", "kind": "jellyEdge", "width": -1, "gesture": \#(Self.pan)}"#),
             "interactions[0].width: expected a number > 0, got -1"),
            (Self.document(#"{"id": "f", "kind": "flick", "item": "ghost", "gesture": \#(Self.pan)}"#, bodies: box),
             #"interactions[0].item: no body has id "ghost""#),
            (Self.document(#"{"id": "box", "kind": "jellyEdge", "gesture": \#(Self.pan)}"#, bodies: box),
             #"interactions[0].id: id "box" is already used by bodies[0]"#),
            (Self.document(#"{"id": "c", "kind": "swipeCard", "gesture": {"kind": "pan", "events": [{"phase": "began", "time": 0.2, "touches": [[1, 2]]}, {"phase": "changed", "time": 0.1, "touches": [[1, 2]]}, {"phase": "ended", "time": 0.3, "touches": [[1, 2]]}]}}"#),
             "interactions[0].gesture.events[1]: time 0.1 is earlier"),
            (Self.document(#"{"id": "c", "kind": "swipeCard", "gesture": {"kind": "pan", "events": [{"phase": "began", "time": 0, "touches": [[1, 2]]}]}}"#),
             "interactions[0].gesture.events[0]: the recording ends inside a stream"),
            (Self.document(#"{"id": "c", "kind": "swipeCard", "gesture": {"kind": "pan", "events": [{"phase": "began", "time": 0, "touches": [[1, 2], [3, 4]]}]}}"#),
             "interactions[0].gesture.events[0].touches: a pan event has 1 touch(es)"),
            (Self.document(#"{"id": "c", "kind": "longPressLift", "homes": [[0, 0]], "itemSize": [10, 10], "minimumPressDuration": 0.5, "gesture": {"kind": "longPress", "events": [{"phase": "began", "time": 0, "touches": [[1, 2]]}, {"phase": "ended", "time": 0.1, "touches": [[3, 4]]}]}}"#),
             "interactions[0].minimumPressDuration:"),
        ]
        for (document, expected) in cases {
            let result = try CommandRunner.run(["simulate", try write(document)])
            XCTAssertEqual(result.status, 2, expected)
            XCTAssertTrue(result.standardError.contains(expected), "\(expected)\n got: \(result.standardError)")
        }
    }

    /// A refused interaction scenario leaves no output file behind.
    func testRefusalLeavesNoOutputFile() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("hooke-interactions-\(UUID().uuidString).csv")
        let bad = Self.document(#"{"id": "c", "kind": "swipeCard", "gesture": \#(Self.pan), "home": [1]}"#)
        let result = try CommandRunner.run(["simulate", try write(bad), "--out", out.path])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.standardError.contains("interactions[0].home: expected an array of 2 numbers"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path))
    }

    /// JSON output carries the same six extra fields.
    func testJSONOutputHasTheExtraFields() throws {
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("hooke-interactions-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: out) }
        let result = try CommandRunner.run(["simulate", Self.directory.appendingPathComponent("jelly-edge.json").path,
                                            "--out", out.path])
        XCTAssertEqual(result.status, 0, result.standardError)
        let rows = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(contentsOf: out)) as? [[String: Any]])
        XCTAssertEqual(rows.count, 301)
        XCTAssertEqual(rows[0]["state"] as? String, "resting")
        XCTAssertEqual(rows[0]["scale"] as? Double, 1)
        XCTAssertEqual(Set(rows[0].keys).count, 15)
        XCTAssertEqual(rows[0]["overlayMode"] as? String, "")
        XCTAssertEqual(rows[0]["exitSide"] as? String, "")
    }
}

private extension Double {
    var asInt: Int { Int(self) }
}
