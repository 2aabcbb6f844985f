import Foundation
import Hooke
@testable import HookeWorld
import XCTest

/// One contact at a time through a real `World` and its UIKit solver
/// (World+ContactSolver.swift), against Newtonian closed forms — impulse–momentum balance,
/// Newton's restitution law, Coulomb friction, Signorini's complementarity — and the
/// behaviour Box2D 2.3 publishes in `b2ContactSolver.cpp` and `b2Settings.h`
/// (github.com/erincatto/box2d, tag v2.3.0): restitution only above b2_velocityThreshold
/// (1 m/s = 100 pt/s), warm starting scaled by `b2TimeStep::dtRatio` = h/h_previous,
/// position correction C = clamp(b2_baumgarte·(s + b2_linearSlop), −b2_maxLinearCorrection, 0)
/// with β = 0.2, slop 0.5 pt and 20 pt, stopping once the deepest point is within
/// 3·b2_linearSlop; friction and restitution mixed as `b2MixFriction` (√(μ_A·μ_B)) and
/// `b2MixRestitution` (max) in b2Contact.h.
///
/// Each scene builds its contact touching in the first step, without resistance (unless
/// UIKit's defaults are the point), and reads the contact's manifold and accumulated
/// impulses from the world's contact list.
final class SingleContactWorldTests: XCTestCase {
    let h = 1.0 / 120
    let g = 1000.0  // pt/s², UIKit's gravity of magnitude 1

    // MARK: - Scenes

    /// The world's one touching contact as the last step left it: its manifold (made at
    /// the placements the step started from) and its accumulated impulses.
    private func touchingContact(_ world: World, file: StaticString = #filePath, line: UInt = #line) throws -> Contact {
        let touching = world.contacts.contacts.filter(\.isTouching)
        XCTAssertEqual(touching.count, 1, file: file, line: line)
        return try XCTUnwrap(touching.first, file: file, line: line)
    }

    /// +1 when `body` is the contact's body B (the normal points from A to B, so the
    /// impulse λ·n acts on B and −λ·n on A), −1 when it is body A.
    private func side(of body: BodyHandle, in contact: Contact) -> Double {
        contact.bodyB == body.index ? 1 : -1
    }

    /// A box on an anchored 400 × 20 pt ground centred at (0, 110), whose core's top is
    /// y = 100 and whose skin's is y = 99.
    private struct BoxOnGround {
        var world: World
        var box: BodyHandle
        /// The box's centre when the scene is built.
        var start: SIMD2<Double>
    }

    /// A 40 × 40 pt box of 1 kg (density 6.25: 40·40/10⁴·6.25) centred at (0, 78.5): its
    /// core's bottom 1.5 pt above the ground's core, so the two 1 pt skins overlap by
    /// exactly the slop (separation −0.5 pt, which position correction leaves alone) and
    /// the manifold holds the box's two bottom corners, symmetric about its centre. Both
    /// have friction `friction` (mixed √(μ·μ) = μ); gravity pulls the box when `gravity`.
    private func boxOnGround(configuration: WorldConfiguration = WorldConfiguration(),
                             velocity: SIMD2<Double> = .zero, angularVelocity: Double = 0,
                             friction: Double = 0.2, gravity: Bool) throws -> BoxOnGround {
        var world = try World(configuration: configuration)
        let ground = try world.createBody(BodyDefinition(
            shape: .rectangle(width: 400, height: 20), center: SIMD2(0, 110),
            properties: CollisionScene.material(friction: friction, anchored: true)))
        let start = SIMD2(0.0, 78.5)
        let box = try world.createBody(BodyDefinition(
            shape: .rectangle(width: 40, height: 40), center: start, velocity: velocity,
            angularVelocity: angularVelocity, properties: CollisionScene.material(friction: friction, density: 6.25)))
        try world.addBehavior(.collision(CollisionBehavior(items: [ground, box])))
        if gravity { try world.addBehavior(.gravity(GravityBehavior(items: [box]))) }
        XCTAssertEqual(world.body(box).mass, 1, accuracy: 1e-15)
        return BoxOnGround(world: world, box: box, start: start)
    }

    // MARK: - Restitution

