import Foundation
import Hooke
import XCTest

/// Hooke's own parser stays strict about the sections it does not read: `interactions`
/// and a top-level `gestures` are refused at their path, saying where they belong.
final class ScenarioInteractionsSectionTests: XCTestCase {
    func testInteractionsAndGesturesAreRefusedByScenarioParse() {
        for (key, fragment) in [("interactions", "InteractionScenario.parse"), ("gestures", "interactions[i].gesture")] {
            let document = #"{ "bodies": [], "duration": 1, "\#(key)": [] }"#
            XCTAssertThrowsError(try Scenario.parse(Data(document.utf8))) { error in
                let e = error as! ScenarioError
                XCTAssertEqual(e.path, key)
                XCTAssertTrue(e.message.contains(fragment), e.message)
            }
        }
    }
}
