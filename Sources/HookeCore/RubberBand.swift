/// UIScrollView's rubber-band resistance: how far content follows a finger pulled past
/// its edge.
///
/// For an overshoot x ≥ 0 beyond the edge and a dimension d (the scroll view's width or
/// height, points), the content is displaced
///
///     f(x) = (1 − 1/(x·c/d + 1))·d = x·c·d/(x·c + d),      c = 0.55,
///
/// so f(0) = 0, f′(0) = c (a small pull moves the content at 55 % of the finger's speed),
/// f′(x) = c/(1 + x·c/d)² falls off smoothly, and f(x) → d as x → ∞: the content never
/// moves further than one dimension past its edge.
///
/// Source: the formula UIScrollView uses, as posted by Grant Paul (@chpwn) and analysed in
/// "Analysis of Apple's rubber band scrolling" (squareb.wordpress.com, 6 January 2013),
/// which also tabulates f for d = 960.
public struct RubberBand: Sendable, Hashable {
    /// UIScrollView's coefficient, 0.55.
    public static let uiScrollViewCoefficient = 0.55

    /// The coefficient c: the slope at the edge (> 0).
    public let coefficient: Double
    /// The dimension d (points, > 0): the limit of the displacement.
    public let dimension: Double

    /// Creates a rubber band for content of `dimension` points.
    ///
    /// - Throws: `HookeError.invalidParameter` naming `dimension` or `coefficient` unless
    ///   each is finite and > 0.
    public init(dimension: Double, coefficient: Double = RubberBand.uiScrollViewCoefficient) throws(HookeError) {
        self.dimension = try Validate.positive(dimension, "dimension")
        self.coefficient = try Validate.positive(coefficient, "coefficient")
    }

    /// Displacement f(x) for an overshoot `x` (points); odd in x, so pulls either way
    /// resist alike. Written as x·c·d/(|x|·c + d), which has no cancellation for small x
    /// and tends to ±d without overflow.
    public func displacement(forOvershoot x: Double) -> Double {
        let c = coefficient
        let d = dimension
        if x.isInfinite { return x > 0 ? d : -d }
        return x * c * d / (abs(x) * c + d)
    }

    /// Slope f′(x) = c·d²/(|x|·c + d)² of the displacement at an overshoot `x` (points):
    /// how many points the content moves per point the finger moves there — c at the edge,
    /// falling to 0 far past it. Even in x. A rubber-banded drag's content velocity is the
    /// finger's times this slope (the chain rule), which `ScrollDrag` hands to the fling.
    public func slope(forOvershoot x: Double) -> Double {
        let c = coefficient
        let d = dimension
        if x.isInfinite { return 0 }
        let denominator = abs(x) * c + d
        return c * (d / denominator) * (d / denominator)
    }

    /// Inverse of `displacement(forOvershoot:)`: the overshoot x with f(x) = y, for
    /// |y| < d: x = y·d/(c·(d − |y|)). Use it to recover the finger offset when a
    /// rubber-banded drag resumes from a displaced position.
    ///
    /// - Throws: `HookeError.invalidParameter("displacement", …)` unless |y| < d.
    public func overshoot(forDisplacement y: Double) throws(HookeError) -> Double {
        guard y.isFinite, abs(y) < dimension else {
            throw .invalidParameter(
                "displacement", value: y, requirement: "finite with magnitude < dimension \(dimension)")
        }
        return y * dimension / (coefficient * (dimension - abs(y)))
    }

    /// Two-sided rubber band: `value` inside `limits` is returned unchanged; beyond a
    /// limit, only the overshoot is resisted, so the result is continuous at both limits
    /// with slope c just outside them.
    ///
    ///     lower − f(lower − value)   if value < lower
    ///     upper + f(value − upper)   if value > upper
    public func clamp(_ value: Double, to limits: ClosedRange<Double>) -> Double {
        if value < limits.lowerBound {
            return limits.lowerBound - displacement(forOvershoot: limits.lowerBound - value)
        }
        if value > limits.upperBound {
            return limits.upperBound + displacement(forOvershoot: value - limits.upperBound)
        }
        return value
    }
}