    /// Two 20 pt discs of densities 2 and 3 (masses in the ratio 2 : 3), centres 19.5 pt
    /// apart on y = 300 (0.5 pt overlap, so they touch in the first step), at u₁ and u₂
    /// pt/s along x, elasticity e, no gravity or resistance. Returns their velocities and
    /// masses after the first step, and the contact's accumulated normal impulse.
    private func headOn(u1: Double, u2: Double, elasticity e: Double) throws
        -> (a: BodyState, b: BodyState, impulse: Double) {
        var world = try CollisionScene.world()
        let a = try world.createBody(CollisionScene.ball(20, at: SIMD2(100, 300), velocity: SIMD2(u1, 0),
                                                         properties: CollisionScene.material(elasticity: e, density: 2)))
        let b = try world.createBody(CollisionScene.ball(20, at: SIMD2(119.5, 300), velocity: SIMD2(u2, 0),
                                                         properties: CollisionScene.material(elasticity: e, density: 3)))
        try world.addBehavior(.collision(CollisionBehavior(items: [a, b])))
        world.step()
        let contact = try touchingContact(world)
        XCTAssertEqual(contact.manifold.pointCount, 1)
        XCTAssertEqual(abs(contact.manifold.normal.x), 1, accuracy: 1e-15)
        return (world.body(a), world.body(b), contact.normalImpulses.x)
    }

    func testHeadOnDiscsFollowNewtonsRestitutionLaw() throws {
        // m₁ : m₂ = 2 : 3, u₁ = 400, u₂ = −200 pt/s, e = 0.5: the one-dimensional closed form
        // v₁' = (m₁u₁ + m₂u₂ − m₂e(u₁ − u₂))/(m₁ + m₂) = −140 and
        // v₂' = (m₁u₁ + m₂u₂ + m₁e(u₁ − u₂))/(m₁ + m₂) = 160 pt/s (momentum kept, parting at
        // e·600 = 300 pt/s), in the very step they touch.
        let (a, b, impulse) = try headOn(u1: 400, u2: -200, elasticity: 0.5)
        XCTAssertEqual(b.mass / a.mass, 1.5, accuracy: 1e-12)
        XCTAssertEqual(a.velocity.x, -140, accuracy: 1e-9)
        XCTAssertEqual(b.velocity.x, 160, accuracy: 1e-9)
        XCTAssertEqual(a.velocity.y, 0, accuracy: 1e-12)
        XCTAssertEqual(b.velocity.y, 0, accuracy: 1e-12)
        // Central impact: no torque.
        XCTAssertEqual(a.angularVelocity, 0, accuracy: 1e-12)
        XCTAssertEqual(b.angularVelocity, 0, accuracy: 1e-12)
        // The impulse is the momentum change of either body.
        XCTAssertEqual(impulse, b.mass * (160 - -200), accuracy: 1e-9)
        XCTAssertEqual(impulse, a.mass * (400 - -140), accuracy: 1e-9)
    }

    func testHeadOnDiscsBelowTheRestitutionThresholdStickTogether() throws {
        // Approaching at 80 pt/s, below Box2D's 100 pt/s threshold: no bounce whatever e,
        // a perfectly inelastic impact, both at (m₁u₁ + m₂u₂)/(m₁ + m₂) = (2·40 − 3·40)/5 = −8 pt/s.
        let (a, b, impulse) = try headOn(u1: 40, u2: -40, elasticity: 0.5)
        XCTAssertEqual(a.velocity.x, -8, accuracy: 1e-9)
        XCTAssertEqual(b.velocity.x, -8, accuracy: 1e-9)
        XCTAssertEqual(a.angularVelocity, 0, accuracy: 1e-12)
        XCTAssertEqual(impulse, b.mass * (-8 - -40), accuracy: 1e-9)
    }

    // MARK: - A box on the ground: the two-point block

