import Foundation
import Hooke
import XCTest

/// `ScenarioSimulation.events`: the world's events on the scenario's steps, by ids.
final class ScenarioEventsTests: XCTestCase {
    /// Two boxes side by side fall 3.5 pt onto "floor" (h = 1/60 s run as two world steps
    /// of 1/120 s). By the free-fall closed form of the world step (fallen
    /// g·h²·k(k + 1)/2 after k world steps, ≥ 3.5 pt first at k = 10) each contact begins
    /// in world step 11, the first half of scenario step ⌈11/2⌉ = 6, and is reported there
    /// with time 6/60 s, naming the body by id. Both come to rest, the world pauses once,
    /// and the gravity and collision behaviours are reported by their index in `behaviors`.
    func testEventsNameBodiesAndBehavioursOnTheScenarioSteps() throws {
        let scenario = try Scenario.parse(Data("""
            { "world": { "timestep": 0.016666666666666666, "substeps": 2 },
              "bodies": [ { "id": "left", "size": [40, 40], "center": [120, 574.5], "elasticity": 0, "resistance": 0 },
                          { "id": "right", "size": [40, 40], "center": [220, 574.5], "elasticity": 0, "resistance": 0 } ],
              "behaviors": [ { "type": "gravity", "items": ["left", "right"] },
                             { "type": "collision", "items": ["left", "right"],
                               "boundaries": [ { "id": "floor", "from": [0, 600], "to": [400, 600] } ] } ],
              "duration": 2 }
            """.utf8))
        var run = try scenario.simulation()
        var events: [ScenarioEvent] = []
        try run.run(events: { events.append($0) }) { _ in }

        let began = events.compactMap { e -> (Int, ScenarioEvent.Contact)? in
            if case let .contactBegan(c) = e.kind { (e.step, c) } else { nil }
        }
        XCTAssertEqual(Set(began.map(\.1.item)), ["left", "right"])
        for (step, contact) in began {
            XCTAssertEqual(step, 6)
            XCTAssertEqual(contact.partner, .boundary("floor"))
        }
        for e in events { XCTAssertEqual(e.time, Double(e.step) / 60, accuracy: 1e-12) }
        let rested = events.compactMap { e -> String? in if case let .restBegan(id) = e.kind { id } else { nil } }
        XCTAssertEqual(Set(rested), ["left", "right"])
        let behaviours = events.compactMap { e -> Int? in
            if case let .behaviorCameToRest(i) = e.kind { i } else { nil }
        }
        XCTAssertEqual(behaviours.sorted(), [0, 1])
        XCTAssertEqual(events.filter { $0.kind == .didPause }.count, 1)
        // `events` is the last step's only: after the pause nothing happens.
        XCTAssertEqual(run.events, [])
    }
}

/// Scenario keys of #20 item 3: `"sensor"`, `"categories"`, `"collidesWith"` on bodies
/// and boundaries, against the same worlds built from Swift.
final class ScenarioSensorAndFilterTests: XCTestCase {
    /// A ball falls through a sensor strip (a drop zone) and through a boundary its
    /// categories are not admitted by, onto the floor: one sensorBegan and one
    /// sensorEnded by ids, contacts with the floor only, resting 1 pt (the floor edge's
    /// skin) + 10 pt above it.
    func testASensorZoneAndAFilteredBoundaryFromTheFile() throws {
        let scenario = try Scenario.parse(Data("""
            { "bodies": [ { "id": "ball", "shape": "ellipse", "size": [20, 20], "center": [200, 50],
                            "categories": [2], "collidesWith": [0], "elasticity": 0 },
                          { "id": "zone", "size": [300, 40], "center": [200, 150], "anchored": true, "sensor": true } ],
              "behaviors": [ { "type": "gravity", "items": ["ball"] },
                             { "type": "collision", "items": ["ball", "zone"],
                               "boundaries": [ { "id": "glass", "from": [0, 250], "to": [400, 250], "categories": [1] },
                                               { "id": "floor", "from": [0, 400], "to": [400, 400] } ] } ],
              "duration": 2 }
            """.utf8))
        var run = try scenario.simulation()
        var events: [ScenarioEvent] = []
        var last: ScenarioSample?
        try run.run(events: { events.append($0) }) { sample in if sample.id == "ball" { last = sample } }
        let sensors = events.compactMap { e -> String? in
            switch e.kind {
            case let .sensorBegan(sensor, visitor): "began \(sensor) \(visitor)"
            case let .sensorEnded(sensor, visitor): "ended \(sensor) \(visitor)"
            default: nil
            }
        }
        XCTAssertEqual(sensors, ["began zone ball", "ended zone ball"])
        let boundaries = events.compactMap { e -> String? in
            if case let .contactBegan(c) = e.kind, case let .boundary(id) = c.partner { id } else { nil }
        }
        XCTAssertEqual(boundaries.first, "floor")
        XCTAssertFalse(boundaries.contains("glass"))
        XCTAssertEqual(try XCTUnwrap(last).center.y, 400 - 1 - 10, accuracy: 1.5)
    }
}
