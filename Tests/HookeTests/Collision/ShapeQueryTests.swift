import Foundation
import Hooke
import XCTest

/// Point, ray, shape-cast and overlap queries on single outlines (#20, item 2), checked
/// against intersections computed independently: the ray–circle quadratic in 80-bit
/// arithmetic, the slab test in a rotated box's own frame, and the closed forms of a
/// disc and a turned box sliding into a wall.
final class ShapeQueryTests: XCTestCase {
    // MARK: - Rays

    func testRayThroughACircleEntersWhereTheQuadraticSays() throws {
        let circle = try CollisionShape.circle(radius: 10)
        let placed = CollisionTransform(position: SIMD2(50, 20), angle: 0.7)
        // Straight through the centre: enters 10 pt before it.
        let straight = try XCTUnwrap(circle.rayCast(from: SIMD2(-50, 20), to: SIMD2(150, 20), placedBy: placed))
        XCTAssertEqual(straight.fraction, 90.0 / 200.0, accuracy: 1e-15)
        XCTAssertEqual(straight.point.x, 40, accuracy: 1e-12)
        XCTAssertEqual(straight.normal.x, -1, accuracy: 1e-15)
        XCTAssertEqual(straight.normal.y, 0, accuracy: 1e-15)

        var random = SplitMix64(seed: 31)
        var hits = 0
        for _ in 0..<2000 {
            let a = SIMD2(random.uniform(-100...200), random.uniform(-100...150))
            let b = SIMD2(random.uniform(-100...200), random.uniform(-100...150))
            // |a + t(b − a) − c|² = r², smaller root, in Float80.
            let m = (Float80(a.x - 50), Float80(a.y - 20)), d = (Float80(b.x - a.x), Float80(b.y - a.y))
            let qa = d.0 * d.0 + d.1 * d.1, qb = 2 * (m.0 * d.0 + m.1 * d.1), qc = m.0 * m.0 + m.1 * m.1 - 100
            let disc = qb * qb - 4 * qa * qc
            let expected: Float80? = qc < 0 || disc < 0 ? nil : {
                let t = (-qb - disc.squareRoot()) / (2 * qa)
                return t >= 0 && t <= 1 ? t : nil
            }()
            let hit = circle.rayCast(from: a, to: b, placedBy: placed)
            XCTAssertEqual(hit == nil, expected == nil, "ray \(a) → \(b)")
            guard let hit, let expected else { continue }
            hits += 1
            XCTAssertEqual(hit.fraction, Double(expected), accuracy: 1e-12)
            let outward = (hit.point - SIMD2(50, 20)) / 10
            XCTAssertEqual(hit.normal.x, outward.x, accuracy: 1e-9)
            XCTAssertEqual(hit.normal.y, outward.y, accuracy: 1e-9)
        }
        XCTAssertGreaterThan(hits, 100, "the scene must hit often enough to test something")
    }

    /// The slab test in the box's own frame: entry where the last of the two slabs is
    /// entered, through the face of that slab.
    private func slabEntry(
        halfExtents h: SIMD2<Double>, center: SIMD2<Double>, angle: Double, from a: SIMD2<Double>, to b: SIMD2<Double>
    ) -> (t: Double, normal: SIMD2<Double>)? {
        let c = cos(angle), s = sin(angle)
        func local(_ v: SIMD2<Double>) -> SIMD2<Double> { SIMD2(c * v.x + s * v.y, -s * v.x + c * v.y) }
        let p = local(a - center), d = local(b - a)
        if abs(p.x) < h.x && abs(p.y) < h.y { return nil }  // starts inside
        var enter = -Double.infinity, leave = Double.infinity, axis = 0, sign = 0.0
        for k in 0..<2 {
            if d[k] == 0 {
                if abs(p[k]) > h[k] { return nil }
                continue
            }
            let t1 = (-h[k] - p[k]) / d[k], t2 = (h[k] - p[k]) / d[k]
            if min(t1, t2) > enter { enter = min(t1, t2); axis = k; sign = d[k] > 0 ? -1 : 1 }
            leave = min(leave, max(t1, t2))
        }
        guard enter <= leave, enter >= 0, enter <= 1 else { return nil }
        let n = axis == 0 ? SIMD2(sign, 0) : SIMD2(0, sign)
        return (enter, SIMD2(c * n.x - s * n.y, s * n.x + c * n.y))
    }

