import Hooke
import HookeInteractions

/// The recorded gestures the `cards` and `jelly-edges` scenarios replay: four pans
/// sampled at 120 Hz, each ending with a release, shared by all N bodies with start
/// times spread over half a second (`GestureBatchPlayback` with time offsets), so that at
/// any step some bodies are being dragged, some released, some springing back or
/// leaving, and some at rest.
///
/// Cards: a fast flick right (swiped right, leaves), a slow drag past the threshold and
/// back (returns on the spring), a fast flick left, a short nudge (returns). Jelly edges:
/// the same four pans, which pull the edge down (and, for the flick left, push it up
/// against its rest line) before it springs back.
struct InteractionsWorkload: Sendable {
    /// The pans, each one stream from began to ended.
    let recordings: [GestureRecording]
    /// Which recording body i replays.
    let assignment: [Int]
    /// The time shift of body i's recording, seconds.
    let offsets: [Double]

    static let h = 1.0 / 120

    /// A stream starting at `start` and moving through `waypoints` (location after each
    /// leg of `legSteps` steps), one event per step, the last one `ended`.
    static func pan(start: SIMD2<Double>, waypoints: [SIMD2<Double>], legSteps: Int) -> GestureRecording {
        var events = [try! GestureEvent(.began, time: 0, location: start)]
        var from = start
        var step = 0
        for (leg, to) in waypoints.enumerated() {
            for k in 1...legSteps {
                step += 1
                let last = leg == waypoints.count - 1 && k == legSteps
                let p = from + (Double(k) / Double(legSteps)) * (to - from)
                events.append(try! GestureEvent(last ? .ended : .changed, time: Double(step) * h, location: p))
            }
            from = to
        }
        return try! GestureRecording(kind: .pan, events: events)
    }

    /// N bodies on the four standard pans.
    static func standard(items: Int) -> InteractionsWorkload {
        let start = SIMD2<Double>(160, 300)
        let recordings = [
            pan(start: start, waypoints: [start + SIMD2(40, 5), start + SIMD2(160, 20)], legSteps: 6),
            pan(start: start, waypoints: [start + SIMD2(150, 30), start + SIMD2(70, 40)], legSteps: 24),
            pan(start: start, waypoints: [start + SIMD2(-30, -40), start + SIMD2(-170, -60)], legSteps: 6),
            pan(start: start, waypoints: [start + SIMD2(25, 60)], legSteps: 18),
        ]
        return InteractionsWorkload(
            recordings: recordings,
            assignment: (0..<items).map { $0 % recordings.count },
            offsets: (0..<items).map { Double($0 % 60) * h })
    }

    /// A batch of `items` copies of `body` at step 0, ready to replay.
    func batch<Body: GestureDrivenBody>(of body: Body) -> GestureBatchPlayback<Body> {
        try! GestureBatchPlayback(
            bodies: Array(repeating: body, count: assignment.count), recordings: recordings,
            assignment: assignment, offsets: offsets)
    }
}
