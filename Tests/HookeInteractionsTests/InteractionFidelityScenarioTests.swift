import Foundation
import Hooke
import HookeInteractions
import XCTest

/// The `"fidelity"` key of a scenario's interactions reaches the bodies.
final class InteractionFidelityScenarioTests: XCTestCase {
    private func document(_ interaction: String, bodies: String = "[]") -> Data {
        Data("""
            { "bodies": \(bodies), "duration": 0.5, "interactions": [ \(interaction) ] }
            """.utf8)
    }

    private let pan = """
        "gesture": { "kind": "pan", "events": [
          {"phase": "began", "time": 0.0, "touches": [[160, 190]]},
          {"phase": "changed", "time": 0.05, "touches": [[220, 190]]},
          {"phase": "ended", "time": 0.1, "touches": [[220, 190]]} ] }
        """

    /// An article card's rows after release: x = 160 + 60·(1 − y(k·h/0.2)) with y Core
    /// Animation's ease-in-out, k steps after the row that first says "returning".
    func testAnArticleSwipeCardReturnsOnTheArticlesCurveInAScenario() throws {
        let file = try InteractionScenario.parse(document("""
            { "id": "card", "kind": "swipeCard", "fidelity": "article", \(pan) }
            """))
        let rows = try file.run().filter { $0.sample.id == "card" }
        let release = try XCTUnwrap(rows.firstIndex { $0.state == "returning" })
        XCTAssertEqual(rows[release].sample.center.x, 220, "from the last changed pose, at rest")
        for k in 1..<24 {
            let y = easeInEaseOutByBisection(Double(k) / 120 / 0.2).value
            XCTAssertEqual(rows[release + k].sample.center.x, 160 + 60 * (1 - y), accuracy: 1e-9, "step \(k)")
        }
        XCTAssertEqual(rows[release + 24].state, "resting")

        let physical = try InteractionScenario.parse(document("""
            { "id": "card", "kind": "swipeCard", \(pan) }
            """)).run().filter { $0.sample.id == "card" }
        XCTAssertNotEqual(physical[release + 6].sample.center.x, rows[release + 6].sample.center.x,
                          "the default is the physical spring")
    }

    func testTheFidelityKeyIsCheckedAndReachesEveryKind() throws {
        XCTAssertThrowsError(try InteractionScenario.parse(document("""
            { "id": "card", "kind": "swipeCard", "fidelity": "exact", \(pan) }
            """))) { error in
            let text = "\(error)"
            XCTAssertTrue(text.contains("interactions[0].fidelity") && text.contains("\"article\""), text)
        }
        XCTAssertThrowsError(try InteractionScenario.parse(document("""
            { "id": "edge", "kind": "jellyEdge", "controlPoints": 8, "fidelity": "article", \(pan) }
            """))) { error in
            XCTAssertTrue("\(error)".contains("one control point"), "\(error)")
        }
        let edge = try InteractionScenario.parse(document("""
            { "id": "edge", "kind": "jellyEdge", "fidelity": "article", \(pan) }
            """))
        guard case let .jellyEdge(jelly) = edge.interactions[0].body else { return XCTFail("not a jelly edge") }
        XCTAssertEqual(jelly.fidelity, .article)

        let lift = try InteractionScenario.parse(document("""
            { "id": "lift", "kind": "longPressLift", "homes": [[160, 190]], "itemSize": [80, 80],
              "fidelity": "article", \(pan) }
            """))
        guard case let .longPressLift(item) = lift.interactions[0].body else { return XCTFail("not a lift") }
        XCTAssertEqual(item.fidelity, .article)

        let flick = try InteractionScenario.parse(document("""
            { "id": "throw", "kind": "flick", "item": "photo", "bounds": [0, 0, 375, 667],
              "fidelity": "article", \(pan) }
            """, bodies: #"[ { "id": "photo", "size": [100, 100], "center": [160, 190] } ]"#))
        guard case let .flick(settings) = flick.interactions[0].body else { return XCTFail("not a flick") }
        XCTAssertEqual(settings.fidelity, .article)
    }
}
