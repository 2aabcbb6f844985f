import HookeCore

/// Where a ray or a moving shape first meets an outline.
public struct RayIntersection: Sendable, Hashable {
    /// The first point of the outline on the path, points (for a shape cast: the point
    /// where the two outlines touch).
    public var point: SIMD2<Double>
    /// The outline's outward unit normal at `point` (for a shape cast: pointing from the
    /// hit outline towards the moving shape); zero when the cast starts overlapping.
    public var normal: SIMD2<Double>
    /// How far along the path, 0…1: the hit is at start + fraction·(end − start).
    public var fraction: Double
}

// Point, ray and shape queries on one placed outline (Box2D's b2RayCastPolygon,
// b2ShapeCast and b2PointInPolygon, written on Hooke's core hulls).
//
// What counts as the outline. Every shape is a core hull (a circle's centre, a
// segment's two ends, a polygon's vertices) and a radius r, and its outline is the set
// of points within r of the core. A circle's radius is its shape, so it always counts;
// the 1 pt skin of polygons and segments is the collision layer's own margin (a
// rectangle item of w × h collides as (w + 2) × (h + 2) with rounded corners), so the
// queries measure the item's own outline unless `includingSkin` asks for the skin. A
// segment without its skin is a line of zero width: rays and shapes still hit it, a
// point lies on it only exactly.
extension CollisionShape {
    /// The radius the queries use: the circle's own, a polygon's or segment's skin only
    /// when `includingSkin`.
    @inlinable package func queryRadius(includingSkin: Bool) -> Double {
        if case .circle = geometry { return radius }
        return includingSkin ? radius : 0
    }

    /// Whether `point` (points) lies on the outline placed by `transform`, boundary
    /// included.
    ///
    /// - Parameter includingSkin: whether the 1 pt skin of a polygon or segment counts
    ///   (a circle is its radius either way).
    public func contains(_ point: SIMD2<Double>, placedBy transform: CollisionTransform, includingSkin: Bool = false) -> Bool {
        Self.signedDistance(from: transform.inverseApply(point), toCore: hull) <= queryRadius(includingSkin: includingSkin)
    }

    /// The first point where the segment from `start` to `end` (points) enters the
    /// outline placed by `transform`, or nil when it misses, has zero length or starts
    /// inside the outline (Box2D's convention: a ray cast from inside reports nothing).
    public func rayCast(
        from start: SIMD2<Double>, to end: SIMD2<Double>, placedBy transform: CollisionTransform,
        includingSkin: Bool = false
    ) -> RayIntersection? {
        let p = transform.inverseApply(start), d = transform.inverseRotate(end - start)
        guard let (t, n) = Self.entry(into: hull, radius: queryRadius(includingSkin: includingSkin), from: p, along: d)
        else { return nil }
        return RayIntersection(point: start + t * (end - start), normal: transform.rotate(n), fraction: t)
    }

    /// The first contact of this outline, placed by `transform` and moved by
    /// `translation` (points), with `other` placed by `otherTransform`, or nil when it
    /// never touches along the way. The normal points from `other` towards this shape;
    /// an outline that overlaps `other` from the start reports fraction 0, a zero normal
    /// and the moving shape's origin as the point.
    public func cast(
        placedBy transform: CollisionTransform, translation: SIMD2<Double>,
        against other: CollisionShape, placedBy otherTransform: CollisionTransform, includingSkin: Bool = false
    ) -> RayIntersection? {
        let rA = queryRadius(includingSkin: includingSkin), rB = other.queryRadius(includingSkin: includingSkin)
        if overlaps(other, transform, otherTransform, rA + rB) {
            return RayIntersection(point: transform.position, normal: .zero, fraction: 0)
        }
        // This shape at x + t·δ touches `other` when t·δ ∈ B ⊖ A = {b − a}, rounded by
        // rA + rB: a ray from the origin against the Minkowski difference of the cores.
        let difference = Self.minkowskiDifference(other.hull.vertices.map(otherTransform.apply),
                                                  hull.vertices.map(transform.apply))
        guard let (t, n) = Self.entry(into: difference, radius: rA + rB, from: .zero, along: translation)
        else { return nil }
        // The touching point: on `other`'s outline, along the normal from its core.
        let moved = CollisionTransform(position: transform.position + t * translation,
                                       cosine: transform.cosine, sine: transform.sine)
        let closest = ShapeDistance.compute(hull, moved, other.hull, otherTransform, includeRadii: false)
        return RayIntersection(point: closest.pointB + rB * n, normal: n, fraction: t)
    }

    /// Whether this outline placed by `transform` and `other` placed by
    /// `otherTransform` share a point (touching counts).
    public func overlaps(
        _ other: CollisionShape, placedBy transform: CollisionTransform, _ otherTransform: CollisionTransform,
        includingSkin: Bool = false
    ) -> Bool {
        overlaps(other, transform, otherTransform, queryRadius(includingSkin: includingSkin) + other.queryRadius(includingSkin: includingSkin))
    }

    /// Whether the cores placed by `a` and `b` come within `radii`: whether the origin is
    /// within `radii` of their Minkowski difference B ⊖ A. (GJK's distance is not used:
    /// for one shape nested in another its simplex can end on an edge through the origin,
    /// and the rounding left there, 10⁻¹⁶ pt, read as a gap between shapes that overlap.)
    private func overlaps(_ other: CollisionShape, _ a: CollisionTransform, _ b: CollisionTransform, _ radii: Double) -> Bool {
        let difference = Self.minkowskiDifference(other.hull.vertices.map(b.apply), hull.vertices.map(a.apply))
        return Self.signedDistance(from: .zero, toCore: difference) <= radii
    }

