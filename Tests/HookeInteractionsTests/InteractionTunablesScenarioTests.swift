import Foundation
import Hooke
import HookeInteractions
import XCTest

/// The interaction bodies' springs, curves, thresholds and projection rate set from a
/// scenario file, and UIKit's own gesture velocity handed in per event (#19, item 4).
/// Each is checked against the closed form it should produce, not against a run of the
/// defaults.
final class InteractionTunablesScenarioTests: XCTestCase {
    private func document(_ interaction: String, bodies: String = "[]", duration: Double = 1) -> Data {
        Data("""
            { "bodies": \(bodies), "duration": \(duration), "interactions": [ \(interaction) ] }
            """.utf8)
    }

    /// A pan from (160, 190) to (160 + dx, 190) in 0.1 s, released there; `velocity` on
    /// the last event when given (UIKit's `velocity(in:)`).
    private func pan(dx: Double, releaseVelocity: String? = nil) -> String {
        let velocity = releaseVelocity.map { #", "velocity": \#($0)"# } ?? ""
        return """
            "gesture": { "kind": "pan", "events": [
              {"phase": "began", "time": 0.0, "touches": [[160, 190]]},
              {"phase": "changed", "time": 0.05, "touches": [[\(160 + dx / 2), 190]]},
              {"phase": "changed", "time": 0.1, "touches": [[\(160 + dx), 190]]},
              {"phase": "ended", "time": 0.3, "touches": [[\(160 + dx), 190]]\(velocity)} ] }
            """
    }

    /// A card held still at dx = 60 and let go returns on the file's `returnSpring`:
    /// critically damped (ζ = 1, response 0.5 s, ω = 2π/0.5), from rest,
    /// x(t) − 160 = 60·(1 + ωt)·e^(−ωt).
    func testTheCardsReturnSpringComesFromTheFile() throws {
        let file = try InteractionScenario.parse(document("""
            { "id": "card", "kind": "swipeCard", "returnSpring": {"dampingRatio": 1, "response": 0.5},
              \(pan(dx: 60)) }
            """))
        let rows = try file.run().filter { $0.sample.id == "card" }
        let release = try XCTUnwrap(rows.firstIndex { $0.state == "returning" })
        let omega = 2 * Double.pi / 0.5
        for k in [1, 6, 12, 30, 60] {
            let t = Double(k) / 120
            XCTAssertEqual(rows[release + k].sample.center.x - 160, 60 * (1 + omega * t) * exp(-omega * t),
                           accuracy: 1e-9, "step \(k) after release")
        }
    }

    /// The projection rate decides: released at dx = 100 with UIKit's 150 pt/s, a scroll
    /// view's normal rate coasts 150·0.998/(1000·0.002) = 74.85 pt (rest 174.85 > 120:
    /// swiped right); the fast rate 150·0.99/(1000·0.01) = 14.85 pt (rest 114.85: returns).
    func testTheDecelerationRateAndTheRecordedVelocityDecideTheSwipe() throws {
        func state(_ extra: String) throws -> String {
            let rows = try InteractionScenario.parse(document("""
                { "id": "card", "kind": "swipeCard"\(extra), \(pan(dx: 100, releaseVelocity: "[150, 0]")) }
                """, duration: 0.35)).run().filter { $0.sample.id == "card" }
            return try XCTUnwrap(rows.last).state
        }
        XCTAssertEqual(try state(""), "leaving")
        XCTAssertEqual(try state(#", "decelerationRate": "fast""#), "returning")
        XCTAssertEqual(try state(#", "decelerationRate": 0.99"#), "returning")
        XCTAssertEqual(try state(#", "decisionThreshold": 200"#), "returning", "174.85 < 200")
    }

    /// UIKit's velocity on the release event is what the card is thrown with: a finger
    /// that stopped 0.2 s before lifting estimates 0 pt/s (the pause), but the recorded
    /// 900 pt/s throws the card on at 900 pt/s (above the 600 pt/s minimum).
    func testTheRecordedReleaseVelocityReplacesTheEstimate() throws {
        let still = try InteractionScenario.parse(document("""
            { "id": "card", "kind": "swipeCard", \(pan(dx: 60)) }
            """, duration: 0.35)).run().filter { $0.sample.id == "card" }
        XCTAssertEqual(try XCTUnwrap(still.last).state, "returning")

        let thrown = try InteractionScenario.parse(document("""
            { "id": "card", "kind": "swipeCard", \(pan(dx: 60, releaseVelocity: "[900, -30]")) }
            """, duration: 0.35)).run().filter { $0.sample.id == "card" }
        let last = try XCTUnwrap(thrown.last)
        XCTAssertEqual(last.state, "leaving")
        XCTAssertEqual(last.sample.velocity, SIMD2(900, -30))
        XCTAssertEqual(last.exitSide, .swipedRight)
        XCTAssertEqual(last.overlayMode, .like)
    }

    /// The long-press item springs home on the file's spring: from a drop at offset
    /// (40, 0) with the finger still, CASpringAnimation's stiffness 400 and damping 40
    /// on 1 kg (ω = 20, ζ = 1) give x(t) − home = 40·(1 + 20t)·e^(−20t).
    func testTheLiftSpringComesFromTheFile() throws {
        let file = try InteractionScenario.parse(document("""
            { "id": "lift", "kind": "longPressLift", "homes": [[100, 100]], "itemSize": [80, 80],
              "spring": {"stiffness": 400, "damping": 40},
              "gesture": { "kind": "longPress", "events": [
                {"phase": "began", "time": 0.0, "touches": [[100, 100]]},
                {"phase": "changed", "time": 0.1, "touches": [[140, 100]]},
                {"phase": "ended", "time": 0.5, "touches": [[140, 100]]} ] } }
            """))
        let rows = try file.run().filter { $0.sample.id == "lift.0" }
        let release = try XCTUnwrap(rows.firstIndex { $0.sample.time >= 0.5 - 1e-9 })
        for k in [1, 10, 30] {
            let t = Double(k) / 120
            XCTAssertEqual(rows[release + k].sample.center.x - 100, 40 * (1 + 20 * t) * exp(-20 * t),
                           accuracy: 1e-9, "step \(k) after the drop")
        }
    }

    /// A pinch whose fingers spread (an estimate that opens) closes when the recording
    /// carries UIKit's own negative `UIPinchGestureRecognizer.velocity`.
    func testTheRecordedPinchVelocityDecidesOpenOrClose() throws {
        func last(_ velocity: String) throws -> InteractionSample {
            let rows = try InteractionScenario.parse(document("""
                { "id": "pic", "kind": "pinchReveal", "width": 400,
                  "releaseSpring": {"uikitDuration": 0.5, "dampingRatio": 1},
                  "gesture": { "kind": "pinch", "events": [
                    {"phase": "began", "time": 0.0, "touches": [[180, 300], [220, 300]]},
                    {"phase": "changed", "time": 0.05, "touches": [[170, 300], [230, 300]]},
                    {"phase": "ended", "time": 0.1, "touches": [[160, 300], [240, 300]]\(velocity)} ] } }
                """, duration: 0.15)).run()
            return try XCTUnwrap(rows.last { $0.sample.id == "pic.left" })
        }
        XCTAssertEqual(try last("").state, "opening")
        XCTAssertEqual(try last(#", "velocity": -0.5"#).state, "closing")
    }

    private struct NotAJellyEdge: Error {}

    /// Each spring form maps to the parameterisation its API documents.
    func testEverySpringFormIsRead() throws {
        func spring(_ json: String) throws -> Spring {
            let file = try InteractionScenario.parse(document("""
                { "id": "edge", "kind": "jellyEdge", "spring": \(json), \(pan(dx: 10)) }
                """))
            guard case let .jellyEdge(edge) = file.interactions[0].body else { throw NotAJellyEdge() }
            return edge.spring
        }
        XCTAssertEqual(try spring(#"{"stiffness": 300, "damping": 12, "mass": 2}"#),
                       try Spring(mass: 2, stiffness: 300, damping: 12))
        XCTAssertEqual(try spring(#"{"dampingRatio": 0.7, "response": 0.4}"#),
                       try Spring(dampingRatio: 0.7, response: 0.4))
        XCTAssertEqual(try spring(#"{"duration": 0.4, "bounce": 0.2}"#), try Spring(duration: 0.4, bounce: 0.2))
        XCTAssertEqual(try spring(#"{"uikitDuration": 0.6, "dampingRatio": 0.5}"#),
                       try Spring(uikitDuration: 0.6, dampingRatio: 0.5))
        // SwiftUI's response form is ω = 2π/response, c = 2ζ·ω on 1 kg.
        let s = try spring(#"{"dampingRatio": 0.7, "response": 0.4}"#)
        XCTAssertEqual(s.stiffness, pow(2 * Double.pi / 0.4, 2), accuracy: 1e-9)
        XCTAssertEqual(s.damping, 2 * 0.7 * 2 * Double.pi / 0.4, accuracy: 1e-9)
    }

    func testBadTunablesAreRefusedWithTheirPath() {
        let cases: [(String, String)] = [
            (#""kind": "jellyEdge", "spring": {"stiffness": -1, "damping": 1}"#, "interactions[0].spring.stiffness"),
            (#""kind": "jellyEdge", "spring": {"response": 0.3}"#, "interactions[0].spring: missing required key \"dampingRatio\""),
            (#""kind": "jellyEdge", "spring": {"stiffness": 10, "damping": 1, "response": 1}"#, "interactions[0].spring"),
            (#""kind": "jellyEdge", "spring": {"bounciness": 1}"#, "expected a spring"),
            (#""kind": "jellyEdge", "tension": 100"#, "needs \"controlPoints\""),
            (#""kind": "jellyEdge", "fidelity": "article", "spring": {"stiffness": 100, "damping": 100}"#,
             "interactions[0].spring: the article's UIView spring"),
            (#""kind": "swipeCard", "decelerationRate": 1"#, "interactions[0].decelerationRate"),
            (#""kind": "swipeCard", "decelerationRate": "slow""#, "interactions[0].decelerationRate"),
            (#""kind": "swipeCard", "articleReturnCurve": [0.4, 0, 1.5, 1]"#, "interactions[0].articleReturnCurve[2]"),
        ]
        for (keys, expected) in cases {
            XCTAssertThrowsError(try InteractionScenario.parse(document("{ \"id\": \"x\", \(keys), \(pan(dx: 10)) }"))) {
                XCTAssertTrue("\($0)".contains(expected), "\(keys): \($0)")
            }
        }
        // A long press has no velocity in UIKit.
        XCTAssertThrowsError(try InteractionScenario.parse(document("""
            { "id": "lift", "kind": "longPressLift", "homes": [[100, 100]], "itemSize": [80, 80],
              "gesture": { "kind": "longPress", "events": [
                {"phase": "began", "time": 0.0, "touches": [[100, 100]], "velocity": [1, 0]},
                {"phase": "ended", "time": 0.5, "touches": [[140, 100]]} ] } }
            """))) {
            XCTAssertTrue("\($0)".contains("interactions[0].gesture.events[0].velocity: a long press has no velocity"), "\($0)")
        }
    }

    /// A mesh's anchor spring and network constants come from the file.
    func testTheMeshNetworkComesFromTheFile() throws {
        let file = try InteractionScenario.parse(document("""
            { "id": "edge", "kind": "jellyEdge", "controlPoints": 8, "spring": {"stiffness": 50, "damping": 4, "mass": 2},
              "tension": 900, "fingerDamping": 300, \(pan(dx: 10)) }
            """))
        guard case let .meshJellyEdge(edge) = file.interactions[0].body else { return XCTFail("not a mesh") }
        XCTAssertEqual(edge.parameters.anchorStiffness, 25, "k/m")
        XCTAssertEqual(edge.parameters.anchorDamping, 2, "c/m")
        XCTAssertEqual(edge.parameters.tension, 900)
        XCTAssertEqual(edge.parameters.fingerDamping, 300)
        XCTAssertEqual(edge.parameters.fingerStiffness, try MeshJellyEdge.Parameters().fingerStiffness)
    }

    /// A recording's event velocity survives the JSON round trip: `[vx, vy]` for a pan,
    /// a number for a pinch.
    func testEventVelocityRoundTripsThroughJSON() throws {
        let pan = try GestureEvent(.ended, time: 0.2, location: SIMD2(1, 2), velocity: SIMD2(300, -40))
        let pinch = try GestureEvent(.ended, time: 0.2, location: SIMD2(1, 2), secondLocation: SIMD2(5, 2),
                                     velocity: SIMD2(-0.75, 0))
        for event in [pan, pinch] {
            let data = try JSONEncoder().encode(event)
            XCTAssertEqual(try JSONDecoder().decode(GestureEvent.self, from: data), event, String(decoding: data, as: UTF8.self))
        }
        XCTAssertTrue(String(decoding: try JSONEncoder().encode(pinch), as: UTF8.self).contains("\"velocity\":-0.75"))
        XCTAssertThrowsError(try GestureEvent(.ended, time: 0, location: .zero, velocity: SIMD2(.nan, 0)))
    }
}
