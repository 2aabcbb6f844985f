import Foundation
import Hooke
import HookeInteractions
import XCTest

/// A scenario with `"size"` written twice on a body ran with the second size, and a
/// gesture recording with two `"time"` keys kept the first: Foundation's readers, which
/// read both formats then, take one value of a duplicated key without a word
/// (`JSONSerialization` the last, `JSONDecoder` the first).
/// The JSON layer refuses the document at the second key.
final class ReadersTookOneValueOfADuplicatedKeyTests: XCTestCase {
    func testAScenarioWithAKeyWrittenTwiceIsRefused() {
        let text = #"{ "bodies": [ { "id": "b", "size": [10, 20], "center": [1, 2], "size": [30, 40] } ], "duration": 1 }"#
        XCTAssertThrowsError(try Scenario.parse(Data(text.utf8))) { error in
            XCTAssertEqual("\(error)", #"scenario: malformed JSON: key "size" written twice in one object at byte 63"#)
        }
    }

    func testAGestureRecordingWithAKeyWrittenTwiceIsRefused() {
        let text = #"{"kind":"pan","events":[{"phase":"began","time":0,"time":1,"touches":[[1,2]]},{"phase":"ended","time":1,"touches":[[1,2]]}]}"#
        XCTAssertThrowsError(try GestureRecording(json: Data(text.utf8))) { error in
            XCTAssertEqual("\(error)", #"unreadable gesture recording: malformed JSON: key "time" written twice in one object at byte 50"#)
        }
    }
}
