import HookeCore

/// The closest points of two placed shapes, by the Gilbert–Johnson–Keerthi algorithm.
///
/// GJK (Gilbert, Johnson & Keerthi, IEEE J. Robotics and Automation 4(2), 1988) walks a
/// simplex of the Minkowski difference B − A towards the origin; the barycentric
/// sub-simplex solver follows Box2D's `b2Distance` (signed Voronoi regions of
/// Ericson, "Real-Time Collision Detection" §5.1, 9.5). The cores are compared; the
/// skins are then subtracted when `includeRadii` is set.
public struct ShapeDistance: Sendable, Hashable {
    /// Closest point on A, points (on A's skin when radii are included).
    public var pointA: SIMD2<Double>
    /// Closest point on B, points.
    public var pointB: SIMD2<Double>
    /// Distance between the outlines, points; 0 when they overlap.
    public var distance: Double
    /// Unit direction from `pointA` to `pointB` (zero when the cores overlap).
    public var normal: SIMD2<Double>
    /// GJK iterations used.
    public var iterations: Int

    /// Distance between `shapeA` placed by `transformA` and `shapeB` by `transformB`.
    ///
    /// - Parameter includeRadii: false measures the core outlines (what continuous
    ///   collision targets); true the skinned outlines.
    public static func between(
        _ shapeA: CollisionShape, _ transformA: CollisionTransform,
        _ shapeB: CollisionShape, _ transformB: CollisionTransform,
        includeRadii: Bool = true
    ) -> ShapeDistance {
        compute(shapeA.hull, transformA, shapeB.hull, transformB, includeRadii: includeRadii)
    }

    private struct SimplexVertex {
        @usableFromInline package var wA: SIMD2<Double>, wB: SIMD2<Double>, w: SIMD2<Double>
        @usableFromInline package var a: Double
        @usableFromInline package var indexA: Int, indexB: Int
    }

    @inline(__always)
    private static func support(_ vertices: [SIMD2<Double>], _ d: SIMD2<Double>) -> Int {
        var best = 0, bestValue = Planar.dot(vertices[0], d)
        for i in 1..<vertices.count {
            let v = Planar.dot(vertices[i], d)
            if v > bestValue { best = i; bestValue = v }
        }
        return best
    }

    @usableFromInline package static func compute(
        _ a: ConvexPolygon, _ xfA: CollisionTransform, _ b: ConvexPolygon, _ xfB: CollisionTransform,
        includeRadii: Bool
    ) -> ShapeDistance {
        func vertex(_ iA: Int, _ iB: Int) -> SimplexVertex {
            let wA = xfA.apply(a.vertices[iA]), wB = xfB.apply(b.vertices[iB])
            return SimplexVertex(wA: wA, wB: wB, w: wB - wA, a: 1, indexA: iA, indexB: iB)
        }
        var v = [vertex(0, 0), vertex(0, 0), vertex(0, 0)]
        var count = 1
        var iterations = 0
        let maxIterations = 30
        while iterations < maxIterations {
            // The support pairs already in the simplex: a repeat means no progress.
            let saveCount = count
            let saveA = (v[0].indexA, v[1].indexA, v[2].indexA), saveB = (v[0].indexB, v[1].indexB, v[2].indexB)
            if count == 2 { solve2(&v, &count) } else if count == 3 { solve3(&v, &count) }
            if count == 3 { break }  // the origin is inside the triangle: the cores overlap
            let d: SIMD2<Double>
            if count == 1 {
                d = -v[0].w
            } else {
                let e12 = v[1].w - v[0].w
                // Towards the origin, perpendicular to the edge.
                d = Planar.cross(e12, -v[0].w) > 0 ? Planar.cross(1.0, e12) : Planar.cross(e12, 1.0)
            }
            if Planar.lengthSquared(d) < 1e-30 { break }
            let iA = support(a.vertices, xfA.inverseRotate(-d))
            let iB = support(b.vertices, xfB.inverseRotate(d))
            iterations += 1
            if (saveA.0 == iA && saveB.0 == iB)
                || (saveCount > 1 && saveA.1 == iA && saveB.1 == iB)
                || (saveCount > 2 && saveA.2 == iA && saveB.2 == iB) { break }
            v[count] = vertex(iA, iB)
            count += 1
        }
        var pA: SIMD2<Double>, pB: SIMD2<Double>
        switch count {
        case 1: pA = v[0].wA; pB = v[0].wB
        case 2:
            pA = v[0].a * v[0].wA + v[1].a * v[1].wA
            pB = v[0].a * v[0].wB + v[1].a * v[1].wB
        default:
            pA = v[0].a * v[0].wA + v[1].a * v[1].wA + v[2].a * v[2].wA
            pB = pA
        }
        var distance = Planar.distance(pA, pB)
        let normal = distance > 1e-12 ? (pB - pA) / distance : .zero
        if includeRadii {
            let rA = a.radius, rB = b.radius
            if distance > rA + rB && distance > 1e-12 {
                distance -= rA + rB
                pA += rA * normal
                pB -= rB * normal
            } else {
                let mid = (pA + pB) / 2
                pA = mid; pB = mid; distance = 0
            }
        }
        return ShapeDistance(pointA: pA, pointB: pB, distance: distance, normal: normal, iterations: iterations)
    }

