import Foundation
import Hooke
import XCTest

/// Scenarios run on the World, against motion derived by hand from the step's
/// integrator (semi-implicit Euler with resistance as a Padé factor):
///
///     v ← (v + h·a) / (1 + h·c),   x ← x + h·v
///
/// with a = 1000 pt/s² per unit of gravity and 100·F/m pt/s² for a force of F newtons.
final class ScenarioWorldTests: XCTestCase {
    let h = 1.0 / 120

    func scenario(_ json: String) throws -> Scenario {
        try Scenario.parse(Data(json.utf8))
    }

    func rows(_ samples: [ScenarioSample], id: String) -> [ScenarioSample] {
        samples.filter { $0.id == id }
    }

    /// A box dropped under default gravity with the default resistance 0.1 follows
    /// v_{n+1} = (v_n + h·g)/(1 + h·c), y_{n+1} = y_n + h·v_{n+1} at every recorded step.
    func testDropUnderGravityFollowsTheRecurrenceWithDefaultResistance() throws {
        let s = try scenario("""
            { "bodies": [ { "id": "box", "size": [100, 100], "center": [150, 50] } ],
              "behaviors": [ { "type": "gravity", "items": ["box"] } ],
              "duration": 1 }
            """)
        let samples = try s.run()
        XCTAssertEqual(samples.count, 121)
        let g = 1000.0, c = 0.1
        var y = 50.0, v = 0.0
        for (n, sample) in samples.enumerated() {
            XCTAssertEqual(sample.step, n)
            XCTAssertEqual(sample.time, Double(n) * h, accuracy: 1e-15)
            XCTAssertEqual(sample.center.y, y, accuracy: 1e-9, "step \(n)")
            XCTAssertEqual(sample.velocity.y, v, accuracy: 1e-9, "step \(n)")
            XCTAssertEqual(sample.center.x, 150)
            v = (v + h * g) / (1 + h * c)
            y += h * v
        }
        // Without resistance the same recurrence sums to y₀ + g·h²·n(n+1)/2; the
        // default resistance makes the box fall measurably less far in 1 s.
        let undamped = 50 + g * h * h * 120 * 121 / 2
        XCTAssertLessThan(samples[120].center.y, undamped - 10)
    }

    /// Docs/examples/drop.json sets resistance 0: y_n = y₀ + g·h²·n(n+1)/2 exactly.
    func testDropExampleMatchesTheClosedFormWithoutResistance() throws {
        let s = try Scenario.parse(Data(contentsOf: ScenarioExamplesTests.examplesDirectory
            .appendingPathComponent("drop.json")))
        for sample in try s.run() {
            let n = Double(sample.step)
            XCTAssertEqual(sample.center.y, 100 + 1000 * h * h * n * (n + 1) / 2, accuracy: 1e-9)
            XCTAssertEqual(sample.velocity.y, 1000 * h * n, accuracy: 1e-9)
        }
    }

    /// A snapped card, flicked and turned, ends at the snap point at rotation 0.
    func testSnapEndsAtItsPoint() throws {
        let s = try scenario("""
            { "bodies": [ { "id": "card", "size": [120, 80], "center": [40, 500], "angle": 0.4 } ],
              "behaviors": [ { "type": "snap", "item": "card", "point": [200, 300], "damping": 0.4,
                               "releaseVelocity": [300, -900] } ],
              "duration": 4, "record": { "every": 60 } }
            """)
        let samples = try s.run()
        XCTAssertEqual(samples.map(\.step), [0, 60, 120, 180, 240, 300, 360, 420, 480])
        let last = try XCTUnwrap(samples.last)
        XCTAssertEqual(last.center.x, 200, accuracy: 0.01)
        XCTAssertEqual(last.center.y, 300, accuracy: 0.01)
        XCTAssertEqual(last.angle, 0, accuracy: 1e-3)
        // It did travel: a second after release it was still far from rest at the start.
        XCTAssertGreaterThan(abs(samples[0].center.x - 200), 100)
    }

    /// A rigid 100 pt rod keeps the bob on its circle: the distance to the anchor stays
    /// within Box2D's linear slop (0.5 pt) at every step while the bob swings through
    /// the bottom of the arc.
    func testPendulumKeepsItsRodLength() throws {
        let s = try Scenario.parse(Data(contentsOf: ScenarioExamplesTests.examplesDirectory
            .appendingPathComponent("pendulum.json")))
        let samples = try s.run()
        let anchor = SIMD2<Double>(187.5, 200)
        var lowest = 0.0
        for sample in samples {
            let d = sample.center - anchor
            XCTAssertEqual((d * d).sum().squareRoot(), 100, accuracy: 0.5, "step \(sample.step)")
            lowest = max(lowest, sample.center.y)
        }
        XCTAssertEqual(lowest, 300, accuracy: 1)   // it swung through the bottom
    }