    func testRestingBoxTakesExactlyOneStepOfGravityEvenlyOnBothCorners() throws {
        // The first step gives the resting box v = g·h downwards; the contact must take
        // exactly that momentum back, m·g·h, half on each corner by symmetry, and Box2D's
        // block solver (both points at once) settles it in a single velocity iteration.
        var scene = try boxOnGround(configuration: WorldConfiguration(velocityIterations: 1), gravity: true)
        scene.world.step()
        let box = scene.world.body(scene.box)
        XCTAssertEqual(box.velocity.x, 0, accuracy: 1e-12)
        XCTAssertEqual(box.velocity.y, 0, accuracy: 1e-12)
        XCTAssertEqual(box.angularVelocity, 0, accuracy: 1e-12)
        let contact = try touchingContact(scene.world)
        XCTAssertEqual(contact.manifold.pointCount, 2)
        XCTAssertEqual(contact.normalImpulses.x, box.mass * g * h / 2, accuracy: 1e-12)
        XCTAssertEqual(contact.normalImpulses.y, box.mass * g * h / 2, accuracy: 1e-12)
    }

    func testLandingWhileSpinningStopsBothCornersWithBalancedMomentum() throws {
        // Falling at 60 pt/s (below the restitution threshold) while turning at 0.8 rad/s,
        // frictionless, no gravity: after the step each corner either stops along the
        // normal or separates with zero impulse (λ ≥ 0, vₙ ≥ 0, λ·vₙ = 0), and the
        // impulses account for every change of linear and angular momentum:
        // m·Δv = Σ λⱼ·n, I·Δω = Σ rⱼ × λⱼn, with rⱼ from the centre at the step's start.
        let (v0, w0) = (SIMD2(0.0, 60), 0.8)
        var scene = try boxOnGround(velocity: v0, angularVelocity: w0, friction: 0, gravity: false)
        scene.world.step()
        let box = scene.world.body(scene.box)
        let contact = try touchingContact(scene.world)
        let m = contact.manifold, n = m.normal, s = side(of: scene.box, in: contact)
        XCTAssertEqual(m.pointCount, 2)
        var momentum = SIMD2<Double>.zero, angularMomentum = 0.0
        for j in 0..<2 {
            let r = m[j].position - scene.start
            let lambda = contact.normalImpulses[j]
            let pointVelocity = box.velocity + SIMD2(-box.angularVelocity * r.y, box.angularVelocity * r.x)
            let vn = s * (n.x * pointVelocity.x + n.y * pointVelocity.y)  // the box's approach along n, relative to the ground
            XCTAssertGreaterThanOrEqual(lambda, 0, "point \(j)")
            XCTAssertGreaterThanOrEqual(vn, -1e-9, "point \(j)")
            if lambda > 1e-12 { XCTAssertEqual(vn, 0, accuracy: 1e-9, "point \(j)") }
            let p = s * lambda * n
            momentum += p
            angularMomentum += r.x * p.y - r.y * p.x
        }
        XCTAssertGreaterThan(contact.normalImpulses.x + contact.normalImpulses.y, 0)
        XCTAssertEqual(box.mass * (box.velocity.x - v0.x), momentum.x, accuracy: 1e-9)
        XCTAssertEqual(box.mass * (box.velocity.y - v0.y), momentum.y, accuracy: 1e-9)
        // I = m(w² + h²)/12 for the 40 × 40 pt core.
        XCTAssertEqual(box.inertia, 3200.0 / 12, accuracy: 1e-12)
        XCTAssertEqual(box.inertia * (box.angularVelocity - w0), angularMomentum, accuracy: 1e-9)
    }

    // MARK: - Friction

    func testSlidingBoxLosesMuTimesTheNormalImpulseAndSlowOneStops() throws {
        // Coulomb: the friction impulse is at most μ·N, with N = m·g·h the normal impulse
        // of one step of gravity. A fast slide saturates it, Δvₓ = −μ·g·h; a slow one
        // (1 pt/s < μ·g·h = 2.5 pt/s) is stopped by static friction. 30 iterations let the
        // friction and normal impulses converge together.
        let mu = 0.3, mixed = (mu * mu).squareRoot()
        let config = WorldConfiguration(velocityIterations: 30)
        var fast = try boxOnGround(configuration: config, velocity: SIMD2(50, 0), friction: mu, gravity: true)
        fast.world.step()
        let f = fast.world.body(fast.box)
        XCTAssertEqual(f.velocity.x, 50 - mixed * g * h, accuracy: 1e-6)
        XCTAssertEqual(f.velocity.y, 0, accuracy: 1e-6)
        XCTAssertEqual(f.angularVelocity, 0, accuracy: 1e-6)
        let contact = try touchingContact(fast.world)
        // On the cone's edge: |λₜ| = μ·λₙ.
        XCTAssertEqual(abs(contact.tangentImpulses.x + contact.tangentImpulses.y),
                       mixed * (contact.normalImpulses.x + contact.normalImpulses.y), accuracy: 1e-6)
        var slow = try boxOnGround(configuration: config, velocity: SIMD2(1, 0), friction: mu, gravity: true)
        slow.world.step()
        XCTAssertEqual(slow.world.body(slow.box).velocity.x, 0, accuracy: 1e-6)
    }

