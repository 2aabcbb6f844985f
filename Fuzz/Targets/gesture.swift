import Foundation
import Hooke
@testable import HookeIO
import HookeInteractions

/// Fuzz target `gesture`: a gesture recording's JSON (Docs/interactions.md, "Recording
/// format"), read by `GestureRecording(json:)` and by its `Codable` conformance.
///
/// Invariants: on every text that is JSON both to the strict reader (`JSONParser`) and to
/// Foundation's decoder, the two entry points accept the same documents and read the
/// same recording. The syntaxes differ at the edges, so the check needs both: Foundation
/// takes a key written twice, which the strict reader refuses, and refuses some valid
/// zeros (`0e5`, `-0.0e5`), which the strict reader reads;
/// an accepted recording survives `jsonData()` and back. An accepted recording is then
/// played into the bodies that take its kind (`GesturePlayback`, at most
/// `maximumSteps` steps; and every event handed to a body directly, a step between
/// each), and a one-touch recording goes through the long-press recogniser and the
/// release-velocity estimator.
let maximumSteps = 96
let maximumEvents = 256

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    let recording = try? GestureRecording(json: bytes)
    let decoded = try? JSONDecoder().decode(GestureRecording.self, from: bytes)
    if (try? JSONParser.parse(bytes)) != nil, (try? JSONDecoder().decode(JSONValue.self, from: bytes)) != nil {
        fuzzCheck(recording == decoded, "GestureRecording(json:) and the Codable conformance disagree")
    }
    guard let recording else { return 0 }
    fuzzCheck((try? GestureRecording(json: recording.jsonData())) == recording,
              "a recording does not survive jsonData() and back")

    switch recording.kind {
    case .pan:
        if let card = try? SwipeCard() { replay(recording, into: card) }
        if let edge = try? JellyEdge() { replay(recording, into: edge) }
        if let mesh = try? MeshJellyEdge(controlPoints: 5) { replay(recording, into: mesh) }
        if let lift = try? LongPressLift(homes: [[100, 100], [200, 100]], itemSize: [80, 80]),
           let press = try? recording.recognizingLongPress() {
            replay(press, into: lift)
        }
    case .longPress:
        if let lift = try? LongPressLift(homes: [[100, 100], [200, 100]], itemSize: [80, 80]) {
            replay(recording, into: lift)
        }
        _ = try? recording.recognizingLongPress(minimumPressDuration: 0, allowableMovement: 0)
    case .pinch:
        if let reveal = try? PinchReveal() { replay(recording, into: reveal) }
    }
    if recording.kind.touchCount == 1 {
        var estimator = VelocityEstimator()
        for event in recording.events.prefix(maximumEvents) {
            if event.phase == .began { estimator.reset() }
            try? estimator.add(GestureSample(time: event.time, location: event.location))
            _ = estimator.velocity()
        }
        _ = estimator.velocity(at: recording.endTime)
    }
    return 0
}

/// Plays `recording` into `body` on the fixed-step clock, then hands its events to a copy
/// of `body` one by one with a step of 1/120 s after each.
func replay<Body: GestureDrivenBody>(_ recording: GestureRecording, into body: Body) {
    if var playback = try? GesturePlayback(recording: recording, body: body) {
        for _ in 0..<maximumSteps where !playback.hasDeliveredAllEvents { _ = playback.step() }
        for _ in 0..<8 { _ = playback.step() }
    }
    var direct = body
    for event in recording.events.prefix(maximumEvents) {
        direct.handle(event)
        direct.step(by: 1.0 / 120)
        _ = direct.renderState
    }
}
