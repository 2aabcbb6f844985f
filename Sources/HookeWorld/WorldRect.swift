/// An axis-aligned rectangle in world coordinates (points, y down), the counterpart
/// of the `CGRect` handed to `UIDynamicAnimator.items(in:)`.
public struct WorldRect: Sendable, Hashable, Codable {
    /// Top-left corner (smallest x and y), in points.
    public var origin: SIMD2<Double>
    /// Width and height, in points (≥ 0).
    public var size: SIMD2<Double>

    /// Creates a rectangle from its top-left corner and size, in points.
    public init(origin: SIMD2<Double>, size: SIMD2<Double>) {
        self.origin = origin
        self.size = size
    }

    /// Creates a rectangle from its top-left corner and size, in points.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: SIMD2(x, y), size: SIMD2(width, height))
    }

    /// Smallest corner, in points.
    public var minimum: SIMD2<Double> { origin }
    /// Largest corner, in points.
    public var maximum: SIMD2<Double> { origin + size }

    /// Whether the two rectangles share at least one point (edges included).
    public func intersects(_ other: WorldRect) -> Bool {
        let a0 = minimum, a1 = maximum, b0 = other.minimum, b1 = other.maximum
        return a0.x <= b1.x && b0.x <= a1.x && a0.y <= b1.y && b0.y <= a1.y
    }
}