    func testRayAgainstATurnedBoxMatchesTheSlabTestInTheBoxFrame() throws {
        var random = SplitMix64(seed: 7)
        var hits = 0
        for _ in 0..<3000 {
            let w = random.uniform(5...80), h = random.uniform(5...80), angle = random.uniform(-3...3)
            let center = SIMD2(random.uniform(-20...20), random.uniform(-20...20))
            let box = try CollisionShape.box(width: w, height: h)
            let placed = CollisionTransform(position: center, angle: angle)
            let a = SIMD2(random.uniform(-120...120), random.uniform(-120...120))
            let b = SIMD2(random.uniform(-120...120), random.uniform(-120...120))
            let expected = slabEntry(halfExtents: SIMD2(w, h) / 2, center: center, angle: angle, from: a, to: b)
            let hit = box.rayCast(from: a, to: b, placedBy: placed)
            XCTAssertEqual(hit == nil, expected == nil, "box \(w)×\(h) at \(center) turned \(angle), ray \(a) → \(b)")
            guard let hit, let expected else { continue }
            hits += 1
            XCTAssertEqual(hit.fraction, expected.t, accuracy: 1e-12)
            XCTAssertEqual(hit.normal.x, expected.normal.x, accuracy: 1e-12)
            XCTAssertEqual(hit.normal.y, expected.normal.y, accuracy: 1e-12)
        }
        XCTAssertGreaterThan(hits, 300)
    }

    func testTheSkinMovesAFaceHitByOnePointAndRoundsTheCorners() throws {
        let box = try CollisionShape.box(width: 40, height: 20)
        let origin = CollisionTransform.identity
        // Straight at the left face (x = −20) from x = −100 over 200 pt.
        let bare = try XCTUnwrap(box.rayCast(from: SIMD2(-100, 3), to: SIMD2(100, 3), placedBy: origin))
        let skinned = try XCTUnwrap(box.rayCast(from: SIMD2(-100, 3), to: SIMD2(100, 3), placedBy: origin, includingSkin: true))
        XCTAssertEqual(bare.fraction, 80.0 / 200, accuracy: 1e-15)
        XCTAssertEqual(skinned.fraction, 79.0 / 200, accuracy: 1e-15)
        // Along y = −10.5 (just above the top face, inside the skin): only the skinned
        // outline is hit, on the corner's disc of radius 1 around (−20, −10):
        // x = −20 − √(1 − 0.5²).
        XCTAssertNil(box.rayCast(from: SIMD2(-100, -10.5), to: SIMD2(100, -10.5), placedBy: origin))
        let corner = try XCTUnwrap(box.rayCast(from: SIMD2(-100, -10.5), to: SIMD2(100, -10.5), placedBy: origin, includingSkin: true))
        XCTAssertEqual(corner.point.x, -20 - (0.75).squareRoot(), accuracy: 1e-12)
        XCTAssertEqual(corner.normal.x, -(0.75).squareRoot(), accuracy: 1e-12)
        XCTAssertEqual(corner.normal.y, -0.5, accuracy: 1e-12)
    }

