import Foundation
import Hooke
import XCTest

/// Sensors and collision filtering (#20, item 3; Box2D v3's sensor events and `b2Filter`,
/// SpriteKit's category and collision masks), checked against the geometry of the
/// overlaps and against the same worlds without the sensor or with the filter's
/// opposite.
final class CollisionFilterAndSensorTests: XCTestCase {
    /// A 20 pt ball falling from y = 100 past a static 200 × 40 sensor box centred at
    /// y = 300, both in one collision behaviour, and a floor at 600 it lands on.
    private struct Drop {
        var world: World
        var ball: BodyHandle
        var sensor: BodyHandle
    }

    private func drop(sensorIsSensor: Bool = true, sameBehavior: Bool = true) throws -> Drop {
        var world = try World()
        world.referenceBounds = WorldRect(x: 0, y: 0, width: 400, height: 600)
        let ball = try world.createBody(BodyDefinition(
            shape: .ellipse(width: 20, height: 20), center: SIMD2(200, 100),
            properties: ItemProperties(elasticity: 0, resistance: 0, angularResistance: 0)))
        var zone = BodyDefinition(shape: .rectangle(width: 200, height: 40), center: SIMD2(200, 300),
                                  properties: ItemProperties(isAnchored: true))
        zone.isSensor = sensorIsSensor
        let sensor = try world.createBody(zone)
        try world.addBehavior(.gravity(GravityBehavior(items: [ball])))
        if sameBehavior {
            try world.addBehavior(.collision(CollisionBehavior(items: [ball, sensor],
                                                               translatesReferenceBoundsIntoBoundary: true)))
        } else {
            try world.addBehavior(.collision(CollisionBehavior(items: [ball], translatesReferenceBoundsIntoBoundary: true)))
            try world.addBehavior(.collision(CollisionBehavior(items: [sensor])))
        }
        return Drop(world: world, ball: ball, sensor: sensor)
    }

    /// The ball's circle (radius 10) and the sensor box's outline (half height 20 plus its
    /// 1 pt skin) overlap when their centres are at most 31 pt apart vertically (the ball
    /// stays within the box's width).
    private func overlaps(_ ballY: Double) -> Bool { abs(ballY - 300) <= 10 + 20 + 1 }

    func testASensorPassesAFallingBodyAndReportsOneBeganAndOneEnded() throws {
        var d = try drop()
        var reference = try drop(sensorIsSensor: false, sameBehavior: false)
        var began: [(step: Int, event: SensorEvent)] = [], ended: [(step: Int, event: SensorEvent)] = []
        var previousY = d.world.body(d.ball).center.y
        for step in 1...240 {
            d.world.step()
            reference.world.step()
            let y = d.world.body(d.ball).center.y
            // The sensor does not touch the motion: the same fall as with no sensor at all.
            XCTAssertEqual(y, reference.world.body(reference.ball).center.y, "step \(step)")
            XCTAssertEqual(d.world.events.contactBegan.filter { $0.partner == .item(d.sensor) || $0.item == d.sensor }.count, 0)
            for e in d.world.events.sensorBegan {
                began.append((step, e))
                XCTAssertTrue(overlaps(y) && !overlaps(previousY), "began where the outlines first overlap, step \(step)")
            }
            for e in d.world.events.sensorEnded {
                ended.append((step, e))
                XCTAssertTrue(!overlaps(y) && overlaps(previousY), "ended where they first part, step \(step)")
            }
            previousY = y
        }
        XCTAssertEqual(began.map(\.event), [SensorEvent(sensor: d.sensor, visitor: d.ball)])
        XCTAssertEqual(ended.map(\.event), [SensorEvent(sensor: d.sensor, visitor: d.ball)])
        XCTAssertGreaterThan(d.world.body(d.ball).center.y, 580, "it fell on to the floor")
    }

    func testABodyThatIsNotASensorStopsTheFall() throws {
        var d = try drop(sensorIsSensor: false)
        for _ in 1...240 { d.world.step() }
        XCTAssertEqual(d.world.body(d.ball).center.y, 300 - 20 - 1 - 10, accuracy: 1.5, "it rests on the box")
    }

