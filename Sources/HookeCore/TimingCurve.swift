/// A cubic-Bézier timing function, as Core Animation's `CAMediaTimingFunction` and CSS's
/// `cubic-bezier()`: the progress y reached at the time fraction x.
///
/// The curve runs from (0, 0) to (1, 1) with control points (x₁, y₁) and (x₂, y₂):
///
///     x(u) = 3(1 − u)²u·x₁ + 3(1 − u)u²·x₂ + u³
///     y(u) = 3(1 − u)²u·y₁ + 3(1 − u)u²·y₂ + u³,      u ∈ [0, 1].
///
/// With x₁, x₂ in [0, 1] the coefficients of x′(u) = 3(1 − u)²x₁ + 6(1 − u)u(x₂ − x₁) +
/// 3u²(1 − x₂) make x′ ≥ 0 (it is a Bernstein polynomial with coefficients 3x₁, 3(x₂ − x₁),
/// 3(1 − x₂) — see the solver for why it is monotone even when x₂ < x₁), so x(u) = t has one
/// solution for every t in [0, 1] and y is a function of time. The value at time fraction t
/// is y(u*) with x(u*) = t, solved by Newton's method with a bisection fallback.
///
/// Presets are the named functions of Core Animation (Apple, `CAMediaTimingFunctionName`;
/// control points as listed in Apple's Core Animation Programming Guide and CSS Easing
/// Functions Level 1, §2.2 "cubic Bézier easing functions"):
///
/// | name | (x₁, y₁, x₂, y₂) |
/// |---|---|
/// | `linear` | (0, 0, 1, 1) |
/// | `easeIn` | (0.42, 0, 1, 1) |
/// | `easeOut` | (0, 0, 0.58, 1) |
/// | `easeInEaseOut` | (0.42, 0, 0.58, 1) |
/// | `default` | (0.25, 0.1, 0.25, 1) |
///
/// ```swift
/// let curve = TimingCurve.easeInEaseOut
/// let progress = curve.value(at: 0.25)      // ≈ 0.129
/// ```
public struct TimingCurve: Sendable, Hashable {
    /// x of the first control point, in [0, 1].
    public let x1: Double
    /// y of the first control point (any finite value; outside [0, 1] overshoots).
    public let y1: Double
    /// x of the second control point, in [0, 1].
    public let x2: Double
    /// y of the second control point (any finite value).
    public let y2: Double

    /// The solver stops when the bracket around u* or the last Newton correction is this
    /// small (in u).
    public static let parameterTolerance = 1e-12

    /// Creates the curve with control points (x₁, y₁) and (x₂, y₂).
    ///
    /// - Throws: `HookeError.invalidParameter` naming `x1` or `x2` unless it is in [0, 1]
    ///   (otherwise time would run backwards), or `y1`/`y2` unless finite.
    public init(x1: Double, y1: Double, x2: Double, y2: Double) throws(HookeError) {
        self.x1 = try Validate.inRange(x1, 0...1, "x1")
        self.y1 = try Validate.finite(y1, "y1")
        self.x2 = try Validate.inRange(x2, 0...1, "x2")
        self.y2 = try Validate.finite(y2, "y2")
    }

    private init(unchecked x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        (self.x1, self.y1, self.x2, self.y2) = (x1, y1, x2, y2)
    }

    /// Constant speed: (0, 0, 1, 1).
    public static let linear = TimingCurve(unchecked: 0, 0, 1, 1)
    /// Core Animation's `easeIn`: (0.42, 0, 1, 1).
    public static let easeIn = TimingCurve(unchecked: 0.42, 0, 1, 1)
    /// Core Animation's `easeOut`: (0, 0, 0.58, 1).
    public static let easeOut = TimingCurve(unchecked: 0, 0, 0.58, 1)
    /// Core Animation's `easeInEaseOut` (UIKit's `.curveEaseInOut`): (0.42, 0, 0.58, 1).
    public static let easeInEaseOut = TimingCurve(unchecked: 0.42, 0, 0.58, 1)
    /// Core Animation's `default`: (0.25, 0.1, 0.25, 1).
    public static let `default` = TimingCurve(unchecked: 0.25, 0.1, 0.25, 1)

    /// The progress at time fraction `t` (clamped to [0, 1]): y(u*) with x(u*) = t.
    public func value(at t: Double) -> Double {
        y(parameter(forTime: t))
    }

    /// The slope dy/dx (progress per unit time fraction) at time fraction `t`: y′(u*)/x′(u*).
    /// Where x′(u*) = 0 (only possible at t = 0 or 1, or at an isolated point) the limit is
    /// taken from the second derivatives when they determine it, else ±∞ or 0.
    public func slope(at t: Double) -> Double {
        let u = parameter(forTime: t)
        let dx = xDerivative(u)
        let dy = yDerivative(u)
        if dx > 1e-9 { return dy / dx }
        // L'Hôpital: both derivatives vanish together at an endpoint with a coincident
        // control point (x₁ = y₁ = 0 at u = 0, or x₂ = y₂ = 1 at u = 1).
        let ddx = xSecondDerivative(u)
        if abs(dy) <= 1e-9 && abs(ddx) > 1e-12 { return ySecondDerivative(u) / ddx }
        if dy == 0 { return 0 }
        return dy > 0 ? .infinity : -.infinity
    }