    /// An instantaneous push with `at` = 0.25 s fires during step 30 (0.25/h = 30): the
    /// state after 30 steps is untouched, after 31 it moves with Δv = 100·J/m divided by
    /// the step's resistance factor 1 + h·c. A time between boundaries (0.101 s) fires
    /// at the next one, step 13.
    func testInstantaneousPushFiresAtTheFirstStepAtOrAfterAt() throws {
        let s = try scenario("""
            { "bodies": [ { "id": "a", "size": [50, 100], "center": [0, 0] },
                          { "id": "b", "size": [100, 100], "center": [0, 300], "density": 2 } ],
              "behaviors": [
                { "type": "push", "items": ["a"], "mode": "instantaneous", "pushDirection": [2, 0], "at": 0.25 },
                { "type": "push", "items": ["b"], "mode": "instantaneous", "angle": 1.5707963267948966,
                  "magnitude": 3, "at": 0.101 } ],
              "duration": 0.5 }
            """)
        let samples = try s.run()
        let a = rows(samples, id: "a"), b = rows(samples, id: "b")
        let c = 0.1
        // a: 50 × 100 pt at density 1 is 0.5 kg; J = 2 N·s gives 400 pt/s.
        XCTAssertEqual(a[30].velocity.x, 0)
        XCTAssertEqual(a[31].velocity.x, 400 / (1 + h * c), accuracy: 1e-9)
        XCTAssertEqual(a[31].center.x, h * 400 / (1 + h * c), accuracy: 1e-9)
        // b: 2 kg, J = 3 N·s downwards gives 150 pt/s.
        XCTAssertEqual(b[13].velocity.y, 0)
        XCTAssertEqual(b[14].velocity.y, 150 / (1 + h * c), accuracy: 1e-9)
        XCTAssertEqual(b[14].velocity.x, 0, accuracy: 1e-9)
        // It fires once: afterwards only resistance acts.
        XCTAssertEqual(a[40].velocity.x, 400 / pow(1 + h * c, 10), accuracy: 1e-9)
    }

    /// Gravity with `until` = 0.5 s acts in steps 0…59 and is gone from step 60 on:
    /// then the velocity only decays, v_{n+1} = v_n/(1 + h·c).
    func testUntilRemovesGravityAtTheRightStep() throws {
        let s = try scenario("""
            { "bodies": [ { "id": "box", "size": [100, 100], "center": [0, 0], "resistance": 0.5 } ],
              "behaviors": [ { "type": "gravity", "items": ["box"], "until": 0.5 } ],
              "duration": 1 }
            """)
        let samples = try s.run()
        let c = 0.5
        var v = 0.0
        for n in 0..<120 {
            XCTAssertEqual(samples[n].velocity.y, v, accuracy: 1e-9, "step \(n)")
            v = (v + (n < 60 ? h * 1000 : 0)) / (1 + h * c)
        }
        XCTAssertEqual(samples[120].velocity.y, v, accuracy: 1e-9)
        XCTAssertLessThan(samples[61].velocity.y, samples[60].velocity.y)
    }

    /// A radial gravity field in a scenario takes the format's default falloff 2:
    /// 100·s·(100/d)² pt/s² toward the field, here 300 pt/s² at 100 pt for s = 3.
    func testFieldBehaviourInAScenario() throws {
        let s = try scenario("""
            { "bodies": [ { "id": "p", "shape": "ellipse", "size": [10, 10], "center": [200, 300] },
                          { "id": "q", "size": [10, 10], "center": [500, 300] } ],
              "behaviors": [ { "type": "field", "kind": "radialGravity", "items": ["p", "q"],
                               "position": [100, 300], "strength": 3, "region": { "radius": 150 } } ],
              "duration": 0.1 }
            """)
        let samples = try s.run()
        let p = rows(samples, id: "p"), q = rows(samples, id: "q")
        XCTAssertEqual(p[1].velocity.x, -h * 300 / (1 + h * 0.1), accuracy: 1e-9)
        XCTAssertEqual(p[1].velocity.y, 0, accuracy: 1e-12)
        XCTAssertEqual(q.last?.velocity, .zero)   // outside the 150 pt region
    }

