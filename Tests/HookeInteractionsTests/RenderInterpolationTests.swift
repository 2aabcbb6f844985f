import Foundation
import Hooke
import HookeInteractions
import XCTest

/// Drawing gesture-driven bodies between two fixed steps: `GesturePlayback`'s
/// `interpolatedRenderState` (through `RenderInterpolation`) at 144 Hz frames on the
/// 120 Hz step.
final class RenderInterpolationTests: XCTestCase {
    private let h = 1.0 / 120

    /// α after `frames` frames of 1/144 s, from the frame count alone: the frames hold
    /// 120·frames/144 = 5·frames/6 steps, so α = (5·frames mod 6)/6.
    private func alpha(afterFrames frames: Int) -> Double { Double(5 * frames % 6) / 6 }

    /// A swipe card dragged by a finger moving at the constant u = (100, 40) pt/s, one
    /// event per step, is drawn at the article's pose of the translation u·(t − h) for
    /// the frame time t: centre home + u·(t − h), angle (2π/16)·dx/320, scale
    /// 1 − (dx/320)/4, overlay alpha dx/100 (all linear in dx below their clamps, which
    /// dx < 35 pt stays under), so blending the two steps' states is exact (to rounding).
    func testDraggedCardIsDrawnAtTheFingerOneStepLate() throws {
        let home = SIMD2(160.0, 190.0), finger = SIMD2(160.0, 300.0), u = SIMD2(100.0, 40.0)
        var events = [try GestureEvent(.began, time: 0, location: finger)]
        for k in 1...45 {
            let t = Double(k) * h
            events.append(try GestureEvent(k == 45 ? .ended : .changed, time: t, location: finger + t * u))
        }
        let recording = try GestureRecording(kind: .pan, events: events)
        var playback = try GesturePlayback(recording: recording, body: try SwipeCard())
        XCTAssertEqual(playback.interpolatedRenderState.center, home)
        for frame in 1...50 {
            _ = try playback.advance(by: 1.0 / 144)
            XCTAssertEqual(playback.clock.interpolationFactor, alpha(afterFrames: frame), accuracy: 1e-9)
            let drawn = playback.interpolatedRenderState
            let t = Double(frame) / 144
            guard playback.stepCount >= 1 else {
                XCTAssertEqual(drawn.center, home, "frame \(frame): nothing has moved yet")
                continue
            }
            let dx = u * (t - h)
            XCTAssertClose(drawn.center, home + dx, accuracy: 1e-9, "frame \(frame)")
            XCTAssertEqual(drawn.angle, 2 * Double.pi / 16 * dx.x / 320, accuracy: 1e-12, "frame \(frame)")
            XCTAssertEqual(drawn.scale, 1 - dx.x / 320 / 4, accuracy: 1e-12, "frame \(frame)")
            XCTAssertEqual(drawn.overlay.alpha, dx.x / 100, accuracy: 1e-12, "frame \(frame)")
            XCTAssertEqual(drawn.overlay.mode, .like)
            XCTAssertEqual(drawn.phase, .dragging)
        }
    }

    /// A long-pressed item's scale follows the textbook oscillator of ζ = 0.8 (from 1
    /// toward 1.2); drawn between steps n − 1 and n it is s((n − 1)h) + α·(s(nh) −
    /// s((n − 1)h)), with s from the oscillator and α from the frame count; every item's
    /// `isLifted` is the later step's.
    func testLiftedItemIsBlendedBetweenTheOscillatorsStepValues() throws {
        let homes: [SIMD2<Double>] = [SIMD2(60, 100), SIMD2(160, 100), SIMD2(260, 100)]
        let omega0 = uikitNaturalFrequency(duration: 0.4, dampingRatio: 0.8)
        func scale(_ n: Int) -> Double {
            1.2 + dampedOscillator(omega0: omega0, zeta: 0.8, x0: -0.2, v0: 0, t: Double(n) * h).x
        }
        let recording = try GestureRecording(kind: .longPress, events: [
            try GestureEvent(.began, time: 0, location: SIMD2(165, 105)),
            try GestureEvent(.ended, time: 1, location: SIMD2(165, 105)),
        ])
        var playback = try GesturePlayback(
            recording: recording, body: try LongPressLift(homes: homes, itemSize: SIMD2(80, 80)))
        for frame in 1...40 {
            _ = try playback.advance(by: 1.0 / 144)
            let n = playback.stepCount, a = alpha(afterFrames: frame)
            let drawn = playback.interpolatedRenderState.items
            XCTAssertEqual(drawn.map(\.isLifted), [false, true, false])
            guard n >= 1 else { continue }
            XCTAssertEqual(drawn[1].scale, scale(n - 1) + a * (scale(n) - scale(n - 1)), accuracy: 1e-12,
                           "frame \(frame)")
        }
    }

    /// `state(at:)` takes a fraction in 0…1 and refuses any other, naming it.
    func testFractionOutsideZeroToOneIsRefused() throws {
        var render = RenderInterpolation(try JellyEdge().renderState)
        var pulled = try JellyEdge()
        pulled.handle(try GestureEvent(.began, time: 0, location: SIMD2(187.5, 100)))
        pulled.handle(try GestureEvent(.changed, time: 0.1, location: SIMD2(187.5, 200)))
        render.record(pulled.renderState)
        let half = try render.state(at: 0.5)
        XCTAssertClose(half.controlPoint, (render.previous.controlPoint + render.current.controlPoint) / 2,
                       accuracy: 1e-12)
        XCTAssertEqual(half.phase, .dragging)
        for bad in [-0.1, 1.5, .nan, .infinity] {
            XCTAssertThrowsError(try render.state(at: bad)) { error in
                guard case let HookeError.invalidParameter(name, _, _) = error else { return XCTFail("\(error)") }
                XCTAssertEqual(name, "fraction")
            }
        }
    }
}
