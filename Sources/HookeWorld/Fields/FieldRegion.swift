import HookeCore

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
public indirect enum FieldRegion: Sendable, Hashable, Codable {
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

    /// The most regions (leaves and combinations) one region tree may hold.
    public static let maximumRegionCount = 4096
    /// The deepest a region tree may nest (`contains` recurses once per level).
    public static let maximumDepth = 64

    /// Checks every radius and size in the region tree, and its size.
    ///
    /// The walk keeps its own stack, so a tree of any depth is checked without
    /// recursion; a tree deeper than `maximumDepth` or with more than
    /// `maximumRegionCount` regions is refused (combine many regions in a balanced
    /// tree: `FieldRegion.union(of:)`).
    ///
    /// - Throws: `HookeError.invalidParameter` naming the property (for example
    ///   `region.radius` or `region.size.width`) unless every radius and every side of
    ///   every rectangle is finite and not negative; `region.depth` or `region.count`
    ///   when the tree is too deep or too large.
    public func validate() throws(HookeError) {
        var pending: [(region: FieldRegion, depth: Int)] = [(self, 1)]
        var count = 0
        while let (region, depth) = pending.popLast() {
            count += 1
            guard count <= Self.maximumRegionCount else {
                throw .invalidParameter("region.count", value: Double(count),
                                        requirement: "at most \(Self.maximumRegionCount) regions in one tree")
            }
            guard depth <= Self.maximumDepth else {
                throw .invalidParameter("region.depth", value: Double(depth),
                                        requirement: "at most \(Self.maximumDepth) levels of nesting")
            }
            switch region {
            case .infinite:
                continue
            case let .circle(radius):
                _ = try Validate.nonNegative(radius, "region.radius")
            case let .rectangle(size):
                _ = try Validate.nonNegative(size.x, "region.size.width")
                _ = try Validate.nonNegative(size.y, "region.size.height")
            case let .inverse(inner):
                pending.append((inner, depth + 1))
            case let .union(a, b), let .intersection(a, b), let .difference(a, b):
                pending.append((b, depth + 1))
                pending.append((a, depth + 1))
            }
        }
    }

    /// The union of `regions` as a balanced tree (depth ⌈log₂ n⌉ + 1 rather than n);
    /// nil for no regions.
    public static func union(of regions: [FieldRegion]) -> FieldRegion? {
        balanced(regions, FieldRegion.union)
    }

    /// The intersection of `regions` as a balanced tree (see `union(of:)`).
    public static func intersection(of regions: [FieldRegion]) -> FieldRegion? {
        balanced(regions, FieldRegion.intersection)
    }

    /// Pairs neighbours level by level: union and intersection are associative and
    /// commutative, so membership is that of the left fold.
    static func balanced(
        _ regions: [FieldRegion], _ combine: (FieldRegion, FieldRegion) -> FieldRegion
    ) -> FieldRegion? {
        var level = regions
        while level.count > 1 {
            var next: [FieldRegion] = []
            next.reserveCapacity((level.count + 1) / 2)
            var i = 0
            while i + 1 < level.count {
                next.append(combine(level[i], level[i + 1]))
                i += 2
            }
            if i < level.count { next.append(level[i]) }
            level = next
        }
        return level.first
    }
}
