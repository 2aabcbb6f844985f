import Foundation
import Hooke
@testable import HookeCollision
import XCTest

/// The collision layer and the contact solver run together through UIKit's step order
/// (uikit-engine description): a box dropped on a boundary edge comes to rest floating
/// in the skin, 1.5–2 pt above the edge's core, level and still.
final class ContactSolverDropTests: XCTestCase {
    func testDroppedBoxSettlesInTheSkinAboveABoundary() throws {
        let h = 1.0 / 120, gravity = SIMD2<Double>(0, 1000)
        let edge = try CollisionShape.segment(from: [-300, 500], to: [300, 500])
        let box = try CollisionShape.box(width: 60, height: 40)
        let mass = 60.0 * 40 / 1e4  // density 1: w·h/10⁴ kg
        var bodies = [
            ContactBody(center: .zero, inverseMass: 0, inverseInertia: 0),
            ContactBody(center: [10, 400], angle: 0.05, inverseMass: 1 / mass,
                        inverseInertia: 1 / (mass * (60.0 * 60 + 40 * 40) / 12)),
        ]
        var previous: ContactConstraint?
        for _ in 0..<360 {
            // Collision update from the positions at the start of the step.
            let manifold = Narrowphase.collide(edge, bodies[0].transform, box, bodies[1].transform)
            // Integrate velocities (gravity, then UIKit's resistance 0.1 as a Padé factor).
            bodies[1].velocity = (bodies[1].velocity + h * gravity) / (1 + h * 0.1)
            bodies[1].angularVelocity /= 1 + h * 0.1
            var constraints: [ContactConstraint] = []
            if manifold.pointCount > 0 {
                var c = ContactConstraint(bodyA: 0, bodyB: 1, manifold: manifold, friction: 0.2, restitution: 0.2)
                // Warm start points whose features match last step's.
                if let previous {
                    for j in 0..<manifold.pointCount {
                        for k in 0..<previous.manifold.pointCount where previous.manifold[k].feature == manifold[j].feature {
                            c.normalImpulses[j] = previous.normalImpulses[k]
                            c.tangentImpulses[j] = previous.tangentImpulses[k]
                        }
                    }
                }
                constraints.append(c)
            }
            var solver = ContactSolver(constraints: constraints, bodies: bodies)
            solver.warmStart(&bodies)
            for _ in 0..<8 { solver.solveVelocities(&bodies) }
            previous = solver.constraints.first
            bodies[1].center += h * bodies[1].velocity
            bodies[1].angle += h * bodies[1].angularVelocity
            for _ in 0..<3 where !solver.solvePositions(&bodies) {}
        }
        let box1 = bodies[1]
        // Lowest core corner above the edge's core line y = 500.
        let corners = [SIMD2<Double>(-30, -20), [30, -20], [30, 20], [-30, 20]].map { box1.transform.apply($0) }
        // Both bottom corners rest in the band (so it landed flat: |angle| ≤ 0.5/60 rad).
        let bottom = corners.map { 500 - $0.y }.sorted().prefix(2)
        for gap in bottom {
            XCTAssertGreaterThanOrEqual(gap, 1.5 - 1e-9)
            XCTAssertLessThanOrEqual(gap, 2.0)
        }
        XCTAssertLessThan(collisionLength(box1.velocity), 1)      // at rest (UIKit's 1 pt/s sleep speed)
        XCTAssertLessThan(abs(box1.angularVelocity), 2 * Double.pi / 180)
    }
}