    /// `record.items` and `record.every` pick rows; rows follow the bodies' file order
    /// whatever the order of `record.items`. A dynamic item's added velocity shows
    /// after the first step.
    func testRecordPicksBodiesAndStepsInFileOrder() throws {
        let s = try scenario("""
            { "bodies": [ { "id": "a", "size": [10, 10], "center": [0, 0] },
                          { "id": "b", "size": [10, 10], "center": [0, 0] },
                          { "id": "c", "size": [10, 10], "center": [0, 0] } ],
              "behaviors": [ { "type": "dynamicItem", "items": ["c"], "linearVelocity": [60, 0],
                               "resistance": 0 } ],
              "duration": 0.1, "record": { "every": 5, "items": ["c", "a"] } }
            """)
        let samples = try s.run()
        XCTAssertEqual(samples.map(\.id), ["a", "c", "a", "c", "a", "c"])
        XCTAssertEqual(samples.map(\.step), [0, 0, 5, 5, 10, 10])
        XCTAssertEqual(samples[1].velocity.x, 0)
        XCTAssertEqual(samples[3].velocity.x, 60)
        XCTAssertEqual(samples[5].center.x, 60 * 10 * h, accuracy: 1e-12)
    }

    /// `world.substeps` = 2 runs two world steps of h/2 per recorded step.
    func testSubstepsSplitEachStep() throws {
        let s = try scenario("""
            { "world": { "substeps": 2 },
              "bodies": [ { "id": "box", "size": [100, 100], "center": [0, 0] } ],
              "behaviors": [ { "type": "gravity", "items": ["box"] } ], "duration": 0.25 }
            """)
        let samples = try s.run()
        XCTAssertEqual(samples.count, 31)
        let k = h / 2, c = 0.1
        var y = 0.0, v = 0.0
        for n in 0...30 {
            XCTAssertEqual(samples[n].center.y, y, accuracy: 1e-9)
            for _ in 0..<2 {
                v = (v + k * 1000) / (1 + k * c)
                y += k * v
            }
        }
    }

