import Foundation
import Hooke
import XCTest

/// `{"bodies":[],"duration":1e17}` crashed `hooke simulate` with "Double value cannot be
/// converted to Int because the result would be greater than Int.max" (SIGILL), as did
/// `"at": 1e17`, `"until": 1e20` and `"world": {"timestep": 1e-300}` or `5e-324`: every
/// scenario time was converted to a step count with `Int(_:)`, unchecked.
final class LargeFiniteTimesTrappedConvertingToStepsTests: XCTestCase {
    static let body = #"{ "id": "a", "shape": "rectangle", "size": [1, 1], "center": [0, 0] }"#

    func testEveryTimeBeyondTheStepCapIsRefusedAtItsPath() {
        let cases: [(String, String)] = [
            (#"{ "bodies": [], "duration": 1e17 }"#, "duration"),
            (#"{ "bodies": [], "duration": 1, "world": { "timestep": 1e-300 } }"#, "duration"),
            (#"{ "bodies": [], "duration": 1, "world": { "timestep": 5e-324 } }"#, "duration"),
            (#"{ "bodies": [\#(Self.body)], "duration": 1, "behaviors": [ { "type": "gravity", "items": ["a"], "at": 1e17 } ] }"#,
             "behaviors[0].at"),
            (#"{ "bodies": [\#(Self.body)], "duration": 1, "behaviors": [ { "type": "gravity", "items": ["a"], "until": 1e20 } ] }"#,
             "behaviors[0].until"),
        ]
        for (json, path) in cases {
            XCTAssertThrowsError(try Scenario.parse(Data(json.utf8)), json) { error in
                let refusal = error as? ScenarioError
                XCTAssertEqual(refusal?.path, path, json)
                XCTAssertTrue(refusal?.message.contains("more than the 1000000000000 a scenario may count") == true,
                              "\(refusal?.message ?? "\(error)")")
            }
        }
    }

    /// The cap itself is accepted: 10¹² steps of 1/120 s.
    func testTimesAtTheCapAreAccepted() throws {
        let seconds = Double(Scenario.maximumStepCount) / 120
        let scenario = try Scenario.parse(Data(#"{ "bodies": [], "duration": \#(seconds) }"#.utf8))
        XCTAssertEqual(scenario.stepCount(), Scenario.maximumStepCount)
    }

    /// Times handed in from code are not parsed: they saturate at the cap instead of trapping.
    func testStepsOfAnyTimeSaturateAtTheCap() throws {
        let scenario = try Scenario.parse(Data(#"{ "bodies": [], "duration": 1 }"#.utf8))
        for time in [1e17, 1e300, .infinity, .greatestFiniteMagnitude] {
            XCTAssertEqual(scenario.firstStep(atOrAfter: time), Scenario.maximumStepCount, "\(time)")
        }
        XCTAssertEqual(scenario.firstStep(atOrAfter: 0.25), 30)
    }
}
