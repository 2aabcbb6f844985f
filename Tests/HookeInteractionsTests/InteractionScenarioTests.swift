import Foundation
import Hooke
import HookeInteractions
import XCTest

/// `InteractionScenario` reads a plain scenario exactly as `Scenario` does, and drives
/// its bodies on the scenario's clock.
final class InteractionScenarioTests: XCTestCase {
    static let plain = """
        { "bodies": [ { "id": "box", "size": [100, 100], "center": [150, 50] } ],
          "behaviors": [ { "type": "gravity", "items": ["box"] } ], "duration": 0.25, "record": { "every": 2 } }
        """

    func testWithoutInteractionsTheRowsAreTheScenarios() throws {
        let data = Data(Self.plain.utf8)
        let file = try InteractionScenario.parse(data)
        XCTAssertTrue(file.interactions.isEmpty)
        let rows = try file.run()
        let reference = try Scenario.parse(data).run()
        XCTAssertEqual(rows.map(\.sample), reference)
        XCTAssertTrue(rows.allSatisfy { $0.scale == 1 && $0.alpha == 1 && $0.overlay == 0 && $0.state == "" })
    }

    /// A pan event at time t reaches the jelly edge at the first step n with n·h ≥ t: the
    /// row of that step shows its control point, the row before does not.
    func testEventsLandAtTheFirstStepAtOrAfterTheirTime() throws {
        let document = """
            { "bodies": [], "duration": 0.1, "interactions": [ { "id": "edge", "kind": "jellyEdge",
              "gesture": { "kind": "pan", "events": [
                {"phase": "began", "time": 0.01, "touches": [[100, 100]]},
                {"phase": "changed", "time": 0.03, "touches": [[110, 200]]},
                {"phase": "ended", "time": 0.05, "touches": [[110, 200]]} ] } } ] }
            """
        let file = try InteractionScenario.parse(Data(document.utf8))
        XCTAssertEqual(file.interactions[0].kind, .jellyEdge)
        let rows = try file.run()
        // 0.03 s = 3.6 steps of 1/120 s: due at step 4 (0.0333 s), not at step 3.
        XCTAssertEqual(rows[3].sample.center, SIMD2(187.5, 100))
        XCTAssertEqual(rows[4].sample.center, SIMD2(187.5 + 10, 100 + 0.7 * 100))
        XCTAssertEqual(rows[3].state, "dragging")
        XCTAssertEqual(rows[1].state, "resting")
        XCTAssertEqual(rows[2].state, "dragging")  // began at 0.01 s: step 2 (0.0167 s)
    }
}