    func testRaysFromInsideOfZeroLengthOrOnlyGrazingReportNothing() throws {
        let circle = try CollisionShape.circle(radius: 10)
        XCTAssertNil(circle.rayCast(from: .zero, to: SIMD2(100, 0), placedBy: .identity), "from inside")
        XCTAssertNil(circle.rayCast(from: SIMD2(50, 0), to: SIMD2(50, 0), placedBy: .identity), "zero length")
        XCTAssertNil(circle.rayCast(from: SIMD2(-50, 0), to: SIMD2(-20, 0), placedBy: .identity), "ends short")
        XCTAssertNil(circle.rayCast(from: SIMD2(-50, 0), to: SIMD2(-100, 0), placedBy: .identity), "points away")
        // A bare segment is a line: crossed, it is hit; run along, it is not.
        let edge = try CollisionShape.segment(from: SIMD2(0, -10), to: SIMD2(0, 10))
        let crossing = try XCTUnwrap(edge.rayCast(from: SIMD2(-10, 5), to: SIMD2(10, 5), placedBy: .identity))
        XCTAssertEqual(crossing.fraction, 0.5, accuracy: 1e-15)
        XCTAssertEqual(crossing.normal, SIMD2(-1, 0))
        let back = try XCTUnwrap(edge.rayCast(from: SIMD2(10, 5), to: SIMD2(-10, 5), placedBy: .identity))
        XCTAssertEqual(back.normal, SIMD2(1, 0))
        XCTAssertNil(edge.rayCast(from: SIMD2(0, -30), to: SIMD2(0, 30), placedBy: .identity))
    }

    // MARK: - Points

    func testPointsOnATurnedBoxEdgeAndItsSkin() throws {
        let box = try CollisionShape.box(width: 40, height: 20)
        let angle = 0.6
        let placed = CollisionTransform(position: SIMD2(100, 50), angle: angle)
        // The middle of the right face, then along its outward normal.
        let normal = SIMD2(cos(angle), sin(angle))
        let face = SIMD2(100, 50) + 20 * normal
        XCTAssertTrue(box.contains(face - 1e-9 * normal, placedBy: placed))
        XCTAssertTrue(box.contains(face, placedBy: placed) || box.contains(face - 1e-12 * normal, placedBy: placed))
        XCTAssertFalse(box.contains(face + 1e-9 * normal, placedBy: placed))
        XCTAssertTrue(box.contains(face + 0.999 * normal, placedBy: placed, includingSkin: true))
        XCTAssertFalse(box.contains(face + 1.001 * normal, placedBy: placed, includingSkin: true))
        // Diagonally past a corner, the skin is a quarter disc: 0.9 pt out is in, 1.1 is not.
        let cornerLocal = SIMD2(20.0, 10.0), out = SIMD2(1.0, 1.0) / 2.0.squareRoot()
        XCTAssertTrue(box.contains(placed.apply(cornerLocal + 0.9 * out), placedBy: placed, includingSkin: true))
        XCTAssertFalse(box.contains(placed.apply(cornerLocal + 1.1 * out), placedBy: placed, includingSkin: true))
        let circle = try CollisionShape.circle(radius: 5, center: SIMD2(3, 0))
        XCTAssertTrue(circle.contains(SIMD2(7.99, 0), placedBy: .identity))
        XCTAssertFalse(circle.contains(SIMD2(8.01, 0), placedBy: .identity))
    }

    // MARK: - Shape casts and overlaps

    func testACircleCastAtACircleStopsWhenTheCentresAreTheSumOfTheRadiiApart() throws {
        let moving = try CollisionShape.circle(radius: 6), target = try CollisionShape.circle(radius: 9)
        let b = SIMD2(100.0, 7.0)
        let delta = SIMD2(160.0, 0)
        let hit = try XCTUnwrap(moving.cast(placedBy: .identity, translation: delta, against: target,
                                            placedBy: CollisionTransform(position: b, angle: 0)))
        // |t·δ − b| = 15 with b.y = 7: t·160 = 100 − √(225 − 49).
        let t = (100 - (225.0 - 49).squareRoot()) / 160
        XCTAssertEqual(hit.fraction, t, accuracy: 1e-12)
        let n = (SIMD2(t * 160, 0) - b) / 15
        XCTAssertEqual(hit.normal.x, n.x, accuracy: 1e-12)
        XCTAssertEqual(hit.normal.y, n.y, accuracy: 1e-12)
        XCTAssertEqual(hit.point.x, b.x + 9 * n.x, accuracy: 1e-9)
        XCTAssertEqual(hit.point.y, b.y + 9 * n.y, accuracy: 1e-9)
        XCTAssertNil(moving.cast(placedBy: .identity, translation: SIMD2(0, 160), against: target,
                                 placedBy: CollisionTransform(position: b, angle: 0)))
    }

