import Foundation
import HookeInteractions
import XCTest

/// `GestureRecording(json:)` read a touch coordinate written `753.8881e-3008888888889`
/// as 0 and accepted the recording, while its `Codable` conformance refused the same text
/// (the fuzzer's `gesture` target caught the disagreement). A nonzero number below half
/// the smallest subnormal double, 2⁻¹⁰⁷⁵ ≈ 2.47e-324 (IEEE 754 binary64 rounds it to
/// zero), cannot be told from zero: the JSON layer now refuses it where it starts, as it
/// refuses `1e400`.
final class RecordingReaderReadAnUnderflowingNumberAsZeroTests: XCTestCase {
    private func recording(x: String) -> Data {
        Data(#"{"kind":"pan","events":[{"phase":"began","time":0,"touches":[[\#(x),2]]},{"phase":"ended","time":1,"touches":[[1,2]]}]}"#.utf8)
    }

    func testACoordinateBelowTheSmallestSubnormalIsRefused() {
        for text in ["753.8881e-3008888888889", "1e-400", "-2.47e-324", "0.\(String(repeating: "0", count: 400))1"] {
            XCTAssertThrowsError(try GestureRecording(json: recording(x: text)), text) { error in
                XCTAssertEqual("\(error)", "unreadable gesture recording: malformed JSON: number too small for a double (it is not zero) at byte 62",
                               text)
            }
            XCTAssertThrowsError(try JSONDecoder().decode(GestureRecording.self, from: recording(x: text)), text)
        }
    }

    /// The smallest subnormal, 2⁻¹⁰⁷⁴ ≈ 4.94e-324, and the numbers that round to it stay
    /// readable; so do zeros, whatever their exponent.
    func testTheSmallestSubnormalAndZerosAreRead() throws {
        let smallest = Double(sign: .plus, exponent: -1074, significand: 1)
        XCTAssertEqual(smallest, .leastNonzeroMagnitude)
        for (text, x) in [("4.9406564584124654e-324", smallest), ("2.48e-324", smallest), ("0e5", 0), ("-0.0e-5", 0), ("0.000e-999", 0)] {
            let read = try GestureRecording(json: recording(x: text))
            XCTAssertEqual(read.events[0].location.x, x, text)
        }
    }
}
