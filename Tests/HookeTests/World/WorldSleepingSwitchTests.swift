import Foundation
import Hooke
import XCTest

/// `WorldConfiguration.allowsSleeping` (Box2D's `b2World_EnableSleeping`): with it off a
/// resting body is stepped for ever and the world never pauses; turning it off wakes every
/// sleeping body; the scenario key `world.sleeping` sets it.
final class WorldSleepingSwitchTests: XCTestCase {
    func restingBox(allowsSleeping: Bool) throws -> (World, BodyHandle) {
        var world = try World(configuration: WorldConfiguration(allowsSleeping: allowsSleeping))
        world.referenceBounds = WorldRect(x: 0, y: 0, width: 300, height: 300)
        let box = try world.createBody(BodyDefinition(shape: .rectangle(width: 40, height: 40), center: [150, 279]))
        _ = try world.addBehavior(.gravity(GravityBehavior(items: [box])))
        _ = try world.addBehavior(.collision(CollisionBehavior(items: [box], translatesReferenceBoundsIntoBoundary: true)))
        for _ in 0..<360 { world.step() }
        return (world, box)
    }

    func testARestingBodySleepsOnlyWhenSleepingIsAllowed() throws {
        let (sleeping, box) = try restingBox(allowsSleeping: true)
        XCTAssertTrue(sleeping.body(box).isResting)
        XCTAssertTrue(sleeping.isPaused)
        let (awake, other) = try restingBox(allowsSleeping: false)
        XCTAssertFalse(awake.body(other).isResting)
        XCTAssertFalse(awake.isPaused)
        // Both rest on the floor all the same: it is the sleep that differs, not the motion.
        XCTAssertEqual(awake.body(other).center.y, sleeping.body(box).center.y, accuracy: 0.5)
    }

    func testTurningSleepingOffWakesEverySleepingBody() throws {
        var (world, box) = try restingBox(allowsSleeping: true)
        XCTAssertTrue(world.body(box).isResting)
        var configuration = world.configuration
        configuration.allowsSleeping = false
        try world.setConfiguration(configuration)
        XCTAssertFalse(world.body(box).isResting)
        XCTAssertFalse(world.isPaused)
    }

    func testTheScenarioKeyWorldSleeping() throws {
        let off = try Scenario.parse(Data(#"{"world": {"sleeping": false}, "bodies": [{"id": "a", "size": [10, 10], "center": [0, 0]}], "duration": 1}"#.utf8))
        XCTAssertFalse(off.worldConfiguration.allowsSleeping)
        let on = try Scenario.parse(Data(#"{"bodies": [{"id": "a", "size": [10, 10], "center": [0, 0]}], "duration": 1}"#.utf8))
        XCTAssertTrue(on.worldConfiguration.allowsSleeping)
        XCTAssertThrowsError(try Scenario.parse(Data(#"{"world": {"sleeping": "no"}, "bodies": [], "duration": 1}"#.utf8))) { error in
            XCTAssertTrue("\(error)".contains("world.sleeping"), "\(error)")
        }
    }
}