    // MARK: - Geometry on core hulls

    /// Signed distance from `p` to the core hull, points: the distance outside, and
    /// inside a polygon (3 or more vertices) minus the depth below its nearest face.
    @usableFromInline package static func signedDistance(from p: SIMD2<Double>, toCore hull: ConvexPolygon) -> Double {
        let v = hull.vertices
        if v.count == 1 { return Planar.distance(p, v[0]) }
        if v.count >= 3 {
            var separation = -Double.infinity
            for i in v.indices { separation = max(separation, Planar.dot(hull.normals[i], p - v[i])) }
            if separation <= 0 { return separation }
        }
        // Outside a polygon, or by a segment: the nearest edge.
        var best = Double.infinity
        let edges = v.count == 2 ? 1 : v.count
        for i in 0..<edges {
            let a = v[i], e = v[(i + 1) % v.count] - a
            let s = min(max(Planar.dot(p - a, e) / Planar.lengthSquared(e), 0), 1)
            best = min(best, Planar.distance(p, a + s * e))
        }
        return best
    }

    /// The first t ∈ [0, 1] at which p + t·d enters the set of points within `r` of the
    /// core hull, with the outward normal there; nil when it misses, d = 0 or p starts
    /// strictly inside.
    ///
    /// The rounded hull is convex and its boundary is made of the faces pushed out by r
    /// (vᵢ + r·nᵢ … vᵢ₊₁ + r·nᵢ) and arcs of the discs of radius r at the vertices. Every
    /// candidate below is a point of the set where the path crosses one of those pieces
    /// inwards, and the true entry point is one of them, so the smallest is the entry.
    @usableFromInline package static func entry(
        into hull: ConvexPolygon, radius r: Double, from p: SIMD2<Double>, along d: SIMD2<Double>
    ) -> (t: Double, normal: SIMD2<Double>)? {
        let dd = Planar.lengthSquared(d)
        guard dd > 0, signedDistance(from: p, toCore: hull) >= r else { return nil }
        let v = hull.vertices
        var best: (t: Double, normal: SIMD2<Double>)? = nil
        // Faces: a polygon has one per edge, a segment two (its sides, normals n and −n).
        let faces = v.count == 1 ? 0 : (v.count == 2 ? 2 : v.count)
        for i in 0..<faces {
            let n = hull.normals[i]
            let approach = Planar.dot(n, d)
            guard approach < 0 else { continue }
            let a = v[i], e = v[(i + 1) % v.count] - a
            // n·(p + t·d) = n·vᵢ + r
            let t = (Planar.dot(n, a - p) + r) / approach
            guard t >= 0, t <= 1, t < (best?.t ?? .infinity) else { continue }
            let s = Planar.dot(p + t * d - a, e) / Planar.lengthSquared(e)
            if s >= 0 && s <= 1 { best = (t, n) }
        }
        // Discs at the vertices: |p + t·d − v|² = r², the smaller root. With
        // b = m·d, c = |m|² − r², m = p − v: t = (−b − √(b² − dd·c))/dd, written as
        // c/(−b + √…) so that no two nearly equal numbers are subtracted.
        if r > 0 {
            for c0 in v {
                let m = p - c0
                let b = Planar.dot(m, d), c = Planar.lengthSquared(m) - r * r
                guard b < 0 else { continue }
                let discriminant = b * b - dd * c
                guard discriminant >= 0 else { continue }
                let t = max(c, 0) / (-b + discriminant.squareRoot())
                guard t <= 1, t < (best?.t ?? .infinity) else { continue }
                best = (t, Planar.normalize(p + t * d - c0))
            }
        }
        return best
    }

    /// The convex hull of every bᵢ − aⱼ (Andrew's monotone chain, collinear points
    /// dropped), with outward normals in the collision layer's orientation: one point
    /// (two circles), two (a sliver with normals n and −n) or a polygon.
    @usableFromInline package static func minkowskiDifference(_ b: [SIMD2<Double>], _ a: [SIMD2<Double>]) -> ConvexPolygon {
        var points: [SIMD2<Double>] = []
        points.reserveCapacity(a.count * b.count)
        for q in b { for p in a { points.append(q - p) } }
        points.sort { $0.x != $1.x ? $0.x < $1.x : $0.y < $1.y }
        var hull: [SIMD2<Double>] = []
        func chain(_ sequence: some Sequence<SIMD2<Double>>, floor: Int) {
            for q in sequence {
                while hull.count >= floor + 2, Planar.cross(hull[hull.count - 1] - hull[hull.count - 2], q - hull[hull.count - 1]) <= 0 {
                    hull.removeLast()
                }
                hull.append(q)
            }
        }
        chain(points, floor: 0)
        let lowerCount = hull.count
        chain(points.reversed().dropFirst(), floor: lowerCount - 1)
        if hull.count > 1 { hull.removeLast() }  // the first point again
        // Repeated points (equal differences) collapse to one.
        if hull.count == 2 && hull[0] == hull[1] { hull.removeLast() }
        switch hull.count {
        case 1: return ConvexPolygon(unchecked: hull, normals: [], radius: 0)
        case 2:
            let n = Planar.normalize(Planar.cross(hull[1] - hull[0], 1.0))
            return ConvexPolygon(unchecked: hull, normals: [n, -n], radius: 0)
        default:
            let normals = hull.indices.map { Planar.normalize(Planar.cross(hull[($0 + 1) % hull.count] - hull[$0], 1.0)) }
            return ConvexPolygon(unchecked: hull, normals: normals, radius: 0)
        }
    }
}
