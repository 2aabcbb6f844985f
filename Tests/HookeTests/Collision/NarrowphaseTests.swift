import Foundation
import Hooke
import XCTest

/// Contact manifolds against geometry worked out by hand. Separations are those of the
/// skinned outlines (cores minus rA + rB); points sit midway between the two skins.
final class NarrowphaseTests: XCTestCase {
    let identity = CollisionTransform.identity

    func testTwoCirclesHaveExactSeparationNormalAndPoint() throws {
        let a = try CollisionShape.circle(radius: 10)
        let b = try CollisionShape.circle(radius: 15)
        let xfB = CollisionTransform(position: [20, 10], angle: 0.4)
        let m = Narrowphase.collide(a, identity, b, xfB)
        XCTAssertEqual(m.pointCount, 1)
        let d = 500.0.squareRoot()
        let n = SIMD2(20.0, 10.0) / d
        XCTAssertEqual(m.normal.x, n.x, accuracy: 1e-15)
        XCTAssertEqual(m.normal.y, n.y, accuracy: 1e-15)
        XCTAssertEqual(m[0].separation, d - 25, accuracy: 1e-13)
        // Surfaces at 10·n (on A) and (d − 15)·n (on B): the point is their midpoint.
        let mid = (10 + (d - 15)) / 2 * n
        XCTAssertEqual(m[0].position.x, mid.x, accuracy: 1e-13)
        XCTAssertEqual(m[0].position.y, mid.y, accuracy: 1e-13)
        // 26 pt apart with radii 10 + 15: no contact.
        XCTAssertEqual(Narrowphase.collide(a, identity, b, CollisionTransform(position: [26, 0], angle: 0)).pointCount, 0)
        // Swapping the order reverses the normal.
        let swapped = Narrowphase.collide(b, xfB, a, identity)
        XCTAssertEqual(swapped.normal.x, -n.x, accuracy: 1e-15)
        XCTAssertEqual(swapped[0].separation, d - 25, accuracy: 1e-13)
    }

    /// A 200 × 20 ground (top face at y = 100) and a 40 × 40 box whose core bottom is
    /// `gap` points above it, centred at x = 5.
    func groundAndBox(gap: Double, dx: Double = 0, angle: Double = 0) throws
        -> (CollisionShape, CollisionTransform, CollisionShape, CollisionTransform)
    {
        let ground = try CollisionShape.box(width: 200, height: 20)
        let box = try CollisionShape.box(width: 40, height: 40)
        return (ground, CollisionTransform(position: [0, 110], angle: 0),
                box, CollisionTransform(position: [5 + dx, 100 - gap - 20], angle: angle))
    }

    func testBoxRestingOnBoxTouchesAtTheTwoIncidentCorners() throws {
        let gap = 1.2
        let (ground, xfG, box, xfB) = try groundAndBox(gap: gap)
        let m = Narrowphase.collide(ground, xfG, box, xfB)
        XCTAssertEqual(m.pointCount, 2)
        XCTAssertEqual(m.normal, SIMD2(0, -1))  // from the ground up into the box (y down)
        // Ground skin at y = 99, box skin at y = 100 − gap + 1: midway 100 − gap/2.
        let xs = m.points.map(\.position.x).sorted()
        XCTAssertEqual(xs[0], -15, accuracy: 1e-12)
        XCTAssertEqual(xs[1], 25, accuracy: 1e-12)
        for p in m.points {
            XCTAssertEqual(p.position.y, 100 - gap / 2, accuracy: 1e-12)
            XCTAssertEqual(p.separation, gap - 2, accuracy: 1e-12)
            XCTAssertEqual(p.feature.kindA, .face)
            XCTAssertEqual(p.feature.kindB, .vertex)
        }
        XCTAssertNotEqual(m[0].feature, m[1].feature)
    }

    func testBoxOnBoxInTheOtherOrderClipsToTheSkinWidenedSidePlanes() throws {
        // The box is A: its bottom face is the reference (equal separations keep A),
        // the ground's top face is clipped to the box's side planes moved out by the
        // combined skin, 2 pt, as Box2D 2.3 does for rounded corners.
        let (ground, xfG, box, xfB) = try groundAndBox(gap: 0.5)
        let m = Narrowphase.collide(box, xfB, ground, xfG)
        XCTAssertEqual(m.pointCount, 2)
        XCTAssertEqual(m.normal, SIMD2(0, 1))
        let xs = m.points.map(\.position.x).sorted()
        XCTAssertEqual(xs[0], -17, accuracy: 1e-12)
        XCTAssertEqual(xs[1], 27, accuracy: 1e-12)
        for p in m.points { XCTAssertEqual(p.separation, -1.5, accuracy: 1e-12) }
    }

