import Foundation
import Hooke
@testable import HookeCollision
import XCTest

/// The two-box narrowphase (`Narrowphase.boxes`, computed in the reference box's frame)
/// against contact points worked out by hand and against the general polygon routine
/// (`Narrowphase.polygons`, computed in world coordinates), which it must match up to
/// rounding: the same points, features, anchoring and normal.
final class NarrowphaseBoxesTests: XCTestCase {
    func boxes(_ a: CollisionShape, _ xfA: CollisionTransform, _ b: CollisionShape, _ xfB: CollisionTransform,
               margin: Double = 0) -> ContactManifold
    {
        a.hull.withView { ha in b.hull.withView { hb in Narrowphase.boxes(ha, xfA, hb, xfB, margin) } }
    }

    func polygons(_ a: CollisionShape, _ xfA: CollisionTransform, _ b: CollisionShape, _ xfB: CollisionTransform,
                  margin: Double = 0) -> ContactManifold
    {
        a.hull.withView { ha in b.hull.withView { hb in Narrowphase.polygons(ha, xfA, hb, xfB, margin) } }
    }

    func testOnlyOriginCentredUnturnedBoxesQualify() throws {
        func extents(_ s: CollisionShape) -> SIMD2<Double> { s.hull.withView { $0.halfExtents } }
        XCTAssertEqual(extents(try .box(width: 100, height: 30)), SIMD2(50, 15))
        XCTAssertEqual(extents(try .polygon([[-2, -3], [2, -3], [2, 3], [-2, 3]])), SIMD2(2, 3))
        XCTAssertEqual(extents(try .box(width: 100, height: 30, center: [1, 0])), .zero)
        XCTAssertEqual(extents(try .box(width: 100, height: 30, angle: 0.1)), .zero)
        // The same rectangle listed from another corner has other face numbers.
        XCTAssertEqual(extents(try .polygon([[2, -3], [2, 3], [-2, 3], [-2, -3]])), .zero)
        XCTAssertEqual(extents(try .polygon([[-2, -3], [2, -3], [3, 3], [-2, 3]])), .zero)
        XCTAssertEqual(extents(try .circle(radius: 4)), .zero)
        // The world's table of hulls records the same.
        var table = HullTable()
        table.append(try .circle(radius: 4))
        table.append(try .box(width: 8, height: 6))
        table.withHulls { hulls in
            XCTAssertEqual(hulls[0].halfExtents, .zero)
            XCTAssertEqual(hulls[1].halfExtents, SIMD2(4, 3))
        }
    }

    /// Two 100 pt boxes as in a pyramid (y down): B above A, 51 pt to the right, their
    /// cores 2 pt apart, i.e. the 1 pt skins just touch. Both separations are 2 − 2 = 0,
    /// so A's top face (face 0, y = −50, normal (0, −1)) is the reference; B's bottom
    /// face (face 2, corners (50, 50) and (−50, 50) of B, at A-frame x = 101 and 1) is
    /// incident; its corner at x = 101 lies beyond A's widened side plane x = 50 + 2 and
    /// is cut there. Points sit at y = −51, midway between the skins, and the whole
    /// picture is turned by `angle` and moved by `shift`.
    func testPyramidNeighboursTouchWhereTheIncidentFaceIsClipped() throws {
        let box = try CollisionShape.box(width: 100, height: 100)
        for (angle, shift) in [(0.0, SIMD2(0.0, 0)), (0.3, SIMD2(-4000, 2500)), (-2.5, SIMD2(17, -3))] {
            let xfA = CollisionTransform(position: shift, angle: angle)
            let xfB = CollisionTransform(position: xfA.apply([51, -102]), angle: angle)
            let m = boxes(box, xfA, box, xfB)
            XCTAssertEqual(m.pointCount, 2)
            XCTAssertEqual(m.kind, .faceA)
            XCTAssertEqual(m.localNormal, SIMD2(0, -1))
            XCTAssertEqual(m.localPoint, SIMD2(-50, -50))
            let n = xfA.rotate([0, -1])
            XCTAssertEqual(m.normal.x, n.x, accuracy: 1e-15)
            XCTAssertEqual(m.normal.y, n.y, accuracy: 1e-15)
            // First the kept corner (A's face 0 against B's vertex 3), then the cut one
            // (A's vertex 1, the face's far end, against B's face 2).
            let expected: [(SIMD2<Double>, SIMD2<Double>, ContactFeature)] = [
                ([1, -51], [-50, 50], ContactFeature(indexA: 0, kindA: .face, indexB: 3, kindB: .vertex)),
                ([52, -51], [1, 50], ContactFeature(indexA: 1, kindA: .vertex, indexB: 2, kindB: .face)),
            ]
            for (p, (position, local, feature)) in zip(m.points, expected) {
                let world = xfA.apply(position)
                XCTAssertEqual(p.position.x, world.x, accuracy: 1e-9)
                XCTAssertEqual(p.position.y, world.y, accuracy: 1e-9)
                XCTAssertEqual(p.separation, 0, accuracy: 1e-9)
                XCTAssertEqual(p.localPoint.x, local.x, accuracy: 1e-9)
                XCTAssertEqual(p.localPoint.y, local.y, accuracy: 1e-9)
                XCTAssertEqual(p.feature, feature)
            }
            // B first: B's bottom face is the reference, the features and normal mirror.
            let r = boxes(box, xfB, box, xfA)
            XCTAssertEqual(r.kind, .faceA)
            XCTAssertEqual(r.localNormal, SIMD2(0, 1))
            XCTAssertEqual(r.normal.x, -n.x, accuracy: 1e-15)
            XCTAssertEqual(r.normal.y, -n.y, accuracy: 1e-15)
            // Corners of A's top face, (−50, −50) and (50, −50), at B-frame x = −101 and
            // −1; the first is cut at B's side plane x = −52.
            let xs = r.points.map { xfB.inverseApply($0.position).x }
            XCTAssertEqual(xs[0], -1, accuracy: 1e-9)
            XCTAssertEqual(xs[1], -52, accuracy: 1e-9)
        }
    }

