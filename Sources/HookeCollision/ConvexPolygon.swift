import Foundation
import HookeCore

/// A strictly convex polygon with a rounding skin, vertices in points in the shape's
/// local frame.
///
/// Orientation. Hooke calls a polygon "counter-clockwise" as UIKit and the scenario
/// format do: every turn has a positive cross product
/// (vᵢ − vᵢ₋₁) × (vᵢ₊₁ − vᵢ) = Δx₁·Δy₂ − Δy₁·Δx₂ > 0, equivalently a positive shoelace
/// area ½ Σ (xᵢ·yᵢ₊₁ − xᵢ₊₁·yᵢ). The example [[0, −20], [20, 20], [−20, 20]] (top,
/// bottom right, bottom left on a y-down screen) has area +800 pt²: counter-clockwise
/// when the numbers are read with y up, clockwise as drawn on screen. With that sign,
/// the outward normal of edge e = vᵢ₊₁ − vᵢ is (e.y, −e.x)/|e| — Box2D's algebra unchanged.
///
/// The skin (`radius`, 1 pt by default) rounds the polygon: the collision outline is
/// the set of points within `radius` of the core polygon, as Box2D's polygon radius.
public struct ConvexPolygon: Sendable, Hashable, Codable {
    /// Core vertices, points, counter-clockwise in the sense above.
    public let vertices: [SIMD2<Double>]
    /// Outward unit normal of edge i (from vertex i to vertex i + 1).
    public let normals: [SIMD2<Double>]
    /// Skin radius, points.
    public let radius: Double

    /// Validates `vertices` (at least 3, finite, strictly convex, positive turns, winding
    /// once) and `radius` (finite, ≥ 0).
    ///
    /// - Throws: `HookeError.invalidParameter` naming the offending vertex and what is
    ///   wrong with it (a reflex or straight corner, a repeated point, a second winding).
    public init(vertices: [SIMD2<Double>], radius: Double = CollisionParameters.skin) throws(HookeError) {
        self.radius = try Validate.nonNegative(radius, "radius")
        let n = vertices.count
        guard n >= 3 else {
            throw .invalidParameter("vertices.count", value: Double(n), requirement: "at least 3 for a polygon")
        }
        for (i, v) in vertices.enumerated() {
            _ = try Validate.finite(v.x, "vertices[\(i)].x")
            _ = try Validate.finite(v.y, "vertices[\(i)].y")
        }
        // A length scale so that "straight" and "repeated" are judged relative to the
        // polygon's size, not in absolute points.
        var scale = 0.0
        for v in vertices { scale = max(scale, abs(v.x - vertices[0].x), abs(v.y - vertices[0].y)) }
        var turning = 0.0
        for i in 0..<n {
            let a = vertices[(i + n - 1) % n], b = vertices[i], c = vertices[(i + 1) % n]
            let e1 = b - a, e2 = c - b
            if Planar.length(e2) <= 1e-12 * max(scale, 1) {
                throw .invalidParameter(
                    "vertices[\((i + 1) % n)]", value: Planar.length(e2),
                    requirement: "a point distinct from vertices[\(i)] (degenerate polygon: repeated vertex)")
            }
            let cross = Planar.cross(e1, e2)
            if cross <= 1e-12 * Planar.length(e1) * Planar.length(e2) {
                throw .invalidParameter(
                    "vertices[\(i)]", value: cross,
                    requirement: cross < 0
                        ? "a convex corner turning the same way as the others: (v[i] − v[i−1]) × (v[i+1] − v[i]) > 0 "
                            + "(polygon is concave or clockwise; expected counter-clockwise like [[0,-20],[20,20],[-20,20]])"
                        : "a proper corner (three consecutive vertices lie on a straight line: degenerate polygon)")
            }
            turning += atan2(cross, Planar.dot(e1, e2))
        }
        // Exterior angles of a simple convex polygon add up to 2π; a star with all turns
        // positive winds 4π or more. 3π separates the two with a wide margin.
        if turning > 3 * Double.pi {
            throw .invalidParameter(
                "vertices", value: turning / (2 * Double.pi),
                requirement: "a simple polygon winding once (the vertices wind around more than once)")
        }
        self.vertices = vertices
        self.normals = (0..<n).map { Planar.normalize(Planar.cross(vertices[($0 + 1) % n] - vertices[$0], 1.0)) }
    }

