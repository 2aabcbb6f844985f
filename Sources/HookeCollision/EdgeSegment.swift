import HookeCore

/// A straight edge from `start` to `end` with a skin radius, points: a two-sided
/// boundary piece (UIKit's boundary from two points, one piece of a path boundary).
public struct EdgeSegment: Sendable, Hashable, Codable {
    /// First end point, points.
    public let start: SIMD2<Double>
    /// Second end point, points.
    public let end: SIMD2<Double>
    /// Skin radius, points (1 pt by default, like a polygon).
    public let radius: Double

    /// An edge between two distinct finite points.
    ///
    /// - Throws: `HookeError.invalidParameter` for a non-finite coordinate, a negative
    ///   radius, or end points closer than 1e-9 pt (a degenerate edge).
    public init(from start: SIMD2<Double>, to end: SIMD2<Double>, radius: Double = CollisionParameters.skin) throws(HookeError) {
        _ = try Validate.finite(start.x, "start.x")
        _ = try Validate.finite(start.y, "start.y")
        _ = try Validate.finite(end.x, "end.x")
        _ = try Validate.finite(end.y, "end.y")
        self.radius = try Validate.nonNegative(radius, "radius")
        let length = Planar.distance(start, end)
        guard length > 1e-9 else {
            throw .invalidParameter("end", value: length, requirement: "at least 1e-9 pt from start (degenerate edge)")
        }
        self.start = start
        self.end = end
    }

    /// Unit normal (e.y, −e.x)/|e| of e = end − start: the side a counter-clockwise
    /// polygon's outward normal would face. The edge collides on both sides.
    public var normal: SIMD2<Double> { Planar.normalize(Planar.cross(end - start, 1.0)) }
}
