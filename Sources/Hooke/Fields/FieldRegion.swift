/// The area in which a `Field` acts, in points, relative to the field's position.
///
/// Mirrors UIKit's `UIRegion` (https://developer.apple.com/documentation/uikit/uiregion):
/// a circle or a rectangle centred on the region's origin, the infinite region, and
/// the inverse, union, intersection and difference of regions. The origin of every
/// region is the field's `position`, so moving a field moves its region with it.
///
/// Membership is closed: a point exactly on a circle or on a rectangle's edge is
/// inside.
///
/// ```swift
/// // A ring between 50 and 100 pt from the field's position.
/// let ring = FieldRegion.difference(.circle(radius: 100), .circle(radius: 50))
/// ring.contains([75, 0])   // true
/// ```
public indirect enum FieldRegion: Sendable, Hashable {
    /// Every point (UIKit's `UIRegion.infinite`, the default region of a field).
    case infinite
    /// The disc of `radius` points centred on the origin (`UIRegion(radius:)`).
    case circle(radius: Double)
    /// The rectangle of `size` (width, height) points centred on the origin
    /// (`UIRegion(size:)`).
    case rectangle(size: SIMD2<Double>)
    /// Every point not in the region (`UIRegion.inverse()`).
    case inverse(FieldRegion)
    /// Points in either region (`UIRegion.byUnion(with:)`).
    case union(FieldRegion, FieldRegion)
    /// Points in both regions (`UIRegion.byIntersection(with:)`).
    case intersection(FieldRegion, FieldRegion)
    /// Points in the first region and not in the second (`UIRegion.byDifference(from:)`).
    case difference(FieldRegion, FieldRegion)

    /// Whether `point`, in points relative to the region's origin, lies in the region.
    public func contains(_ point: SIMD2<Double>) -> Bool {
        switch self {
        case .infinite:
            return true
        case let .circle(radius):
            return (point * point).sum() <= radius * radius
        case let .rectangle(size):
            return abs(point.x) <= size.x / 2 && abs(point.y) <= size.y / 2
        case let .inverse(region):
            return !region.contains(point)
        case let .union(a, b):
            return a.contains(point) || b.contains(point)
        case let .intersection(a, b):
            return a.contains(point) && b.contains(point)
        case let .difference(a, b):
            return a.contains(point) && !b.contains(point)
        }
    }

    /// Checks every radius and size in the region tree.
    ///
    /// - Throws: `HookeError.invalidParameter` naming the property (for example
    ///   `region.radius` or `region.size.width`) unless every radius and every side of
    ///   every rectangle is finite and not negative.
    public func validate() throws(HookeError) {
        switch self {
        case .infinite:
            return
        case let .circle(radius):
            _ = try Validate.nonNegative(radius, "region.radius")
        case let .rectangle(size):
            _ = try Validate.nonNegative(size.x, "region.size.width")
            _ = try Validate.nonNegative(size.y, "region.size.height")
        case let .inverse(region):
            try region.validate()
        case let .union(a, b), let .intersection(a, b), let .difference(a, b):
            try a.validate()
            try b.validate()
        }
    }
}
