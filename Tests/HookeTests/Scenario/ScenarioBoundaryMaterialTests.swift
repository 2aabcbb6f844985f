import Foundation
import Hooke
import XCTest

/// A collision behaviour's boundary materials in scenario files: each boundary's
/// `elasticity` and `friction`, and the bounds' `boundsElasticity` and `boundsFriction`
/// (Docs/scenarios.md), parsed, refused with their JSON path, and run.
final class ScenarioBoundaryMaterialTests: XCTestCase {
    private func collision(_ json: String) throws -> ScenarioBehavior.Collision {
        let s = try Scenario.parse(Data(json.utf8))
        guard case let .collision(c) = s.behaviors[0].kind else {
            XCTFail("not a collision: \(s.behaviors[0])")
            throw ScenarioError(path: "", message: "not a collision")
        }
        return c
    }

    private func document(_ collision: String, bounds: Bool = true) -> String {
        """
        { \(bounds ? #""world": { "bounds": [0, 0, 400, 600] },"# : "")
          "bodies": [ { "id": "ball", "shape": "ellipse", "size": [20, 20], "center": [100, 100] } ],
          "behaviors": [ { "type": "collision", "items": ["ball"], \(collision) } ],
          "duration": 1 }
        """
    }

    /// The keys are read; left out, they take UIKit's 0.2 and 0.2.
    func testBoundaryMaterialsAreReadAndDefaultToUIKits() throws {
        let c = try collision(document(#"""
            "boundsAsBoundary": true, "boundsElasticity": 1, "boundsFriction": 0,
            "boundaries": [ { "id": "floor", "from": [0, 500], "to": [400, 500], "elasticity": 0, "friction": 0.9 },
                            { "id": "cup", "path": [[0, 0], [0, 10], [10, 10]] } ]
            """#))
        XCTAssertEqual(c.boundsElasticity, 1)
        XCTAssertEqual(c.boundsFriction, 0)
        XCTAssertEqual(c.boundaries.map(\.elasticity), [0, 0.2])
        XCTAssertEqual(c.boundaries.map(\.friction), [0.9, 0.2])
        let plain = try collision(document(#""boundsAsBoundary": true"#))
        XCTAssertEqual(plain.boundsElasticity, 0.2)
        XCTAssertEqual(plain.boundsFriction, 0.2)
        XCTAssertEqual(ScenarioDefaults.boundaryElasticity, CollisionBehavior.boundaryElasticity)
        XCTAssertEqual(ScenarioDefaults.boundaryFriction, CollisionBehavior.boundaryFriction)
    }

    /// Out-of-range and inapplicable values are refused at their path.
    func testOutOfRangeMaterialsAreRefusedAtTheirPath() {
        let cases: [(String, String, String)] = [
            (document(#""boundaries": [ { "id": "f", "from": [0, 0], "to": [1, 0], "elasticity": 1.5 } ]"#),
             "behaviors[0].boundaries[0].elasticity", "expected a number in 0...1, got 1.5"),
            (document(#""boundaries": [ { "id": "f", "from": [0, 0], "to": [1, 0] }, "#
                      + #"{ "id": "g", "path": [[0, 0], [1, 0]], "friction": -0.5 } ]"#),
             "behaviors[0].boundaries[1].friction", "expected a number >= 0, got -0.5"),
            (document(#""boundaries": [ { "id": "f", "from": [0, 0], "to": [1, 0], "friction": "high" } ]"#),
             "behaviors[0].boundaries[0].friction", "expected a number, got a string"),
            (document(#""boundsAsBoundary": true, "boundsElasticity": -0.1"#),
             "behaviors[0].boundsElasticity", "expected a number in 0...1, got -0.1"),
            (document(#""boundsAsBoundary": true, "boundsFriction": -1"#),
             "behaviors[0].boundsFriction", "expected a number >= 0, got -1"),
            (document(#""boundsFriction": 0.5"#),
             "behaviors[0].boundsFriction", #""boundsFriction" applies only with "boundsAsBoundary": true"#),
            (document(#""boundsAsBoundary": false, "boundsElasticity": 0"#),
             "behaviors[0].boundsElasticity", #""boundsElasticity" applies only with "boundsAsBoundary": true"#),
        ]
        for (json, path, fragment) in cases {
            do {
                let s = try Scenario.parse(Data(json.utf8))
                XCTFail("accepted \(json) as \(s)")
            } catch {
                XCTAssertEqual(error.path, path, "\(error) for\n\(json)")
                XCTAssertTrue(error.message.contains(fragment), "message \"\(error.message)\" lacks \"\(fragment)\"")
            }
        }
    }

    /// A ball of elasticity 0 dropped 300 pt onto a floor of elasticity 0 stays down (no
    /// upward velocity after the impact, to 10⁻⁹ pt/s); onto the bounds' bottom of
    /// `boundsElasticity` 1 it leaves at its impact speed (max(0, 1) = 1: the first
    /// upward velocity equals the last downward one plus the impact step's g·h, to 10⁻⁹).
    func testScenarioBoundaryMaterialsActInTheWorld() throws {
        func run(_ collision: String) throws -> [ScenarioSample] {
            try Scenario.parse(Data("""
                { "world": { "bounds": [0, 0, 400, 611] },
                  "bodies": [ { "id": "ball", "shape": "ellipse", "size": [20, 20], "center": [100, 289],
                                "elasticity": 0, "resistance": 0 } ],
                  "behaviors": [ { "type": "gravity", "items": ["ball"] },
                                 { "type": "collision", "items": ["ball"], \(collision) } ],
                  "duration": 1.5 }
                """.utf8)).run()
        }
        let dead = try run(#""boundaries": [ { "id": "floor", "from": [0, 600], "to": [400, 600], "elasticity": 0 } ]"#)
        let landed = try XCTUnwrap(dead.firstIndex { $0.velocity.y <= 0 && $0.step > 0 })
        XCTAssertLessThan(dead[landed...].map { -$0.velocity.y }.max() ?? .infinity, 1e-9)

        let lively = try run(#""boundsAsBoundary": true, "boundsElasticity": 1"#)
        let bounced = try XCTUnwrap(lively.firstIndex { $0.velocity.y < 0 })
        XCTAssertEqual(-lively[bounced].velocity.y, lively[bounced - 1].velocity.y + 1000.0 / 120, accuracy: 1e-9)
    }

    /// The example of Docs/scenarios.md (the JSON block with `boundsElasticity`) parses,
    /// and its ball lands dead on the floor as the text says: once down it never moves up
    /// again (to 10⁻⁹ pt/s) and ends at rest on it.
    func testTheDocumentedExampleLandsDead() throws {
        let doc = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Docs/scenarios.md")
        let text = try String(contentsOf: doc, encoding: .utf8)
        let blocks = text.components(separatedBy: "```json\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
        let example = try XCTUnwrap(blocks.first { $0.contains("boundsElasticity") })
        let samples = try Scenario.parse(Data(example.utf8)).run()
        let landed = try XCTUnwrap(samples.firstIndex { $0.velocity.y <= 0 && $0.step > 0 })
        XCTAssertLessThan(samples[landed...].map { -$0.velocity.y }.max() ?? .infinity, 1e-9)
        XCTAssertEqual(samples.last?.velocity.y ?? .nan, 0, accuracy: 1e-9)
        XCTAssertEqual(samples.last?.center.y ?? .nan, 600 - 11, accuracy: 1)   // radius + the edge's 1 pt skin
    }
}
