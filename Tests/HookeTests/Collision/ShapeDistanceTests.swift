import Foundation
import Hooke
import XCTest

/// GJK distances against the distance of separated convex polygons computed directly:
/// the smallest vertex-to-edge distance over both polygons.
final class ShapeDistanceTests: XCTestCase {
    func testSeparatedPolygonsMatchTheVertexEdgeMinimum() throws {
        var rng = CollisionRandom(seed: 21)
        var checked = 0
        for _ in 0..<400 {
            func randomPolygon() throws -> CollisionShape {
                let n = Int.random(in: 3...8, using: &rng)
                let r = Double.random(in: 5...40, using: &rng)
                let angles = (0..<n).map { k in 2 * Double.pi * (Double(k) + .random(in: 0..<0.8, using: &rng)) / Double(n) }
                return try CollisionShape.polygon(angles.map { r * SIMD2(cos($0), sin($0)) })
            }
            let a = try randomPolygon(), b = try randomPolygon()
            let xfA = CollisionTransform(position: [.random(in: -50...50, using: &rng), 0], angle: .random(in: -3...3, using: &rng))
            let xfB = CollisionTransform(position: [.random(in: -50...50, using: &rng), .random(in: -90...90, using: &rng)],
                                         angle: .random(in: -3...3, using: &rng))
            let va = collisionWorldVertices(a, xfA), vb = collisionWorldVertices(b, xfB)
            // Skip overlapping pairs (a separating face exists iff the cores are disjoint).
            func separated(_ p: [SIMD2<Double>], _ q: [SIMD2<Double>]) -> Bool {
                p.indices.contains { i in
                    let e = p[(i + 1) % p.count] - p[i]
                    let n = SIMD2(e.y, -e.x)
                    return q.allSatisfy { (($0 - p[i]) * n).sum() > 0 }
                }
            }
            guard separated(va, vb) || separated(vb, va) else { continue }
            var reference = Double.infinity
            for (p, q) in [(va, vb), (vb, va)] {
                for v in p { for i in q.indices { reference = min(reference, collisionPointSegmentDistance(v, q[i], q[(i + 1) % q.count])) } }
            }
            let core = ShapeDistance.between(a, xfA, b, xfB, includeRadii: false)
            XCTAssertEqual(core.distance, reference, accuracy: 1e-9 * max(1, reference))
            XCTAssertEqual(collisionLength(core.pointB - core.pointA), core.distance, accuracy: 1e-9)
            if reference > 2 {
                let skinned = ShapeDistance.between(a, xfA, b, xfB)
                XCTAssertEqual(skinned.distance, reference - 2, accuracy: 1e-9 * max(1, reference))
            }
            checked += 1
        }
        XCTAssertGreaterThan(checked, 150)
    }

    func testOverlappingCoresAndCirclesAgainstEdges() throws {
        let a = try CollisionShape.box(width: 40, height: 40)
        let b = try CollisionShape.box(width: 40, height: 40)
        let overlap = ShapeDistance.between(a, .identity, b, CollisionTransform(position: [30, 5], angle: 0.2))
        XCTAssertEqual(overlap.distance, 0)
        // A circle of radius 5 at (10, −20) above an edge along y = 0 from x = 0 to 100:
        // core distance 20 (centre to line), outline distance 20 − 5 − 1.
        let edge = try CollisionShape.segment(from: [0, 0], to: [100, 0])
        let circle = try CollisionShape.circle(radius: 5)
        let d = ShapeDistance.between(circle, CollisionTransform(position: [10, -20], angle: 0), edge, .identity)
        XCTAssertEqual(d.distance, 14, accuracy: 1e-12)
        XCTAssertEqual(d.pointB.x, 10, accuracy: 1e-12)
        XCTAssertEqual(d.pointB.y, -1, accuracy: 1e-12)
        XCTAssertEqual(d.normal.y, 1, accuracy: 1e-15)
        // Beyond the end: centre (−30, −40) is 50 from the end point (0, 0).
        let corner = ShapeDistance.between(circle, CollisionTransform(position: [-30, -40], angle: 0), edge, .identity)
        XCTAssertEqual(corner.distance, 44, accuracy: 1e-12)
    }
}