    /// A 40 pt box turned by 0.4 rad above a 200 × 20 ground: only its lowest corner
    /// reaches the ground's top face; that corner is at depth (20·cos 0.4 + 20·sin 0.4)
    /// below the box's centre, so the separation of the skins is
    /// (y_top − 1) − (y_centre + depth + 1).
    func testTurnedBoxTouchesAtItsLowestCorner() throws {
        let ground = try CollisionShape.box(width: 200, height: 20)
        let box = try CollisionShape.box(width: 40, height: 40)
        let depth = 20 * cos(0.4) + 20 * sin(0.4)
        let centreY = 100 - depth - 0.5  // the core corner 0.5 pt above the ground's core
        let m = boxes(ground, CollisionTransform(position: [0, 110], angle: 0),
                      box, CollisionTransform(position: [3, centreY], angle: 0.4))
        XCTAssertEqual(m.pointCount, 1)
        XCTAssertEqual(m.normal, SIMD2(0, -1))
        XCTAssertEqual(m[0].separation, 0.5 - 2, accuracy: 1e-12)
        XCTAssertEqual(m[0].feature.kindA, .face)
        XCTAssertEqual(m[0].feature.indexA, 0)
        XCTAssertEqual(m[0].feature.kindB, .vertex)
        // The corner (turned (20, 20) → x = 20·cos − 20·sin) and the skins' midpoint.
        XCTAssertEqual(m[0].position.x, 3 + 20 * cos(0.4) - 20 * sin(0.4), accuracy: 1e-12)
        XCTAssertEqual(m[0].position.y, 100 - 0.5 / 2, accuracy: 1e-12)
    }

    /// Random pairs of boxes, from far apart to deeply overlapping, with and without a
    /// speculative margin: the box routine and the polygon routine agree.
    func testMatchesThePolygonRoutineUpToRounding() throws {
        var rng = CollisionRandom(seed: 77)
        let shapes: [CollisionShape] = [
            try .box(width: 100, height: 100), try .box(width: 40, height: 10),
            try .box(width: 2400, height: 100), try .box(width: 3, height: 7),
        ]
        var compared = 0
        for trial in 0..<20_000 {
            let a = shapes[Int(rng.next() % 4)], b = shapes[Int(rng.next() % 4)]
            // Half the trials near a pile's configuration: nearly level, nearly touching.
            let level = trial % 2 == 0
            let spread = level ? 0.05 : 4.0
            let xfA = CollisionTransform(
                position: [Double.random(in: -3000...3000, using: &rng), Double.random(in: -3000...3000, using: &rng)],
                angle: Double.random(in: -spread...spread, using: &rng))
            let offset = SIMD2(Double.random(in: -120...120, using: &rng), Double.random(in: -120...120, using: &rng))
            let xfB = CollisionTransform(position: xfA.position + offset,
                                         angle: Double.random(in: -spread...spread, using: &rng))
            let margin = trial % 3 == 0 ? 2.0 : 0
            let fast = boxes(a, xfA, b, xfB, margin: margin), general = polygons(a, xfA, b, xfB, margin: margin)
            XCTAssertEqual(fast.pointCount, general.pointCount, "trial \(trial)")
            guard fast.pointCount == general.pointCount else { continue }
            compared += fast.pointCount
            XCTAssertEqual(fast.kind, general.kind)
            XCTAssertEqual(fast.localNormal, general.localNormal)
            XCTAssertEqual(fast.localPoint, general.localPoint)
            XCTAssertEqual(fast.radiusA, general.radiusA)
            XCTAssertEqual(fast.radiusB, general.radiusB)
            // The polygon routine's normal is the normalised difference of two world
            // corners up to 3000 pt from the origin (rounding 2e-13 pt) along a face as
            // short as 3 pt; the box routine's is the turned axis.
            XCTAssertEqual(collisionLength(fast.normal - general.normal), 0, accuracy: 1e-12)
            for (p, q) in zip(fast.points, general.points) {
                XCTAssertEqual(p.feature, q.feature, "trial \(trial)")
                // Coordinates up to 3000 pt: a few ulps of 4096 are 1e-12.
                XCTAssertEqual(collisionLength(p.position - q.position), 0, accuracy: 1e-9)
                XCTAssertEqual(p.separation, q.separation, accuracy: 1e-9)
                XCTAssertEqual(collisionLength(p.localPoint - q.localPoint), 0, accuracy: 1e-9)
            }
        }
        XCTAssertGreaterThan(compared, 5000, "enough touching pairs to compare")
    }

    func testTheDispatcherSendsBoxPairsHere() throws {
        let box = try CollisionShape.box(width: 100, height: 100)
        let xfA = CollisionTransform(position: [10, 20], angle: 0.2)
        let xfB = CollisionTransform(position: xfA.apply([51, -101.5]), angle: 0.21)
        let m = Narrowphase.collide(box, xfA, box, xfB)
        XCTAssertGreaterThan(m.pointCount, 0)
        XCTAssertEqual(m, boxes(box, xfA, box, xfB))
    }
}