    func testContactsExistOnlyWithinTheCombinedSkin() throws {
        for (gap, expected) in [(1.999, 2), (2.0, 2), (2.001, 0), (5.0, 0), (-3.0, 2)] {
            let (ground, xfG, box, xfB) = try groundAndBox(gap: gap)
            XCTAssertEqual(Narrowphase.collide(ground, xfG, box, xfB).pointCount, expected, "gap \(gap)")
        }
        let circle = try CollisionShape.circle(radius: 10)
        let ground = try CollisionShape.box(width: 200, height: 20)
        let xfG = CollisionTransform(position: [0, 110], angle: 0)
        // Circle (radius 10, no extra skin) over the ground (skin 1): contact when the
        // centre is within 11 pt of the core top face.
        XCTAssertEqual(Narrowphase.collide(ground, xfG, circle, CollisionTransform(position: [0, 89.01], angle: 0)).pointCount, 1)
        XCTAssertEqual(Narrowphase.collide(ground, xfG, circle, CollisionTransform(position: [0, 88.99], angle: 0)).pointCount, 0)
    }

    func testRotatedBoxCornerPicksTheFaceAxisItPokesInto() throws {
        // A 100 × 100 box at the origin; a 40 × 40 box turned 45° whose left corner is
        // 0.5 pt right of A's right face (x = 50), at y = 7.
        let a = try CollisionShape.box(width: 100, height: 100)
        let b = try CollisionShape.box(width: 40, height: 40)
        let half = 20 * 2.0.squareRoot()
        let xfB = CollisionTransform(position: [50.5 + half, 7], angle: Double.pi / 4)
        let m = Narrowphase.collide(a, identity, b, xfB)
        // A's face separation 0.5 beats the turned box's (its faces see A's corner
        // (50, 50) about 35 pt deep), so the axis is A's right-face normal.
        XCTAssertEqual(m.pointCount, 1)
        XCTAssertEqual(m.normal.x, 1, accuracy: 1e-15)
        XCTAssertEqual(m.normal.y, 0, accuracy: 1e-15)
        XCTAssertEqual(m[0].separation, 0.5 - 2, accuracy: 1e-12)
        // A's skin at x = 51, B's at 49.5: midway 50.25, at the corner's height.
        XCTAssertEqual(m[0].position.x, 50.25, accuracy: 1e-12)
        XCTAssertEqual(m[0].position.y, 7, accuracy: 1e-12)
        // The other order goes through the flipped path: same contact, reversed normal.
        let swapped = Narrowphase.collide(b, xfB, a, identity)
        XCTAssertEqual(swapped.pointCount, 1)
        XCTAssertEqual(swapped.normal.x, -1, accuracy: 1e-15)
        XCTAssertEqual(swapped[0].position.x, 50.25, accuracy: 1e-12)
        XCTAssertEqual(swapped[0].separation, -1.5, accuracy: 1e-12)
        XCTAssertEqual(swapped[0].feature, m[0].feature.swapped)
    }

    func testTurnedBoxOnGroundTouchesAtItsLowestCornerWithExactDepth() throws {
        // A 40 × 40 box turned by θ (clockwise): its lowest corner sits 20(cos θ + sin θ) below the
        // centre. Put that corner 1.3 pt above the ground's core top face.
        let ground = try CollisionShape.box(width: 400, height: 20)
        let box = try CollisionShape.box(width: 40, height: 40)
        for theta in [0.1, 0.3, 0.6] {
            let drop = 20 * (cos(theta) + sin(theta))
            let xfB = CollisionTransform(position: [0, 100 - 1.3 - drop], angle: theta)
            let m = Narrowphase.collide(ground, CollisionTransform(position: [0, 110], angle: 0), box, xfB)
            XCTAssertEqual(m.pointCount, 1, "θ = \(theta)")
            XCTAssertEqual(m.normal.y, -1, accuracy: 1e-15)
            XCTAssertEqual(m[0].separation, 1.3 - 2, accuracy: 1e-12)
            // The lowest corner maximises y = x·sin θ + y·cos θ: the local (20, 20) corner.
            let corner = xfB.apply([20, 20])
            XCTAssertEqual(m[0].position.x, corner.x, accuracy: 1e-12)
        }
    }