    // MARK: - Warm start

    /// `World.runStep` under the UIKit solver (World+Step.swift) up to and including the
    /// contacts' warm start, with the warm-start ratio `solveConstraints` uses: the
    /// velocities the stored impulses alone leave, before any velocity iteration.
    private func runToWarmStart(_ world: inout World) {
        let h = world.configuration.timestep
        world.userActions()
        world.forces()
        world.fields(h)
        world.containment(h)
        world.broadphase()
        world.narrowphase()
        world.islands()
        world.integrateVelocities(h)
        world.prepareContacts(warmStartRatio: world.previousTimestep > 0 ? h / world.previousTimestep : 0)
        world.warmStartContacts()
    }

    func testWarmStartFromLastStepsImpulsesAlreadyHoldsTheBox() throws {
        // After a step at rest the contact holds m·g·h. The next step's gravity, g·h', is
        // then cancelled by the warm start alone, before any iteration, when the stored
        // impulses are scaled by h'/h (Box2D's dtRatio): for the same step, a half one
        // and a double one. (Unscaled, the half step would end at −g·h/2.)
        var scene = try boxOnGround(gravity: true)
        scene.world.step()
        let stored = try touchingContact(scene.world).normalImpulses
        XCTAssertEqual(stored.x + stored.y, g * h, accuracy: 1e-12)
        for next in [h, h / 2, 2 * h] {
            var world = scene.world
            try world.setConfiguration(WorldConfiguration(timestep: next))
            runToWarmStart(&world)
            let constraint = try XCTUnwrap(world.scratch.contactConstraints.first)
            XCTAssertEqual(world.scratch.contactConstraints.count, 1)
            XCTAssertEqual(constraint.normalImpulse.x, next / h * stored.x, accuracy: 1e-12, "h' = \(next)")
            XCTAssertEqual(constraint.normalImpulse.y, next / h * stored.y, accuracy: 1e-12, "h' = \(next)")
            let box = world.body(scene.box)
            XCTAssertEqual(box.velocity.y, 0, accuracy: 1e-12, "h' = \(next)")
            XCTAssertEqual(box.angularVelocity, 0, accuracy: 1e-12, "h' = \(next)")
        }
    }

    // MARK: - Position correction

    /// A 20 pt disc (no skin) at `center`, at rest, with no gravity, on an anchored ground
    /// box of `groundSize` whose core's top is y = 100 (its skin's y = 99), stepped once
    /// with `iterations` position iterations.
    /// Returns the disc after the step and whether its island's position iterations
    /// ended within tolerance.
    private func correctDisc(at center: SIMD2<Double>, groundSize: SIMD2<Double> = SIMD2(400, 20),
                             iterations: Int) throws -> (disc: BodyState, solved: Bool) {
        var world = try World(configuration: WorldConfiguration(positionIterations: iterations))
        let ground = try world.createBody(BodyDefinition(
            shape: .rectangle(width: groundSize.x, height: groundSize.y), center: SIMD2(0, 100 + groundSize.y / 2),
            properties: CollisionScene.material(anchored: true)))
        let disc = try world.createBody(CollisionScene.ball(20, at: center,
                                                            properties: CollisionScene.material(elasticity: 0)))
        try world.addBehavior(.collision(CollisionBehavior(items: [ground, disc])))
        world.step()
        XCTAssertEqual(world.scratch.islands.positionSolved.count, 1)
        return (world.body(disc), world.scratch.islands.positionSolved.first ?? false)
    }