    func testATurnedBoxSlidingIntoAWallStopsAtItsProjectedHalfWidth() throws {
        let wall = try CollisionShape.segment(from: SIMD2(80, -200), to: SIMD2(80, 200))
        for angle in stride(from: -1.5, through: 1.5, by: 0.25) {
            let box = try CollisionShape.box(width: 40, height: 20)
            let hit = try XCTUnwrap(box.cast(placedBy: CollisionTransform(position: .zero, angle: angle),
                                             translation: SIMD2(100, 0), against: wall, placedBy: .identity))
            let reach = 20 * abs(cos(angle)) + 10 * abs(sin(angle))
            XCTAssertEqual(hit.fraction, (80 - reach) / 100, accuracy: 1e-12, "angle \(angle)")
            XCTAssertEqual(hit.normal.x, -1, accuracy: 1e-12)
            XCTAssertEqual(hit.point.x, 80, accuracy: 1e-9)
            // With both skins the box stops 1 + 1 pt earlier.
            let skinned = try XCTUnwrap(box.cast(placedBy: CollisionTransform(position: .zero, angle: angle),
                                                 translation: SIMD2(100, 0), against: wall, placedBy: .identity,
                                                 includingSkin: true))
            XCTAssertEqual(skinned.fraction, (78 - reach) / 100, accuracy: 1e-12, "angle \(angle)")
        }
    }

    func testAShapeOverlappingFromTheStartReportsFractionZero() throws {
        let a = try CollisionShape.box(width: 20, height: 20), b = try CollisionShape.circle(radius: 5)
        let hit = try XCTUnwrap(a.cast(placedBy: .identity, translation: SIMD2(50, 0), against: b,
                                       placedBy: CollisionTransform(position: SIMD2(12, 0), angle: 0)))
        XCTAssertEqual(hit.fraction, 0)
        XCTAssertEqual(hit.normal, .zero)
        XCTAssertTrue(a.overlaps(b, placedBy: .identity, CollisionTransform(position: SIMD2(14.9, 0), angle: 0)))
        XCTAssertFalse(a.overlaps(b, placedBy: .identity, CollisionTransform(position: SIMD2(15.1, 0), angle: 0)))
        XCTAssertTrue(a.overlaps(b, placedBy: .identity, CollisionTransform(position: SIMD2(15.9, 0), angle: 0), includingSkin: true))
    }

    /// GJK's simplex could end on an edge through the origin for a shape nested in
    /// another, and its rounding (10⁻¹⁶ pt) read as a gap: a 4 × 4 box centred in a
    /// 10 × 10 one at the origin, or a 12 × 12 box around a 10 × 10 one, did not overlap.
    func testShapesNestedInEachOtherOverlapWhereverTheyStand() throws {
        let small = try CollisionShape.box(width: 4, height: 4), body = try CollisionShape.box(width: 10, height: 10)
        let large = try CollisionShape.box(width: 12, height: 12), disc = try CollisionShape.circle(radius: 2)
        for position in [SIMD2<Double>(0, 0), SIMD2(300, 300), SIMD2(-1e4, 7)] {
            let place = CollisionTransform(position: position, angle: 0)
            for probe in [small, large, disc] {
                XCTAssertTrue(probe.overlaps(body, placedBy: place, place), "\(probe.geometry) at \(position)")
                XCTAssertTrue(body.overlaps(probe, placedBy: place, place), "\(probe.geometry) at \(position)")
            }
        }
    }
}
