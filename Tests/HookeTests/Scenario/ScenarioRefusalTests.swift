import Foundation
import Hooke
import XCTest

/// Every kind of bad input is refused with the JSON path of the offending value and a
/// message saying what was wrong.
final class ScenarioRefusalTests: XCTestCase {
    static let twoBodies = #"""
    [ { "id": "box", "size": [100, 100], "center": [150, 50] },
      { "id": "ball", "shape": "ellipse", "size": [40, 40], "center": [60, 60] } ]
    """#

    /// A document with `twoBodies` unless told otherwise.
    static func document(
        world: String? = nil, bodies: String = twoBodies, behaviors: String = "[]",
        tail: String = #""duration": 1"#
    ) -> String {
        let worldPart = world.map { #""world": \#($0), "# } ?? ""
        return #"{ \#(worldPart)"bodies": \#(bodies), "behaviors": \#(behaviors), \#(tail) }"#
    }

    static func body(_ members: String) -> String { "[ { \(members) } ]" }
    static func behavior(_ members: String) -> String { "[ { \(members) } ]" }

    /// (document, expected path, a fragment the message must contain)
    static let cases: [(String, String, String)] = [
        // The document
        (#"{ "bodies": ["#, "", "malformed JSON"),
        (#"{ "bodies": [], "duration": 1e999 }"#, "", "malformed JSON"),
        ("[1, 2]", "", "expected an object, got an array"),
        (document(tail: #""duration": 1, "colour": "red""#), "colour", #"unknown key "colour""#),
        (document(tail: #""duration": 1, "gestures": []"#), "gestures", "gestures are not supported yet"),
        (#"{ "duration": 1 }"#, "", #"missing required key "bodies""#),
        (document(tail: #""record": {}"#), "", #"missing required key "duration""#),
        (document(tail: #""duration": 0"#), "duration", "expected a number > 0, got 0"),
        (document(tail: #""duration": "2""#), "duration", "expected a number, got a string"),
        // world
        (document(world: #"{ "timestep": -0.01 }"#), "world.timestep", "expected a number > 0, got -0.01"),
        (document(world: #"{ "timestep": true }"#), "world.timestep", "expected a number, got a boolean"),
        (document(world: #"{ "bounds": [0, 0, 375] }"#), "world.bounds",
         "expected an array of 4 numbers [x, y, width, height], got an array of 3 elements"),
        (document(world: #"{ "bounds": [0, 0, 0, 667] }"#), "world.bounds[2]", "expected a number > 0, got 0"),
        (document(world: #"{ "substeps": 2.5 }"#), "world.substeps", "expected a whole number >= 1, got 2.5"),
        // bodies
        (document(bodies: body(#""id": "b", "size": [10, -5], "center": [0, 0]"#)),
         "bodies[0].size[1]", "expected a number > 0, got -5"),
        (document(bodies: #"[ { "id": "b", "size": [1, 1], "center": [0, 0] }, { "id": "b", "size": [1, 1], "center": [0, 0] } ]"#),
         "bodies[1].id", #"duplicate body id "b" (already used by bodies[0])"#),
        (document(bodies: body(#""id": "", "size": [1, 1], "center": [0, 0]"#)), "bodies[0].id", "non-empty"),
        (document(bodies: body(#""id": "b", "shape": "circle", "size": [1, 1], "center": [0, 0]"#)),
         "bodies[0].shape", #"unknown value "circle"; expected one of "rectangle", "ellipse", "polygon""#),
        (document(bodies: body(#""id": "t", "shape": "polygon", "vertices": [[0, -20], [-20, 20], [20, 20]], "center": [0, 0]"#)),
         "bodies[0].vertices", "counter-clockwise"),
        (document(bodies: body(#""id": "t", "shape": "polygon", "vertices": [[0, 0], [1, 1]], "center": [0, 0]"#)),
         "bodies[0].vertices", "expected at least 3 points"),
        (document(bodies: body(#""id": "t", "shape": "polygon", "vertices": [[-10, -10], [0, 0], [10, -10], [10, 10], [-10, 10]], "center": [0, 0]"#)),
         "bodies[0].vertices", "convex"),
        (document(bodies: body(#""id": "t", "shape": "polygon", "size": [1, 1], "vertices": [[0, -20], [20, 20], [-20, 20]], "center": [0, 0]"#)),
         "bodies[0].size", #"a polygon takes "vertices", not "size""#),
        (document(bodies: body(#""id": "t", "parts": [], "center": [0, 0]"#)),
         "bodies[0].parts", "a compound body takes 1 to 256 parts, got 0"),
        (document(bodies: body(#""id": "t", "size": [1, 1], "parts": [{ "size": [1, 1] }], "center": [0, 0]"#)),
         "bodies[0].size", #"a body with "parts" takes its shape from them, not "size""#),
        (document(bodies: body(#""id": "t", "parts": [{ "size": [1, 1], "parts": [] }], "center": [0, 0]"#)),
         "bodies[0].parts[0].parts", #"unknown key "parts""#),
        (document(bodies: body(#""id": "t", "parts": [{ "size": [1, 1] }, { "offset": [1, 1] }], "center": [0, 0]"#)),
         "bodies[0].parts[1]", #"missing required key "size""#),
        (document(bodies: body(#""id": "t", "parts": [{ "size": [1, 1], "offset": [1] }], "center": [0, 0]"#)),
         "bodies[0].parts[0].offset", "expected an array of 2 numbers [x, y]"),
        (document(bodies: body(#""id": "t", "parts": [{ "shape": "polygon", "vertices": [[0, -20], [-20, 20], [20, 20]] }], "center": [0, 0]"#)),
         "bodies[0].parts[0].vertices", "counter-clockwise"),
        (document(bodies: body(#""id": "b", "size": [1, 1], "center": [0, 0], "density": 0"#)),
         "bodies[0].density", "expected a number > 0, got 0"),
        (document(bodies: body(#""id": "b", "size": [1, 1], "center": [0, 0], "elasticity": 1.5"#)),
         "bodies[0].elasticity", "expected a number in 0...1, got 1.5"),
        (document(bodies: body(#""id": "b", "size": [1, 1], "center": [0, 0], "friction": -0.1"#)),
         "bodies[0].friction", "expected a number >= 0, got -0.1"),
        (document(bodies: body(#""id": "b", "size": [1, 1], "center": [0, 0], "anchored": 1"#)),
         "bodies[0].anchored", "expected true or false, got a number"),
        (document(bodies: body(#""id": "b", "size": [1, 1]"#)),
         "bodies[0]", #"missing required key "center""#),
        (document(bodies: body(#""id": "b", "size": [1, 1], "centre": [0, 0]"#)),
         "bodies[0].centre", #"unknown key "centre""#),
        (document(bodies: body(#""id": "b", "size": [1, 1], "center": [0, 0], "angle": null"#)),
         "bodies[0].angle", "expected a number, got null"),
        (document(bodies: body(#""id": "b", "size": [1, 1], "center": [0, "1"]"#)),
         "bodies[0].center[1]", "expected a number, got a string"),
        // behaviours
        (document(behaviors: #"""
            [ { "type": "gravity", "items": ["box"] }, { "type": "collision", "items": ["box"] },
              { "type": "snap", "item": "box", "point": [0, 0], "damping": 1.5 } ]
            """#), "behaviors[2].damping", "expected a number in 0...1, got 1.5"),
        (document(behaviors: behavior(#""type": "gravity", "items": ["box", "ghost"]"#)),
         "behaviors[0].items[1]", #"no body has id "ghost""#),
        (document(behaviors: behavior(#""type": "gravity", "items": ["box", "box"]"#)),
         "behaviors[0].items[1]", "listed twice"),
        (document(behaviors: behavior(#""type": "magnet", "items": ["box"]"#)),
         "behaviors[0].type", #"unknown value "magnet""#),
        (document(behaviors: behavior(#""items": ["box"]"#)),
         "behaviors[0]", #"missing required key "type""#),
        (document(behaviors: behavior(#""type": "gravity", "items": ["box"], "at": 1, "until": 1"#)),
         "behaviors[0].until", "expected a time later than at (1 s), got 1"),
        (document(behaviors: behavior(#""type": "gravity", "items": ["box"], "at": -1"#)),
         "behaviors[0].at", "expected a number >= 0, got -1"),
        (document(behaviors: behavior(#""type": "gravity", "items": ["box"], "direction": [0, 1], "angle": 1"#)),
         "behaviors[0].angle", #"give either "direction" or "angle", not both"#),
        (document(behaviors: behavior(#""type": "gravity", "items": ["box"], "magnitud": 1"#)),
         "behaviors[0].magnitud", #"unknown key "magnitud""#),
        (document(behaviors: behavior(#""type": "snap", "item": "ghost", "point": [0, 0]"#)),
         "behaviors[0].item", #"no body has id "ghost""#),
        (document(behaviors: behavior(#""type": "snap", "item": "box""#)),
         "behaviors[0]", #"missing required key "point""#),
        (document(behaviors: behavior(#""type": "snap", "item": "box", "point": [0, 0], "rest": {}"#)),
         "behaviors[0].rest", #"needs "screenScale" (half a device pixel) or "position" (points)"#),
        (document(behaviors: behavior(#""type": "snap", "item": "box", "point": [0, 0], "rest": { "screenScale": 3, "position": 1 }"#)),
         "behaviors[0].rest", #"give "screenScale" or "position", not both"#),
        (document(behaviors: behavior(#""type": "snap", "item": "box", "point": [0, 0], "rest": { "screenScale": 0 }"#)),
         "behaviors[0].rest.screenScale", "expected a number > 0, got 0"),
        (document(behaviors: behavior(#""type": "snap", "item": "box", "point": [0, 0], "rest": { "screenScale": 1e-320 }"#)),
         "behaviors[0].rest.screenScale", "must be finite and > 0"),
        (document(behaviors: behavior(#""type": "snap", "item": "box", "point": [0, 0], "rest": { "position": 0.25, "rotation": -1 }"#)),
         "behaviors[0].rest.rotation", "expected a number > 0, got -1"),
        (document(behaviors: behavior(#""type": "snap", "item": "box", "point": [0, 0], "rest": { "pixels": 2 }"#)),
         "behaviors[0].rest.pixels", #"unknown key "pixels""#),
        (document(behaviors: behavior(#""type": "push", "items": ["box"], "offsets": { "ball": [0, 1] }"#)),
         "behaviors[0].offsets.ball", #""ball" is not one of this push's items"#),
        (document(behaviors: behavior(#""type": "push", "items": ["box"], "mode": "impulse""#)),
         "behaviors[0].mode", #"expected one of "continuous", "instantaneous""#),
        (document(behaviors: behavior(#""type": "attachment", "item": "box", "anchor": [0, 0], "axis": [1, 0]"#)),
         "behaviors[0].axis", #""axis" does not apply to a distance attachment"#),
        (document(behaviors: behavior(#""type": "attachment", "kind": "pin", "item": "box", "anchor": [0, 0], "range": [0.1, 1]"#)),
         "behaviors[0].range", "expected [min, max] with min <= 0 <= max, got [0.1, 1]"),
        (document(behaviors: behavior(#""type": "attachment", "item": "box", "to": "box""#)),
         "behaviors[0].to", "cannot be attached to itself"),
        (document(behaviors: behavior(#""type": "attachment", "item": "box""#)),
         "behaviors[0]", #"missing required key "anchor" or "to""#),
        (document(behaviors: behavior(#""type": "attachment", "item": "box", "anchor": [0, 0], "damping": -0.3"#)),
         "behaviors[0].damping", "expected a number >= 0, got -0.3"),
        (document(behaviors: behavior(#""type": "attachment", "kind": "sliding", "item": "box", "anchor": [0, 0], "axis": [0, 0]"#)),
         "behaviors[0].axis", "non-zero axis"),
        (document(behaviors: behavior(#""type": "collision", "items": ["box"], "boundsAsBoundary": true"#)),
         "behaviors[0].boundsAsBoundary", "needs world.bounds"),
        (document(behaviors: behavior(#""type": "collision", "items": ["box"], "boundaries": [ { "id": "a", "from": [0, 0], "to": [1, 0] }, { "id": "a", "path": [[0, 0], [1, 1]] } ]"#)),
         "behaviors[0].boundaries[1].id", #"duplicate boundary id "a""#),
        (document(behaviors: behavior(#""type": "field", "kind": "radialGravity", "items": ["ball"], "region": { "radius": 3, "size": [1, 1] }"#)),
         "behaviors[0].region", "exactly one of"),
        (document(behaviors: behavior(#""type": "field", "kind": "radialGravity", "items": ["ball"], "region": { "union": [ { "radius": 3 } ] }"#)),
         "behaviors[0].region.union", "expected an array of 2 or more regions, got 1"),
        (document(behaviors: behavior(#""type": "field", "kind": "vortex", "items": ["ball"], "region": { "inverse": { "radius": -1 } }"#)),
         "behaviors[0].region.inverse.radius", "expected a number > 0, got -1"),
        (document(behaviors: behavior(#""type": "field", "kind": "radialGravity", "items": ["ball"], "direction": [0, 1]"#)),
         "behaviors[0].direction", "applies to linearGravity and velocity fields only"),
        (document(behaviors: behavior(#""type": "field", "kind": "linearGravity", "items": ["ball"]"#)),
         "behaviors[0]", #"missing required key "direction""#),
        (document(behaviors: behavior(#""type": "dynamicItem", "items": ["ball"], "allowsRotation": "yes""#)),
         "behaviors[0].allowsRotation", "expected true or false, got a string"),
        // collision filters and sensors
        (document(bodies: body(#""id": "b", "size": [1, 1], "center": [0, 0], "categories": [64]"#)),
         "bodies[0].categories[0]", "an integer 0...63, got 64"),
        (document(bodies: body(#""id": "b", "size": [1, 1], "center": [0, 0], "collidesWith": [1, 2.5]"#)),
         "bodies[0].collidesWith[1]", "an integer 0...63, got 2.5"),
        (document(bodies: body(#""id": "b", "size": [1, 1], "center": [0, 0], "categories": [3, 3]"#)),
         "bodies[0].categories[1]", "category 3 appears twice"),
        (document(bodies: body(#""id": "b", "size": [1, 1], "center": [0, 0], "collidesWith": "most""#)),
         "bodies[0].collidesWith", #"expected "all" or an array of category numbers"#),
        (document(bodies: body(#""id": "b", "size": [1, 1], "center": [0, 0], "sensor": 1"#)),
         "bodies[0].sensor", "expected true or false, got a number"),
        (document(behaviors: behavior(#""type": "collision", "items": ["ball"], "boundaries": [ { "id": "f", "from": [0, 0], "to": [1, 0], "categories": [-1] } ]"#)),
         "behaviors[0].boundaries[0].categories[0]", "got -1"),
        (document(behaviors: behavior(#""type": "collision", "items": ["ball"], "boundsCategories": [1]"#)),
         "behaviors[0].boundsCategories", #"applies only with "boundsAsBoundary": true"#),
        // record
        (document(tail: #""duration": 1, "record": { "every": 0 }"#), "record.every",
         #"expected "step" or a whole number of steps >= 1, got 0"#),
        (document(tail: #""duration": 1, "record": { "every": "frame" }"#), "record.every",
         #"got "frame""#),
        (document(tail: #""duration": 1, "record": { "every": true }"#), "record.every", "got a boolean"),
        (document(tail: #""duration": 1, "record": { "items": ["ghost"] }"#), "record.items[0]",
         #"no body has id "ghost""#),
    ]

    func testEveryRefusalNamesThePathAndTheProblem() {
        XCTAssertGreaterThanOrEqual(Self.cases.count, 25)
        for (json, path, fragment) in Self.cases {
            do {
                let s = try Scenario.parse(Data(json.utf8))
                XCTFail("accepted \(json) as \(s)")
            } catch {
                XCTAssertEqual(error.path, path, "\(error) for\n\(json)")
                XCTAssertTrue(
                    error.message.contains(fragment),
                    "message \"\(error.message)\" lacks \"\(fragment)\" for\n\(json)")
            }
        }
    }

    /// The documents of the table differ from an accepted one only in the fault, so
    /// the refusals are caused by the faults themselves.
    func testTheBaseDocumentIsAccepted() throws {
        let s = try Scenario.parse(Data(Self.document().utf8))
        XCTAssertEqual(s.bodies.map(\.id), ["box", "ball"])
    }

    func testDescriptionPutsThePathFirst() {
        XCTAssertEqual(
            ScenarioError(path: "behaviors[2].damping", message: "expected a number in 0...1, got 1.5")
                .description,
            "behaviors[2].damping: expected a number in 0...1, got 1.5")
        XCTAssertEqual(
            ScenarioError(path: "", message: "malformed JSON").description, "scenario: malformed JSON")
    }
}
