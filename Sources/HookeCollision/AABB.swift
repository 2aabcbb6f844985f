import HookeCore

/// An axis-aligned bounding box, in points (y down: `lower` is the top-left corner).
public struct AABB: Sendable, Hashable, Codable {
    /// Smallest x and y, points.
    public var lower: SIMD2<Double>
    /// Largest x and y, points.
    public var upper: SIMD2<Double>

    /// The box with corners `lower` ≤ `upper` componentwise (a precondition).
    @inlinable public init(lower: SIMD2<Double>, upper: SIMD2<Double>) {
        precondition(lower.x <= upper.x && lower.y <= upper.y, "AABB needs lower <= upper, got \(lower) and \(upper)")
        self.lower = lower
        self.upper = upper
    }

    @inlinable package init(unchecked lower: SIMD2<Double>, _ upper: SIMD2<Double>) {
        self.lower = lower
        self.upper = upper
    }

    /// Whether the two closed boxes share a point (touching edges count).
    @inline(__always)
    @inlinable public func overlaps(_ other: AABB) -> Bool {
        !(other.lower.x > upper.x || other.lower.y > upper.y || lower.x > other.upper.x || lower.y > other.upper.y)
    }

    /// Whether `other` lies inside this box (boundaries included).
    @inline(__always)
    @inlinable public func contains(_ other: AABB) -> Bool {
        lower.x <= other.lower.x && lower.y <= other.lower.y && other.upper.x <= upper.x && other.upper.y <= upper.y
    }

    /// The smallest box holding both.
    @inline(__always)
    @inlinable public func union(_ other: AABB) -> AABB {
        AABB(unchecked: Planar.minimum(lower, other.lower), Planar.maximum(upper, other.upper))
    }

    /// The box grown by `margin` points on every side.
    @inline(__always)
    @inlinable public func expanded(by margin: Double) -> AABB {
        AABB(unchecked: lower - SIMD2(repeating: margin), upper + SIMD2(repeating: margin))
    }

    /// Perimeter, points (the tree's insertion cost, as in Box2D's surface-area heuristic).
    @inline(__always)
    @inlinable public var perimeter: Double { 2 * ((upper.x - lower.x) + (upper.y - lower.y)) }
}
