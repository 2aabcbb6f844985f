import Hooke
import XCTest

/// Rest detection, pause and resume.
final class WorldRestTests: XCTestCase {
    /// A body rests once it has stayed below 1 pt/s and 2°/s for 0.5 s: the world
    /// pauses 0.5 s (60 steps of 1/120 s, 61 when the float sum of h falls short)
    /// after the last step with motion above the thresholds, and not before.
    func testWorldPausesHalfASecondAfterTheLastMotion() throws {
        var world = try WorldScene.world()
        let card = try world.createBody(BodyDefinition(
            shape: .rectangle(width: 100, height: 60), center: SIMD2(300, 50), angle: 0.3))
        try world.addBehavior(.snap(SnapBehavior(item: card, snapPoint: SIMD2(100, 100), damping: 0.7)))
        var lastMotion = 0, pausedAt: Int?
        for n in 1...(20 * 120) {
            world.step()
            let s = world.body(card)
            let speed = (s.velocity * s.velocity).sum().squareRoot()
            if speed > 1 || abs(s.angularVelocity) > 2 * Double.pi / 180 { lastMotion = n }
            if world.isPaused {
                pausedAt = n
                XCTAssertTrue(world.events.didPause)
                XCTAssertEqual(world.events.restBegan, [card])
                XCTAssertTrue(s.isResting)
                XCTAssertEqual(s.velocity, .zero)
                break
            }
            XCTAssertFalse(world.events.didPause)
        }
        let paused = try XCTUnwrap(pausedAt)
        XCTAssertTrue((60...61).contains(paused - lastMotion), "paused \(paused - lastMotion) steps after motion")

        // A paused world stays put while stepping.
        let before = world.body(card)
        for _ in 0..<10 { world.step() }
        XCTAssertEqual(world.body(card), before)
        XCTAssertTrue(world.events.restBegan.isEmpty)

        // Anything that changes motion resumes it; the next step reports it.
        try world.addLinearVelocity(SIMD2(50, 0), for: card)
        XCTAssertFalse(world.isPaused)
        world.step()
        XCTAssertTrue(world.events.didResume)
        XCTAssertEqual(world.events.restEnded, [card])
        XCTAssertFalse(world.body(card).isResting)
    }

    /// A body that never moves rests after 0.5 s; gravity keeps a free body awake.
    func testStillBodyRestsAndFallingBodyDoesNot() throws {
        var world = try WorldScene.world()
        let still = try world.createBody(WorldScene.square(at: .zero))
        let falling = try world.createBody(WorldScene.square(at: SIMD2(100, 0)))
        try world.addBehavior(.gravity(GravityBehavior(items: [falling])))
        var restedAt: Int?
        for n in 1...120 {
            world.step()
            if restedAt == nil, world.body(still).isResting { restedAt = n }
        }
        XCTAssertTrue((60...61).contains(try XCTUnwrap(restedAt)))
        XCTAssertFalse(world.body(falling).isResting)
        XCTAssertFalse(world.isPaused)
    }

    /// Adding a behaviour wakes the bodies it names (UIKit resumes on any change).
    func testAddingABehaviourResumes() throws {
        var world = try WorldScene.world()
        let body = try world.createBody(WorldScene.square(at: .zero))
        for _ in 0..<70 { world.step() }
        XCTAssertTrue(world.isPaused)
        try world.addBehavior(.gravity(GravityBehavior(items: [body])))
        XCTAssertFalse(world.isPaused)
        world.step()
        XCTAssertGreaterThan(world.body(body).center.y, 0)
    }

    /// Bodies joined by an attachment rest and wake together (one island).
    func testJoinedBodiesWakeTogether() throws {
        var world = try WorldScene.world()
        let a = try world.createBody(WorldScene.square(at: .zero))
        let b = try world.createBody(WorldScene.square(at: SIMD2(50, 0)))
        try world.addBehavior(.attachment(AttachmentBehavior(item: a, attachedTo: b)))
        for _ in 0..<70 { world.step() }
        XCTAssertTrue(world.body(a).isResting && world.body(b).isResting)
        try world.addLinearVelocity(SIMD2(-10, 0), for: a)   // along the joint
        world.step()
        XCTAssertFalse(world.body(b).isResting)
        XCTAssertNotEqual(world.body(b).velocity, .zero)
    }
}
