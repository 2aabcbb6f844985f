import Foundation
import Hooke
@testable import HookeCollision
import XCTest

/// The contact solver against Newtonian closed forms: impulse–momentum balance,
/// Newton's restitution law, Coulomb friction, and the position-correction recurrence.
final class ContactSolverTests: XCTestCase {
    let h = 1.0 / 120
    let g = 1000.0  // pt/s², UIKit's gravity magnitude 1

    func solve(_ constraints: [ContactConstraint], _ bodies: inout [ContactBody], iterations: Int = 8, ratio: Double = 1) -> ContactSolver {
        var solver = ContactSolver(constraints: constraints, bodies: bodies, warmStartRatio: ratio)
        solver.warmStart(&bodies)
        for _ in 0..<iterations { solver.solveVelocities(&bodies) }
        return solver
    }

    func testHeadOnDiscsFollowNewtonsRestitutionLaw() throws {
        // m₁ = 2 kg at 400 pt/s, m₂ = 3 kg at −200 pt/s, e = 0.5: v₁' = −140, v₂' = 160
        // (momentum 200 kg·pt/s kept, separating speed e·600 = 300).
        let disc = try CollisionShape.circle(radius: 10)
        for (u1, u2, e, v1, v2) in [(400.0, -200.0, 0.5, -140.0, 160.0), (40.0, -40.0, 0.5, -8.0, -8.0)] {
            // The second case approaches at 80 pt/s, below the 100 pt/s threshold: no bounce.
            var bodies = [
                ContactBody(center: [0, 0], velocity: [u1, 0], inverseMass: 1.0 / 2, inverseInertia: 1.0 / 100),
                ContactBody(center: [19.5, 0], velocity: [u2, 0], inverseMass: 1.0 / 3, inverseInertia: 1.0 / 150),
            ]
            let m = Narrowphase.collide(disc, bodies[0].transform, disc, bodies[1].transform)
            XCTAssertEqual(m.pointCount, 1)
            let solver = solve([ContactConstraint(bodyA: 0, bodyB: 1, manifold: m, friction: 0.2, restitution: e)], &bodies)
            XCTAssertEqual(bodies[0].velocity.x, v1, accuracy: 1e-9)
            XCTAssertEqual(bodies[1].velocity.x, v2, accuracy: 1e-9)
            XCTAssertEqual(bodies[0].angularVelocity, 0, accuracy: 1e-12)
            // The impulse is the momentum change of either body.
            XCTAssertEqual(solver.constraints[0].normalImpulses.x, 3 * (v2 - u2), accuracy: 1e-9)
        }
    }

    /// A 40 × 40 box of 1 kg (I = m(w² + h²)/12) 1 pt above a static ground's core.
    func boxOnGround(velocity: SIMD2<Double>, angularVelocity: Double = 0) throws -> ([ContactBody], ContactManifold) {
        let ground = try CollisionShape.box(width: 400, height: 20)
        let box = try CollisionShape.box(width: 40, height: 40)
        let bodies = [
            ContactBody(center: [0, 110], inverseMass: 0, inverseInertia: 0),
            ContactBody(center: [0, 79], velocity: velocity, angularVelocity: angularVelocity,
                        inverseMass: 1, inverseInertia: 12.0 / 3200),
        ]
        let m = Narrowphase.collide(ground, bodies[0].transform, box, bodies[1].transform)
        XCTAssertEqual(m.pointCount, 2)
        return (bodies, m)
    }

    func testRestingBoxTakesExactlyOneStepOfGravityEvenlyOnBothCorners() throws {
        var (bodies, m) = try boxOnGround(velocity: [0, g * h])
        let solver = solve([ContactConstraint(bodyA: 0, bodyB: 1, manifold: m, friction: 0.2, restitution: 0.2)], &bodies, iterations: 1)
        // The block solver settles both points in one iteration.
        XCTAssertEqual(bodies[1].velocity.y, 0, accuracy: 1e-12)
        XCTAssertEqual(bodies[1].angularVelocity, 0, accuracy: 1e-12)
        XCTAssertEqual(solver.constraints[0].normalImpulses.x, g * h / 2, accuracy: 1e-12)
        XCTAssertEqual(solver.constraints[0].normalImpulses.y, g * h / 2, accuracy: 1e-12)
    }

    func testLandingWhileSpinningStopsBothCornersWithBalancedMomentum() throws {
        // Falling at 60 pt/s (below the restitution threshold) while turning: both corners
        // end at zero normal velocity, and the impulses account for every change of
        // linear and angular momentum.
        let (v0, w0) = (60.0, 0.8)
        var (bodies, m) = try boxOnGround(velocity: [0, v0], angularVelocity: w0)
        let solver = solve([ContactConstraint(bodyA: 0, bodyB: 1, manifold: m, friction: 0, restitution: 0.2)], &bodies)
        let box = bodies[1]
        let impulses = solver.constraints[0].normalImpulses
        for j in 0..<2 {
            let r = m[j].position - box.center
            let pointVelocity = box.velocity + SIMD2(-box.angularVelocity * r.y, box.angularVelocity * r.x)
            XCTAssertGreaterThanOrEqual(impulses[j], 0)
            // Either the point stops along the normal (n = (0, −1)) or it separates with zero impulse.
            if impulses[j] > 1e-12 { XCTAssertEqual(pointVelocity.y, 0, accuracy: 1e-9) }
        }
        // m·Δv = Σλ·n and I·Δω = Σ r × λn, with n = (0, −1), m = 1 kg, I = 3200/12.
        XCTAssertEqual(box.velocity.y - v0, -(impulses.x + impulses.y), accuracy: 1e-9)
        var torque = 0.0
        for j in 0..<2 {
            let r = m[j].position - box.center
            torque += r.x * (-impulses[j])  // r × (0, −λ) = −λ·r.x
        }
        XCTAssertEqual((box.angularVelocity - w0) * 3200 / 12, torque, accuracy: 1e-9)
    }

