import Hooke

/// The uniform Catmull–Rom spline through points P₀…P_{N−1} (points), and its flattening
/// into a polyline within a given tolerance.
///
/// Segment i (i = 0…N−2) runs from Pᵢ to Pᵢ₊₁ with the tangents Tᵢ = (Pᵢ₊₁ − Pᵢ₋₁)/2 at
/// its knots (E. Catmull and R. Rom, "A class of local interpolating splines", Computer
/// Aided Geometric Design, 1974), the cubic Hermite curve written as the cubic Bézier
///
///     B₀ = Pᵢ,  B₁ = Pᵢ + Tᵢ/3,  B₂ = Pᵢ₊₁ − Tᵢ₊₁/3,  B₃ = Pᵢ₊₁.
///
/// At the ends the missing neighbour is the reflection P₋₁ = 2P₀ − P₁ (and
/// P_N = 2P_{N−1} − P_{N−2}), which makes the end tangents P₁ − P₀ and P_{N−1} − P_{N−2}.
/// The curve passes through every point and is C¹.
///
/// ## Flattening bound
///
/// For a C² curve f on a parameter interval [a, b] of length Δ, the chord
/// L(t) = f(a) + (t − a)/Δ·(f(b) − f(a)) differs from f by
///
///     f(t) − L(t) = −∫ₐᵇ G(t, s) f″(s) ds,   G ≥ 0,   ∫ₐᵇ G(t, s) ds = (t − a)(b − t)/2,
///
/// (G is the Green's function of u″ = g with u(a) = u(b) = 0), so
/// |f(t) − L(t)| ≤ (t − a)(b − t)/2·max|f″| ≤ Δ²/8·max|f″| in the Euclidean norm. For the
/// cubic Bézier, B″(t) = 6[(1 − t)(B₀ − 2B₁ + B₂) + t(B₁ − 2B₂ + B₃)] is linear in t, so
/// max|B″| ≤ M = 6·max(|B₀ − 2B₁ + B₂|, |B₁ − 2B₂ + B₃|). Splitting a segment at
/// tₖ = k/n keeps every chord within M/(8n²) of the curve at the same parameter; n is the
/// least with M/(8n²) ≤ tolerance.
public struct CatmullRomSpline: Sendable, Hashable, Codable {
    /// The points the spline passes through, in order; at least 2.
    public let points: [SIMD2<Double>]

    /// The most segments the flattening of one span may use (2²⁰).
    public static let maximumSegmentCount = 1 << 20

    /// The spline through `points`.
    ///
    /// - Throws: `HookeError.invalidParameter("points.count", …)` for fewer than 2 points,
    ///   `"points[i].x"`/`"points[i].y"` for a coordinate that is not finite.
    public init(points: [SIMD2<Double>]) throws(HookeError) {
        guard points.count >= 2 else {
            throw .invalidParameter("points.count", value: Double(points.count), requirement: ">= 2")
        }
        for (i, p) in points.enumerated() {
            _ = try Validate.finite(p.x, "points[\(i)].x")
            _ = try Validate.finite(p.y, "points[\(i)].y")
        }
        self.points = points
    }

    /// Number of spans, N − 1.
    public var spanCount: Int { points.count - 1 }

    /// Point i, with the reflected phantoms at i = −1 and i = N.
    private func point(_ i: Int) -> SIMD2<Double> {
        if i < 0 { return 2 * points[0] - points[1] }
        if i >= points.count {
            let n = points.count
            return 2 * points[n - 1] - points[n - 2]
        }
        return points[i]
    }

    /// The tangent dP/dt at knot i, (Pᵢ₊₁ − Pᵢ₋₁)/2 (per unit of span parameter).
    public func tangent(at knot: Int) -> SIMD2<Double> {
        precondition(knot >= 0 && knot < points.count, "CatmullRomSpline.tangent: knot \(knot) outside 0..<\(points.count)")
        return 0.5 * (point(knot + 1) - point(knot - 1))
    }

    /// The cubic Bézier control points (B₀, B₁, B₂, B₃) of span i.
    public func bezier(span i: Int) -> (SIMD2<Double>, SIMD2<Double>, SIMD2<Double>, SIMD2<Double>) {
        precondition(i >= 0 && i < spanCount, "CatmullRomSpline.bezier: span \(i) outside 0..<\(spanCount)")
        let p0 = points[i], p1 = points[i + 1]
        return (p0, p0 + tangent(at: i) / 3, p1 - tangent(at: i + 1) / 3, p1)
    }

    /// The point of span i at parameter t ∈ [0, 1].
    public func point(span i: Int, at t: Double) -> SIMD2<Double> {
        let (b0, b1, b2, b3) = bezier(span: i)
        let s = 1 - t
        return (s * s * s) * b0 + (3 * s * s * t) * b1 + (3 * s * t * t) * b2 + (t * t * t) * b3
    }

    /// The bound M = 6·max(|B₀ − 2B₁ + B₂|, |B₁ − 2B₂ + B₃|) on |B″| over span i.
    public func secondDerivativeBound(span i: Int) -> Double {
        let (b0, b1, b2, b3) = bezier(span: i)
        func length(_ v: SIMD2<Double>) -> Double { (v.x * v.x + v.y * v.y).squareRoot() }
        return 6 * max(length(b0 - 2 * b1 + b2), length(b1 - 2 * b2 + b3))
    }

    /// The fewest equal-parameter pieces of span i whose chords are within `tolerance`
    /// points of the span: the least n with M/(8n²) ≤ tolerance.
    ///
    /// - Throws: `HookeError.invalidParameter("tolerance", …)` unless the tolerance is
    ///   finite, > 0 and needs at most `maximumSegmentCount` pieces.
    public func segmentCount(span i: Int, tolerance: Double) throws(HookeError) -> Int {
        let tolerance = try Validate.positive(tolerance, "tolerance")
        let bound = secondDerivativeBound(span: i) / 8
        let estimate = (bound / tolerance).squareRoot()
        guard estimate <= Double(Self.maximumSegmentCount) else {
            throw .invalidParameter(
                "tolerance", value: tolerance,
                requirement: "large enough for at most \(Self.maximumSegmentCount) pieces per span")
        }
        var n = max(1, Int(estimate.rounded(.up)))
        // Rounding in the square root: make sure the bound holds and n is the least.
        while bound > tolerance * Double(n) * Double(n) { n += 1 }
        while n > 1 && bound <= tolerance * Double(n - 1) * Double(n - 1) { n -= 1 }
        return n
    }

    /// The polyline through every span's points at k/n (n per span from
    /// `segmentCount(span:tolerance:)`): it starts at P₀, passes through every Pᵢ and
    /// ends at P_{N−1}, and stays within `tolerance` of the spline.
    public func flattened(tolerance: Double) throws(HookeError) -> [SIMD2<Double>] {
        var result: [SIMD2<Double>] = []
        try flatten(tolerance: tolerance, into: &result)
        return result
    }

    /// Replaces the contents of `polyline` with the flattening, reusing its storage.
    public func flatten(tolerance: Double, into polyline: inout [SIMD2<Double>]) throws(HookeError) {
        polyline.removeAll(keepingCapacity: true)
        polyline.append(points[0])
        for span in 0..<spanCount {
            let n = try segmentCount(span: span, tolerance: tolerance)
            if n > 1 {
                for k in 1..<n { polyline.append(point(span: span, at: Double(k) / Double(n))) }
            }
            polyline.append(points[span + 1])
        }
    }
}
