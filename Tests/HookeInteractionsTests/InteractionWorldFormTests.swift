import Foundation
import Hooke
import HookeInteractions
import XCTest

/// The article bodies in the World (#19, item 3): a swipe card bound to a world body, a
/// long-press lift's items as world bodies, world bodies hung from a jelly edge. Checked
/// against geometry (a wall's position, a rod's length, the homes) and against the same
/// scene without the World's collision or attachment, never against a stored run.
final class InteractionWorldFormTests: XCTestCase {
    private let h = 1.0 / 120

    /// Events every step from (x0, y) moving at `speed` pt/s along x for `steps` steps,
    /// the last one ending the pan.
    private func pan(from start: SIMD2<Double>, velocity: SIMD2<Double>, steps: Int, at t0: Double = 0) -> String {
        (0...steps).map { k -> String in
            let phase = k == 0 ? "began" : (k == steps ? "ended" : "changed")
            let p = start + Double(k) * h * velocity
            return #"{"phase": "\#(phase)", "time": \#(t0 + Double(k) * h), "touches": [[\#(p.x), \#(p.y)]]}"#
        }.joined(separator: ",\n")
    }

    private func run(_ json: String) throws -> [String: [InteractionSample]] {
        let rows = try InteractionScenario.parse(Data(json.utf8)).run()
        return Dictionary(grouping: rows, by: \.sample.id)
    }

    /// A card flung right at 1200 pt/s toward a wall at x = 500: while dragged its body is
    /// where the card draws itself; thrown, the World carries it into the wall, where it
    /// stops — no corner of the 200 × 260 card ever passes x = 500 — while the same throw
    /// without the wall leaves the screen.
    func testACardFlungIntoABoundaryCollidesAndStopsOnIt() throws {
        func scene(wall: Bool) -> String {
            let collision = wall ? """
                [ {"type": "collision", "items": ["photo"], "mode": "boundaries",
                   "boundaries": [ {"id": "wall", "from": [500, -400], "to": [500, 1000], "elasticity": 0} ] } ]
                """ : "[]"
            return """
                { "bodies": [ {"id": "photo", "size": [200, 260], "center": [160, 190], "elasticity": 0} ],
                  "behaviors": \(collision),
                  "interactions": [ {"id": "card", "kind": "swipeCard", "body": "photo", "screenSize": [1000, 568],
                    "gesture": {"kind": "pan", "events": [ \(pan(from: SIMD2(160, 300), velocity: SIMD2(1200, 0), steps: 9)) ] } } ],
                  "duration": 1.5 }
                """
        }
        let rows = try run(scene(wall: true))
        XCTAssertNil(rows["card"], "a bound card writes its columns on its body's row")
        let photo = try XCTUnwrap(rows["photo"])
        // Dragged: the card's own law, dx = 1200·t (the article's centre = home + finger translation).
        for k in 1..<9 {
            XCTAssertEqual(photo[k].sample.center.x, 160 + 1200 * Double(k) * h, accuracy: 1e-9, "step \(k)")
            XCTAssertEqual(photo[k].state, "dragging")
            XCTAssertEqual(photo[k].sample.angle, 2 * Double.pi / 16 * (1200 * Double(k) * h / 320), accuracy: 1e-12)
        }
        XCTAssertEqual(photo[9].state, "leaving")
        XCTAssertEqual(photo[9].exitSide, .swipedRight)
        // Thrown: no corner of the turned card gets further past the wall than one step of
        // its flight (10 pt, the overlap a discrete contact can see before its position
        // pass pushes it out), and the card ends against the wall, within its 0.5 pt slop.
        func rightmost(_ row: InteractionSample) -> Double {
            row.sample.center.x + abs(cos(row.sample.angle)) * 100 + abs(sin(row.sample.angle)) * 130
        }
        XCTAssertLessThanOrEqual(photo.map(rightmost).max()!, 500 + 1200 * h)
        let last = try XCTUnwrap(photo.last)
        XCTAssertEqual(rightmost(last), 499.5, accuracy: 1.5, "at rest against the wall")
        XCTAssertEqual(last.sample.velocity.x, 0, accuracy: 1e-3)

        let free = try XCTUnwrap(try run(scene(wall: false))["photo"]).last!
        XCTAssertGreaterThan(free.sample.center.x, 1000, "without the wall the throw carries on")
        XCTAssertEqual(free.state, "gone")
    }

    /// Item a lifted and dragged onto b's place pushes b aside; at the drop both go back
    /// to their homes on their snaps. Without the collision b never moves.
    func testALiftedItemDisplacesTheNeighbourItIsDroppedOnto() throws {
        func scene(collide: Bool) -> String {
            """
            { "bodies": [ {"id": "a", "size": [80, 80], "center": [100, 100]},
                          {"id": "b", "size": [80, 80], "center": [200, 100]} ],
              "behaviors": \(collide ? #"[ {"type": "collision", "items": ["a", "b"], "mode": "items"} ]"# : "[]"),
              "interactions": [ {"id": "grid", "kind": "longPressLift", "bodies": ["a", "b"], "itemSize": [80, 80],
                "gesture": {"kind": "longPress", "events": [ \(pan(from: SIMD2(100, 100), velocity: SIMD2(300, 0), steps: 36)) ] } } ],
              "duration": 3 }
            """
        }
        let rows = try run(scene(collide: true))
        XCTAssertNil(rows["grid.0"])
        let (a, b) = (try XCTUnwrap(rows["a"]), try XCTUnwrap(rows["b"]))
        XCTAssertEqual(a[12].state, "lifted")
        XCTAssertEqual(b[12].state, "shrunk")
        // While lifted, a is where the lift draws it: home + finger offset + the drop.
        XCTAssertEqual(a[20].sample.center.x, 100 + 300 * 20 * h, accuracy: 1e-9)
        let push = b.map { abs($0.sample.center.x - 200) }.max()!
        XCTAssertGreaterThan(push, 30, "b is pushed at least 30 pt out of a's way (a ends 90 pt to the right)")
        for (row, home) in [(a.last!, SIMD2<Double>(100, 100)), (b.last!, SIMD2(200, 100))] {
            XCTAssertEqual(row.sample.center.x, home.x, accuracy: 0.01, row.sample.id)
            XCTAssertEqual(row.sample.center.y, home.y, accuracy: 0.01, row.sample.id)
            XCTAssertEqual(row.state, "idle")
        }

        let alone = try XCTUnwrap(try run(scene(collide: false))["b"])
        XCTAssertTrue(alone.allSatisfy { $0.sample.center == SIMD2(200, 100) }, "no collision, no push")
    }