    func testBoxOnAnEdgeHasTwoPointsAtItsBottomCorners() throws {
        let edge = try CollisionShape.segment(from: [-200, 300], to: [200, 300])
        let box = try CollisionShape.box(width: 60, height: 40)
        let xfB = CollisionTransform(position: [10, 300 - 20 - 1.5], angle: 0)
        let m = Narrowphase.collide(edge, identity, box, xfB)
        XCTAssertEqual(m.pointCount, 2)
        XCTAssertEqual(m.normal, SIMD2(0, -1))
        XCTAssertEqual(m.points.map(\.position.x).sorted(), [-20, 40])
        for p in m.points {
            XCTAssertEqual(p.separation, -0.5, accuracy: 1e-12)
            XCTAssertEqual(p.position.y, 300 - 0.75, accuracy: 1e-12)
        }
        // The same box below the edge touches the edge's other side.
        let below = Narrowphase.collide(edge, identity, box, CollisionTransform(position: [10, 300 + 20 + 1.5], angle: 0))
        XCTAssertEqual(below.pointCount, 2)
        XCTAssertEqual(below.normal, SIMD2(0, 1))
    }

    func testCircleOnAnEdgeFaceAndBeyondItsEnd() throws {
        let edge = try CollisionShape.segment(from: [-200, 300], to: [200, 300])
        let circle = try CollisionShape.circle(radius: 10)
        // Face region: centre 10.3 pt above the core line; skins 1 + 10.
        let face = Narrowphase.collide(edge, identity, circle, CollisionTransform(position: [50, 289.7], angle: 0))
        XCTAssertEqual(face.pointCount, 1)
        XCTAssertEqual(face.normal, SIMD2(0, -1))
        XCTAssertEqual(face[0].separation, -0.7, accuracy: 1e-12)
        XCTAssertEqual(face[0].position.x, 50, accuracy: 1e-12)
        XCTAssertEqual(face[0].position.y, (299 + 299.7) / 2, accuracy: 1e-12)
        XCTAssertEqual(face[0].feature.kindA, .face)
        // Vertex region beyond the end (200, 300): centre at (205, 295).
        let end = Narrowphase.collide(edge, identity, circle, CollisionTransform(position: [205, 295], angle: 0))
        XCTAssertEqual(end.pointCount, 1)
        let r = 50.0.squareRoot()
        XCTAssertEqual(end.normal.x, 5 / r, accuracy: 1e-15)
        XCTAssertEqual(end.normal.y, -5 / r, accuracy: 1e-15)
        XCTAssertEqual(end[0].separation, r - 11, accuracy: 1e-12)
        XCTAssertEqual(end[0].feature.kindA, .vertex)
        XCTAssertEqual(end[0].feature.indexA, 1)
        // The circle first, the edge second: reversed normal.
        let swapped = Narrowphase.collide(circle, CollisionTransform(position: [50, 289.7], angle: 0), edge, identity)
        XCTAssertEqual(swapped.normal, SIMD2(0, 1))
        XCTAssertEqual(swapped[0].separation, -0.7, accuracy: 1e-12)
    }

    func testPolygonCircleVertexRegionMatchesTheCornerDistance() throws {
        let box = try CollisionShape.box(width: 40, height: 20)
        let circle = try CollisionShape.circle(radius: 5)
        // Corner (20, 10); centre 3 right and 4 below it: distance 5, skins 1 + 5.
        let m = Narrowphase.collide(box, identity, circle, CollisionTransform(position: [23, 14], angle: 0))
        XCTAssertEqual(m.pointCount, 1)
        XCTAssertEqual(m.normal.x, 0.6, accuracy: 1e-15)
        XCTAssertEqual(m.normal.y, 0.8, accuracy: 1e-15)
        XCTAssertEqual(m[0].separation, -1, accuracy: 1e-12)
        // Box skin at corner + 1·n, circle surface at centre − 5·n: midway corner + 0.5·n.
        XCTAssertEqual(m[0].position.x, 20.3, accuracy: 1e-12)
        XCTAssertEqual(m[0].position.y, 10.4, accuracy: 1e-12)
    }

