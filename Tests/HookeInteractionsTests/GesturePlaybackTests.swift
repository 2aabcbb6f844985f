import Foundation
import Hooke
import HookeInteractions
import XCTest

/// A body that records when it received each event, counted in steps.
private struct ProbeBody: GestureDrivenBody {
    var steps = 0
    var stepSizes: [Double] = []
    var deliveries: [(time: Double, afterSteps: Int)] = []

    mutating func handle(_ event: GestureEvent) { deliveries.append((event.time, steps)) }
    mutating func step(by h: Double) {
        steps += 1
        stepSizes.append(h)
    }
    var renderState: Int { steps }
}

final class GesturePlaybackTests: XCTestCase {
    /// Each event lands at the first step n with t₀ + n/120 ≥ its time: n = ⌈120·(t − t₀)⌉,
    /// written here in integers (times as whole multiples of 1/1200 s past t₀).
    func testEventsLandAtTheFirstStepAtOrAfterTheirTime() throws {
        let t0 = 2.5
        let tenthsOfSteps = [0, 1, 10, 11, 19, 20, 21, 100, 101, 599]   // in units of h/10
        var events: [GestureEvent] = []
        for (index, tenths) in tenthsOfSteps.enumerated() {
            let phase: GesturePhase = index == 0 ? .began : (index == tenthsOfSteps.count - 1 ? .ended : .changed)
            events.append(try GestureEvent(phase, time: t0 + Double(tenths) / 1200, location: .zero))
        }
        let recording = try GestureRecording(kind: .pan, events: events)
        var playback = try GesturePlayback(recording: recording, body: ProbeBody())
        let frames = try playback.run(until: recording.endTime + 0.05)
        let expectedSteps = tenthsOfSteps.map { ($0 + 9) / 10 }   // ⌈tenths/10⌉
        XCTAssertEqual(playback.body.deliveries.map(\.afterSteps), expectedSteps)
        XCTAssertTrue(playback.hasDeliveredAllEvents)
        XCTAssertEqual(frames.first?.step, 0)
        XCTAssertEqual(frames.first?.deliveredEvents, 0..<1)
        for frame in frames {
            XCTAssertEqual(frame.time, t0 + Double(frame.step) / 120, accuracy: 1e-12)
            XCTAssertEqual(frame.state, frame.step)
            for index in frame.deliveredEvents { XCTAssertEqual(expectedSteps[index], frame.step) }
        }
        XCTAssertEqual(frames.last?.step, 60 + 6, "run(until:) stops at the first grid time ≥ the end")
        XCTAssertTrue(playback.body.stepSizes.allSatisfy { $0 == 1.0 / 120 })
    }

    /// Frame durations go through the fixed-step clock: 60 Hz frames run 2 steps each,
    /// and the clock's cap holds after a stall.
    func testAdvanceRunsWholeStepsOfTheClock() throws {
        let recording = try GestureRecording(kind: .pan, events: [
            try GestureEvent(.began, time: 0, location: .zero),
            try GestureEvent(.ended, time: 1, location: .zero),
        ])
        var playback = try GesturePlayback(recording: recording, body: ProbeBody())
        XCTAssertEqual(try playback.advance(by: 1.0 / 60).map(\.step), [1, 2])
        XCTAssertEqual(try playback.advance(by: 1.0 / 240).count, 0)
        XCTAssertEqual(try playback.advance(by: 1.0 / 240).map(\.step), [3])
        XCTAssertEqual(try playback.advance(by: 10).count, FixedStepClock.defaultMaxStepsPerAdvance)
        XCTAssertThrowsError(try playback.advance(by: -1)) { XCTAssertTrue("\($0)".contains("frameTime")) }
        XCTAssertEqual(playback.step().step, 12)
        // The clock dropped the stall beyond its cap: playback time is 12 steps, so the
        // end at 1 s has not been reached.
        XCTAssertEqual(playback.time, 0.1, accuracy: 1e-15)
        XCTAssertEqual(playback.body.deliveries.count, 1)
    }
}
