import Foundation
import Hooke
import XCTest

/// A scenario time more steps away than an Int counts — `"duration": 1e300`, or a
/// behaviour's `"at"`/`"until"` of 1e300 s — trapped converting the step count to an Int
/// (`Scenario.firstStep(atOrAfter:)`), so `hooke simulate` died with SIGILL on a file the
/// parser had accepted. Such a time is now step `Int.max`: never reached.
final class ScenarioTimeBeyondIntStepsTrappedTests: XCTestCase {
    static let scenario = """
        { "bodies": [ { "id": "b", "size": [10, 10], "center": [0, 0] } ],
          "behaviors": [ { "type": "gravity", "items": ["b"], "at": 1e300 },
                         { "type": "push", "items": ["b"], "magnitude": 1, "until": 1e300 } ],
          "duration": 1e300 }
        """

    func testATimeBeyondIntStepsIsNeverReached() throws {
        let scenario = try Scenario.parse(Data(Self.scenario.utf8))
        XCTAssertEqual(scenario.stepCount(), Int.max)
        XCTAssertEqual(scenario.firstStep(atOrAfter: 1e300), Int.max)
        XCTAssertEqual(scenario.firstStep(atOrAfter: .greatestFiniteMagnitude), Int.max)
        // 2⁶³ steps is the first that does not fit; the last double below it still does.
        let h = scenario.world.timestep
        XCTAssertEqual(scenario.firstStep(atOrAfter: 0x1p63 * h), Int.max)
        XCTAssertEqual(scenario.firstStep(atOrAfter: 0.25), 30)

        // The push (until 1e300) acts from the first step; the gravity (at 1e300) never does.
        var run = try scenario.simulation()
        while run.step < 12 { try run.advance() }
        let body = try run.world.body(XCTUnwrap(run.handle(for: "b")))
        XCTAssertGreaterThan(body.velocity.x, 0)
        XCTAssertEqual(body.velocity.y, 0)
        let rows = try scenario.run(duration: 0.1)
        XCTAssertEqual(rows.last?.step, 12)
    }
}