    func testSlidingBoxLosesMuTimesTheNormalImpulseAndSlowOneStops() throws {
        let mu = 0.3
        // Fast slide: friction saturates, Δvₓ = −μ·N/m with N = m·g·h.
        var (fast, m) = try boxOnGround(velocity: [50, g * h])
        _ = solve([ContactConstraint(bodyA: 0, bodyB: 1, manifold: m, friction: mu, restitution: 0)], &fast, iterations: 30)
        XCTAssertEqual(fast[1].velocity.x, 50 - mu * g * h, accuracy: 1e-6)
        XCTAssertEqual(fast[1].velocity.y, 0, accuracy: 1e-6)
        XCTAssertEqual(fast[1].angularVelocity, 0, accuracy: 1e-6)
        // Slow slide (1 pt/s < μgh = 2.5 pt/s): static friction stops it.
        var (slow, m2) = try boxOnGround(velocity: [1, g * h])
        _ = solve([ContactConstraint(bodyA: 0, bodyB: 1, manifold: m2, friction: mu, restitution: 0)], &slow, iterations: 30)
        XCTAssertEqual(slow[1].velocity.x, 0, accuracy: 1e-6)
    }

    func testWarmStartFromLastStepsImpulsesAlreadyHoldsTheBox() throws {
        var (bodies, m) = try boxOnGround(velocity: [0, g * h])
        let first = solve([ContactConstraint(bodyA: 0, bodyB: 1, manifold: m, friction: 0.2, restitution: 0.2)], &bodies)
        // Next step: gravity again, then only the warm start.
        for (ratio, expected) in [(1.0, 0.0), (0.5, g * h / 2)] {
            var next = bodies
            next[1].velocity.y += g * h
            let solver = ContactSolver(constraints: first.constraints, bodies: next, warmStartRatio: ratio)
            solver.warmStart(&next)
            XCTAssertEqual(next[1].velocity.y, expected, accuracy: 1e-12, "ratio \(ratio)")
        }
    }

    func testPositionCorrectionRemovesTwentyPercentOfPenetrationBeyondTheSlop() throws {
        // A disc (radius 10) 3 pt into a static ground's skinned top: s = −3. Each
        // iteration: s ← s − 0.2·(s + 0.5), i.e. s + 0.5 shrinks by 0.8.
        let ground = try CollisionShape.box(width: 400, height: 20)
        let disc = try CollisionShape.circle(radius: 10)
        var bodies = [
            ContactBody(center: [0, 110], inverseMass: 0, inverseInertia: 0),
            ContactBody(center: [30, 92], inverseMass: 0.5, inverseInertia: 0.01),
        ]
        let m = Narrowphase.collide(ground, bodies[0].transform, disc, bodies[1].transform)
        XCTAssertEqual(m[0].separation, -3, accuracy: 1e-12)
        let solver = ContactSolver(constraints: [ContactConstraint(bodyA: 0, bodyB: 1, manifold: m, friction: 0.2, restitution: 0)], bodies: bodies)
        var expected = -3.0
        for iteration in 1...6 {
            let done = solver.solvePositions(&bodies)
            XCTAssertEqual(done, expected >= -1.5, "iteration \(iteration)")  // judged on the separation before the push
            expected -= 0.2 * (expected + 0.5)
            let s = m.evaluate(0, transformA: bodies[0].transform, transformB: bodies[1].transform).separation
            XCTAssertEqual(s, expected, accuracy: 1e-12, "iteration \(iteration)")
        }
        XCTAssertEqual(bodies[1].center.x, 30, accuracy: 1e-12)
        XCTAssertEqual(bodies[1].angle, 0, accuracy: 1e-15)
        // A deep overlap moves at most 20 pt per iteration.
        var deep = [bodies[0], ContactBody(center: [30, 250], inverseMass: 0.5, inverseInertia: 0.01)]
        // (The manifold's features are those of a shallow touch; evaluated 150 pt deep.)
        let far = Narrowphase.collide(ground, deep[0].transform, disc, CollisionTransform(position: [30, 95], angle: 0))
        _ = ContactSolver(constraints: [ContactConstraint(bodyA: 0, bodyB: 1, manifold: far, friction: 0, restitution: 0)], bodies: deep)
            .solvePositions(&deep)
        XCTAssertEqual(deep[1].center.y, 250 - 20, accuracy: 1e-12)
    }

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
