import Foundation
import Hooke
import HookeInteractions
import XCTest

final class SwipeCardTests: XCTestCase {
    private let home = SIMD2<Double>(160, 190)

    /// A card dragged by `translation` (began at home, one changed event).
    private func dragged(_ translation: SIMD2<Double>) throws -> SwipeCard {
        var card = try SwipeCard()
        card.handle(try GestureEvent(.began, time: 0, location: home))
        card.handle(try GestureEvent(.changed, time: 0.1, location: home + translation))
        return card
    }

    /// The article's formulas at chosen drags, evaluated by hand:
    /// dx = 16: s = 0.05, angle = 2π·0.05/16 = π/160, scale = 1 − 0.05/4 = 0.9875, alpha 0.16.
    /// dx = −160: s = −0.5, angle = −π/16, scale = max(0.875, 0.93) = 0.93, alpha min(1.6, 0.4).
    /// dx = 39 / 40: alpha 0.39 / 0.4 (the cap). dx = 0: no overlay.
    func testPoseFollowsTheArticlesFormulas() throws {
        var card = try dragged(SIMD2(16, -25))
        XCTAssertEqual(card.renderState.center, home + SIMD2(16, -25), "centre = home + translation")
        XCTAssertEqual(card.angle, Double.pi / 160, accuracy: 1e-15)
        XCTAssertEqual(card.scale, 0.9875, accuracy: 1e-15)
        XCTAssertEqual(card.overlay, SwipeOverlay(mode: .like, alpha: 0.16))

        card = try dragged(SIMD2(-160, 40))
        XCTAssertEqual(card.angle, -Double.pi / 16, accuracy: 1e-15)
        XCTAssertEqual(card.scale, 0.93)
        XCTAssertEqual(card.overlay, SwipeOverlay(mode: .nope, alpha: 0.4))

        card = try dragged(SIMD2(39, 0))
        XCTAssertEqual(card.overlay.alpha, 0.39, accuracy: 1e-15)
        card = try dragged(SIMD2(40, 0))
        XCTAssertEqual(card.overlay.alpha, 0.4)
        card = try dragged(SIMD2(0, 80))
        XCTAssertEqual(card.overlay, SwipeOverlay(mode: nil, alpha: 0))
        XCTAssertEqual(card.angle, 0)
        XCTAssertEqual(card.scale, 1)
        XCTAssertEqual(card.renderState.phase, .dragging)
    }

    /// The scale reaches its 0.93 floor at |s| = 0.28, dx = 89.6 pt: at dx = 89 it is
    /// 1 − 0.278125/4 = 0.93046875, at dx = 90 the floor.
    func testScaleFloorOnBothSides() throws {
        XCTAssertEqual(try dragged(SIMD2(89, 0)).scale, 0.93046875, accuracy: 1e-15)
        XCTAssertEqual(try dragged(SIMD2(90, 0)).scale, 0.93)
        XCTAssertEqual(try dragged(SIMD2(-89, 0)).scale, 0.93046875, accuracy: 1e-15)
    }

    /// The release velocity is the least-squares estimate, not the last two points: a
    /// finger gliding at 100 pt/s whose last sample jitters 1.5 pt forward has a last-two
    /// velocity of 280 pt/s (which would project 0 + 1.5 + 139.7 pt and swipe); the card
    /// uses `VelocityEstimator` on the same samples, and returns.
    func testReleaseVelocityIsTheLeastSquaresEstimate() throws {
        var events = try panStream(start: home, translation: .zero, velocity: SIMD2(100, 0))
        let last = events.removeLast()
        events.append(try GestureEvent(.ended, time: last.time, location: last.location + SIMD2(1.5, 0)))
        var card = try SwipeCard()
        var estimator = VelocityEstimator()
        for event in events {
            card.handle(event)
            try estimator.add(GestureSample(time: event.time, location: event.location))
        }
        let previous = events[events.count - 2]
        let twoPoint = (events.last!.location.x - previous.location.x) / (events.last!.time - previous.time)
        XCTAssertEqual(twoPoint, 280, accuracy: 1e-9)
        XCTAssertEqual(card.velocity.x, estimator.velocity().x, accuracy: 1e-12)
        XCTAssertLessThan(card.velocity.x, 200)
        XCTAssertEqual(card.decision, .returned)
    }

