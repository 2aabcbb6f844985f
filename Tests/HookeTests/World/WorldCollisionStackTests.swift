import XCTest
import Foundation
import Hooke

/// Stacking: a pyramid stands, and the documented floor example runs.
final class WorldCollisionStackTests: XCTestCase {
    /// A pyramid of 20 rows of 40 pt boxes (210 boxes) on an anchored ground, built with
    /// the skins just touching, stands for 10 s: once the skins have taken the load
    /// (the first second: each contact settles into its skin by up to the slop), no box
    /// drifts more than 1 pt in the following 9 s, and the settling itself stays within
    /// 2.5 pt for the top box (20 contacts below it).
    func testPyramidOfTwentyRowsStands() throws {
        let pyramid = try CollisionScene.pyramid(solver: .uikit)
        var world = pyramid.world
        CollisionScene.run(&world, steps: 120)
        var settled: [SIMD2<Double>] = []
        var sink = 0.0
        for (h, c) in zip(pyramid.boxes, pyramid.start) {
            settled.append(world.body(h).center)
            sink = max(sink, Planar.length(settled.last! - c))
        }
        XCTAssertLessThan(sink, 2.5)
        var drift = 0.0
        for _ in 0..<1080 {
            world.step()
        }
        for (h, c) in zip(pyramid.boxes, settled) {
            drift = max(drift, Planar.length(world.body(h).center - c))
        }
        XCTAssertLessThan(drift, 1)
        XCTAssertTrue(world.isPaused)
    }

    /// A world with contacts is a value: a copy taken mid-run, stepped on, ends in
    /// exactly the state of the original (same contacts, impulses and events).
    func testCopiesStepIdentically() throws {
        var world = try World()
        world.referenceBounds = WorldRect(x: 0, y: 0, width: 200, height: 400)
        var items: [BodyHandle] = []
        for k in 0..<30 {
            items.append(try world.createBody(BodyDefinition(
                shape: k % 2 == 0 ? .rectangle(width: 20, height: 14) : .ellipse(width: 16, height: 16),
                center: SIMD2(30 + Double(k % 6) * 28, 300 - Double(k / 6) * 30), angle: 0.1 * Double(k))))
        }
        try world.addBehavior(.collision(CollisionBehavior(items: items, translatesReferenceBoundsIntoBoundary: true)))
        try world.addBehavior(.gravity(GravityBehavior(items: items)))
        CollisionScene.run(&world, steps: 60)
        var copy = world
        var eventsA: [ContactEvent] = [], eventsB: [ContactEvent] = []
        for _ in 0..<120 {
            world.step()
            copy.step()
            eventsA += world.events.contactBegan + world.events.contactEnded
            eventsB += copy.events.contactBegan + copy.events.contactEnded
        }
        XCTAssertEqual(eventsA, eventsB)
        for h in items {
            XCTAssertEqual(world.body(h).center, copy.body(h).center)
            XCTAssertEqual(world.body(h).angle, copy.body(h).angle)
        }
        XCTAssertFalse(eventsA.isEmpty)
    }

    /// Docs/examples/floor.json: the box and the ball fall inside the reference bounds
    /// and come to rest inside them.
    func testFloorExampleRuns() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Docs/examples/floor.json")
        let scenario = try Scenario.parse(Data(contentsOf: url))
        let samples = try scenario.run()
        XCTAssertFalse(samples.isEmpty)
        for s in samples {
            XCTAssertTrue(s.center.x > 0 && s.center.x < 375 && s.center.y > 0 && s.center.y < 667, "\(s)")
        }
        // The ball (radius 20) ends on the shelf or the floor: its lowest point within
        // 2 pt of skin of a boundary, at rest.
        let last = try XCTUnwrap(samples.last { $0.id == "ball" })
        XCTAssertLessThan(Planar.length(last.velocity), 5)
        XCTAssertGreaterThan(last.center.y, 300)
    }
}