    /// `"solver": "soft-step"` selects the soft step with 4 substeps (or `substeps`),
    /// each world step of h; 1 substep is refused at `world.substeps`, and so is an
    /// unknown solver at `world.solver`. With the UIKit solver, substeps still split h.
    func testSolverSelectsTheSoftStep() throws {
        let body = #""bodies": [ { "id": "box", "size": [10, 10], "center": [0, 0] } ], "duration": 1"#
        let soft = try scenario(#"{ "world": { "solver": "soft-step" }, "# + body + "}")
        XCTAssertEqual(soft.worldConfiguration.solver, .softStep(substeps: 4))
        XCTAssertEqual(soft.worldConfiguration.timestep, h)
        let eight = try scenario(#"{ "world": { "solver": "soft-step", "substeps": 8 }, "# + body + "}")
        XCTAssertEqual(eight.worldConfiguration.solver, .softStep(substeps: 8))
        let uikit = try scenario(#"{ "world": { "solver": "uikit", "substeps": 2 }, "# + body + "}")
        XCTAssertEqual(uikit.worldConfiguration.solver, .uikit)
        XCTAssertEqual(uikit.worldConfiguration.timestep, h / 2)
        for (json, path) in [(#"{ "world": { "solver": "soft-step", "substeps": 1 }, "#, "world.substeps"),
                             (#"{ "world": { "solver": "box2d" }, "#, "world.solver")] {
            XCTAssertThrowsError(try scenario(json + body + "}")) { error in
                XCTAssertEqual((error as? ScenarioError)?.path, path)
            }
        }
    }

    /// Docs/examples/stack.json: an 8-row pyramid of 30 pt boxes on a floor, soft step.
    /// It stands: after 3 s no box has moved sideways by 1 pt, the top box has sunk by
    /// less than 2 pt (the soft contacts' static deflection, about 0.06 pt per loaded
    /// contact, summed over 8 rows), and everything is at rest.
    func testStackExampleStandsWithTheSoftStep() throws {
        let s = try Scenario.parse(Data(contentsOf: ScenarioExamplesTests.examplesDirectory
            .appendingPathComponent("stack.json")))
        let samples = try s.run()
        let first = Dictionary(samples.filter { $0.step == 0 }.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        let last = samples.filter { $0.step == samples.last!.step }
        XCTAssertEqual(last.count, 2)
        for sample in last {
            let start = try XCTUnwrap(first[sample.id])
            XCTAssertLessThan(abs(sample.center.x - start.center.x), 1, sample.id)
            XCTAssertGreaterThanOrEqual(sample.center.y - start.center.y, 0, sample.id)
            XCTAssertLessThan(sample.center.y - start.center.y, 2, sample.id)
            XCTAssertEqual(sample.velocity, .zero, sample.id)
        }
    }

    /// A pin attachment (UIKit's pinAttachment at an anchor) keeps the item's point on
    /// the anchor: a bar pinned at its left end swings about it.
    func testPinAttachmentTurnsAboutItsAnchor() throws {
        let s = try scenario("""
            { "bodies": [ { "id": "bar", "size": [200, 10], "center": [100, 0],
                            "resistance": 0, "angularResistance": 0 } ],
              "behaviors": [ { "type": "gravity", "items": ["bar"] },
                             { "type": "attachment", "kind": "pin", "item": "bar", "anchor": [0, 0] } ],
              "duration": 0.5 }
            """)
        for sample in try s.run() {
            // The bar's left end, 100 pt behind its centre along its angle, stays at the anchor.
            let end = sample.center - 100 * SIMD2(cos(sample.angle), sin(sample.angle))
            XCTAssertEqual(end.x, 0, accuracy: 0.5, "step \(sample.step)")
            XCTAssertEqual(end.y, 0, accuracy: 0.5, "step \(sample.step)")
        }
        XCTAssertGreaterThan(try s.run().last?.angle ?? 0, 0.5)   // it swung down (clockwise)
    }

    /// Offsets on a pin, whose points are its anchor, are refused at their path.
    func testRefusals() throws {
        let pin = try scenario("""
            { "bodies": [ { "id": "box", "size": [10, 10], "center": [0, 0] } ],
              "behaviors": [ { "type": "attachment", "kind": "pin", "item": "box", "anchor": [5, 0],
                               "offset": [5, 0], "at": 0.1 } ], "duration": 1 }
            """)
        XCTAssertThrowsError(try pin.run()) { error in
            XCTAssertEqual((error as? ScenarioError)?.path, "behaviors[0].offset")
        }
    }

    /// Docs/examples/tether.json: the spring attachment leaves at `until` = 1 s (step
    /// 120), after which the weight falls freely, v ← (v + h·g)/(1 + h·c), from the
    /// state recorded at step 120.
    func testAttachmentWithUntilReleasesTheWeight() throws {
        let s = try Scenario.parse(Data(contentsOf: ScenarioExamplesTests.examplesDirectory
            .appendingPathComponent("tether.json")))
        let weight = rows(try s.run(), id: "weight")
        let at120 = try XCTUnwrap(weight.first { $0.step == 120 })
        var v = at120.velocity.y, y = at120.center.y
        for step in stride(from: 123, through: 180, by: 3) {
            for _ in 0..<3 {
                v = (v + h * 1000) / (1 + h * 0.1)
                y += h * v
            }
            let row = try XCTUnwrap(weight.first { $0.step == step })
            XCTAssertEqual(row.velocity.y, v, accuracy: 1e-9, "step \(step)")
            XCTAssertEqual(row.center.y, y, accuracy: 1e-9, "step \(step)")
        }
        // Before the release the spring held it: not in free fall.
        let at60 = try XCTUnwrap(weight.first { $0.step == 60 })
        XCTAssertLessThan(abs(at60.center.y - 220), 40)
    }

    /// A behaviour whose `until` falls on the same step boundary as its `at` is never
    /// added: an instantaneous push at 0.001 s until 0.002 s (both step 1) never fires.
    func testBehaviourWithinOneStepIsNeverAdded() throws {
        let s = try scenario("""
            { "bodies": [ { "id": "a", "size": [100, 100], "center": [0, 0] } ],
              "behaviors": [ { "type": "push", "items": ["a"], "mode": "instantaneous",
                               "pushDirection": [5, 0], "at": 0.001, "until": 0.002 },
                             { "type": "push", "items": ["a"], "mode": "instantaneous",
                               "pushDirection": [0, 1], "at": 0.001, "until": 0.01 } ],
              "duration": 0.05 }
            """)
        let last = try XCTUnwrap(try s.run().last)
        XCTAssertEqual(last.velocity.x, 0)
        XCTAssertGreaterThan(last.velocity.y, 90)   // the second push, over two steps, did fire
    }
}