    /// While dragged the card reports the finger's velocity, not 0: a finger moving at a
    /// constant (120, −45) pt/s is fitted exactly by the least-squares line, so once the
    /// estimator's 0.1 s horizon holds only that motion the velocity is (120, −45), and
    /// dθ/dt = (π/8)/320 · 120 rad/s (the derivative of θ = (π/8)·dx/320 inside the clamp);
    /// past dx = 320, where the rotation is clamped, dθ/dt = 0.
    func testTheDraggedCardReportsTheFingersVelocity() throws {
        let v = SIMD2<Double>(120, -45)
        var card = try SwipeCard()
        let events = try panStream(start: home, translation: SIMD2(60, -22.5), velocity: v, end: .changed)
        for (k, event) in events.enumerated() {
            card.handle(event)
            // The estimator's 0.1 s horizon has left the jump from `began` behind.
            guard event.time > 0.11 else { continue }
            XCTAssertEqual(card.phase, .dragging)
            XCTAssertClose(card.velocity, v, accuracy: 1e-9, "event \(k)")
            XCTAssertEqual(card.angularVelocity, Double.pi / 8 / 320 * 120, accuracy: 1e-12, "event \(k)")
            XCTAssertEqual(card.renderState.angularVelocity, card.angularVelocity)
        }
        var clamped = try SwipeCard()
        for event in try panStream(start: home, translation: SIMD2(400, 0), velocity: SIMD2(120, 0), end: .changed) {
            clamped.handle(event)
        }
        XCTAssertClose(clamped.velocity, SIMD2(120, 0), accuracy: 1e-9)
        XCTAssertEqual(clamped.angularVelocity, 0)
    }

    /// The rotation strength is clamped on both sides: at dx = ±800 the article's
    /// min(dx/320, 1) gives +1 and −2.5; here ±1, so the angle is ±π/8 (22.5°).
    func testRotationIsClampedOnBothSides() throws {
        XCTAssertEqual(try dragged(SIMD2(800, 0)).angle, Double.pi / 8, accuracy: 1e-15)
        XCTAssertEqual(try dragged(SIMD2(-800, 0)).angle, -Double.pi / 8, accuracy: 1e-15)
        XCTAssertEqual(try dragged(SIMD2(-800, 0)).scale, 0.93)
        XCTAssertEqual(try dragged(SIMD2(320, 0)).rotationStrength, 1)
    }

    /// Releases a card after a pan ending at `translation` with finger velocity `velocity`.
    private func released(_ translation: SIMD2<Double>, _ velocity: SIMD2<Double>,
                          end: GesturePhase = .ended) throws -> SwipeCard {
        var card = try SwipeCard()
        for event in try panStream(start: home, translation: translation, velocity: velocity, end: end) {
            card.handle(event)
        }
        return card
    }

    /// The decision is made on x_rest = dx + vx·r/(1000(1 − r)), r = 0.998 (0.499 s·vx),
    /// against ±120 pt: checked 1 pt or more on either side of each threshold.
    func testDecisionsOnBothSidesOfEveryThreshold() throws {
        let k = 0.998 / (1000 * (1 - 0.998))
        XCTAssertEqual(k, 0.499, accuracy: 1e-12)
        let cases: [(dx: Double, vx: Double, expected: SwipeDecision)] = [
            (119, 0, .returned), (121, 0, .swipedRight),
            (-119, 0, .returned), (-121, 0, .swipedLeft),
            (0, 250, .swipedRight), (0, 230, .returned),         // 124.75 / 114.77
            (0, -250, .swipedLeft), (0, -230, .returned),
            (150, -100, .returned), (150, -50, .swipedRight),    // 100.1 / 125.05: pulled back or not
            (-60, -130, .swipedLeft), (-60, -110, .returned),    // −124.87 / −114.89
        ]
        for (dx, vx, expected) in cases {
            XCTAssertEqual(dx + k * vx > 120 ? .swipedRight : (dx + k * vx < -120 ? .swipedLeft : .returned), expected,
                           "the table itself")
            let card = try released(SIMD2(dx, 10), SIMD2(vx, 35))
            XCTAssertEqual(card.decision, expected, "dx \(dx), vx \(vx)")
        }
        // A cancelled gesture returns, even far past the threshold.
        XCTAssertEqual(try released(SIMD2(250, 0), SIMD2(900, 0), end: .cancelled).decision, .returned)
    }

