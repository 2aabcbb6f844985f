import Foundation
import Hooke
import XCTest

/// Shapes: orientation convention, refusals, and mass properties against closed forms.
final class CollisionShapeTests: XCTestCase {
    func testScenarioTriangleIsCounterClockwiseWithPositiveShoelaceArea() throws {
        // [[0,-20],[20,20],[-20,20]]: base 40, height 40, area 800 pt² by hand; the
        // contract calls this order counter-clockwise.
        let vertices: [SIMD2<Double>] = [[0, -20], [20, 20], [-20, 20]]
        XCTAssertEqual(ConvexPolygon.signedArea(vertices), 800, accuracy: 1e-12)
        let shape = try CollisionShape.polygon(vertices)
        XCTAssertEqual(shape.massProperties.area, 800, accuracy: 1e-9)
        // Outward normals: the left side (from (−20,20) to (0,−20)) faces left and up.
        guard case let .polygon(p) = shape.geometry else { return XCTFail("expected a polygon") }
        XCTAssertEqual(p.normals[1].x, 0, accuracy: 1e-15)
        XCTAssertEqual(p.normals[1].y, 1, accuracy: 1e-15)  // bottom edge faces down the screen
        XCTAssertEqual(p.normals[2].x, -2 / 5.0.squareRoot(), accuracy: 1e-15)
        XCTAssertEqual(p.normals[2].y, -1 / 5.0.squareRoot(), accuracy: 1e-15)
        XCTAssertEqual(p.radius, 1)
    }

    func testRefusesClockwiseConcaveDegenerateAndStarPolygons() {
        func problem(_ v: [SIMD2<Double>]) -> HookeError? {
            do { _ = try CollisionShape.polygon(v); return nil } catch { return error }
        }
        // Clockwise (the triangle reversed).
        guard case let .invalidParameter(name, _, requirement)? = problem([[0, -20], [-20, 20], [20, 20]]) else {
            return XCTFail("a clockwise triangle must be refused")
        }
        XCTAssertTrue(name.hasPrefix("vertices["))
        XCTAssertTrue(requirement.contains("concave or clockwise"), requirement)
        // Concave: an arrow head with a dent at vertex 3.
        guard case let .invalidParameter(dent, _, _)? = problem([[0, 0], [40, 0], [40, 40], [20, 10], [0, 40]]) else {
            return XCTFail("a concave polygon must be refused")
        }
        XCTAssertEqual(dent, "vertices[3]")
        // Three collinear points.
        guard case let .invalidParameter(_, _, straight)? = problem([[0, 0], [10, 0], [20, 0], [10, 10]]) else {
            return XCTFail("collinear vertices must be refused")
        }
        XCTAssertTrue(straight.contains("straight line"), straight)
        // A repeated vertex.
        guard case let .invalidParameter(_, _, repeated)? = problem([[0, 0], [10, 0], [10, 0], [0, 10]]) else {
            return XCTFail("a repeated vertex must be refused")
        }
        XCTAssertTrue(repeated.contains("repeated"), repeated)
        // A pentagram: every turn positive, winding twice.
        let star = (0..<5).map { k -> SIMD2<Double> in
            let a = 4 * Double.pi * Double(k) / 5
            return SIMD2(cos(a), sin(a)) * 50
        }
        guard case let .invalidParameter(windName, _, _)? = problem(star) else {
            return XCTFail("a pentagram must be refused")
        }
        XCTAssertEqual(windName, "vertices")
        XCTAssertNotNil(problem([[0, 0], [1, 0]]))
        XCTAssertNotNil(problem([[0, 0], [.nan, 0], [0, 1]]))
        XCTAssertThrowsError(try CollisionShape.box(width: 0, height: 10))
        XCTAssertThrowsError(try CollisionShape.circle(radius: -1))
        XCTAssertThrowsError(try CollisionShape.segment(from: [1, 1], to: [1, 1]))
        XCTAssertThrowsError(try CollisionShape.ellipse(width: 10, height: .infinity))
    }

