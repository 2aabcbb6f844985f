import Foundation
import Hooke
import XCTest

/// Numbers and booleans are told apart (JSONSerialization, the scenario reader before
/// `JSONParser`, handed both over as NSNumber, and on Linux `1 as Any is Bool` held).
final class ScenarioNumberTests: XCTestCase {
    private func parse(body extra: String, tail: String = #""duration": 1"#) throws(ScenarioError) -> Scenario {
        try Scenario.parse(Data(#"""
        { "bodies": [ { "id": "b", "size": [10, 20], "center": [1, 2] \#(extra) } ], \#(tail) }
        """#.utf8))
    }

    func testIntegersAreAcceptedWhereNumbersAreExpected() throws {
        let s = try parse(
            body: #", "angle": 1, "density": 2, "elasticity": 1, "friction": 0, "charge": -3"#,
            tail: #""world": { "timestep": 1, "bounds": [0, 0, 375, 667] }, "duration": 2"#)
        XCTAssertEqual(s.world.timestep, 1.0)
        XCTAssertEqual(s.duration, 2.0)
        XCTAssertEqual(s.bodies[0].angle, 1.0)
        XCTAssertEqual(s.bodies[0].properties.density, 2.0)
        XCTAssertEqual(s.bodies[0].properties.elasticity, 1.0)
        XCTAssertEqual(s.bodies[0].properties.friction, 0.0)
        XCTAssertEqual(s.bodies[0].properties.charge, -3.0)
        XCTAssertEqual(s.world.bounds?.height, 667.0)
    }

    func testFractionsAndExponentsAreAccepted() throws {
        let s = try parse(body: #", "angle": -2.5e-1, "velocity": [1E2, 0.125]"#)
        XCTAssertEqual(s.bodies[0].angle, -0.25)
        XCTAssertEqual(s.bodies[0].velocity, [100, 0.125])
    }

    func testWholeNumbersWrittenWithAFractionCountAsWholeNumbers() throws {
        let s = try parse(body: "", tail: #""duration": 1, "record": { "every": 3.0 }, "world": { "substeps": 2.0 }"#)
        XCTAssertEqual(s.record.every, 3)
        XCTAssertEqual(s.world.substeps, 2)
    }

    func testBooleansAreNotNumbers() {
        for literal in ["true", "false"] {
            for key in ["angle", "density", "elasticity", "charge"] {
                XCTAssertThrowsError(try parse(body: #", "\#(key)": \#(literal)"#)) { error in
                    let e = error as? ScenarioError
                    XCTAssertEqual(e?.path, "bodies[0].\(key)")
                    XCTAssertEqual(e?.message, "expected a number, got a boolean")
                }
            }
        }
        // The body's own size, not a second "size" key (which the reader refuses as such).
        let booleanSize = #"{ "bodies": [ { "id": "b", "size": [true, 1], "center": [1, 2] } ], "duration": 1 }"#
        XCTAssertThrowsError(try Scenario.parse(Data(booleanSize.utf8))) { error in
            XCTAssertEqual((error as? ScenarioError)?.path, "bodies[0].size[0]")
        }
    }

    func testNumbersAreNotBooleans() throws {
        for literal in ["1", "0", "1.0", "\"true\""] {
            for key in ["allowsRotation", "anchored"] {
                XCTAssertThrowsError(try parse(body: #", "\#(key)": \#(literal)"#)) { error in
                    let e = error as? ScenarioError
                    XCTAssertEqual(e?.path, "bodies[0].\(key)")
                    XCTAssertTrue(e?.message.hasPrefix("expected true or false, got a") ?? false, "\(String(describing: e))")
                }
            }
        }
        let s = try parse(body: #", "allowsRotation": false, "anchored": true"#)
        XCTAssertEqual(s.bodies[0].properties.allowsRotation, false)
        XCTAssertEqual(s.bodies[0].properties.anchored, true)
    }

    /// JSON has no literal for infinity or NaN; a number too large for a Double is
    /// refused as malformed rather than read as infinity.
    func testNumbersBeyondDoubleAreRefused() {
        for literal in ["1e400", "-1e400", "NaN", "Infinity"] {
            XCTAssertThrowsError(try parse(body: #", "angle": \#(literal)"#)) { error in
                let e = error as? ScenarioError
                XCTAssertEqual(e?.path, "", literal)
                XCTAssertTrue(e?.message.hasPrefix("malformed JSON") ?? false, literal)
            }
        }
    }
}
