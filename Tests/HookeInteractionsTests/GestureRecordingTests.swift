import Foundation
import Hooke
import HookeInteractions
import XCTest

final class GestureRecordingTests: XCTestCase {
    private func pan(_ phases: [(GesturePhase, Double)]) throws -> [GestureEvent] {
        try phases.enumerated().map { index, item in
            try GestureEvent(item.0, time: item.1, location: SIMD2(10 + Double(index), 20))
        }
    }

    func testJSONRoundTripKeepsEveryEventBitForBit() throws {
        let events = [
            try GestureEvent(.began, time: 0.1, location: SIMD2(100.25, 200), secondLocation: SIMD2(300, 210.5)),
            try GestureEvent(.changed, time: 1.0 / 3, location: SIMD2(90.1, 201), secondLocation: SIMD2(310, 211)),
            try GestureEvent(.cancelled, time: 0.5, location: SIMD2(-5e-7, 1e6), secondLocation: SIMD2(320, 212)),
            try GestureEvent(.began, time: 0.5, location: SIMD2(1, 2), secondLocation: SIMD2(3, 4)),
            try GestureEvent(.ended, time: 0.75, location: SIMD2(1, 2), secondLocation: SIMD2(3, 4)),
        ]
        let recording = try GestureRecording(kind: .pinch, events: events)
        let decoded = try GestureRecording(json: recording.jsonData())
        XCTAssertEqual(decoded, recording)
        XCTAssertEqual(decoded.events[1].time, 1.0 / 3, "doubles survive JSON exactly")
        XCTAssertEqual(decoded.startTime, 0.1)
        XCTAssertEqual(decoded.endTime, 0.75)
    }

