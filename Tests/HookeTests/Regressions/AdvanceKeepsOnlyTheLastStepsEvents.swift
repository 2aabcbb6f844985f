import Hooke
import XCTest

/// Regression: `World.advance(by:)` used to replace `events` at every step it ran, so
/// after a 1/60 s frame (two steps of 1/120 s) a delegate-style loop saw only the second
/// step's events and missed a contact or a pause that happened in the first.
final class AdvanceKeepsOnlyTheLastStepsEvents: XCTestCase {
    /// A 40 pt box dropped from rest 3.5 pt above the floor's skin, read through
    /// `advance(by: 1/60)` frames, reports exactly the events — kinds, order and step
    /// indices — that stepping one step at a time reports, among them its contact with
    /// "floor" in the step the free-fall closed form predicts, its rest and the pause.
    ///
    /// Closed form of the step (semi-implicit Euler, no resistance): after k steps the
    /// box has fallen g·h²·k(k + 1)/2 (g = 1000 pt/s²). Step m's narrowphase sees the
    /// placement after step m − 1, so the contact begins in the step m = k + 1 after the
    /// first k with a fall ≥ 3.5 pt: k(k + 1) ≥ 3.5·2/(g·h²) = 100.8, k = 10, m = 11 —
    /// the first step of a frame, the one today's code dropped.
    func testAdvanceReportsTheEventsOfEveryStepItRan() throws {
        let drop = 3.5, g = 1000.0, h = 1.0 / 120
        let k = (1...).first { Double($0 * ($0 + 1)) * g * h * h / 2 >= drop }!
        let contactStep = k + 1
        XCTAssertEqual(contactStep % 2, 1, "the contact must fall on the first step of a two-step frame")

        let scene = try CollisionScene.floorDrop(solver: .uikit, diameter: 40, box: true, drop: drop, elasticity: 0)
        var stepped = scene.world, advanced = scene.world
        var perStep: [WorldEvent] = [], perFrame: [WorldEvent] = []
        var frames = 0
        while !advanced.isPaused && frames < 240 {
            XCTAssertEqual(try advanced.advance(by: 1.0 / 60), 2)
            perFrame += advanced.events.log
            for _ in 0..<2 {
                stepped.step()
                // `step()` keeps its meaning: the events of that one step.
                XCTAssertTrue(stepped.events.log.allSatisfy { $0.step == stepped.stepCount })
                perStep += stepped.events.log
            }
            frames += 1
        }
        XCTAssertTrue(advanced.isPaused, "the box never came to rest")
        XCTAssertEqual(perFrame, perStep)

        let contacts = perFrame.compactMap { e -> (Int, ContactEvent)? in
            if case let .contactBegan(c) = e.kind { (e.step, c) } else { nil }
        }
        XCTAssertEqual(contacts.count, 1)
        let (step, contact) = try XCTUnwrap(contacts.first)
        XCTAssertEqual(step, contactStep)
        XCTAssertEqual(contact.item, scene.body)
        XCTAssertEqual(contact.partner, .boundary("floor"))
        XCTAssertEqual(perFrame.filter { $0.kind == .restBegan(scene.body) }.count, 1)
        let pause = try XCTUnwrap(perFrame.first { $0.kind == .didPause })
        XCTAssertEqual(pause.step, advanced.stepCount, "the world paused in the last step run")
        // In the order they happened: the contact, then the rest, then the pause.
        let order = perFrame.map(\.kind)
        XCTAssertLessThan(order.firstIndex(of: .contactBegan(contact))!, order.firstIndex(of: .restBegan(scene.body))!)
        XCTAssertLessThan(order.firstIndex(of: .restBegan(scene.body))!, order.firstIndex(of: .didPause)!)
        XCTAssertEqual(perFrame.map(\.step), perFrame.map(\.step).sorted())
    }

    /// An `advance` that runs no step reports nothing, so no event is seen twice; what
    /// was caused meanwhile is reported with the next step that runs.
    func testAdvanceThatRunsNoStepReportsNothing() throws {
        var world = try WorldScene.world()
        let body = try world.createBody(WorldScene.square(at: .zero))
        for _ in 0..<70 { world.step() }
        XCTAssertTrue(world.isPaused)
        XCTAssertEqual(try world.advance(by: 0.4 / 120), 0)
        XCTAssertEqual(world.events.log, [])
        try world.addLinearVelocity(SIMD2(50, 0), for: body)
        XCTAssertEqual(try world.advance(by: 0.4 / 120), 0)
        XCTAssertEqual(world.events.log, [])
        XCTAssertEqual(try world.advance(by: 0.4 / 120), 1)
        XCTAssertEqual(world.events.log, [WorldEvent(.didResume, step: 71), WorldEvent(.restEnded(body), step: 71)])
        XCTAssertTrue(world.events.didResume)
        XCTAssertEqual(world.events.restEnded, [body])
    }
}
