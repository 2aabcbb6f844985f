import Foundation
import Hooke
import XCTest

/// Contact events with boundaries come once per (item, boundary identifier), as UIKit's
/// collision delegate reports a boundary: began when the item starts touching any edge
/// of the identifier, ended when it touches none of them — not once per segment of the
/// boundary's path.
final class WorldBoundaryContactEventTests: XCTestCase {
    /// Every began and ended event of `steps` steps, and the item's states after each.
    private func run(_ world: inout World, _ item: BodyHandle, steps: Int) throws
        -> (began: [ContactEvent], ended: [ContactEvent], states: [BodyState]) {
        var began: [ContactEvent] = [], ended: [ContactEvent] = [], states: [BodyState] = []
        for _ in 0..<steps {
            world.step()
            began += world.events.contactBegan
            ended += world.events.contactEnded
            states.append(world.body(item))
        }
        return (began, ended, states)
    }

    /// A 40 pt box slides at 300 pt/s (frictionless) along an open path of two collinear
    /// segments, (0, 600)–(200, 600)–(400, 600). While its bottom face spans the joint at
    /// x = 200 (16 steps) it touches both edges; it then touches only the second, and
    /// finally slides off the end. One began event (the first step), none ended while it
    /// crosses the joint, and exactly one ended once it has left the path — per edge it
    /// was two began and two ended events.
    func testSlidingAcrossTheJointOfAPathReportsOneContact() throws {
        var world = try CollisionScene.world()
        let y = CollisionScene.floorY
        let box = try world.createBody(BodyDefinition(
            shape: .rectangle(width: 40, height: 40), center: SIMD2(100, y - 20 - 1.9), velocity: SIMD2(300, 0),
            properties: CollisionScene.material(elasticity: 0, friction: 0)))
        var collision = CollisionBehavior(items: [box])
        collision.addBoundary(withIdentifier: "floor", path: [SIMD2(0, y), SIMD2(200, y), SIMD2(400, y)],
                              closed: false, friction: 0)
        try world.addBehavior(collision)
        try world.addBehavior(GravityBehavior(items: [box]))

        // 0.8 s: the box's centre reaches x = 340, well past the joint and on the path.
        let crossing = try run(&world, box, steps: 96)
        XCTAssertGreaterThan(crossing.states.last!.center.x, 200 + 20 + 100)
        for s in crossing.states {
            XCTAssertEqual(s.velocity.x, 300, accuracy: 1e-9, "slid without catching on the joint")
        }
        XCTAssertEqual(crossing.began.map(\.partner), [.boundary("floor")])
        XCTAssertEqual(crossing.began.first?.item, box)
        XCTAssertEqual(crossing.ended, [])

        // Off the end at x = 400 (the centre passes 420 at 1.07 s) it falls: one ended.
        let leaving = try run(&world, box, steps: 60)
        XCTAssertGreaterThan(leaving.states.last!.center.y, y)
        XCTAssertEqual(leaving.began, [])
        XCTAssertEqual(leaving.ended.map(\.partner), [.boundary("floor")])
        // Its point is the last one the box had on the path: at the path's far end.
        XCTAssertEqual(leaving.ended.first?.point.x ?? 0, 400, accuracy: 21)
    }

    /// A box slid into the bottom-left corner of the reference bounds (elasticity 0 on both
    /// sides, so it stays there) rests against two of the four edges, the floor and the
    /// left wall, of the one boundary the events name nil: one began event, and none ended
    /// while it rests there.
    func testRestingInACornerOfTheReferenceBoundsReportsOneContact() throws {
        var world = try CollisionScene.world()
        world.referenceBounds = WorldRect(x: 0, y: 0, width: 400, height: CollisionScene.floorY)
        let box = try world.createBody(BodyDefinition(
            shape: .rectangle(width: 40, height: 40), center: SIMD2(100, CollisionScene.floorY - 20 - 1.9),
            velocity: SIMD2(-300, 0), properties: CollisionScene.material(elasticity: 0, friction: 0)))
        try world.addBehavior(CollisionBehavior(items: [box], translatesReferenceBoundsIntoBoundary: true,
                                                referenceBoundsElasticity: 0, referenceBoundsFriction: 0))
        try world.addBehavior(GravityBehavior(items: [box]))
        let events = try run(&world, box, steps: 120)
        // It reached the wall (core 2 pt from the edge's: skins touching) and stopped there.
        let end = events.states.last!
        XCTAssertEqual(end.center.x, 22, accuracy: 1)
        XCTAssertEqual(end.velocity.x, 0, accuracy: 1e-6)
        XCTAssertEqual(events.began.map(\.partner), [.boundary(nil)])
        XCTAssertEqual(events.ended, [])
    }

    /// Two boundaries of different identifiers are two contacts: a box resting across the
    /// meeting point of a boundary "left" and a boundary "right" gets a began event for
    /// each, in the step it lands.
    func testDifferentIdentifiersAreSeparateContacts() throws {
        var world = try CollisionScene.world()
        let y = CollisionScene.floorY
        let box = try world.createBody(BodyDefinition(shape: .rectangle(width: 40, height: 40),
                                                      center: SIMD2(200, y - 20 - 1.9),
                                                      properties: CollisionScene.material()))
        var collision = CollisionBehavior(items: [box])
        collision.addBoundary(withIdentifier: "left", from: SIMD2(0, y), to: SIMD2(200, y))
        collision.addBoundary(withIdentifier: "right", from: SIMD2(200, y), to: SIMD2(400, y))
        try world.addBehavior(collision)
        try world.addBehavior(GravityBehavior(items: [box]))
        let events = try run(&world, box, steps: 30)
        XCTAssertEqual(Set(events.began.map(\.partner)), [.boundary("left"), .boundary("right")])
        XCTAssertEqual(events.began.count, 2)
        XCTAssertEqual(events.ended, [])
    }
}