    func testBoxMassPropertiesMatchTheClosedForm() throws {
        // I = m(w² + h²)/12 about the centre, for a box off the origin and turned.
        let (w, h) = (60.0, 24.0)
        let shape = try CollisionShape.box(width: w, height: h, center: [37, -11], angle: 0.7)
        let mp = shape.massProperties
        XCTAssertEqual(mp.area, w * h, accuracy: 1e-9)
        XCTAssertEqual(mp.centroid.x, 37, accuracy: 1e-11)
        XCTAssertEqual(mp.centroid.y, -11, accuracy: 1e-11)
        XCTAssertEqual(mp.inertia, w * h * (w * w + h * h) / 12, accuracy: 1e-9 * mp.inertia)
        XCTAssertEqual(mp.inertiaPerUnitMass, (w * w + h * h) / 12, accuracy: 1e-12 * mp.inertiaPerUnitMass)
    }

    func testDiscAndEllipseMassPropertiesMatchTheClosedForms() throws {
        let disc = try CollisionShape.circle(radius: 15, center: [3, 4])
        XCTAssertEqual(disc.massProperties.area, Double.pi * 225, accuracy: 1e-12)
        XCTAssertEqual(disc.massProperties.inertiaPerUnitMass, 225 / 2, accuracy: 1e-12)
        let ellipse = try CollisionShape.ellipse(width: 80, height: 30)
        let (a, b) = (40.0, 15.0)
        XCTAssertEqual(ellipse.massProperties.area, Double.pi * a * b, accuracy: 1e-10)
        XCTAssertEqual(ellipse.massProperties.inertiaPerUnitMass, (a * a + b * b) / 4, accuracy: 1e-12)
        // Equal axes: exactly a circle.
        let round = try CollisionShape.ellipse(width: 50, height: 50)
        XCTAssertEqual(round.geometry, .circle(center: .zero, radius: 25))
    }

    func testTriangleMassPropertiesMatchTheSideLengthFormula() throws {
        // A triangle's polar moment about its centroid is A·(a² + b² + c²)/36 with a, b, c
        // its side lengths; its centroid is the vertex mean.
        let v: [SIMD2<Double>] = [[10, 5], [70, 20], [25, 60]]
        let mp = try CollisionShape.polygon(v).massProperties
        let sides = [(v[1] - v[0]), (v[2] - v[1]), (v[0] - v[2])].map { ($0 * $0).sum() }
        let area = 0.5 * ((v[1].x - v[0].x) * (v[2].y - v[0].y) - (v[1].y - v[0].y) * (v[2].x - v[0].x))
        XCTAssertEqual(mp.area, area, accuracy: 1e-10)
        XCTAssertEqual(mp.centroid.x, (10 + 70 + 25) / 3, accuracy: 1e-11)
        XCTAssertEqual(mp.centroid.y, (5 + 20 + 60) / 3, accuracy: 1e-11)
        XCTAssertEqual(mp.inertia, area * sides.reduce(0, +) / 36, accuracy: 1e-10 * mp.inertia)
    }

    func testRegularPolygonMomentMatchesTheClosedForm() throws {
        // Regular n-gon of circumradius R: J = A·R²·(1 + 2cos²(π/n))/6 (n = 4 gives the
        // square's s²/6, n → ∞ the disc's R²/2).
        for n in [3, 5, 6, 8, 13] {
            let r = 30.0
            let center = SIMD2<Double>(-400, 250)  // far from the origin
            let v = (0..<n).map { k in center + r * SIMD2(cos(2 * Double.pi * Double(k) / Double(n) + 0.3),
                                                         sin(2 * Double.pi * Double(k) / Double(n) + 0.3)) }
            let mp = try CollisionShape.polygon(v).massProperties
            let area = Double(n) / 2 * r * r * sin(2 * Double.pi / Double(n))
            XCTAssertEqual(mp.area, area, accuracy: 1e-10 * area)
            XCTAssertEqual(mp.centroid.x, center.x, accuracy: 1e-10)
            XCTAssertEqual(mp.centroid.y, center.y, accuracy: 1e-10)
            let c = cos(Double.pi / Double(n))
            XCTAssertEqual(mp.inertiaPerUnitMass, r * r * (1 + 2 * c * c) / 6, accuracy: 1e-9, "n = \(n)")
        }
    }

