import Foundation
import Hooke
import HookeInteractions
import XCTest

final class JellyEdgeTests: XCTestCase {
    /// The default spring is UIKit's for duration 1.0 s and damping ratio 0.5:
    /// ω₀ = ln(0.5/(0.001·√0.75))/0.5 = 12.7169 rad/s.
    func testDefaultSpringIsTheArticlesUIViewAnimation() {
        let spring = JellyEdge.defaultSpring
        XCTAssertEqual(spring.dampingRatio, 0.5, accuracy: 1e-14)
        XCTAssertEqual(spring.naturalFrequency, uikitNaturalFrequency(duration: 1, dampingRatio: 0.5), accuracy: 1e-12)
        XCTAssertEqual(spring.naturalFrequency, 12.7169, accuracy: 1e-4)
    }

    private func dragged(_ translation: SIMD2<Double>) throws -> JellyEdge {
        var edge = try JellyEdge(width: 375, minHeight: 100)
        edge.handle(try GestureEvent(.began, time: 0, location: SIMD2(200, 150)))
        edge.handle(try GestureEvent(.changed, time: 0.05, location: SIMD2(200, 150) + translation))
        return edge
    }

    /// control = (w/2 + dx, max(minHeight + 0.7·dy, minHeight)) at chosen drags, by hand.
    func testControlPointFollowsTheArticlesFormula() throws {
        XCTAssertClose(try dragged(SIMD2(30, 50)).controlPoint, SIMD2(217.5, 135), accuracy: 1e-12)
        XCTAssertClose(try dragged(SIMD2(-20, -40)).controlPoint, SIMD2(167.5, 100), accuracy: 1e-12)
        XCTAssertClose(try dragged(SIMD2(0, 0)).controlPoint, SIMD2(187.5, 100), accuracy: 1e-12)
        XCTAssertClose(try dragged(SIMD2(-100, 300)).controlPoint, SIMD2(87.5, 310), accuracy: 1e-12)
        let state = try dragged(SIMD2(30, 50)).renderState
        XCTAssertEqual(state.curve.start, SIMD2(0, 100))
        XCTAssertEqual(state.curve.end, SIMD2(375, 100))
        XCTAssertEqual(state.phase, .dragging)
        let outline = try state.outline(tolerance: 0.5)
        XCTAssertEqual(Array(outline.prefix(3)), [SIMD2(0, 0), SIMD2(375, 0), SIMD2(375, 100)])
        XCTAssertEqual(outline.last, SIMD2(0, 100))
    }

    /// While panned the control point reports its velocity through the follow map, not 0:
    /// a finger moving down at a constant (30, 200) pt/s moves it at (30, 0.7·200); one
    /// moving up above the rest line, where the point is clamped, at (vx, 0).
    func testThePannedControlPointReportsItsVelocity() throws {
        var edge = try JellyEdge(width: 375, minHeight: 100)
        let events = try panStream(start: SIMD2(200, 150), translation: SIMD2(6, 40), velocity: SIMD2(30, 200),
                                   end: .changed)
        for (k, event) in events.enumerated() {
            edge.handle(event)
            // The estimator's 0.1 s horizon has left the jump from `began` behind.
            guard event.time > 0.11 else { continue }
            XCTAssertClose(edge.velocity, SIMD2(30, 140), accuracy: 1e-9, "event \(k)")
            XCTAssertEqual(edge.renderState.velocity, edge.velocity)
        }
        var clamped = try JellyEdge(width: 375, minHeight: 100)
        for event in try panStream(start: SIMD2(200, 150), translation: SIMD2(-6, -40), velocity: SIMD2(-30, -200),
                                   end: .changed) {
            clamped.handle(event)
        }
        XCTAssertClose(clamped.velocity, SIMD2(-30, 0), accuracy: 1e-9)
    }

    /// At release the control point moves at (vx, 0.7·vy) below the rest line and at
    /// (vx, 0) when clamped to it; then it follows the textbook damped oscillator
    /// (ζ = 0.5, ω₀ from UIKit's formula) back to (w/2, minHeight), in each axis.
    func testReleaseStartsWithTheControlPointsVelocityAndFollowsTheSpring() throws {
        var edge = try JellyEdge(width: 375, minHeight: 100)
        for event in try panStream(start: SIMD2(200, 150), translation: SIMD2(40, 60), velocity: SIMD2(200, 300)) {
            edge.handle(event)
        }
        XCTAssertEqual(edge.phase, .returning)
        let start = SIMD2<Double>(187.5 + 40, 100 + 42)
        XCTAssertClose(edge.controlPoint, start, accuracy: 1e-12, "continuous position")
        XCTAssertClose(edge.velocity, SIMD2(200, 210), accuracy: 1e-8, "(vx, 0.7·vy)")
        let omega0 = uikitNaturalFrequency(duration: 1, dampingRatio: 0.5)
        for n in 1...90 {
            edge.step(by: 1.0 / 120)
            let t = Double(n) / 120
            let x = dampedOscillator(omega0: omega0, zeta: 0.5, x0: 40, v0: 200, t: t)
            let y = dampedOscillator(omega0: omega0, zeta: 0.5, x0: 42, v0: 210, t: t)
            XCTAssertClose(edge.controlPoint, SIMD2(187.5 + x.x, 100 + y.x), accuracy: 1e-7, "t = \(t)")
            XCTAssertClose(edge.velocity, SIMD2(x.v, y.v), accuracy: 1e-6, "t = \(t)")
        }
        // Under-damped: the edge overshoots above its rest line on the way back (the jelly).
        for _ in 0..<600 { edge.step(by: 1.0 / 120) }
        XCTAssertEqual(edge.phase, .resting)
        XCTAssertEqual(edge.controlPoint, SIMD2(187.5, 100))

        var clamped = try JellyEdge(width: 375, minHeight: 100)
        for event in try panStream(start: SIMD2(200, 150), translation: SIMD2(40, -30), velocity: SIMD2(200, -300)) {
            clamped.handle(event)
        }
        XCTAssertClose(clamped.controlPoint, SIMD2(227.5, 100), accuracy: 1e-12)
        XCTAssertClose(clamped.velocity, SIMD2(200, 0), accuracy: 1e-8, "clamped: no vertical velocity")
    }

