import Foundation
import Hooke
import XCTest

/// The scenario keys `motorSpeed`, `frictionForce` and `breakingForce` reach the World's
/// motors and breakable joints, and are refused where they do not apply.
final class ScenarioJointMotorTests: XCTestCase {
    private func run(_ json: String, steps: Int) throws -> ScenarioSimulation {
        var simulation = try ScenarioSimulation(try Scenario.parse(Data(json.utf8)))
        for _ in 0..<steps { try simulation.advance() }
        return simulation
    }

    func testASlidingMotorInAScenarioDrivesTheCarriageAtItsForceLimit() throws {
        let json = """
            { "bodies": [ { "id": "cart", "size": [40, 20], "center": [100, 100], "resistance": 0, "angularResistance": 0 } ],
              "behaviors": [ { "type": "attachment", "kind": "sliding", "item": "cart", "anchor": [100, 100], "axis": [1, 0],
                               "frictionForce": 0.2, "motorSpeed": -40 } ],
              "duration": 1 }
            """
        let simulation = try run(json, steps: 30)
        let cart = try XCTUnwrap(simulation.handle(for: "cart"))
        // m = 40·20/10⁴ kg = 0.08 kg, a = 0.2·100/0.08 = 250 pt/s²: −40 pt/s after 0.16 s (19.2 steps).
        let v = simulation.world.linearVelocity(for: cart)
        XCTAssertEqual(v.x, -40, accuracy: 1e-9)
        XCTAssertEqual(v.y, 0, accuracy: 1e-12)
        let early = try run(json, steps: 10)
        XCTAssertEqual(early.world.linearVelocity(for: cart).x, -10.0 / 120 * 250, accuracy: 1e-9)
    }

    func testABreakingForceBreaksARodUnderAPushAndReportsIt() throws {
        // A 20 pt ball (m = π·10²/10⁴ kg) hanging at rest on a rod: reaction m·10 N = 0.314 N;
        // a 0.2 N push down from 0.25 s takes it past 0.4 N.
        let json = """
            { "bodies": [ { "id": "bob", "shape": "ellipse", "size": [20, 20], "center": [100, 200],
                            "resistance": 0, "angularResistance": 0 } ],
              "behaviors": [ { "type": "attachment", "item": "bob", "anchor": [100, 100], "breakingForce": 0.4 },
                             { "type": "gravity", "items": ["bob"] },
                             { "type": "push", "items": ["bob"], "mode": "continuous", "magnitude": 0.2, "angle": 1.5707963267948966, "at": 0.25 } ],
              "duration": 1 }
            """
        var simulation = try ScenarioSimulation(try Scenario.parse(Data(json.utf8)))
        var broke: [(Int, ScenarioEvent.Kind)] = []
        for _ in 0..<60 {
            try simulation.advance()
            for e in simulation.events { if case .jointBroke = e.kind { broke.append((e.step, e.kind)) } }
        }
        XCTAssertEqual(broke.map(\.0), [31])  // the push starts before step 31 (0.25 s = 30 h)
        guard case let .jointBroke(behavior, force) = broke.first?.1 else { return XCTFail("no break") }
        XCTAssertEqual(behavior, 0)
        XCTAssertEqual(force, Double.pi * 100 / 1e4 * 10 + 0.2, accuracy: 1e-9)
    }

    func testADragInAScenarioPullsAtItsForceLimit() throws {
        // Grabbed at its centre (offset [0, 0]) and pulled towards a finger 300 pt away: the
        // 5 Hz spring asks for far more than 0.4 N, so the 0.08 kg cart accelerates at
        // 0.4·100/0.08 = 500 pt/s².
        let json = """
            { "bodies": [ { "id": "cart", "size": [40, 20], "center": [100, 100], "resistance": 0, "angularResistance": 0 } ],
              "behaviors": [ { "type": "attachment", "kind": "drag", "item": "cart", "anchor": [400, 100],
                               "offset": [0, 0], "frequency": 5, "damping": 0.7, "maximumForce": 0.4 } ],
              "duration": 1 }
            """
        let simulation = try run(json, steps: 6)
        let cart = try XCTUnwrap(simulation.handle(for: "cart"))
        XCTAssertEqual(simulation.world.linearVelocity(for: cart).x, 6.0 / 120 * 500, accuracy: 1e-9)
    }

    func testMotorKeysAreRefusedWhereTheyDoNotApply() throws {
        for (behavior, path) in [
            (#""kind": "distance", "item": "b", "anchor": [0, 0], "motorSpeed": 1"#, "behaviors[0].motorSpeed"),
            (#""kind": "pin", "item": "b", "anchor": [0, 0], "frictionForce": 1"#, "behaviors[0].frictionForce"),
            (#""kind": "sliding", "item": "b", "anchor": [0, 0], "axis": [1, 0], "frictionForce": -1"#,
             "behaviors[0].frictionForce"),
            (#""kind": "pin", "item": "b", "anchor": [0, 0], "breakingForce": 0"#, "behaviors[0].breakingForce"),
            (#""kind": "drag", "item": "b", "frequency": 5"#, "behaviors[0]: missing required key \"anchor\""),
            (#""kind": "drag", "item": "b", "anchor": [0, 0], "frequency": 5, "motorSpeed": 1"#, "behaviors[0].motorSpeed"),
        ] {
            let json = """
                { "bodies": [ { "id": "b", "size": [10, 10], "center": [0, 0] } ],
                  "behaviors": [ { "type": "attachment", \(behavior) } ], "duration": 1 }
                """
            XCTAssertThrowsError(try Scenario.parse(Data(json.utf8))) { error in
                XCTAssertTrue("\(error)".hasPrefix(path), "\(error)")
            }
        }
    }
}
