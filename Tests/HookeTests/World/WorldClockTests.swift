import Hooke
import XCTest

/// `World.advance(by:)` driven by the project's `FixedStepClock`.
final class WorldClockTests: XCTestCase {
    /// 288 frames of 1/144 s are exactly 2 s: 240 steps of 1/120 s, none lost to the
    /// rounding of the frame times (a plain floating accumulator can lose one).
    func testFrameTimesAddUpToWholeStepsExactly() throws {
        var world = try WorldScene.world()
        var steps = 0
        for _ in 0..<288 { steps += try world.advance(by: 1.0 / 144) }
        XCTAssertEqual(steps, 240)
        XCTAssertEqual(world.stepCount, 240)
        // 1/60 s holds two steps on every frame.
        for _ in 0..<100 { XCTAssertEqual(try world.advance(by: 1.0 / 60), 2) }
    }

    /// A frame longer than the cap runs `maximumStepsPerAdvance` steps and reports the
    /// surplus whole steps as dropped time; the fraction of a step is kept.
    func testCapDropsSurplusStepsAndKeepsTheFraction() throws {
        var world = try World(configuration: WorldConfiguration(maximumStepsPerAdvance: 3))
        XCTAssertEqual(try world.advance(by: 10.25 / 120), 3)
        XCTAssertEqual(world.droppedTime, 7.0 / 120, accuracy: 1e-12)
        XCTAssertEqual(world.interpolationFactor, 0.25, accuracy: 1e-9)
        XCTAssertEqual(try world.advance(by: 0.75 / 120), 1)
    }

    /// Changing the timestep keeps the pending fraction of a step.
    func testTimestepChangeKeepsThePendingFraction() throws {
        var world = try WorldScene.world()
        _ = try world.advance(by: 2.4 / 120)
        XCTAssertEqual(world.interpolationFactor, 0.4, accuracy: 1e-9)
        try world.setConfiguration(WorldConfiguration(timestep: 1.0 / 60))
        XCTAssertEqual(world.interpolationFactor, 0.4, accuracy: 1e-9)
        XCTAssertEqual(try world.advance(by: 0.6 / 60), 1)
        XCTAssertThrowsError(try world.advance(by: -1))
    }
}