    func testEllipsePolygonStaysWithinItsErrorBoundOfTheTrueEllipse() throws {
        for (w, h, tolerance) in [(200.0, 80.0, 0.25), (40.0, 400.0, 0.25), (600.0, 590.0, 0.05), (12.0, 6.0, 0.25)] {
            let shape = try CollisionShape.ellipse(width: w, height: h, center: [5, -7], maximumError: tolerance)
            guard case let .polygon(p) = shape.geometry else { return XCTFail("expected a polygon") }
            let (a, b) = (w / 2, h / 2)
            // Vertices lie on the ellipse, so the convex polygon lies inside it.
            for v in p.vertices {
                let q = v - SIMD2(5, -7)
                XCTAssertEqual(q.x * q.x / (a * a) + q.y * q.y / (b * b), 1, accuracy: 1e-12)
            }
            // Every point of the ellipse (dense sampling) lies within the tolerance of the outline.
            var worst = 0.0
            let samples = 6_000
            for k in 0..<samples {
                let t = 2 * Double.pi * Double(k) / Double(samples)
                let e = SIMD2(5 + a * cos(t), -7 + b * sin(t))
                var d = Double.infinity
                for i in p.vertices.indices {
                    d = min(d, collisionPointSegmentDistance(e, p.vertices[i], p.vertices[(i + 1) % p.vertices.count]))
                }
                worst = max(worst, d)
            }
            XCTAssertLessThanOrEqual(worst, tolerance, "\(w) × \(h)")
            // And the count is not wasteful: N − 4 vertices would break the bound somewhere.
            let n = p.vertices.count
            if n > 8 {
                let s = sin(Double.pi / Double(2 * (n - 4)))
                XCTAssertGreaterThan(max(a, b) * 2 * s * s, tolerance)
            }
        }
    }

    func testEdgeChainsLoopsAndInsetBoundary() throws {
        let path: [SIMD2<Double>] = [[0, 0], [100, 0], [100, 50], [0, 80]]
        XCTAssertEqual(try CollisionShape.edges(along: path, closed: false).count, 3)
        let loop = try CollisionShape.edges(along: path, closed: true)
        XCTAssertEqual(loop.count, 4)
        XCTAssertEqual(loop[3].geometry, .segment(try EdgeSegment(from: [0, 80], to: [0, 0])))
        XCTAssertThrowsError(try CollisionShape.edges(along: [[0, 0], [0, 0], [5, 5]], closed: false))
        XCTAssertThrowsError(try CollisionShape.edges(along: [[0, 0], [5, 5]], closed: true))

        // A 320 × 480 reference view inset by top 20, left 10, bottom 30, right 40.
        let edges = try CollisionShape.boundaryEdges(
            origin: [0, 0], size: [320, 480], top: 20, left: 10, bottom: 30, right: 40)
        let expected: [(SIMD2<Double>, SIMD2<Double>)] = [
            ([10, 20], [280, 20]), ([280, 20], [280, 450]), ([280, 450], [10, 450]), ([10, 450], [10, 20]),
        ]
        XCTAssertEqual(edges.count, 4)
        for (edge, (a, b)) in zip(edges, expected) {
            XCTAssertEqual(edge.geometry, .segment(try EdgeSegment(from: a, to: b)))
            XCTAssertEqual(edge.radius, 1)
        }
        XCTAssertThrowsError(try CollisionShape.boundaryEdges(origin: [0, 0], size: [100, 100], left: 60, right: 40))
    }

    func testBoundingBoxesIncludeTheSkin() throws {
        let box = try CollisionShape.box(width: 40, height: 20)
        let aabb = box.aabb(CollisionTransform(position: [100, 200], angle: Double.pi / 2))
        // Turned a quarter: 20 wide, 40 tall, plus 1 pt of skin on every side.
        XCTAssertEqual(aabb.lower.x, 89, accuracy: 1e-12)
        XCTAssertEqual(aabb.upper.x, 111, accuracy: 1e-12)
        XCTAssertEqual(aabb.lower.y, 179, accuracy: 1e-12)
        XCTAssertEqual(aabb.upper.y, 221, accuracy: 1e-12)
    }
}

extension CollisionShapeTests {
    func testEllipseErrorOutOfReachIsRefused() {
        XCTAssertThrowsError(try CollisionShape.ellipse(width: 1e9, height: 10, maximumError: 0.25)) { error in
            guard case let .invalidParameter(name, _, _)? = error as? HookeError else { return XCTFail("\(error)") }
            XCTAssertEqual(name, "maximumError")
        }
    }
}
