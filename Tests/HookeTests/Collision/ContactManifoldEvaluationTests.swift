import Foundation
import Hooke
@testable import HookeCollision
import XCTest

/// `ContactManifold.evaluate`, which the World's UIKit solver calls in its position
/// iterations to re-measure a point's separation at the bodies' current placements (the
/// manifold keeps its reference face or anchor points, as Box2D's
/// `b2PositionSolverManifold` does), against the narrowphase that made the manifold.
final class ContactManifoldEvaluationTests: XCTestCase {
    func testManifoldReEvaluationMatchesTheNarrowphase() throws {
        // At the placements a manifold was made for, `evaluate` returns its normal and
        // separations; moving B by δ along the normal adds δ to every separation.
        var rng = CollisionRandom(seed: 41)
        let shapes = [
            try CollisionShape.box(width: 40, height: 30), try CollisionShape.circle(radius: 12),
            try CollisionShape.polygon([[0, -20], [20, 20], [-20, 20]]),
            try CollisionShape.segment(from: [-60, 0], to: [60, 0]),
        ]
        var checked = 0
        for _ in 0..<2000 {
            let a = shapes[Int.random(in: 0..<4, using: &rng)], b = shapes[Int.random(in: 0..<3, using: &rng)]
            let xfA = CollisionTransform(position: .zero, angle: .random(in: -3...3, using: &rng))
            let xfB = CollisionTransform(position: [.random(in: -45...45, using: &rng), .random(in: -45...45, using: &rng)],
                                         angle: .random(in: -3...3, using: &rng))
            let m = Narrowphase.collide(a, xfA, b, xfB)
            guard m.pointCount > 0 else { continue }
            checked += 1
            let moved = CollisionTransform(position: xfB.position + 0.3 * m.normal, angle: xfB.angle)
            for j in 0..<m.pointCount {
                let e = m.evaluate(j, transformA: xfA, transformB: xfB)
                XCTAssertEqual(e.separation, m[j].separation, accuracy: 1e-9)
                XCTAssertEqual(e.normal.x, m.normal.x, accuracy: 1e-12)
                XCTAssertEqual(e.normal.y, m.normal.y, accuracy: 1e-12)
                XCTAssertEqual(m.evaluate(j, transformA: xfA, transformB: moved).separation, m[j].separation + 0.3, accuracy: 1e-9)
                let s = m.swapped.evaluate(j, transformA: xfB, transformB: xfA)
                XCTAssertEqual(s.separation, m[j].separation, accuracy: 1e-9)
                XCTAssertEqual(s.normal.x, -m.normal.x, accuracy: 1e-12)
            }
        }
        XCTAssertGreaterThan(checked, 300)
    }
}
