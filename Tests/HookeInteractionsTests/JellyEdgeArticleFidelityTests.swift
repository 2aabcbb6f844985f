import Foundation
import Hooke
import HookeInteractions
import XCTest

/// The jelly edge at article fidelity against the article's `handlePanAction:` (quoted in
/// JellyEdge+Article.swift) and the damped oscillator written out in InteractionTestSupport.
final class JellyEdgeArticleFidelityTests: XCTestCase {
    private let h = 1.0 / 120

    /// `initialSpringVelocity: 0`: after a fast pull the control point leaves from rest and
    /// follows x(t) = e^(−ζω₀t)(x₀ cos ω_d t + ζω₀x₀/ω_d sin ω_d t) toward the rest point, with
    /// ω₀ = ln(ζ/(0.001√(1 − ζ²)))/(ζ·1 s) and ζ = 0.5 (UIKit's spring for
    /// `animateWithDuration:1.0 usingSpringWithDamping:0.5`), until the completion at 1 s.
    func testTheReturnSpringStartsFromRestAndEndsAtOneSecond() throws {
        var edge = try JellyEdge(fidelity: .article)
        edge.handle(try GestureEvent(.began, time: 0, location: SIMD2(200, 150)))
        for k in 1...6 {   // pulled down and right at (300, 600) pt/s
            edge.handle(try GestureEvent(.changed, time: Double(k) / 120, location: SIMD2(200 + 2.5 * Double(k), 150 + 5 * Double(k))))
        }
        XCTAssertEqual(edge.controlPoint, SIMD2(375 / 2 + 15, 100 + 0.7 * 30), "(W/2 + dx, MIN_HEIGHT + 0.7·dy)")
        XCTAssertEqual(edge.velocity.x, 300, accuracy: 1e-6, "the finger's, through the map, while panned")
        XCTAssertEqual(edge.velocity.y, 0.7 * 600, accuracy: 1e-6)
        edge.handle(try GestureEvent(.ended, time: 6.0 / 120, location: SIMD2(215, 180)))
        XCTAssertEqual(edge.velocity, .zero)
        let x0 = edge.controlPoint - edge.restPoint
        let omega0 = uikitNaturalFrequency(duration: 1, dampingRatio: 0.5)
        let k = stepThrough(1, h: h, { edge.step(by: h) }) { k, t in
            let x = dampedOscillator(omega0: omega0, zeta: 0.5, x0: x0.x, v0: 0, t: t)
            let y = dampedOscillator(omega0: omega0, zeta: 0.5, x0: x0.y, v0: 0, t: t)
            XCTAssertClose(edge.controlPoint - edge.restPoint, SIMD2(x.x, y.x), accuracy: 1e-9, "step \(k)")
            XCTAssertClose(edge.velocity, SIMD2(x.v, y.v), accuracy: 1e-7, "step \(k)")
            XCTAssertEqual(edge.phase, .returning)
        }
        XCTAssertEqual(k, 120)
        XCTAssertEqual(edge.phase, .resting)
        XCTAssertEqual(edge.controlPoint, edge.restPoint)

        // The physical edge starts its spring with the control point's velocity instead.
        var physical = try JellyEdge()
        physical.handle(try GestureEvent(.began, time: 0, location: SIMD2(200, 150)))
        for k in 1...6 {
            physical.handle(try GestureEvent(.changed, time: Double(k) / 120, location: SIMD2(200 + 2.5 * Double(k), 150 + 5 * Double(k))))
        }
        physical.handle(try GestureEvent(.ended, time: 6.0 / 120, location: SIMD2(215, 180)))
        XCTAssertEqual(physical.velocity.y, 0.7 * 600, accuracy: 1e-6)
    }

    /// `if (!_isAnimating)`: a pan that begins while the edge springs back moves nothing
    /// until the animation's completion, then moves the edge by its translation since its
    /// own `began`, from the rest point (no catching mid-flight).
    func testPansAreIgnoredWhileTheAnimationRuns() throws {
        var edge = try JellyEdge(fidelity: .article)
        edge.handle(try GestureEvent(.began, time: 0, location: SIMD2(100, 100)))
        edge.handle(try GestureEvent(.changed, time: 0.1, location: SIMD2(100, 200)))
        edge.handle(try GestureEvent(.ended, time: 0.1, location: SIMD2(100, 200)))
        for _ in 0..<24 { edge.step(by: h) }                  // 0.2 s into the return
        let during = edge.controlPoint
        edge.handle(try GestureEvent(.began, time: 0.3, location: SIMD2(50, 50)))
        edge.handle(try GestureEvent(.changed, time: 0.31, location: SIMD2(60, 90)))
        XCTAssertEqual(edge.controlPoint, during, "ignored while animating")
        XCTAssertEqual(edge.phase, .returning)
        for _ in 0..<96 { edge.step(by: h) }                  // past the completion at 1 s
        XCTAssertEqual(edge.phase, .resting)
        edge.handle(try GestureEvent(.changed, time: 1.2, location: SIMD2(70, 130)))
        XCTAssertEqual(edge.controlPoint, SIMD2(375 / 2 + 20, 100 + 0.7 * 80), "this pan's translation since its began")
        XCTAssertEqual(edge.phase, .dragging)
    }

    /// UIKit's `UIView` spring animation has damping ratios in (0.001, 1] only.
    func testAnOverdampedSpringIsRefusedAtArticleFidelity() throws {
        let overdamped = try Spring(mass: 1, stiffness: 100, damping: 40)
        XCTAssertThrowsError(try JellyEdge(spring: overdamped, fidelity: .article)) {
            XCTAssertTrue("\($0)".hasPrefix("spring"), "\($0)")
        }
        XCTAssertNoThrow(try JellyEdge(spring: overdamped))
    }
}
