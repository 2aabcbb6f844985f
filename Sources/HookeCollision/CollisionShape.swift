import Foundation
import HookeCore

/// The collision outline of one body, in the body's local frame, points.
///
/// Three geometries cover UIKit's shapes, as in Box2D: a circle (an ellipse with equal
/// axes), a convex polygon with a 1 pt skin (rectangles, polygon paths, ellipses
/// approximated as documented in `ellipse(width:height:center:maximumError:)`) and an
/// edge segment with a 1 pt skin (boundaries; chains and loops are arrays of them).
/// Each shape also carries its mass properties per unit density.
public struct CollisionShape: Sendable, Hashable, Codable {
    /// The outline.
    public enum Geometry: Sendable, Hashable, Codable {
        /// A disc of `radius` points centred on `center` (no extra skin: the radius is the skin).
        case circle(center: SIMD2<Double>, radius: Double)
        /// A rounded convex polygon.
        case polygon(ConvexPolygon)
        /// A rounded, two-sided edge.
        case segment(EdgeSegment)
    }

    /// The outline.
    public let geometry: Geometry
    /// Area, centroid and polar moment per unit density. Edges have zero area.
    public let massProperties: MassProperties

    /// The core outline as a convex point set with normals and a radius: a circle is one
    /// point, a segment two (with normals n and −n), a polygon its vertices. The
    /// narrowphase and the distance queries work on this single form, built once here.
    @usableFromInline package let hull: ConvexPolygon

    @usableFromInline package init(geometry: Geometry, massProperties: MassProperties) {
        self.geometry = geometry
        self.massProperties = massProperties
        switch geometry {
        case let .circle(center, r): hull = ConvexPolygon(unchecked: [center], normals: [], radius: r)
        case let .polygon(p): hull = p
        case let .segment(s):
            let n = s.normal
            hull = ConvexPolygon(unchecked: [s.start, s.end], normals: [n, -n], radius: s.radius)
        }
    }

    private enum CodingKeys: String, CodingKey { case geometry, massProperties }

    /// Reads the outline and its mass properties; the hull is built from the outline.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(geometry: try c.decode(Geometry.self, forKey: .geometry),
                  massProperties: try c.decode(MassProperties.self, forKey: .massProperties))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(geometry, forKey: .geometry)
        try c.encode(massProperties, forKey: .massProperties)
    }

    public static func == (a: CollisionShape, b: CollisionShape) -> Bool {
        a.geometry == b.geometry && a.massProperties == b.massProperties
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(geometry)
        hasher.combine(massProperties)
    }

    /// A disc of `radius` points centred on `center`.
    ///
    /// Mass per unit density: area πr², polar moment πr⁴/2 (so I = m·r²/2).
    public static func circle(radius: Double, center: SIMD2<Double> = .zero) throws(HookeError) -> CollisionShape {
        let r = try Validate.positive(radius, "radius")
        _ = try Validate.finite(center.x, "center.x")
        _ = try Validate.finite(center.y, "center.y")
        let area = Double.pi * r * r
        return CollisionShape(
            geometry: .circle(center: center, radius: r),
            massProperties: MassProperties(area: area, centroid: center, inertia: area * r * r / 2))
    }

    /// A `width` × `height` rectangle centred on `center`, turned by `angle` radians,
    /// with a skin of `skin` points.
    ///
    /// Mass per unit density: area w·h, polar moment w·h·(w² + h²)/12.
    public static func box(
        width: Double, height: Double, center: SIMD2<Double> = .zero, angle: Double = 0,
        skin: Double = CollisionParameters.skin
    ) throws(HookeError) -> CollisionShape {
        let polygon = try ConvexPolygon.box(width: width, height: height, center: center, angle: angle, radius: skin)
        return CollisionShape(geometry: .polygon(polygon), massProperties: MassProperties.polygon(polygon.vertices))
    }

    /// A convex polygon through `vertices` (points, counter-clockwise as
    /// `ConvexPolygon` defines it) with a skin of `skin` points.
    ///
    /// - Throws: `HookeError.invalidParameter` for fewer than three vertices, a concave,
    ///   clockwise or degenerate outline, naming the vertex at fault.
    public static func polygon(_ vertices: [SIMD2<Double>], skin: Double = CollisionParameters.skin) throws(HookeError) -> CollisionShape {
        let polygon = try ConvexPolygon(vertices: vertices, radius: skin)
        return CollisionShape(geometry: .polygon(polygon), massProperties: MassProperties.polygon(vertices))
    }

    /// A two-sided edge from `start` to `end` with a skin of `skin` points (no mass).
    public static func segment(
        from start: SIMD2<Double>, to end: SIMD2<Double>, skin: Double = CollisionParameters.skin
    ) throws(HookeError) -> CollisionShape {
        let s = try EdgeSegment(from: start, to: end, radius: skin)
        return CollisionShape(
            geometry: .segment(s), massProperties: MassProperties(area: 0, centroid: (start + end) / 2, inertia: 0))
    }

    /// The skin radius of the outline, points (a circle's own radius).
    public var radius: Double {
        switch geometry {
        case let .circle(_, r): return r
        case let .polygon(p): return p.radius
        case let .segment(s): return s.radius
        }
    }

    /// The bounding box of the outline (skin included) placed by `transform`, points.
    public func aabb(_ transform: CollisionTransform) -> AABB {
        switch geometry {
        case let .circle(center, r):
            let c = transform.apply(center)
            return AABB(unchecked: c - SIMD2(repeating: r), c + SIMD2(repeating: r))
        case let .polygon(p):
            var lo = transform.apply(p.vertices[0]), hi = lo
            for v in p.vertices.dropFirst() {
                let w = transform.apply(v)
                lo = Planar.minimum(lo, w)
                hi = Planar.maximum(hi, w)
            }
            return AABB(unchecked: lo - SIMD2(repeating: p.radius), hi + SIMD2(repeating: p.radius))
        case let .segment(s):
            let a = transform.apply(s.start), b = transform.apply(s.end)
            return AABB(unchecked: Planar.minimum(a, b) - SIMD2(repeating: s.radius), Planar.maximum(a, b) + SIMD2(repeating: s.radius))
        }
    }
}