    /// UIKit's membership rule holds for sensors too: a sensor sees only the items of its
    /// own collision behaviours.
    func testASensorOfAnotherCollisionBehaviorReportsNothing() throws {
        var d = try drop(sameBehavior: false)
        var events = 0
        for _ in 1...240 {
            d.world.step()
            events += d.world.events.sensorBegan.count + d.world.events.sensorEnded.count
        }
        XCTAssertEqual(events, 0)
    }

    /// A sensor removed while a body overlaps it ends the overlap in the next step.
    func testRemovingASensorEndsItsOverlap() throws {
        var d = try drop()
        while d.world.events.sensorBegan.isEmpty { d.world.step() }
        d.world.removeBody(d.sensor)
        d.world.step()
        XCTAssertEqual(d.world.events.sensorEnded, [SensorEvent(sensor: d.sensor, visitor: d.ball)])
    }

    /// A finger-held (kinematic) card carried at 300 pt/s over an anchored sensor (a
    /// stack): the overlap begins in the step whose end places the card's edge (half
    /// width 40 + 1 pt skin) within the sensor's (half width 50 + 1 pt skin) and ends
    /// when it leaves the far side, though neither body is dynamic.
    func testAKinematicCardCarriedOverAStaticSensorReportsItsCrossing() throws {
        var world = try World()
        let card = try world.createBody(BodyDefinition(shape: .rectangle(width: 80, height: 120), center: SIMD2(0, 300),
                                                       velocity: SIMD2(300, 0), isKinematic: true))
        let stack = try world.createBody(BodyDefinition(shape: .rectangle(width: 100, height: 140), center: SIMD2(300, 300),
                                                        properties: ItemProperties(isAnchored: true), isSensor: true))
        try world.addBehavior(.collision(CollisionBehavior(items: [card, stack])))
        let reach = 40.0 + 1 + 50 + 1
        var crossings: [(began: Bool, x: Double)] = []
        for _ in 1...240 {
            world.step()
            let x = world.body(card).center.x
            if !world.events.sensorBegan.isEmpty { crossings.append((true, x)) }
            if !world.events.sensorEnded.isEmpty { crossings.append((false, x)) }
        }
        XCTAssertEqual(crossings.map(\.began), [true, false])
        let step = 300.0 / 120
        XCTAssertTrue(crossings[0].x >= 300 - reach && crossings[0].x - step < 300 - reach, "began at x = \(crossings[0].x)")
        XCTAssertTrue(crossings[1].x > 300 + reach && crossings[1].x - step <= 300 + reach, "ended at x = \(crossings[1].x)")
        XCTAssertEqual(world.body(card).velocity, SIMD2(300, 0), "and it was never pushed")
    }

    // MARK: - Filtering

    /// Two boxes dropped on one another in one collision behaviour, the upper falling
    /// from 100 pt above; the upper one's final height tells whether they collided.
    private func stackedFall(lower: CollisionFilter, upper: CollisionFilter) throws -> Double {
        var world = try World()
        world.referenceBounds = WorldRect(x: 0, y: 0, width: 400, height: 600)
        let props = ItemProperties(elasticity: 0, resistance: 0, angularResistance: 0)
        let a = try world.createBody(BodyDefinition(shape: .rectangle(width: 100, height: 50), center: SIMD2(200, 574),
                                                    properties: props, collisionFilter: lower))
        let b = try world.createBody(BodyDefinition(shape: .rectangle(width: 60, height: 50), center: SIMD2(200, 400),
                                                    properties: props, collisionFilter: upper))
        try world.addBehavior(.gravity(GravityBehavior(items: [a, b])))
        try world.addBehavior(.collision(CollisionBehavior(items: [a, b], translatesReferenceBoundsIntoBoundary: true)))
        for _ in 1...360 { world.step() }
        return world.body(b).center.y
    }