    /// A pan caught mid-flight, above the rest line, continues from there without a jump.
    func testGrabbingMidFlightKeepsTheControlPoint() throws {
        var edge = try JellyEdge(width: 375, minHeight: 100)
        for event in try panStream(start: SIMD2(200, 150), translation: SIMD2(0, 200), velocity: SIMD2(0, 800)) {
            edge.handle(event)
        }
        // Step until the point has overshot above the rest line.
        var steps = 0
        while edge.controlPoint.y >= 100 && steps < 240 {
            edge.step(by: 1.0 / 120)
            steps += 1
        }
        for _ in 0..<3 { edge.step(by: 1.0 / 120) }
        let caught = edge.controlPoint
        XCTAssertLessThan(caught.y, 100)
        edge.handle(try GestureEvent(.began, time: 10, location: SIMD2(50, 50)))
        XCTAssertEqual(edge.controlPoint, caught)
        edge.handle(try GestureEvent(.changed, time: 10.01, location: SIMD2(55, 40)))
        XCTAssertClose(edge.controlPoint, SIMD2(caught.x + 5, caught.y), accuracy: 1e-12, "floored at the caught height")
        edge.handle(try GestureEvent(.changed, time: 10.02, location: SIMD2(55, 70)))
        XCTAssertClose(edge.controlPoint, SIMD2(caught.x + 5, caught.y + 14), accuracy: 1e-12, "0.7 of 20 pt")
    }

    /// Distance from p to the segment ab.
    private func distance(_ p: SIMD2<Double>, _ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
        let ab = b - a
        let length2 = (ab * ab).sum()
        let t = length2 > 0 ? min(max(((p - a) * ab).sum() / length2, 0), 1) : 0
        let d = p - (a + t * ab)
        return (d * d).sum().squareRoot()
    }

    /// The polyline stays within the tolerance of the exact curve: 20 001 points of the
    /// curve, evaluated from the Bernstein form here, are each within `tolerance` of the
    /// polyline segment spanning their parameter (a stronger test than the nearest
    /// segment), for jelly shapes and arbitrary curves at several tolerances; and for the
    /// symmetric edge the segment count is the hand-computed least one.
    func testFlatteningDeviationIsWithinTheTolerance() throws {
        var random = SeededRandom(seed: 7)
        var curves = [
            QuadraticBezier(start: SIMD2(0, 100), control: SIMD2(187.5, 300), end: SIMD2(375, 100)),
            QuadraticBezier(start: SIMD2(0, 100), control: SIMD2(20, 420), end: SIMD2(375, 100)),
            QuadraticBezier(start: SIMD2(0, 100), control: SIMD2(187.5, 100), end: SIMD2(375, 100)),
        ]
        for _ in 0..<20 {
            func point() -> SIMD2<Double> { SIMD2(Double.random(in: -500...500, using: &random), Double.random(in: -500...500, using: &random)) }
            curves.append(QuadraticBezier(start: point(), control: point(), end: point()))
        }
        for curve in curves {
            for tolerance in [2.0, 0.5, 0.1, 0.01] {
                let polyline = try curve.flattened(tolerance: tolerance)
                XCTAssertEqual(polyline.first, curve.start)
                XCTAssertEqual(polyline.last, curve.end)
                var worst = 0.0
                for i in 0...20_000 {
                    let t = Double(i) / 20_000, s = 1 - t
                    let exact = s * s * curve.start + 2 * s * t * curve.control + t * t * curve.end
                    let n = polyline.count - 1
                    let k = min(Int(t * Double(n)), n - 1)
                    worst = max(worst, distance(exact, polyline[k], polyline[k + 1]))
                }
                XCTAssertLessThanOrEqual(worst, tolerance * (1 + 1e-9), "\(curve) at \(tolerance)")
            }
        }
        // The symmetric jelly edge of depth 200: D = (0, −400), |D|/4 = 100, so n = ⌈√(100/tol)⌉.
        let jelly = curves[0]
        XCTAssertEqual(try jelly.segmentCount(tolerance: 1), 10)
        XCTAssertEqual(try jelly.segmentCount(tolerance: 0.99), 11)
        XCTAssertEqual(try jelly.segmentCount(tolerance: 100), 1)
        XCTAssertEqual(try jelly.segmentCount(tolerance: 99.9), 2)
        XCTAssertEqual(try curves[2].segmentCount(tolerance: 1e-9), 1, "a straight edge is one segment")
    }

    func testBadTolerancesAreRefusedByName() {
        let curve = QuadraticBezier(start: .zero, control: SIMD2(50, 100), end: SIMD2(100, 0))
        for bad in [0.0, -1, .nan, .infinity, 1e-12] {
            XCTAssertThrowsError(try curve.flattened(tolerance: bad)) { XCTAssertTrue("\($0)".hasPrefix("tolerance"), "\($0)") }
        }
        XCTAssertThrowsError(try JellyEdge(width: 0)) { XCTAssertTrue("\($0)".hasPrefix("width")) }
    }
}