    /// A returning card starts from its release position with the finger's release
    /// velocity and then follows the textbook damped oscillator of the return spring
    /// (ζ = 0.8, ω₀ = 2π/0.3 s) toward home, in each axis.
    func testReturnIsContinuousAndFollowsTheSpring() throws {
        let releaseTranslation = SIMD2<Double>(80, 30)
        let releaseVelocity = SIMD2<Double>(-100, 40)
        var card = try released(releaseTranslation, releaseVelocity)
        XCTAssertEqual(card.decision, .returned)
        XCTAssertEqual(card.renderState.phase, .returning)
        XCTAssertClose(card.translation, releaseTranslation, accuracy: 1e-12, "position continuous at release")
        XCTAssertClose(card.velocity, releaseVelocity, accuracy: 1e-8, "velocity continuous at release")
        let h = 1.0 / 120
        let omega0 = 2 * Double.pi / 0.3
        // Until the spring settles (0.1 % of its travel, about 0.43 s here), then it rests at home.
        for n in 1...48 {
            card.step(by: h)
            let t = Double(n) * h
            let x = dampedOscillator(omega0: omega0, zeta: 0.8, x0: 80, v0: -100, t: t)
            let y = dampedOscillator(omega0: omega0, zeta: 0.8, x0: 30, v0: 40, t: t)
            XCTAssertClose(card.translation, SIMD2(x.x, y.x), accuracy: 1e-7, "t = \(t)")
            XCTAssertClose(card.velocity, SIMD2(x.v, y.v), accuracy: 1e-6, "t = \(t)")
            // The pose is still the article's function of dx on the way back.
            XCTAssertEqual(card.angle, 2 * Double.pi / 16 * min(max(card.translation.x / 320, -1), 1), accuracy: 1e-15)
        }
        for _ in 0..<240 { card.step(by: h) }
        XCTAssertEqual(card.renderState.phase, .resting)
        XCTAssertEqual(card.center, home)
    }

    /// A swiped card keeps its release velocity (no decay) and is gone at the first step
    /// at which all four corners of the rotated, scaled card are past the right edge
    /// (corners rotated here with the rotation matrix, not with the bounding-box formula).
    func testSwipedCardLeavesAtConstantVelocityAndReportsWhenOffScreen() throws {
        var card = try released(SIMD2(200, 0), SIMD2(1000, 0))
        XCTAssertEqual(card.decision, .swipedRight)
        XCTAssertEqual(card.renderState.phase, .leaving(.swipedRight))
        XCTAssertClose(card.velocity, SIMD2(1000, 0), accuracy: 1e-8)
        func leftmostCorner(dx: Double) -> Double {
            let s = min(max(dx / 320, -1), 1)
            let angle = 2 * Double.pi / 16 * s, scale = max(1 - abs(s) / 4, 0.93)
            let corners: [SIMD2<Double>] = [SIMD2(-100, -130), SIMD2(100, -130), SIMD2(100, 130), SIMD2(-100, 130)]
            return corners.map { 160 + dx + scale * (cos(angle) * $0.x - sin(angle) * $0.y) }.min()!
        }
        var expectedSteps = 0
        while leftmostCorner(dx: 200 + 1000 * Double(expectedSteps) / 120) < 320 { expectedSteps += 1 }
        var steps = 0
        while case .leaving = card.renderState.phase {
            card.step(by: 1.0 / 120)
            steps += 1
            XCTAssertEqual(card.translation.x, 200 + 1000 * Double(steps) / 120, accuracy: 1e-8)
        }
        XCTAssertEqual(steps, expectedSteps)
        XCTAssertEqual(card.renderState.phase, .gone(.swipedRight))
        XCTAssertEqual(try XCTUnwrap(card.offScreenTime), Double(expectedSteps) / 120, accuracy: 1e-12)
    }