    /// The table of Docs/collisions.md, "Collision filtering": both sides must admit the
    /// other. The floor (the reference bounds, category 0, colliding with all) holds
    /// both boxes throughout. On the lower box (top at 600 − 1 − 50 − 1 = 548 with the
    /// skins) the upper one rests at 548 − 1 − 25 = 522; through it, on the floor, at
    /// 600 − 1 − 25 = 574.
    func testMasksKeepTwoBodiesApartUnlessEachAdmitsTheOther() throws {
        let cards: UInt64 = 1 << 1, tiles: UInt64 = 1 << 2, floor: UInt64 = 1 << 0
        let onTop = 548.0 - 1 - 25, onFloor = 600.0 - 1 - 25
        let rows: [(lower: CollisionFilter, upper: CollisionFilter, collide: Bool, label: String)] = [
            (.default, .default, true, "defaults"),
            (CollisionFilter(categories: tiles, collidesWith: floor | cards),
             CollisionFilter(categories: cards, collidesWith: floor | tiles), true, "each admits the other"),
            (CollisionFilter(categories: tiles, collidesWith: floor | cards),
             CollisionFilter(categories: cards, collidesWith: floor), false, "the lower admits the upper, not back"),
            (CollisionFilter(categories: tiles, collidesWith: floor),
             CollisionFilter(categories: cards, collidesWith: floor | tiles), false, "the upper admits the lower, not back"),
            (CollisionFilter(categories: cards, collidesWith: floor),
             CollisionFilter(categories: cards, collidesWith: floor), false, "cards pass through cards"),
        ]
        for row in rows {
            let y = try stackedFall(lower: row.lower, upper: row.upper)
            XCTAssertEqual(y, row.collide ? onTop : onFloor, accuracy: 1.5, row.label)
        }
    }

    func testAFilteredOutBoundaryLetsABodyThrough() throws {
        var world = try World()
        let ball = try world.createBody(BodyDefinition(
            shape: .ellipse(width: 20, height: 20), center: SIMD2(200, 100),
            collisionFilter: CollisionFilter(categories: 1 << 3, collidesWith: 1 << 0)))
        try world.addBehavior(.gravity(GravityBehavior(items: [ball])))
        var collision = CollisionBehavior(items: [ball])
        collision.addBoundary(withIdentifier: "glass", from: SIMD2(0, 200), to: SIMD2(400, 200))
        collision.boundaries[0].filter = CollisionFilter(categories: 1 << 1)
        collision.addBoundary(withIdentifier: "floor", from: SIMD2(0, 400), to: SIMD2(400, 400))
        try world.addBehavior(.collision(collision))
        var touched: [String?] = []
        for _ in 1...240 {
            world.step()
            for e in world.events.contactBegan { if case let .boundary(id) = e.partner { touched.append(id) } }
        }
        XCTAssertEqual(touched.first, "floor", "the ball passes the glass and lands on the floor")
        XCTAssertFalse(touched.contains("glass"))
        XCTAssertEqual(world.body(ball).center.y, 400 - 1 - 10, accuracy: 1.5)
    }

    func testSettingAFilterAfterwardsTakesEffectNextStep() throws {
        var world = try World()
        world.referenceBounds = WorldRect(x: 0, y: 0, width: 400, height: 600)
        let ball = try world.createBody(BodyDefinition(shape: .ellipse(width: 20, height: 20), center: SIMD2(200, 580)))
        try world.addBehavior(.gravity(GravityBehavior(items: [ball])))
        try world.addBehavior(.collision(CollisionBehavior(items: [ball], translatesReferenceBoundsIntoBoundary: true)))
        for _ in 1...60 { world.step() }
        XCTAssertEqual(world.body(ball).center.y, 600 - 1 - 10, accuracy: 1.5, "resting on the floor")
        world.setCollisionFilter(CollisionFilter(collidesWith: 0), for: ball)
        XCTAssertEqual(world.collisionFilter(of: ball).collidesWith, 0)
        world.step()
        XCTAssertEqual(world.events.contactEnded.count, 1, "its floor contact ends")
        for _ in 1...30 { world.step() }
        XCTAssertGreaterThan(world.body(ball).center.y, 620, "and it falls through")
    }
}