    func testFeatureIdsStayTheSameWhileABoxSlidesSlightly() throws {
        let (ground, xfG, box, _) = try groundAndBox(gap: 1)
        var reference: [ContactFeature]?
        for step in 0..<20 {
            let dx = 0.3 * Double(step)
            let angle = 0.0004 * Double(step % 5)
            let (_, _, _, xfB) = try groundAndBox(gap: 1 - 0.01 * Double(step), dx: dx, angle: angle)
            let m = Narrowphase.collide(ground, xfG, box, xfB)
            XCTAssertEqual(m.pointCount, 2, "step \(step)")
            let ids = m.points.map(\.feature)
            if let reference { XCTAssertEqual(ids, reference, "step \(step)") } else { reference = ids }
        }
        // Turning the box onto a corner changes the touching features.
        let (_, _, _, tipped) = try groundAndBox(gap: 1, angle: 0.4)
        XCTAssertNotEqual(Narrowphase.collide(ground, xfG, box, tipped).points.map(\.feature), reference)
    }

    func testOverlappingRandomPolygonsHaveNormalsThatSeparateThem() throws {
        // Separating-axis check on random pairs of turned boxes: the deepest manifold
        // separation (plus the 2 pt of skins) must equal the cores' separation along the
        // manifold normal, computed independently as min over B − max over A of the
        // projected vertices, and no face normal of either box may separate them more.
        var rng = CollisionRandom(seed: 11)
        var checked = 0
        for _ in 0..<300 {
            let a = try CollisionShape.box(width: .random(in: 10...80, using: &rng), height: .random(in: 10...80, using: &rng))
            let b = try CollisionShape.box(width: .random(in: 10...80, using: &rng), height: .random(in: 10...80, using: &rng))
            let xfA = CollisionTransform(position: .zero, angle: .random(in: -3...3, using: &rng))
            let xfB = CollisionTransform(position: [.random(in: -60...60, using: &rng), .random(in: -60...60, using: &rng)],
                                         angle: .random(in: -3...3, using: &rng))
            let m = Narrowphase.collide(a, xfA, b, xfB)
            guard m.pointCount > 0 else { continue }
            checked += 1
            XCTAssertEqual(collisionLength(m.normal), 1, accuracy: 1e-12)
            let va = collisionWorldVertices(a, xfA), vb = collisionWorldVertices(b, xfB)
            // Core separation along n: min over B − max over A.
            let sepN = vb.map { ($0 * m.normal).sum() }.min()! - va.map { ($0 * m.normal).sum() }.max()!
            let deepest = m.points.map(\.separation).min()! + 2
            // SAT picks the axis of largest separation, within the 0.1·slop preference for A.
            XCTAssertEqual(deepest, sepN, accuracy: 0.05 + 1e-9)
            // No other face normal separates the cores more (SAT's maximum, up to the same tolerance).
            for (verts, other) in [(va, vb), (vb, va)] {
                for i in verts.indices {
                    let e = verts[(i + 1) % verts.count] - verts[i]
                    let n = SIMD2(e.y, -e.x) / collisionLength(e)
                    let s = other.map { (($0 - verts[i]) * n).sum() }.min()!
                    XCTAssertLessThanOrEqual(s, sepN + 0.05 + 1e-9)
                }
            }
        }
        XCTAssertGreaterThan(checked, 50)
    }
}

/// The packed feature id round-trips every field, including indices past 255.
final class ContactFeatureTests: XCTestCase {
    func testPackingRoundTripsAndSwaps() {
        for (ia, ka, ib, kb) in [(0, ContactFeature.Kind.vertex, 0, ContactFeature.Kind.vertex), (3, .face, 7, .vertex), (4095, .vertex, 300, .face)] {
            let f = ContactFeature(indexA: ia, kindA: ka, indexB: ib, kindB: kb)
            XCTAssertEqual(f.indexA, ia)
            XCTAssertEqual(f.kindA, ka)
            XCTAssertEqual(f.indexB, ib)
            XCTAssertEqual(f.kindB, kb)
            XCTAssertEqual(f.swapped.indexA, ib)
            XCTAssertEqual(f.swapped.kindB, ka)
            XCTAssertEqual(f.swapped.swapped, f)
        }
        XCTAssertNotEqual(ContactFeature(indexA: 256, kindA: .face, indexB: 0, kindB: .vertex),
                          ContactFeature(indexA: 0, kindA: .face, indexB: 0, kindB: .vertex))
    }
}