    /// Embedded in a larger document (as in a scenario file), a recording decodes with
    /// the same rules, and a broken rule names the event's coding path.
    func testRecordingsDecodeInsideLargerDocuments() throws {
        struct Document: Codable, Equatable {
            var gestures: [GestureRecording]
        }
        let recording = try GestureRecording(kind: .pan, events: try pan([(.began, 0), (.ended, 0.5)]))
        let data = try JSONEncoder().encode(Document(gestures: [recording, recording]))
        XCTAssertEqual(try JSONDecoder().decode(Document.self, from: data), Document(gestures: [recording, recording]))
        let broken = #"{"gestures":[{"kind":"pan","events":[{"phase":"began","time":1,"touches":[[0,0]]},{"phase":"ended","time":0,"touches":[[0,0]]}]}]}"#
        XCTAssertThrowsError(try JSONDecoder().decode(Document.self, from: Data(broken.utf8))) { error in
            guard case let DecodingError.dataCorrupted(context)? = error as? DecodingError else {
                return XCTFail("\(error)")
            }
            XCTAssertEqual(context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue }, ["gestures", "0", "events", "1"])
            XCTAssertEqual(context.debugDescription, "event 1: time 0.0 is earlier than event 0's time 1.0")
        }
    }

    func testDocumentedExampleReads() throws {
        let json = """
            {
              "kind": "pan",
              "events": [
                {"phase": "began",   "time": 0.000, "touches": [[160, 300]]},
                {"phase": "changed", "time": 0.008, "touches": [[163, 301]]},
                {"phase": "ended",   "time": 0.150, "touches": [[240, 310]]}
              ]
            }
            """
        let recording = try GestureRecording(json: Data(json.utf8))
        XCTAssertEqual(recording.kind, .pan)
        XCTAssertEqual(recording.events.map(\.phase), [.began, .changed, .ended])
        XCTAssertEqual(recording.events[2].location, SIMD2(240, 310))
        XCTAssertNil(recording.events[2].secondLocation)
    }

    func testRefusalsNameTheOffendingEvent() throws {
        XCTAssertThrowsError(try GestureRecording(kind: .pan, events: [])) {
            XCTAssertEqual($0 as? GestureRecordingError, .empty)
        }
        func index(_ events: [GestureEvent], kind: GestureKind = .pan) -> Int? {
            do {
                _ = try GestureRecording(kind: kind, events: events)
                return nil
            } catch let GestureRecordingError.invalidEvent(index, _) {
                return index
            } catch {
                return -1
            }
        }
        // Time going backwards at event 2.
        XCTAssertEqual(index(try pan([(.began, 0), (.changed, 0.2), (.changed, 0.1), (.ended, 0.3)])), 2)
        // Equal times are allowed.
        XCTAssertNil(index(try pan([(.began, 0), (.changed, 0), (.ended, 0)])))
        // Does not start with began.
        XCTAssertEqual(index(try pan([(.changed, 0), (.ended, 1)])), 0)
        // began inside an open stream.
        XCTAssertEqual(index(try pan([(.began, 0), (.changed, 1), (.began, 2), (.ended, 3)])), 2)
        // changed after the stream ended.
        XCTAssertEqual(index(try pan([(.began, 0), (.ended, 1), (.changed, 2)])), 2)
        // Not terminated: the last event is named.
        XCTAssertEqual(index(try pan([(.began, 0), (.changed, 1)])), 1)
        // Two touches in a pan; one touch in a pinch.
        let two = try GestureEvent(.changed, time: 1, location: .zero, secondLocation: SIMD2(1, 1))
        XCTAssertEqual(index([try GestureEvent(.began, time: 0, location: .zero), two,
                              try GestureEvent(.ended, time: 2, location: .zero)]), 1)
        XCTAssertEqual(index([try GestureEvent(.began, time: 0, location: .zero)], kind: .pinch), 0)
        // The message says what is wrong.
        XCTAssertThrowsError(try GestureRecording(kind: .pan, events: try pan([(.began, 0), (.changed, -1), (.ended, 1)]))) {
            XCTAssertEqual("\($0)", "event 1: time -1.0 is earlier than event 0's time 0.0")
        }
    }

    func testNonFiniteValuesAreRefusedByName() {
        XCTAssertThrowsError(try GestureEvent(.began, time: .nan, location: .zero)) {
            XCTAssertTrue("\($0)".hasPrefix("time must be finite"), "\($0)")
        }
        XCTAssertThrowsError(try GestureEvent(.began, time: 0, location: SIMD2(0, .infinity))) {
            XCTAssertTrue("\($0)".hasPrefix("location.y"), "\($0)")
        }
        XCTAssertThrowsError(try GestureEvent(.began, time: 0, location: .zero, secondLocation: SIMD2(-.infinity, 0))) {
            XCTAssertTrue("\($0)".hasPrefix("secondLocation.x"), "\($0)")
        }
    }

    func testMalformedJSONIsRefusedWithItsPath() {
        func problem(_ json: String) -> String? {
            do {
                _ = try GestureRecording(json: Data(json.utf8))
                return nil
            } catch {
                return "\(error)"
            }
        }
        let missingTime = #"{"kind":"pan","events":[{"phase":"began","time":0,"touches":[[1,2]]},{"phase":"ended","touches":[[1,2]]}]}"#
        XCTAssertEqual(problem(missingTime),
                       #"unreadable gesture recording: events[1]: missing required key "time" (seconds from the start of the run)"#)
        let badPhase = #"{"kind":"pan","events":[{"phase":"moved","time":0,"touches":[[1,2]]}]}"#
        XCTAssertTrue(problem(badPhase)?.contains("events[0].phase") == true, problem(badPhase) ?? "")
        let threeNumbers = #"{"kind":"pan","events":[{"phase":"began","time":0,"touches":[[1,2,3]]}]}"#
        XCTAssertTrue(problem(threeNumbers)?.contains("events[0].touches[0]: expected an array of 2 numbers [x, y], got an array of 3 elements") == true,
                      problem(threeNumbers) ?? "")
        let threeTouches = #"{"kind":"pan","events":[{"phase":"began","time":0,"touches":[[1,2],[3,4],[5,6]]}]}"#
        XCTAssertTrue(problem(threeTouches)?.contains("events[0].touches: a pan event has 1 touch(es) [[x, y]...], got 3") == true,
                      problem(threeTouches) ?? "")
        let wrongType = #"{"kind":"pan","events":[{"phase":"began","time":"soon","touches":[[1,2]]}]}"#
        XCTAssertTrue(problem(wrongType)?.contains("events[0].time") == true, problem(wrongType) ?? "")
        let badKind = #"{"kind":"swipe","events":[]}"#
        XCTAssertTrue(problem(badKind)?.contains("kind") == true, problem(badKind) ?? "")
        XCTAssertTrue(problem("{")?.hasPrefix("unreadable") == true)
        let misspelt = #"{"kind":"pan","events":[{"phase":"began","tim":0,"time":0,"touches":[[1,2]]}]}"#
        XCTAssertTrue(problem(misspelt)?.hasPrefix("unreadable gesture recording: events[0].tim: unknown key") == true,
                      problem(misspelt) ?? "")
        let extraTop = #"{"kind":"pan","version":2,"events":[]}"#
        XCTAssertTrue(problem(extraTop)?.contains("version: unknown key") == true, problem(extraTop) ?? "")
        let overflow = #"{"kind":"pan","events":[{"phase":"began","time":1e400,"touches":[[1,2]]}]}"#
        // The JSON reader refuses a number beyond Double's range outright.
        XCTAssertTrue(problem(overflow)?.hasPrefix("unreadable gesture recording: malformed JSON: number too large for a double") == true,
                      problem(overflow) ?? "")
        // Valid JSON, broken rule: named by index.
        let backwards = #"{"kind":"pan","events":[{"phase":"began","time":1,"touches":[[1,2]]},{"phase":"ended","time":0.5,"touches":[[1,2]]}]}"#
        XCTAssertEqual(problem(backwards), "event 1: time 0.5 is earlier than event 0's time 1.0")
    }

    /// UILongPressGestureRecognizer's rule: recognised `minimumPressDuration` after the
    /// touch-down if the finger stayed within `allowableMovement`; then began at that
    /// instant, the later moves as changed.
    func testLongPressIsRecognisedAfterThePressDuration() throws {
        let raw = try GestureRecording(kind: .pan, events: [
            try GestureEvent(.began, time: 1.0, location: SIMD2(50, 50)),
            try GestureEvent(.changed, time: 1.1, location: SIMD2(55, 50)),      // 5 pt: allowed
            try GestureEvent(.changed, time: 1.25, location: SIMD2(56, 58)),     // 10 pt exactly: allowed
            try GestureEvent(.changed, time: 1.35, location: SIMD2(90, 80)),     // after recognition: free
            try GestureEvent(.ended, time: 1.5, location: SIMD2(100, 80)),
            // A second press that lifts after 0.25 s: fails.
            try GestureEvent(.began, time: 2.0, location: SIMD2(50, 50)),
            try GestureEvent(.ended, time: 2.25, location: SIMD2(50, 50)),
            // A third that moves 10.5 pt before 0.3 s: fails.
            try GestureEvent(.began, time: 3.0, location: SIMD2(50, 50)),
            try GestureEvent(.changed, time: 3.2, location: SIMD2(60.5, 50)),
            try GestureEvent(.ended, time: 3.6, location: SIMD2(60.5, 50)),
        ])
        let press = try XCTUnwrap(try raw.recognizingLongPress(minimumPressDuration: 0.3, allowableMovement: 10))
        XCTAssertEqual(press.kind, .longPress)
        XCTAssertEqual(press.events.map(\.phase), [.began, .changed, .ended])
        XCTAssertEqual(press.events[0].time, 1.3, accuracy: 1e-15)
        XCTAssertEqual(press.events[0].location, SIMD2(56, 58), "the location at recognition")
        XCTAssertEqual(press.events[1].location, SIMD2(90, 80))
        XCTAssertEqual(press.events[2].time, 1.5)
        // With UIKit's default 0.5 s the first press lifts first too.
        XCTAssertNil(try raw.recognizingLongPress(minimumPressDuration: 0.5))
        XCTAssertThrowsError(try raw.recognizingLongPress(minimumPressDuration: -1)) {
            XCTAssertTrue("\($0)".contains("minimumPressDuration"))
        }
    }
}