    func testPositionCorrectionRemovesTwentyPercentOfPenetrationBeyondTheSlop() throws {
        // The disc's bottom 3 pt into the ground's skin: s = 99 − (y + 10) = −3. Each
        // position iteration pushes it out by −C = −0.2·(s + 0.5), so s + 0.5 shrinks by
        // 0.8; iterating stops after the pass that finds s ≥ −1.5 pt (judged before its
        // push): the sixth, whatever the iteration budget beyond it. The push acts along
        // the normal through the centre: no sideways motion, no turn. (At rest without
        // gravity, the velocity solve does nothing.)
        var expected = -3.0
        for iterations in 1...6 {
            let passed = expected
            expected -= 0.2 * (expected + 0.5)
            let (disc, solved) = try correctDisc(at: SIMD2(30, 92), iterations: iterations)
            XCTAssertEqual(99 - (disc.center.y + 10), expected, accuracy: 1e-12, "\(iterations) iterations")
            XCTAssertEqual(solved, passed >= -1.5, "\(iterations) iterations")
            XCTAssertEqual(disc.center.x, 30, accuracy: 1e-12)
            XCTAssertEqual(disc.angle, 0, accuracy: 1e-15)
        }
        let (budget, solved) = try correctDisc(at: SIMD2(30, 92), iterations: 10)
        XCTAssertEqual(99 - (budget.center.y + 10), expected, accuracy: 1e-12, "stopped after six passes")
        XCTAssertTrue(solved)
        // 161 pt deep in a 400 pt thick ground (nearest face: the top): each iteration
        // moves it the largest correction, 20 pt, no more.
        for iterations in 1...3 {
            let (deep, solved) = try correctDisc(at: SIMD2(30, 250), groundSize: SIMD2(400, 400), iterations: iterations)
            XCTAssertEqual(deep.center.y, 250 - 20 * Double(iterations), accuracy: 1e-12, "\(iterations) iterations")
            XCTAssertEqual(deep.center.x, 30, accuracy: 1e-12)
            XCTAssertFalse(solved)
        }
    }

    // MARK: - A drop, end to end

    func testDroppedBoxSettlesInTheSkinAboveABoundary() throws {
        // A 60 × 40 pt box (UIKit's default properties: density 1, elasticity and friction
        // 0.2, resistance 0.1) dropped tilted by 0.05 rad onto a boundary edge at y = 500
        // comes to rest floating in the skins as UIKit's boxes do: position correction
        // stops pushing at the slop, so both bottom core corners end 2 pt (two 1 pt skins)
        // minus at most 0.5 pt above the edge's core — flat, to 0.5/60 rad — and still, below
        // Box2D's rest speeds (1 pt/s, 2°/s).
        var world = try CollisionScene.world()
        let box = try world.createBody(BodyDefinition(shape: .rectangle(width: 60, height: 40), center: SIMD2(10, 400),
                                                      angle: 0.05))
        var collision = CollisionBehavior(items: [box])
        collision.addBoundary(withIdentifier: "floor", from: SIMD2(-300, 500), to: SIMD2(300, 500))
        try world.addBehavior(.collision(collision))
        try world.addBehavior(.gravity(GravityBehavior(items: [box])))
        CollisionScene.run(&world, steps: 360)
        let s = world.body(box)
        let (c, sn) = (cos(s.angle), sin(s.angle))
        let corners = [SIMD2(-30.0, -20), SIMD2(30, -20), SIMD2(30, 20), SIMD2(-30, 20)].map {
            s.center + SIMD2(c * $0.x - sn * $0.y, sn * $0.x + c * $0.y)
        }
        let bottom = corners.map { 500 - $0.y }.sorted().prefix(2)
        for gap in bottom {
            XCTAssertGreaterThanOrEqual(gap, 1.5 - 1e-9)
            XCTAssertLessThanOrEqual(gap, 2.0)
        }
        XCTAssertLessThan((s.velocity * s.velocity).sum().squareRoot(), 1)
        XCTAssertLessThan(abs(s.angularVelocity), 2 * Double.pi / 180)
    }
}