    /// Closest point of segment w₁w₂ to the origin, as barycentric weights.
    private static func solve2(_ v: inout [SimplexVertex], _ count: inout Int) {
        let w1 = v[0].w, w2 = v[1].w, e12 = w2 - w1
        let d12_2 = -Planar.dot(w1, e12)
        if d12_2 <= 0 { v[0].a = 1; count = 1; return }  // region of w1
        let d12_1 = Planar.dot(w2, e12)
        if d12_1 <= 0 { v[1].a = 1; v[0] = v[1]; count = 1; return }  // region of w2
        let inv = 1 / (d12_1 + d12_2)
        v[0].a = d12_1 * inv
        v[1].a = d12_2 * inv
        count = 2
    }

    /// Closest point of triangle w₁w₂w₃ to the origin: vertex, edge or interior region.
    private static func solve3(_ v: inout [SimplexVertex], _ count: inout Int) {
        let w1 = v[0].w, w2 = v[1].w, w3 = v[2].w
        let e12 = w2 - w1, e13 = w3 - w1, e23 = w3 - w2
        let d12_1 = Planar.dot(w2, e12), d12_2 = -Planar.dot(w1, e12)
        let d13_1 = Planar.dot(w3, e13), d13_2 = -Planar.dot(w1, e13)
        let d23_1 = Planar.dot(w3, e23), d23_2 = -Planar.dot(w2, e23)
        let n123 = Planar.cross(e12, e13)
        let d123_1 = n123 * Planar.cross(w2, w3)
        let d123_2 = n123 * Planar.cross(w3, w1)
        let d123_3 = n123 * Planar.cross(w1, w2)
        if d12_2 <= 0 && d13_2 <= 0 { v[0].a = 1; count = 1; return }
        if d12_1 > 0 && d12_2 > 0 && d123_3 <= 0 {
            let inv = 1 / (d12_1 + d12_2)
            v[0].a = d12_1 * inv; v[1].a = d12_2 * inv; count = 2; return
        }
        if d13_1 > 0 && d13_2 > 0 && d123_2 <= 0 {
            let inv = 1 / (d13_1 + d13_2)
            v[0].a = d13_1 * inv; v[2].a = d13_2 * inv; v[1] = v[2]; count = 2; return
        }
        if d12_1 <= 0 && d23_2 <= 0 { v[1].a = 1; v[0] = v[1]; count = 1; return }
        if d13_1 <= 0 && d23_1 <= 0 { v[2].a = 1; v[0] = v[2]; count = 1; return }
        if d23_1 > 0 && d23_2 > 0 && d123_1 <= 0 {
            let inv = 1 / (d23_1 + d23_2)
            v[1].a = d23_1 * inv; v[2].a = d23_2 * inv; v[0] = v[2]; count = 2; return
        }
        let inv = 1 / (d123_1 + d123_2 + d123_3)
        v[0].a = d123_1 * inv; v[1].a = d123_2 * inv; v[2].a = d123_3 * inv
        count = 3
    }
}