    /// A slow drag past the threshold still leaves: its horizontal speed is raised to the
    /// minimum exit speed (600 pt/s), its vertical velocity kept.
    func testSlowSwipeLeavesAtTheMinimumExitSpeed() throws {
        let card = try released(SIMD2(-130, 0), SIMD2(-20, 15))
        XCTAssertEqual(card.decision, .swipedLeft)       // −130 − 9.98 < −120
        XCTAssertClose(card.velocity, SIMD2(-600, 15), accuracy: 1e-8)
    }

    /// Grabbing a returning card catches it where it is: no jump in position.
    func testGrabbingAReturningCardKeepsItsPosition() throws {
        var card = try released(SIMD2(90, 0), SIMD2(0, 0))
        for _ in 0..<10 { card.step(by: 1.0 / 120) }
        let before = card.center
        let finger = SIMD2<Double>(400, 400)
        card.handle(try GestureEvent(.began, time: 5, location: finger))
        XCTAssertEqual(card.center, before)
        card.handle(try GestureEvent(.changed, time: 5.01, location: finger + SIMD2(-12, 3)))
        XCTAssertClose(card.center, before + SIMD2(-12, 3), accuracy: 1e-12)
    }

    func testConfigurationRefusesBadNumbersByName() {
        XCTAssertThrowsError(try SwipeCardConfiguration(rotationDistance: 0)) { XCTAssertTrue("\($0)".hasPrefix("rotationDistance")) }
        XCTAssertThrowsError(try SwipeCardConfiguration(minimumScale: 1.5)) { XCTAssertTrue("\($0)".hasPrefix("minimumScale")) }
        XCTAssertThrowsError(try SwipeCardConfiguration(size: SIMD2(0, 10))) { XCTAssertTrue("\($0)".hasPrefix("size.x")) }
        XCTAssertThrowsError(try SwipeCardConfiguration(decisionThreshold: .nan)) { XCTAssertTrue("\($0)".hasPrefix("decisionThreshold")) }
    }

    /// Driven by a recording through the playback, the card reports its state every
    /// step; the release lands at the step of the ended event.
    func testPlaybackDrivesACard() throws {
        let events = try panStream(start: home, translation: SIMD2(60, 0), velocity: SIMD2(900, 0), t0: 0.003)
        let recording = try GestureRecording(kind: .pan, events: events)
        var playback = try GesturePlayback(recording: recording, body: try SwipeCard())
        let frames = try playback.run(until: recording.endTime + 1)
        let release = try XCTUnwrap(frames.first { $0.deliveredEvents.contains(events.count - 1) })
        XCTAssertEqual(release.state.decision, .swipedRight)       // 60 + 449 > 120
        XCTAssertEqual(release.step, Int(((recording.endTime - 0.003) * 120 - 1e-6).rounded(.up)))
        XCTAssertEqual(frames.last?.state.phase, .gone(.swipedRight))
        XCTAssertEqual(frames[release.step - 1].state.phase, .dragging)
    }

    /// Cards released at every sideways offset from −100 to 99 pt, half at rest and half
    /// thrown at 2000 pt/s: one second of 1/120 s steps later, each returning card rests
    /// at home and each thrown one has left (x_rest = dx + 0.499 s·vx against ±120 pt, see
    /// `testDecisionsOnBothSidesOfEveryThreshold`: |dx| ≤ 100 returns, dx + 998 leaves
    /// right). These are the outcomes the benchmark's
    /// `components` scenario (swipe cards in place) times at 10 000 cards.
    func testEveryReleasedCardRestsOrHasLeftAfterOneSecond() throws {
        var cards = [SwipeCard](repeating: try SwipeCard(), count: 400)
        for index in cards.indices {
            let dx = Double(index % 200) - 100
            let vx = index % 2 == 0 ? 0 : 2_000.0
            for event in try panStream(start: SIMD2(160, 190), translation: SIMD2(dx, 20), velocity: SIMD2(vx, 0)) {
                cards[index].handle(event)
            }
        }
        for _ in 0..<120 { for index in cards.indices { cards[index].step(by: 1.0 / 120) } }
        for (index, card) in cards.enumerated() {
            XCTAssertEqual(card.renderState.phase, index % 2 == 0 ? .resting : .gone(.swipedRight), "card \(index)")
        }
    }
}