    /// A weight hung 100 pt below the jelly edge's control point by a rigid attachment
    /// follows the pulled edge and keeps the rod's length. The anchor moves between steps
    /// (as a UIKit app moves `anchorPoint`), so the rod learns of a move one step late and
    /// its position pass takes most of it back: the length is off by at most the anchor's
    /// travel over the last two steps plus 0.5 pt, and by less than 0.01 pt at rest.
    func testABodyHungFromTheJellyEdgeKeepsItsRodLength() throws {
        let json = """
            { "bodies": [ {"id": "weight", "size": [40, 40], "center": [187.5, 200]} ],
              "interactions": [ {"id": "edge", "kind": "jellyEdge", "attachments": [ {"item": "weight"} ],
                "gesture": {"kind": "pan", "events": [ \(pan(from: SIMD2(180, 50), velocity: SIMD2(120, 200), steps: 40)) ] } } ],
              "duration": 3 }
            """
        let rows = try run(json)
        let (edge, weight) = (try XCTUnwrap(rows["edge"]), try XCTUnwrap(rows["weight"]))
        func distance(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double { ((a - b) * (a - b)).sum().squareRoot() }
        var moved = 0.0, largestTravel = 0.0
        for k in 2..<edge.count {
            let travel = max(distance(edge[k].sample.center, edge[k - 1].sample.center),
                             distance(edge[k - 1].sample.center, edge[k - 2].sample.center))
            largestTravel = max(largestTravel, travel)
            let length = distance(edge[k].sample.center, weight[k].sample.center)
            XCTAssertEqual(length, 100, accuracy: travel + 0.5, "step \(k)")
            moved = max(moved, distance(weight[k].sample.center, SIMD2(187.5, 200)))
        }
        XCTAssertGreaterThan(largestTravel, 1.5, "the edge moves at more than 180 pt/s")
        XCTAssertEqual(distance(edge.last!.sample.center, weight.last!.sample.center), 100, accuracy: 0.01)
        XCTAssertGreaterThan(moved, 20, "the weight swings with the edge")
        XCTAssertEqual(edge.last!.state, "resting")
    }

    func testBindingsAreCheckedWithTheirPaths() {
        let pan = self.pan(from: SIMD2(100, 100), velocity: SIMD2(100, 0), steps: 3)
        let cases: [(String, String)] = [
            (#"{"id": "c", "kind": "swipeCard", "body": "ghost""#, "interactions[0].body: no body has id \"ghost\""),
            (#"{"id": "c", "kind": "swipeCard", "body": "a", "home": [1, 2]"#, "interactions[0].home"),
            (#"{"id": "l", "kind": "longPressLift", "bodies": ["a", "a"], "itemSize": [8, 8]"#, "interactions[0].bodies[1]"),
            (#"{"id": "l", "kind": "longPressLift", "bodies": ["a"], "homes": [[1, 2]], "itemSize": [8, 8]"#,
             "interactions[0].homes"),
            (#"{"id": "e", "kind": "jellyEdge", "attachments": [{"item": "a", "length": -1}]"#,
             "interactions[0].attachments[0].length"),
            (#"{"id": "e", "kind": "jellyEdge", "attachments": [{"body": "a"}]"#, "interactions[0].attachments[0]"),
        ]
        for (interaction, expected) in cases {
            let json = """
                { "bodies": [ {"id": "a", "size": [8, 8], "center": [100, 100]} ],
                  "interactions": [ \(interaction), "gesture": {"kind": "pan", "events": [ \(pan) ] } } ],
                  "duration": 1 }
                """
            XCTAssertThrowsError(try InteractionScenario.parse(Data(json.utf8))) {
                XCTAssertTrue("\($0)".contains(expected), "\(interaction): \($0)")
            }
        }
        // A body is driven by one interaction at most.
        let twice = """
            { "bodies": [ {"id": "a", "size": [8, 8], "center": [100, 100]} ],
              "interactions": [
                {"id": "c", "kind": "swipeCard", "body": "a", "gesture": {"kind": "pan", "events": [ \(pan) ] } },
                {"id": "f", "kind": "flick", "item": "a", "bounds": [0, 0, 300, 300],
                 "gesture": {"kind": "pan", "events": [ \(pan) ] } } ],
              "duration": 1 }
            """
        XCTAssertThrowsError(try InteractionScenario.parse(Data(twice.utf8))) {
            XCTAssertTrue("\($0)".contains("interactions[1].item: body \"a\" is already driven by interactions[0]"), "\($0)")
        }
    }
}