    /// Unchecked construction for the collision layer's own 1- and 2-vertex hulls
    /// (a circle's centre, a segment as a two-sided sliver) and rigidly moved copies of a
    /// valid polygon (`CollisionShape.transformed(by:)`).
    @usableFromInline package init(unchecked vertices: [SIMD2<Double>], normals: [SIMD2<Double>], radius: Double) {
        self.vertices = vertices
        self.normals = normals
        self.radius = radius
    }

    /// Whether the hull has the form the collision layer relies on: one vertex (a
    /// circle's centre) without normals, or two or more with a normal each, every number
    /// finite and the radius ≥ 0 (what a hull read from a snapshot must have before a
    /// query indexes it).
    @usableFromInline package var isWellFormed: Bool {
        guard radius.isFinite, radius >= 0, !vertices.isEmpty,
              vertices.count == 1 ? normals.isEmpty : normals.count == vertices.count else { return false }
        return (vertices + normals).allSatisfy { $0.x.isFinite && $0.y.isFinite }
    }

    private enum CodingKeys: String, CodingKey { case vertices, normals, radius }

    /// Reads a hull and checks it: a polygon of three or more vertices as
    /// `init(vertices:radius:)` does (convex, winding once), with its normals kept as
    /// written (a turned copy's normals are turned, not recomputed) if each lies within
    /// 10⁻⁹ of the recomputed one; one or two vertices as `isWellFormed` says.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let vertices = try c.decode([SIMD2<Double>].self, forKey: .vertices)
        let normals = try c.decode([SIMD2<Double>].self, forKey: .normals)
        let radius = try c.decode(Double.self, forKey: .radius)
        self.init(unchecked: vertices, normals: normals, radius: radius)
        let path = SnapshotError.path(c.codingPath)
        guard isWellFormed else { throw SnapshotError(path: path, "a malformed hull (vertex and normal counts, finite numbers, radius ≥ 0)") }
        if vertices.count >= 3 {
            let checked: ConvexPolygon
            do {
                checked = try ConvexPolygon(vertices: vertices, radius: radius)
            } catch {
                throw SnapshotError(path: path, "\(error)")
            }
            guard zip(checked.normals, normals).allSatisfy({ Planar.length($0 - $1) <= 1e-9 }) else {
                throw SnapshotError(path: path + ".normals", "not the outward unit normals of the edges")
            }
        }
    }

    /// The rectangle of `width` × `height` points centred on `center`, turned by `angle`.
    public static func box(
        width: Double, height: Double, center: SIMD2<Double> = .zero, angle: Double = 0,
        radius: Double = CollisionParameters.skin
    ) throws(HookeError) -> ConvexPolygon {
        let hx = try Validate.positive(width, "width") / 2
        let hy = try Validate.positive(height, "height") / 2
        _ = try Validate.finite(center.x, "center.x")
        _ = try Validate.finite(center.y, "center.y")
        _ = try Validate.finite(angle, "angle")
        let t = CollisionTransform(position: center, angle: angle)
        // Top-left, top-right, bottom-right, bottom-left on a y-down screen: positive turns.
        let corners: [SIMD2<Double>] = [SIMD2(-hx, -hy), SIMD2(hx, -hy), SIMD2(hx, hy), SIMD2(-hx, hy)]
        return try ConvexPolygon(vertices: corners.map(t.apply), radius: radius)
    }

    /// Signed shoelace area ½ Σ (xᵢ·yᵢ₊₁ − xᵢ₊₁·yᵢ) of `vertices`, pt² (positive for
    /// Hooke's counter-clockwise order).
    public static func signedArea(_ vertices: [SIMD2<Double>]) -> Double {
        var sum = 0.0
        for i in vertices.indices { sum += Planar.cross(vertices[i], vertices[(i + 1) % vertices.count]) }
        return sum / 2
    }
}
