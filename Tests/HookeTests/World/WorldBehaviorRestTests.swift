import Hooke
import XCTest

/// Per-behaviour rest events: what UIKit's missing completion callback would say.
final class WorldBehaviorRestTests: XCTestCase {
    /// A snap reports its arrival once, at the step its item falls asleep (0.5 s below
    /// 1 pt/s and 2°/s); a second settle after the item is thrown again reports again;
    /// a gravity behaviour on an anchored body reports nothing.
    func testASnapReportsItsArrivalOncePerSettle() throws {
        var world = try World()
        let card = try world.createBody(BodyDefinition(
            shape: .rectangle(width: 100, height: 60), center: SIMD2(0, 400), velocity: SIMD2(300, -900)))
        let wall = try world.createBody(BodyDefinition(
            shape: .rectangle(width: 10, height: 10), center: SIMD2(500, 500),
            properties: ItemProperties(isAnchored: true)))
        let snap = try world.addBehavior(.snap(SnapBehavior(item: card, snapPoint: SIMD2(150, 150))))
        let gravity = try world.addBehavior(.gravity(GravityBehavior(items: [wall])))

        var restSteps: [Int] = []
        var sleepSteps: [Int] = []
        for step in 1...(8 * 120) {
            world.step()
            XCTAssertFalse(world.events.behaviorsCameToRest.contains(gravity), "anchored items never rest as a behaviour")
            if world.events.behaviorsCameToRest.contains(snap) { restSteps.append(step) }
            if world.events.restBegan.contains(card) { sleepSteps.append(step) }
        }
        XCTAssertEqual(restSteps.count, 1, "one event per settle")
        XCTAssertEqual(restSteps, sleepSteps, "reported at the step the item falls asleep")

        try world.setLinearVelocity(SIMD2(0, 800), for: card)
        var again = 0
        for _ in 0..<(8 * 120) {
            world.step()
            again += world.events.behaviorsCameToRest.filter { $0 == snap }.count
        }
        XCTAssertEqual(again, 1, "re-armed when the item moves again")
    }
}
