import Hooke

/// A quadratic Bézier curve B(t) = (1 − t)²P₀ + 2t(1 − t)P₁ + t²P₂, t ∈ [0, 1], in points,
/// and its flattening into a polyline within a given tolerance.
///
/// ## Flattening bound
///
/// The curve minus its chord at the same parameter is
///
///     B(t) − ((1 − t)P₀ + tP₂) = 2t(1 − t)·(P₁ − (P₀ + P₂)/2) = −½t(1 − t)·D,   D = P₀ − 2P₁ + P₂,
///
/// largest at t = ½ with length |D|/4: every point of the curve lies within |D|/4 of the
/// chord point at the same parameter, so the chord approximates the curve to |D|/4.
/// B″ = 2D is constant, so the piece over a parameter interval of length Δ has
/// second difference Δ²·D and deviation Δ²|D|/4 — the same for every piece of equal
/// parameter length. Adaptive subdivision (split at t = ½ while the deviation exceeds the
/// tolerance) therefore splits every piece alike; it is done here in one step by taking
/// the smallest n with |D|/(4n²) ≤ tolerance, n = ⌈√(|D|/(4·tolerance))⌉, and splitting at
/// tᵢ = i/n — fewer segments than halving, which can only reach powers of two.
public struct QuadraticBezier: Sendable, Hashable, Codable {
    /// Start point P₀.
    public var start: SIMD2<Double>
    /// Control point P₁.
    public var control: SIMD2<Double>
    /// End point P₂.
    public var end: SIMD2<Double>

    /// The most segments a flattening may use (2²⁰).
    public static let maximumSegmentCount = 1 << 20

    public init(start: SIMD2<Double>, control: SIMD2<Double>, end: SIMD2<Double>) {
        self.start = start
        self.control = control
        self.end = end
    }

    /// The point at parameter t.
    public func point(at t: Double) -> SIMD2<Double> {
        let s = 1 - t
        return (s * s) * start + (2 * s * t) * control + (t * t) * end
    }

    /// The derivative dB/dt at parameter t: 2(1 − t)(P₁ − P₀) + 2t(P₂ − P₁).
    public func derivative(at t: Double) -> SIMD2<Double> {
        (2 * (1 - t)) * (control - start) + (2 * t) * (end - control)
    }

    /// The largest distance between the curve and its chord at equal parameter, |D|/4.
    public var chordDeviation: Double {
        let d = start - 2 * control + end
        return 0.25 * (d.x * d.x + d.y * d.y).squareRoot()
    }

    /// The fewest equal-parameter segments whose polyline is within `tolerance` of the curve.
    ///
    /// - Throws: `HookeError.invalidParameter("tolerance", …)` unless tolerance is finite and
    ///   > 0 and needs at most `maximumSegmentCount` segments.
    public func segmentCount(tolerance: Double) throws(HookeError) -> Int {
        let tolerance = try Validate.positive(tolerance, "tolerance")
        let deviation = chordDeviation
        guard deviation.isFinite else {
            throw .invalidParameter("tolerance", value: tolerance, requirement: "applied to a finite curve")
        }
        let estimate = (deviation / tolerance).squareRoot()
        guard estimate <= Double(Self.maximumSegmentCount) else {
            throw .invalidParameter(
                "tolerance", value: tolerance,
                requirement: "large enough for at most \(Self.maximumSegmentCount) segments (curve deviation \(deviation) pt)")
        }
        var n = max(1, Int(estimate.rounded(.up)))
        // Rounding in the square root: make sure the bound really holds, and n is the least.
        while deviation > tolerance * Double(n) * Double(n) { n += 1 }
        while n > 1 && deviation <= tolerance * Double(n - 1) * Double(n - 1) { n -= 1 }
        return n
    }

    /// The polyline through B(i/n), i = 0…n, with n = `segmentCount(tolerance:)`: its first
    /// and last points are exactly P₀ and P₂.
    public func flattened(tolerance: Double) throws(HookeError) -> [SIMD2<Double>] {
        var points: [SIMD2<Double>] = []
        try flatten(tolerance: tolerance, into: &points)
        return points
    }

    /// Replaces the contents of `points` with the flattening (reusing its storage, so a
    /// renderer that keeps one buffer allocates nothing per frame).
    public func flatten(tolerance: Double, into points: inout [SIMD2<Double>]) throws(HookeError) {
        let n = try segmentCount(tolerance: tolerance)
        points.removeAll(keepingCapacity: true)
        points.reserveCapacity(n + 1)
        points.append(start)
        if n > 1 {
            for i in 1..<n { points.append(point(at: Double(i) / Double(n))) }
        }
        points.append(end)
    }
}
