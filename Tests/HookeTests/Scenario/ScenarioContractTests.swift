import Foundation
import Hooke
@testable import HookeScenario
import XCTest

/// The example of the scenario-format contract parses to exactly the model it describes.
final class ScenarioContractTests: XCTestCase {
    /// The example document of the contract, verbatim.
    static let contractExample = #"""
    {
      "world": { "timestep": 0.008333333333333333, "bounds": [0, 0, 375, 667] },
      "bodies": [
        { "id": "box", "shape": "rectangle", "size": [100, 100], "center": [150, 50],
          "angle": 0, "velocity": [0, 0], "angularVelocity": 0 },
        { "id": "ball", "shape": "ellipse", "size": [40, 40], "center": [60, 60] },
        { "id": "tri", "shape": "polygon", "vertices": [[0, -20], [20, 20], [-20, 20]], "center": [200, 80] }
      ],
      "behaviors": [
        { "type": "gravity", "items": ["box"], "direction": [0, 1], "magnitude": 1 },
        { "type": "dynamicItem", "items": ["box"], "elasticity": 0.2, "friction": 0.2, "density": 1,
          "resistance": 0.1, "angularResistance": 0.1, "allowsRotation": true, "anchored": false,
          "charge": 0, "linearVelocity": [0, 0], "angularVelocity": 0 },
        { "type": "push", "items": ["box"], "mode": "instantaneous", "pushDirection": [1, 0],
          "offsets": { "box": [0, 50] } },
        { "type": "snap", "item": "box", "point": [300, 200], "damping": 0.5 },
        { "type": "attachment", "kind": "distance", "item": "box", "anchor": [100, 100],
          "length": 100, "frequency": 2, "damping": 0.3 },
        { "type": "collision", "items": ["box", "ball"], "mode": "everything", "boundsAsBoundary": true,
          "boundaries": [ { "id": "floor", "from": [0, 300], "to": [1000, 300] },
                          { "id": "cup", "path": [[0, 0], [0, 100], [100, 100], [100, 0]] } ] },
        { "type": "field", "kind": "radialGravity", "items": ["ball"], "position": [200, 200],
          "strength": 1, "falloff": 2, "minimumRadius": 1, "region": { "radius": 300 } }
      ],
      "duration": 2.0,
      "record": { "every": "step" }
    }
    """#

    func testContractExampleParsesToTheModelItDescribes() throws {
        let s = try Scenario.parse(Data(Self.contractExample.utf8))

        XCTAssertEqual(s.world, ScenarioWorld(
            timestep: 0.008333333333333333,
            bounds: .init(x: 0, y: 0, width: 375, height: 667), substeps: nil))
        XCTAssertEqual(s.duration, 2)
        XCTAssertEqual(s.record, ScenarioRecord(every: 1, items: nil))

        XCTAssertEqual(s.bodies, [
            ScenarioBody(
                id: "box", shape: .rectangle(size: [100, 100]), center: [150, 50], angle: 0,
                velocity: [0, 0], angularVelocity: 0, properties: ScenarioItemProperties()),
            ScenarioBody(
                id: "ball", shape: .ellipse(size: [40, 40]), center: [60, 60], angle: 0,
                velocity: [0, 0], angularVelocity: 0, properties: ScenarioItemProperties()),
            ScenarioBody(
                id: "tri", shape: .polygon(vertices: [[0, -20], [20, 20], [-20, 20]]),
                center: [200, 80], angle: 0, velocity: [0, 0], angularVelocity: 0,
                properties: ScenarioItemProperties()),
        ])

        let expected: [ScenarioBehavior.Kind] = [
            .gravity(.init(items: ["box"], direction: [0, 1])),
            .dynamicItem(.init(
                items: ["box"],
                properties: ScenarioItemProperties(
                    density: 1, elasticity: 0.2, friction: 0.2, resistance: 0.1,
                    angularResistance: 0.1, allowsRotation: true, anchored: false, charge: 0),
                linearVelocity: [0, 0], angularVelocity: 0)),
            .push(.init(
                items: ["box"], mode: .instantaneous, pushDirection: [1, 0], active: true,
                offsets: ["box": [0, 50]])),
            .snap(.init(item: "box", point: [300, 200], damping: 0.5, releaseVelocity: nil, rest: nil)),
            .attachment(.init(
                kind: .distance, item: "box", anchor: [100, 100], to: nil, offset: [0, 0],
                toOffset: [0, 0], length: 100, frequency: 2, damping: 0.3, axis: nil, range: nil,
                frictionTorque: 0, frictionForce: 0, motorSpeed: 0, breakingForce: nil, maximumForce: nil)),
            .collision(.init(
                items: ["box", "ball"], mode: .everything, boundsAsBoundary: true,
                boundaries: [
                    .init(identifier: "floor", shape: .segment(from: [0, 300], to: [1000, 300])),
                    .init(identifier: "cup", shape: .path([[0, 0], [0, 100], [100, 100], [100, 0]], closed: true)),
                ],
                // UIKit's engine gives every boundary elasticity 0.2 and friction 0.2.
                boundsElasticity: 0.2, boundsFriction: 0.2)),
            .field(.init(
                items: ["ball"],
                field: try Field(.radialGravity, position: [200, 200], region: .circle(radius: 300), strength: 1,
                                 falloff: 2, minimumRadius: 1))),
        ]
        XCTAssertEqual(s.behaviors.count, expected.count)
        for (index, (behavior, kind)) in zip(s.behaviors, expected).enumerated() {
            XCTAssertEqual(behavior.kind, kind, "behaviors[\(index)]")
            XCTAssertEqual(behavior.at, 0, "behaviors[\(index)].at")
            XCTAssertNil(behavior.until, "behaviors[\(index)].until")
        }
    }

    /// A minimal document takes every default the contract and UIKit name.
    func testOmittedKeysTakeTheDocumentedDefaults() throws {
        let s = try Scenario.parse(Data(#"""
        { "bodies": [ { "id": "b", "size": [10, 20], "center": [1, 2] } ],
          "behaviors": [ { "type": "gravity", "items": ["b"] },
                         { "type": "snap", "item": "b", "point": [0, 0] },
                         { "type": "push", "items": ["b"] },
                         { "type": "attachment", "item": "b", "anchor": [0, 0] },
                         { "type": "collision", "items": ["b"] },
                         { "type": "field", "kind": "spring", "items": ["b"] } ],
          "duration": 1 }
        """#.utf8))
        XCTAssertEqual(s.world.timestep, 1.0 / 120.0)
        XCTAssertNil(s.world.bounds)
        XCTAssertEqual(s.record, ScenarioRecord(every: 1, items: nil))
        XCTAssertEqual(s.bodies[0].shape, .rectangle(size: [10, 20]))
        XCTAssertEqual(s.bodies[0].angle, 0)
        XCTAssertEqual(s.bodies[0].velocity, [0, 0])
        XCTAssertEqual(s.bodies[0].angularVelocity, 0)
        XCTAssertTrue(s.bodies[0].properties.isEmpty)

        guard case let .gravity(g) = s.behaviors[0].kind,
              case let .snap(snap) = s.behaviors[1].kind,
              case let .push(push) = s.behaviors[2].kind,
              case let .attachment(a) = s.behaviors[3].kind,
              case let .collision(c) = s.behaviors[4].kind,
              case let .field(f) = s.behaviors[5].kind
        else { return XCTFail("behaviour kinds out of order: \(s.behaviors)") }
        XCTAssertEqual(g.direction, [0, 1])             // UIKit: gravityDirection (0, 1)
        XCTAssertEqual(g.acceleration, [0, 1000])       // magnitude 1 = 1000 pt/s²
        XCTAssertEqual(snap.damping, 0.5)
        XCTAssertNil(snap.releaseVelocity)
        XCTAssertNil(snap.rest)
        XCTAssertEqual(push.mode, .continuous)
        XCTAssertEqual(push.pushDirection, [0, 0])
        XCTAssertTrue(push.active)
        XCTAssertEqual(a.kind, .distance)
        XCTAssertNil(a.length)                          // taken from the initial geometry
        XCTAssertEqual(a.frequency, 0)
        XCTAssertEqual(c.mode, .everything)
        XCTAssertFalse(c.boundsAsBoundary)
        XCTAssertEqual(f.field.strength, 1)
        XCTAssertEqual(f.field.falloff, -1)             // spring field: force grows with distance
        XCTAssertEqual(f.field.region, .infinite)
    }

    /// SpriteKit's documented per-kind falloffs (no Apple page gives UIKit's): inverse
    /// square for the point-source kinds, Hooke's law for the spring.
    func testFieldFalloffDefaultsFollowTheDocumentedFieldLaws() {
        let expected: [FieldKind.Name: Double] = [
            .radialGravity: 2, .spring: -1, .electric: 2, .magnetic: 2, .vortex: 2,
            .linearGravity: 0, .drag: 0, .velocity: 0, .noise: 0, .turbulence: 0,
        ]
        for name in FieldKind.Name.allCases {
            XCTAssertEqual(FieldKind(name).defaultFalloff, expected[name], "\(name)")
            XCTAssertEqual(FieldKind(name).name, name)
        }
    }

    /// Behaviour properties override body properties, which override the defaults.
    func testItemPropertiesMergeBehaviourOverBodyOverDefaults() throws {
        let s = try Scenario.parse(Data(#"""
        { "bodies": [ { "id": "b", "size": [10, 10], "center": [0, 0], "density": 3, "friction": 0.7 } ],
          "behaviors": [ { "type": "dynamicItem", "items": ["b"], "friction": 0.1, "anchored": true } ],
          "duration": 1 }
        """#.utf8))
        guard case let .dynamicItem(d) = s.behaviors[0].kind else { return XCTFail() }
        let effective = d.properties.merged(over: s.bodies[0].properties)
            .merged(over: ScenarioDefaults.itemProperties)
        XCTAssertEqual(effective, ScenarioItemProperties(
            density: 3, elasticity: 0.2, friction: 0.1, resistance: 0.1, angularResistance: 0.1,
            allowsRotation: true, anchored: true, charge: 0))
    }

    func testTimingAttachmentKindsFieldsAndRegions() throws {
        let s = try Scenario.parse(Data(#"""
        { "world": { "bounds": [0, 0, 100, 100], "substeps": 4 },
          "bodies": [ { "id": "a", "size": [10, 10], "center": [0, 0] },
                      { "id": "b", "shape": "ellipse", "size": [10, 10], "center": [50, 0] } ],
          "behaviors": [
            { "type": "attachment", "kind": "sliding", "item": "a", "to": "b", "anchor": [25, 0],
              "axis": [3, 4], "range": [-10, 20], "at": 0.5, "until": 1.5 },
            { "type": "attachment", "kind": "pin", "item": "a", "anchor": [0, 0],
              "range": [-1, 1], "frictionTorque": 2 },
            { "type": "attachment", "kind": "limit", "item": "a", "to": "b", "offset": [1, 2],
              "toOffset": [3, 4], "length": 60 },
            { "type": "field", "kind": "noise", "items": ["a", "b"], "smoothness": 0.5,
              "animationSpeed": 2,
              "region": { "difference": [ { "union": [ { "radius": 10 }, { "size": [4, 6] } ] },
                                          { "inverse": { "intersection": [ { "radius": 3 }, { "radius": 2 } ] } } ] } },
            { "type": "field", "kind": "linearGravity", "items": ["a"], "direction": [0, -1] },
            { "type": "snap", "item": "b", "point": [10, 10], "damping": 1, "releaseVelocity": [200, -50],
              "rest": { "screenScale": 2, "rotation": 0.01 } }
          ],
          "duration": 3, "record": { "every": 4, "items": ["b"] } }
        """#.utf8))
        XCTAssertEqual(s.world.substeps, 4)
        XCTAssertEqual(s.record, ScenarioRecord(every: 4, items: ["b"]))
        XCTAssertEqual(s.behaviors[0].at, 0.5)
        XCTAssertEqual(s.behaviors[0].until, 1.5)
        guard case let .attachment(sliding) = s.behaviors[0].kind,
              case let .attachment(pin) = s.behaviors[1].kind,
              case let .attachment(limit) = s.behaviors[2].kind,
              case let .field(noise) = s.behaviors[3].kind,
              case let .field(linear) = s.behaviors[4].kind,
              case let .snap(snap) = s.behaviors[5].kind
        else { return XCTFail("\(s.behaviors)") }
        XCTAssertEqual(sliding.axis, [0.6, 0.8])        // normalised 3-4-5
        XCTAssertEqual(sliding.to, "b")
        XCTAssertEqual(sliding.range, -10...20)
        XCTAssertEqual(pin.range, -1...1)
        XCTAssertEqual(pin.frictionTorque, 2)
        XCTAssertEqual(limit.offset, [1, 2])
        XCTAssertEqual(limit.toOffset, [3, 4])
        XCTAssertEqual(limit.length, 60)
        guard case let .noise(smoothness, animationSpeed, seed) = noise.field.kind,
              case let .linearGravity(direction) = linear.field.kind
        else { return XCTFail("\(noise.field.kind), \(linear.field.kind)") }
        XCTAssertEqual(smoothness, 0.5)
        XCTAssertEqual(animationSpeed, 2)
        XCTAssertEqual(seed, 0)
        XCTAssertEqual(noise.field.region, .difference(
            .union(.circle(radius: 10), .rectangle(size: [4, 6])),
            .inverse(.intersection(.circle(radius: 3), .circle(radius: 2)))))
        XCTAssertEqual(direction, [0, -1])
        XCTAssertEqual(snap.releaseVelocity, [200, -50])
        XCTAssertEqual(snap.rest, SnapRest(position: try RestThreshold(0.25), rotation: try RestThreshold(0.01)))
    }

    /// UIKit couples a vector with angle + magnitude: |v| is the magnitude, atan2 the angle.
    func testAngleAndMagnitudeAreTheVectorsPolarForm() throws {
        func gravity(_ keys: String) throws -> ScenarioBehavior.Gravity {
            let s = try Scenario.parse(Data("""
            { "bodies": [ { "id": "b", "size": [1, 1], "center": [0, 0] } ],
              "behaviors": [ { "type": "gravity", "items": ["b"] \(keys) } ], "duration": 1 }
            """.utf8))
            guard case let .gravity(g) = s.behaviors[0].kind else { throw ScenarioError(path: "", message: "") }
            return g
        }
        let g345 = try gravity(#", "direction": [3, 4]"#)
        XCTAssertEqual(g345.magnitude, 5)
        XCTAssertEqual(g345.angle, atan2(4.0, 3.0))
        XCTAssertEqual(try gravity(#", "magnitude": 0.5"#).direction, [0, 0.5])
        XCTAssertEqual(try gravity(#", "direction": [3, 4], "magnitude": 10"#).direction, [6, 8])
        XCTAssertEqual(try gravity(#", "angle": 0, "magnitude": 2"#).direction, [2, 0])
        let left = try gravity(#", "angle": 3.141592653589793"#).direction
        XCTAssertEqual(left.x, -1)
        XCTAssertEqual(left.y, 0, accuracy: 1e-15)

        let s = try Scenario.parse(Data("""
        { "bodies": [ { "id": "b", "size": [1, 1], "center": [0, 0] } ],
          "behaviors": [ { "type": "push", "items": ["b"], "magnitude": 3 },
                         { "type": "push", "items": ["b"], "angle": 1.5707963267948966, "magnitude": 2,
                           "active": false } ],
          "duration": 1 }
        """.utf8))
        guard case let .push(p0) = s.behaviors[0].kind, case let .push(p1) = s.behaviors[1].kind
        else { return XCTFail() }
        XCTAssertEqual(p0.pushDirection, [3, 0])        // UIKit's default push angle is 0
        XCTAssertEqual(p1.pushDirection.x, 0, accuracy: 1e-15)
        XCTAssertEqual(p1.pushDirection.y, 2)
        XCTAssertFalse(p1.active)
    }
}
