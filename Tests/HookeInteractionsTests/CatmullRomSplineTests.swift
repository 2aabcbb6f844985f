import Hooke
import HookeInteractions
import XCTest

/// `CatmullRomSpline`: it interpolates its points with the tangents (Pᵢ₊₁ − Pᵢ₋₁)/2
/// (checked by central differences), and its flattening stays within the tolerance of
/// the curve (checked at 400 points per span against the polyline itself).
final class CatmullRomSplineTests: XCTestCase {
    let points: [SIMD2<Double>] = [
        SIMD2(0, 100), SIMD2(22, 104), SIMD2(44, 131), SIMD2(66, 190), SIMD2(88, 240), SIMD2(110, 170),
        SIMD2(132, 112), SIMD2(154, 96), SIMD2(176, 101), SIMD2(375, 100),
    ]

    func testPassesThroughThePointsWithCatmullRomTangents() throws {
        let spline = try CatmullRomSpline(points: points)
        let e = 1e-6
        for i in 0..<spline.spanCount {
            XCTAssertEqual(spline.point(span: i, at: 0), points[i])
            XCTAssertEqual(spline.point(span: i, at: 1).x, points[i + 1].x, accuracy: 1e-12)
            XCTAssertEqual(spline.point(span: i, at: 1).y, points[i + 1].y, accuracy: 1e-12)
            // Tangent at the start of span i, from the definition with reflected ends.
            let before = i == 0 ? 2 * points[0] - points[1] : points[i - 1]
            let expected = 0.5 * (points[i + 1] - before)
            let numeric = (spline.point(span: i, at: e) - spline.point(span: i, at: -e)) / (2 * e)
            XCTAssertEqual(numeric.x, expected.x, accuracy: 1e-6 * max(1, abs(expected.x)))
            XCTAssertEqual(numeric.y, expected.y, accuracy: 1e-6 * max(1, abs(expected.y)))
            // C¹: the end of span i − 1 has the same tangent.
            if i > 0 {
                let left = (spline.point(span: i - 1, at: 1 + e) - spline.point(span: i - 1, at: 1 - e)) / (2 * e)
                XCTAssertEqual(left.x, numeric.x, accuracy: 1e-5)
                XCTAssertEqual(left.y, numeric.y, accuracy: 1e-5)
            }
        }
    }

    private func distance(_ p: SIMD2<Double>, toSegment a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
        let d = b - a
        let t = max(0, min(1, dot(p - a, d) / max(dot(d, d), .leastNormalMagnitude)))
        return length(p - (a + t * d))
    }

    func testPolylineStaysWithinTolerance() throws {
        let spline = try CatmullRomSpline(points: points)
        for tolerance in [2.0, 0.5, 0.05, 0.005] {
            let line = try spline.flattened(tolerance: tolerance)
            XCTAssertEqual(line.first, points.first)
            XCTAssertEqual(line.last, points.last)
            for p in points { XCTAssertTrue(line.contains(p), "passes through \(p)") }
            var worst = 0.0
            for span in 0..<spline.spanCount {
                for k in 0...400 {
                    let c = spline.point(span: span, at: Double(k) / 400)
                    var best = Double.infinity
                    for s in 0..<(line.count - 1) { best = min(best, distance(c, toSegment: line[s], line[s + 1])) }
                    worst = max(worst, best)
                }
            }
            XCTAssertLessThanOrEqual(worst, tolerance, "tolerance \(tolerance)")
            // Not wastefully fine: the bound is within a factor 8 of the true deviation here.
            XCTAssertGreaterThan(worst, tolerance / 8, "tolerance \(tolerance)")
        }
    }

    func testRefusals() {
        XCTAssertThrowsError(try CatmullRomSpline(points: [SIMD2(0, 0)])) { XCTAssertTrue("\($0)".hasPrefix("points.count")) }
        XCTAssertThrowsError(try CatmullRomSpline(points: [SIMD2(0, 0), SIMD2(.nan, 0)])) {
            XCTAssertTrue("\($0)".hasPrefix("points[1].x"))
        }
        XCTAssertThrowsError(try CatmullRomSpline(points: points).flattened(tolerance: 0)) {
            XCTAssertTrue("\($0)".hasPrefix("tolerance"))
        }
    }
}

/// Euclidean length and dot product (the simd module is not on Linux).
private func length(_ v: SIMD2<Double>) -> Double { (v.x * v.x + v.y * v.y).squareRoot() }
private func dot(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double { a.x * b.x + a.y * b.y }
