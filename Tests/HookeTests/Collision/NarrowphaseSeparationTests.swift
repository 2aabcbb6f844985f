import Foundation
import Hooke
@testable import HookeCollision
import XCTest

/// The separating-axis search of the polygon narrowphase (`Narrowphase.maxSeparation`,
/// with its four-lane path for two boxes) against the definition evaluated in world
/// coordinates: maxᵢ minⱼ nᵢ·(wⱼ − vᵢ) over A's faces i (outward normal nᵢ through
/// vertex vᵢ) and B's vertices wⱼ.
final class NarrowphaseSeparationTests: XCTestCase {
    func separation(_ a: CollisionShape, _ xfA: CollisionTransform, _ b: CollisionShape, _ xfB: CollisionTransform)
        -> (edge: Int, separation: Double)
    {
        a.hull.withView { ha in b.hull.withView { hb in Narrowphase.maxSeparation(ha, xfA, hb, xfB) } }
    }

    /// Each face's separation, computed in world coordinates.
    func worldFaceSeparations(_ a: CollisionShape, _ xfA: CollisionTransform, _ b: CollisionShape,
                              _ xfB: CollisionTransform) -> [Double]
    {
        let wb = collisionWorldVertices(b, xfB)
        return a.hull.vertices.indices.map { i in
            let n = xfA.rotate(a.hull.normals[i]), v = xfA.apply(a.hull.vertices[i])
            return wb.map { ((($0 - v) * n).sum()) }.min()!
        }
    }

    func testTwoAxisAlignedBoxesSeparateByTheGapBetweenTheirCores() throws {
        // 40 pt boxes, centres 50 pt apart along x: the cores are 10 pt apart across A's
        // right face (face 1: top-left, top-right, bottom-right, bottom-left).
        let box = try CollisionShape.box(width: 40, height: 40)
        let r = separation(box, .identity, box, CollisionTransform(position: [50, 3], angle: 0))
        XCTAssertEqual(r.edge, 1)
        XCTAssertEqual(r.separation, 10, accuracy: 1e-12)
        // Overlapping by 5 pt along y, below A: face 2 (bottom), separation −5.
        let s = separation(box, .identity, box, CollisionTransform(position: [4, 35], angle: 0))
        XCTAssertEqual(s.edge, 2)
        XCTAssertEqual(s.separation, -5, accuracy: 1e-12)
    }

    func testTheSearchFindsTheFaceOfLargestSeparationForBoxesAndOtherPolygons() throws {
        var rng = CollisionRandom(seed: 21)
        let shapes: [CollisionShape] = [
            try .box(width: 40, height: 40), try .box(width: 100, height: 20),
            try .box(width: 30, height: 12, center: [4, -3], angle: 0.7),
            try .polygon([[0, -12], [12, 10], [-12, 10]]),
            try .polygon([[0, -20], [19, -6], [12, 16], [-12, 16], [-19, -6]]),
        ]
        for _ in 0..<4000 {
            let a = shapes[Int(rng.next() % UInt64(shapes.count))], b = shapes[Int(rng.next() % UInt64(shapes.count))]
            let xfA = CollisionTransform(position: [Double.random(in: -20...20, using: &rng), Double.random(in: -20...20, using: &rng)],
                                         angle: Double.random(in: -4...4, using: &rng))
            let xfB = CollisionTransform(position: [Double.random(in: -80...80, using: &rng), Double.random(in: -80...80, using: &rng)],
                                         angle: Double.random(in: -4...4, using: &rng))
            let faces = worldFaceSeparations(a, xfA, b, xfB)
            let best = faces.max()!
            let r = separation(a, xfA, b, xfB)
            XCTAssertEqual(r.separation, best, accuracy: 1e-9)
            XCTAssertEqual(faces[r.edge], best, accuracy: 1e-9, "the reported face attains the maximum")
        }
    }
}