    /// The curve parameter u* in [0, 1] with x(u*) = t, for t clamped to [0, 1].
    ///
    /// Newton's method u ← u − (x(u) − t)/x′(u) from u = t, safeguarded by a bracket
    /// [lo, hi] with x(lo) ≤ t ≤ x(hi) that every evaluation narrows (x is non-decreasing):
    /// a Newton step that leaves the bracket, or a vanishing x′ (the easeOut curve has
    /// x′(0) = 0), is replaced by bisection. Stops when the Newton correction or the
    /// bracket is below `parameterTolerance` (1e-12); Newton converges quadratically
    /// where x′ ≠ 0 (typically 3–5 steps), bisection needs at most 40 halvings.
    ///
    /// Why x is non-decreasing: x′(u)/3 = (1 − u)²x₁ + 2(1 − u)u(x₂ − x₁) + u²(1 − x₂). When
    /// x₂ ≥ x₁ every term is ≥ 0. Otherwise write it as (1 − u)²x₁ + u²(1 − x₂) −
    /// 2(1 − u)u(x₁ − x₂) ≥ 2(1 − u)u(√(x₁(1 − x₂)) − (x₁ − x₂)) by AM–GM, and
    /// x₁(1 − x₂) ≥ (x₁ − x₂)² because x₁ − x₁x₂ − x₁² + 2x₁x₂ − x₂² = x₁(1 − x₁) + x₂(x₁ − x₂) ≥ 0.
    public func parameter(forTime t: Double) -> Double {
        guard t > 0 else { return 0 }
        guard t < 1 else { return 1 }
        var lo = 0.0
        var hi = 1.0
        var u = t
        for _ in 0..<200 {
            let error = x(u) - t
            if error == 0 { return u }
            if error < 0 { lo = u } else { hi = u }
            if hi - lo <= Self.parameterTolerance { return 0.5 * (lo + hi) }
            let derivative = xDerivative(u)
            var next = derivative > 0 ? u - error / derivative : .nan
            if !(next > lo && next < hi) { next = 0.5 * (lo + hi) }
            let correction = abs(next - u)
            u = next
            if correction <= Self.parameterTolerance { return u }
        }
        return u
    }

    /// The coefficients (a, b, c) of one coordinate of the curve, ((a·u + b)·u + c)·u, for
    /// the control values p₁, p₂ (the end points being 0 and 1): c = 3p₁,
    /// b = 3(p₂ − p₁) − c, a = 1 − c − b.
    @inline(__always)
    private static func coefficients(_ p1: Double, _ p2: Double) -> (a: Double, b: Double, c: Double) {
        let c = 3 * p1
        let b = 3 * (p2 - p1) - c
        return (1 - c - b, b, c)
    }

    /// x(u) in Horner form: u·(3x₁(1 − u)² + 3x₂(1 − u)u + u²) expanded as ((a·u + b)·u + c)·u.
    @inline(__always)
    func x(_ u: Double) -> Double {
        let (a, b, c) = Self.coefficients(x1, x2)
        return ((a * u + b) * u + c) * u
    }

    @inline(__always)
    func y(_ u: Double) -> Double {
        let (a, b, c) = Self.coefficients(y1, y2)
        return ((a * u + b) * u + c) * u
    }

    @inline(__always)
    func xDerivative(_ u: Double) -> Double {
        let (a, b, c) = Self.coefficients(x1, x2)
        return (3 * a * u + 2 * b) * u + c
    }

    @inline(__always)
    func yDerivative(_ u: Double) -> Double {
        let (a, b, c) = Self.coefficients(y1, y2)
        return (3 * a * u + 2 * b) * u + c
    }

    private func xSecondDerivative(_ u: Double) -> Double {
        let (a, b, _) = Self.coefficients(x1, x2)
        return 6 * a * u + 2 * b
    }

    private func ySecondDerivative(_ u: Double) -> Double {
        let (a, b, _) = Self.coefficients(y1, y2)
        return 6 * a * u + 2 * b
    }
}

extension TimingCurve: Codable {
    private enum CodingKeys: String, CodingKey { case x1, y1, x2, y2 }

    /// Reads a curve and checks it as `init(x1:y1:x2:y2:)` does.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        do {
            try self.init(x1: c.decode(Double.self, forKey: .x1), y1: c.decode(Double.self, forKey: .y1),
                          x2: c.decode(Double.self, forKey: .x2), y2: c.decode(Double.self, forKey: .y2))
        } catch let error as HookeError {
            throw SnapshotError(path: SnapshotError.path(c.codingPath), "\(error)")
        }
    }
}
