import Foundation
import Hooke
import HookeInteractions
import XCTest

/// The `controlPoints` key of a `jellyEdge` interaction: absent or 1 is the article's
/// single control point, 3 or more a `MeshJellyEdge`; the rows are the pulled point.
final class MeshJellyEdgeScenarioTests: XCTestCase {
    private func document(_ extra: String) -> Data {
        Data("""
            { "bodies": [], "duration": 0.5, "interactions": [ { "id": "edge", "kind": "jellyEdge", \(extra)
              "width": 300, "minHeight": 80,
              "gesture": { "kind": "pan", "events": [
                {"phase": "began", "time": 0.1, "touches": [[150, 100]]},
                {"phase": "changed", "time": 0.2, "touches": [[150, 200]]},
                {"phase": "ended", "time": 0.3, "touches": [[150, 200]]} ] } } ] }
            """.utf8)
    }

    func testControlPointsSelectTheBody() throws {
        for extra in ["", "\"controlPoints\": 1,"] {
            let file = try InteractionScenario.parse(document(extra))
            guard case .jellyEdge = file.interactions[0].body else { return XCTFail("expected the single-point edge") }
        }
        let file = try InteractionScenario.parse(document("\"controlPoints\": 15,"))
        XCTAssertEqual(file.interactions[0].kind, .jellyEdge)
        XCTAssertEqual(file.interactions[0].rowIDs, ["edge"])
        guard case let .meshJellyEdge(edge) = file.interactions[0].body else { return XCTFail("expected the mesh") }
        XCTAssertEqual(edge.controlPointCount, 15)
        XCTAssertEqual(edge.width, 300)
        XCTAssertEqual(edge.minHeight, 80)

        // 15 points: the middle one (7) is at x = 150, under the finger; it is pulled down
        // from step 24 (0.2 s) and its row shows it.
        let rows = try file.run()
        XCTAssertEqual(rows[0].sample.center, SIMD2(150, 80))
        XCTAssertEqual(rows[12].state, "dragging")
        XCTAssertEqual(rows[24].sample.center.y, 80, accuracy: 1e-9, "the target has just moved")
        XCTAssertEqual(rows[36].sample.center.y, 80 + 70, accuracy: 0.015 * 70)
        XCTAssertEqual(rows[36].sample.center.x, 150, accuracy: 1e-9)
        XCTAssertEqual(rows[36].state, "returning")
    }

    func testInvalidControlPointsAreRefusedWithTheirPath() {
        for bad in ["2", "0", "-3", "2.5", "true", "5000"] {
            XCTAssertThrowsError(try InteractionScenario.parse(document("\"controlPoints\": \(bad),")), bad) { error in
                XCTAssertTrue("\(error)".hasPrefix("interactions[0].controlPoints"), "\(error)")
            }
        }
        XCTAssertThrowsError(try InteractionScenario.parse(document("\"controlPoint\": 16,"))) { error in
            XCTAssertTrue("\(error)".contains("unknown key"), "\(error)")
        }
    }
}
