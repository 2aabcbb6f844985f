import Foundation
import Hooke
import XCTest

/// The soft-step solver (`SolverMode.softStep`) against physics: restitution, Coulomb
/// friction, momentum and energy, stacking, the static deflection of the soft contact
/// spring, continuous collision, contact events, validation and a rigid joint. Only the
/// public API is used; every expected value comes from a closed form or a conservation
/// law, with the tolerance argued next to it.
///
/// Units as everywhere in the World: points, seconds, kilograms; gravity magnitude 1 is
/// g = 1000 pt/s² (`GravityBehavior.pointsPerSecondSquared`), downwards is +y.
final class SoftStepTests: XCTestCase {
    /// g, pt/s².
    private let g = GravityBehavior.pointsPerSecondSquared

    /// The solver under test: the soft step with `substeps` (Box2D v3's default 4).
    private func soft(_ substeps: Int = 4) -> SolverMode { .softStep(substeps: substeps) }

    // MARK: - 1. Restitution

    /// Drops a 20 pt disc from rest through `drop` pt onto a boundary floor at y = 600 and
    /// returns how high it rises above the touching height after its first impact (the
    /// first step at which it stops falling): 0 when it stays down.
    private func rebound(elasticity e: Double, drop: Double, file: StaticString = #filePath,
                         line: UInt = #line) throws -> Double {
        try CollisionScene.rebound(solver: soft(), elasticity: e, drop: drop, file: file, line: line)
    }

    /// A ball dropped from rest through H hits at v = √(2gH) and leaves at e·v, so it
    /// rises to (e·v)²/(2g) = e²·H.
    ///
    /// Tolerance, from the three ways the discrete step departs from that:
    /// - the approach speed restitution reverses is the one at the start of the step in
    ///   which the contact acts, within g·h of v (h = 1/120 s: 8.3 pt/s): a relative
    ///   error of at most g·h/v in speed, 2·g·h/v in height;
    /// - the bounce starts where the contact stopped the ball: within the speculative
    ///   distance (2 pt) above the touching height, or up to 1.5 pt into the floor
    ///   (continuous collision's target) — 2 pt either way;
    /// - the semi-implicit Euler flight over substeps hₛ = h/4 peaks within u·hₛ/2 of
    ///   u²/(2g) for a launch speed u (≤ 775·e pt/s: ≤ 0.81 pt).
    func testReboundHeightIsElasticitySquaredTimesDrop() throws {
        let drop = 300.0, h = 1.0 / 120
        let v = (2 * g * drop).squareRoot()
        for e in [0.4, 0.6, 0.8, 1.0] {
            let height = try rebound(elasticity: e, drop: drop)
            let expected = e * e * drop
            let tolerance = 2 * g * h / v * expected + 2 + e * v * (h / 4) / 2
            XCTAssertEqual(height, expected, accuracy: tolerance, "e = \(e)")
        }
    }

    /// Restitution acts only above the 100 pt/s threshold: with elasticity 1, a 4 pt drop
    /// (impact √(2g·4) = 89 pt/s) does not bounce — the ball never rises 0.5 pt above
    /// where it touches (it would rise ≈ 4 pt if restitution applied) — while a 16 pt drop
    /// (179 pt/s) rebounds to 16 pt within the tolerance above (2·g·h/v = 9 % of the
    /// height, 2 pt of contact position, 0.2 pt of integration).
    func testRestitutionOnlyAboveThreshold() throws {
        let below = try rebound(elasticity: 1, drop: 4)
        XCTAssertLessThan(below, 0.5)
        let above = try rebound(elasticity: 1, drop: 16)
        let v = (2 * g * 16).squareRoot(), h = 1.0 / 120
        XCTAssertEqual(above, 16, accuracy: 2 * g * h / v * 16 + 2 + v * h / 8)
    }

    /// A box dropped flat hits the floor with both bottom corners at once; by symmetry the
    /// floor's impulse passes through its centre, so it rebounds without turning or
    /// drifting sideways, at e·v, to e²·H like the disc (same tolerance). Spin and drift
    /// are allowed 1 % of the rebound speed e·v at the corners (|ω|·20 pt, |vₓ|), room for
    /// a solver that converges on the symmetric answer by iterating.
    func testFlatBoxReboundsWithoutSpin() throws {
        let e = 0.8, drop = 300.0, h = 1.0 / 120
        // A 40 pt box's core touches the floor's (two 1 pt skins) when its centre is 22 pt above.
        let scene = try CollisionScene.floorDrop(solver: soft(), diameter: 40, box: true, x: 200, drop: drop,
                                                 elasticity: e)
        let height = try CollisionScene.firstRebound(scene) { s in
            let speed = e * (2 * g * drop).squareRoot()
            XCTAssertEqual(s.angularVelocity * 20, 0, accuracy: 0.01 * speed, "spin after the bounce")
            XCTAssertEqual(s.velocity.x, 0, accuracy: 0.01 * speed, "sideways speed after the bounce")
        }
        let v = (2 * g * drop).squareRoot()
        XCTAssertEqual(height, e * e * drop, accuracy: 2 * g * h / v * e * e * drop + 2 + e * v * (h / 4) / 2)
    }

    // MARK: - 2. Friction on a slope

    /// Distance travelled down the slope at each step by a 40 pt square (angle θ, skins
    /// just touching) resting on a slope of angle θ: a boundary segment, or an anchored
    /// 1600 × 20 pt slab turned by θ (`slabFriction` non-nil).
    private func slide(angle theta: Double, itemFriction: Double, slabFriction: Double? = nil,
                       steps: Int) throws -> [Double] {
        try CollisionScene.slide(solver: soft(), angle: theta, itemFriction: itemFriction,
                                 slabFriction: slabFriction, steps: steps)
    }

    /// Static friction holds when tan θ < μ. Friction mixes as √(μ_A·μ_B) and a boundary
    /// counts as 0.2, so an item of friction 1.8 on a boundary has μ = 0.6 > tan 20° = 0.364;
    /// on an anchored slab of the same friction μ = 0.6 too. The block must move less than
    /// 0.5 pt in 2 s: sliding at even 1 % of g·sin θ would take it 6.8 pt.
    func testBlockStaysWhenTangentBelowFriction() throws {
        let theta = 20 * Double.pi / 180
        let onBoundary = try slide(angle: theta, itemFriction: 1.8, steps: 240)
        let onSlab = try slide(angle: theta, itemFriction: 0.6, slabFriction: 0.6, steps: 240)
        XCTAssertLessThan(onBoundary.map(abs).max() ?? .infinity, 0.5)
        XCTAssertLessThan(onSlab.map(abs).max() ?? .infinity, 0.5)
    }

    /// Kinetic friction: a = g(sin θ − μ cos θ) along the slope (m·g·sin θ down the slope,
    /// normal force m·g·cos θ, friction μ·N against the motion).
    ///
    /// The acceleration is read from second differences of the travel over 0.25 s
    /// intervals in the second half second: exact for constant acceleration under
    /// semi-implicit Euler (s(t) is then a quadratic in the step count plus a linear
    /// term), so the 1 % tolerance is for the solver alone (each substep's friction
    /// impulse is clamped at μ times the normal impulse, which balances g cos θ exactly
    /// once the contact has settled).
    ///
    /// The cases tell the mixing rule apart: an item of friction 0.8 on a boundary slides
    /// at 30° only with √(0.8·0.2) = 0.4 (the mean 0.5 gives a 2.3× smaller acceleration,
    /// the maximum 0.8 holds it).
    func testBlockSlidesWithKineticAcceleration() throws {
        let h = 1.0 / 120
        let cases: [(degrees: Double, item: Double, slab: Double?, mu: Double)] = [
            (30, 0.2, nil, 0.2),                  // boundary: √(0.2·0.2)
            (30, 0.8, nil, (0.8 * 0.2).squareRoot()),
            (35, 0.4, 0.4, 0.4),                  // anchored slab: √(0.4·0.4)
        ]
        for c in cases {
            let theta = c.degrees * .pi / 180
            let travel = try slide(angle: theta, itemFriction: c.item, slabFriction: c.slab, steps: 120)
            let s1 = travel[59], s2 = travel[89], s3 = travel[119]
            let measured = (s3 - 2 * s2 + s1) / (30 * h * 30 * h)
            let expected = g * (sin(theta) - c.mu * cos(theta))
            XCTAssertEqual(measured, expected, accuracy: 0.01 * expected, "θ = \(c.degrees)°, μ = \(c.mu)")
        }
    }

    // MARK: - 3. Head-on collision

    /// Momentum is conserved for every e (the contact applies equal and opposite
    /// impulses), and the final velocities are the 1-D closed form
    /// v₁' = (m₁u₁ + m₂u₂ − m₂e(u₁ − u₂))/(m₁ + m₂), v₂' = (m₁u₁ + m₂u₂ + m₁e(u₁ − u₂))/(m₁ + m₂):
    /// restitution sets the separation speed to e times the approach speed, which has no
    /// gravity to change it within the step. With e = 1 kinetic energy is conserved: in
    /// one dimension, conserved momentum and a reversed relative velocity conserve it
    /// exactly; the soft spring's push on the overlap the contact leaves must be taken
    /// back by the relax pass, or the energy would grow.
    ///
    /// The soft step solves in `Float` (`SoftContactBundle`), so "to rounding" is Float's:
    /// the impulse and the velocities pass through some dozen Float roundings of ½ ulp
    /// (2⁻²⁴ relative) each, so all three hold to 2⁴ ulps, 1.9·10⁻⁶ relative. A lost or
    /// doubled impulse, or one applied to one body only, is off by 10⁻¹ or more.
    ///
    /// The scene (`CollisionScene.headOn`): two discs (40 pt, densities 1 and 3, no
    /// gravity, no resistance) meet head on at 300 and −200 pt/s; their velocities after
    /// 1 s, which must have no y component (10⁻⁹ pt/s).
    func testHeadOnCollisionConservesMomentumAndElasticEnergy() throws {
        let (u1, u2) = CollisionScene.headOnSpeeds
        let rounding = 16 * Double(Float.ulpOfOne)
        for e in [0.3, 0.7, 1.0] {
            let (v1, v2, m1, m2) = try CollisionScene.headOn(solver: soft(), elasticity: e)
            let p0 = m1 * u1 + m2 * u2
            XCTAssertEqual(m1 * v1.x + m2 * v2.x, p0, accuracy: rounding * m1 * u1, "e = \(e)")
            XCTAssertEqual(v1.x, (p0 - m2 * e * (u1 - u2)) / (m1 + m2), accuracy: rounding * u1, "e = \(e)")
            XCTAssertEqual(v2.x, (p0 + m1 * e * (u1 - u2)) / (m1 + m2), accuracy: rounding * u1, "e = \(e)")
            if e == 1 {
                let before = 0.5 * m1 * u1 * u1 + 0.5 * m2 * u2 * u2
                let after = 0.5 * m1 * v1.x * v1.x + 0.5 * m2 * v2.x * v2.x
                XCTAssertEqual(after, before, accuracy: rounding * before)
            }
        }
    }

    // MARK: - 4. Pyramid

    /// A pyramid of 20 rows of 40 pt boxes (210 boxes, friction 0.6) on an anchored
    /// ground, built with the skins just touching, stands for 10 s: no box moves more
    /// than 1 pt sideways from where it was built (a toppling or spreading pyramid moves
    /// its boxes by tens of points), and the whole pyramid sleeps.
    func testPyramidOfTwentyRowsStandsAndSleeps() throws {
        let pyramid = try CollisionScene.pyramid(solver: soft())
        var world = pyramid.world
        // Sampled once a second for 10 s.
        var sideways = 0.0
        for _ in 1...10 {
            CollisionScene.run(&world, steps: 120)
            for (h, c) in zip(pyramid.boxes, pyramid.start) {
                sideways = max(sideways, abs(world.body(h).center.x - c.x))
            }
        }
        XCTAssertLessThan(sideways, 1)
        XCTAssertTrue(world.isPaused)
    }

    // MARK: - 5. Static deflection of the soft contact

    /// How far a body set down on a surface sinks into it, pt: its skinned outline's
    /// overlap with the other's (positive when overlapping).
    private struct Sink {
        /// At 0.35, 0.40 and 0.45 s, before the body can fall asleep (0.5 s below 1 pt/s).
        var samples: [Double]
        /// The largest at the end of any step.
        var largest: Double
        /// At the end of the run (1.5 s), asleep.
        var final: Double

        /// Where the approach is heading: the limit of a geometric approach through the
        /// three samples (Aitken's Δ²), which is exact once only the slowest mode of the
        /// overdamped contact is left.
        var limit: Double {
            let d1 = samples[1] - samples[0], d2 = samples[2] - samples[1]
            guard abs(d2) > 1e-12, d2 != d1 else { return samples[2] }
            return samples[2] - d2 * d2 / (d2 - d1)
        }

        /// Ratio of successive steps of the approach: in (0, 1) for a geometric approach.
        var ratio: Double { (samples[2] - samples[1]) / (samples[1] - samples[0]) }
    }

    /// Sets a 40 pt disc or box (and optionally a second box on the box) down with its
    /// skin just touching a boundary floor, at rest, and measures how far each sinks
    /// over 1.5 s (`top`: into the box below it).
    private func restingSink(timestep h: Double = 1.0 / 120, substeps: Int = 4, disc: Bool,
                             stacked: Bool = false) throws -> (bottom: Sink, top: Sink?) {
        var world = try CollisionScene.world(solver: soft(substeps), timestep: h)
        let floorY = CollisionScene.floorY
        let material = CollisionScene.material(elasticity: 0)
        // Touching: a disc of radius 20 (no skin) 1 pt above the edge's core (its skin); a
        // 40 pt box's core 2 pt above it (two skins). A second box 42 pt above the first.
        let touchingY = disc ? floorY - 21 : floorY - 22
        let shape: BodyShape = disc ? .ellipse(width: 40, height: 40) : .rectangle(width: 40, height: 40)
        let bottom = try world.createBody(BodyDefinition(shape: shape, center: SIMD2(200, touchingY), properties: material))
        var items = [bottom]
        if stacked {
            items.append(try world.createBody(BodyDefinition(shape: .rectangle(width: 40, height: 40),
                                                            center: SIMD2(200, touchingY - 42), properties: material)))
        }
        var collision = CollisionBehavior(items: items)
        collision.addBoundary(withIdentifier: "floor", from: SIMD2(0, floorY), to: SIMD2(400, floorY))
        try world.addBehavior(.collision(collision))
        try world.addBehavior(.gravity(GravityBehavior(items: items)))
        let sampleSteps = [0.35, 0.40, 0.45].map { Int(($0 / h).rounded()) }
        var sinks = [Sink(samples: [], largest: -.infinity, final: 0), Sink(samples: [], largest: -.infinity, final: 0)]
        for step in 1...Int((1.5 / h).rounded()) {
            world.step()
            let yBottom = world.body(bottom).center.y
            var now = [yBottom - touchingY]
            // The top box touches the bottom one when its centre is 42 pt above it.
            if stacked { now.append(world.body(items[1]).center.y - (yBottom - 42)) }
            for k in now.indices {
                if sampleSteps.contains(step) { sinks[k].samples.append(now[k]) }
                sinks[k].largest = max(sinks[k].largest, now[k])
                sinks[k].final = now[k]
            }
        }
        XCTAssertTrue(world.isPaused, "the bodies have not come to rest")
        return (sinks[0], stacked ? sinks[1] : nil)
    }

    /// ω² for a contact of `hertz`, 1/s².
    private func omega2(_ hertz: Double) -> Double { (2 * Double.pi * hertz) * (2 * Double.pi * hertz) }

    /// m·(K₁₁ + K₁₂) for the two points of a 40 pt square of mass m lying flat on a
    /// surface. The soft step solves a face contact's two points together, so its spring
    /// acts through the 2 × 2 block K and the static deflection is s = K·F/ω²; with equal
    /// loads F on both points, s = (K₁₁ + K₁₂)·F/ω². The points are the bottom corners,
    /// ±20 pt from the centre across the normal, I = m(w² + h²)/12, so K₁₁ = 1/m + 20²/I
    /// = 2.5/m and K₁₂ = 1/m − 20²/I = −0.5/m: the lever terms cancel and the square sinks
    /// like a point mass, m·(K₁₁ + K₁₂) = 2.
    private let squareBlock: Double = {
        let lever = 20.0 * 20.0 * 12 / (40 * 40 + 40 * 40)
        return (1 + lever) + (1 - lever)
    }()

    /// Checks a measured sink against the static deflection `expected`.
    ///
    /// The soft contact is a spring–damper per manifold point acting on the separation
    /// s (< 0 overlapping), of stiffness k = m_eff·ω² (ω = 2π·f; m_eff = 1/K the point's
    /// effective mass along the normal, K = Σ 1/m + Σ (r × n)²/I over the two bodies)
    /// and damping ratio ζ, solved implicitly once per substep hₛ:
    ///     Δλ = −m_eff·s_m·(vₙ + b·s) − s_i·λ,
    ///     b = ω/(2ζ + hₛω), s_m = a/(1 + a), s_i = 1/(1 + a), a = hₛω(2ζ + hₛω),
    /// λ the impulse accumulated in the step, applied again at every substep's warm
    /// start. At rest λ is the impulse that carries the point's load F over a substep,
    /// λ = F·hₛ, so after the warm start vₙ = 0, and the solve adds nothing (Δλ = 0, so the
    /// body stays) only when m_eff·s_m·b·s = −s_i·λ:
    ///     s = −s_i·F·hₛ/(m_eff·s_m·b) = −F/(m_eff·ω²)
    /// since s_i/(s_m·b) = 1/(hₛ·ω²): the spring's static deflection, whatever hₛ and ζ.
    /// Box2D v3's contact is 30 Hz between dynamic bodies and 2 × 30 Hz against an
    /// anchored body or a boundary, the 30 Hz first capped at a quarter of the substep
    /// rate.
    ///
    /// The contact is heavily overdamped (ζ = 10), so the body creeps towards that depth
    /// at well under the 1 pt/s rest speed and may fall asleep (at 0.5 s) before it gets
    /// there. So:
    /// - "and no more": the sink never exceeds the deflection by more than 1 % (an
    ///   overdamped approach does not overshoot);
    /// - the approach tends to the deflection: the limit of the geometric approach
    ///   through the samples at 0.35, 0.40 and 0.45 s (Aitken's Δ², exact for one
    ///   exponential mode) matches it within 1 % (faster modes, having decayed longer,
    ///   leave a smaller share in the samples);
    /// - the resting depth itself lies between the last sample and the deflection.
    private func assertSink(_ sink: Sink, deflection expected: Double, _ label: String,
                            file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertLessThanOrEqual(sink.largest, 1.01 * expected, "\(label): overshoot", file: file, line: line)
        XCTAssertEqual(sink.limit, expected, accuracy: 0.01 * expected, "\(label): limit", file: file, line: line)
        XCTAssertGreaterThanOrEqual(sink.final, sink.samples[2] - 1e-12, "\(label): rose again", file: file, line: line)
        XCTAssertGreaterThan(sink.ratio, 0, "\(label): not a monotone approach", file: file, line: line)
        XCTAssertLessThan(sink.ratio, 1, "\(label): not converging", file: file, line: line)
    }

    /// A disc has one point under its centre: m_eff = m, F = m·g, against a boundary at
    /// 2 × 30 Hz (hₛ = 1/480 s: the cap 480/4 = 120 Hz does not bind): s = g/ω² = 0.0070 pt.
    func testRestingDiscSinksByTheStaticDeflection() throws {
        let sink = try restingSink(disc: true).bottom
        assertSink(sink, deflection: g / omega2(60), "disc on boundary")
    }

    /// A box has two points, F = m·g/2 each: s = (g/2)·2/ω² = g/ω² = 0.0070 pt.
    func testRestingBoxSinksByTheStaticDeflection() throws {
        let sink = try restingSink(disc: false).bottom
        assertSink(sink, deflection: (g / 2) * squareBlock / omega2(60), "box on boundary")
    }

    /// The 30 Hz contact between two dynamic bodies: a box on a box on the floor. The top
    /// contact's points carry F = m·g/2 and its block sums both boxes' mobilities,
    /// K₁₁ + K₁₂ = 2 × 2/m, so s = (g/2)·4/ω²(30 Hz) = 0.056 pt; the floor's carry both
    /// boxes, F = m·g per point: s = g·2/ω²(60 Hz) = 0.014 pt.
    func testStackedBoxSinksByTheDynamicContactDeflection() throws {
        let (bottom, top) = try restingSink(disc: false, stacked: true)
        assertSink(try XCTUnwrap(top), deflection: (g / 2) * 2 * squareBlock / omega2(30), "box on box")
        assertSink(bottom, deflection: g * squareBlock / omega2(60), "two boxes on boundary")
    }

    /// The cap: substeps of 1/60 s (three per 1/20 s step) allow at most 60/4 = 15 Hz, so
    /// a disc on a boundary gets 2 × 15 = 30 Hz and sinks g/ω²(30 Hz) = 0.028 pt, four
    /// times the uncapped 60 Hz deflection.
    func testContactStiffnessIsCappedAtAQuarterOfTheSubstepRate() throws {
        let sink = try restingSink(timestep: 1.0 / 20, substeps: 3, disc: true).bottom
        assertSink(sink, deflection: g / omega2(30), "disc on boundary, substeps of 1/60 s")
    }

    // MARK: - 6. Continuous collision

    /// A 20 pt disc flicked at 20 000 pt/s (167 pt per step: without continuous collision
    /// it would cross a wall in one step) stays inside the 375 × 667 pt reference-bounds
    /// boundary (elasticity 0.8) for 2 s in four directions and bounces back
    /// (`CollisionScene.flickInBounds`).
    func testFlickedDiscStaysInside() throws {
        try CollisionScene.assertFlicksStayInside(solver: soft(), .ellipse(width: 20, height: 20))
    }

    /// The same with a 20 pt box, whose contacts with a wall have two points.
    func testFlickedBoxStaysInside() throws {
        try CollisionScene.assertFlicksStayInside(solver: soft(), .rectangle(width: 20, height: 20))
    }

    /// Continuous collision covers anchored items too: a 20 pt box flicked at 20 000 pt/s
    /// at an anchored wall 10 pt thick (near face at x = 495) stays on its side, and
    /// comes back (elasticity 0.2). Continuous collision stops it where the skins overlap
    /// by 1.5 pt; the contact is soft, so in its first substep it takes only the share
    /// s_m of the approach speed and the box moves on by at most (1 − s_m)·v·hₛ before
    /// the relax pass stops it: with 2 × 30 Hz against an anchored body, ζ = 10 and
    /// hₛ = 1/480 s, s_m = 0.942 and that is 2.4 pt, so the box's face may pass the
    /// wall's by at most that.
    func testFlickedBoxDoesNotTunnelThroughAnAnchoredWall() throws {
        let hs = 1.0 / 480, omega = 2 * Double.pi * 60
        let a2 = hs * omega * (2 * 10 + hs * omega)
        let yield = (1 - a2 / (1 + a2)) * 20_000 * hs
        let (deepest, velocity) = try CollisionScene.wallFlick(
            solver: soft(), wall: .anchored(CollisionScene.material(anchored: true)), steps: 60)
        XCTAssertLessThan(deepest, 495 - 10 + yield)
        XCTAssertLessThan(velocity, 0)
    }

    /// Flicks a 20 pt box (elasticity 0) at `speed` pt/s along +x at a wall whose surface
    /// is at x = 495 — a boundary segment, or the near face of an anchored box 10 pt
    /// thick (elasticity 0) — for 30 steps, with `substeps`; returns the largest x its
    /// centre reached and its final velocity along x.
    private func wallFlick(substeps: Int, anchored: Bool, speed: Double) throws -> (deepest: Double, finalVelocity: Double) {
        try CollisionScene.wallFlick(
            solver: soft(substeps), box: CollisionScene.material(elasticity: 0), speed: speed,
            wall: anchored ? .anchored(CollisionScene.material(elasticity: 0, anchored: true)) : .boundary, steps: 30)
    }

    /// Whatever the substep count, a box flicked at a wall at 5000–20 000 pt/s (42–167 pt
    /// per step) stays on its side: its centre never passes the wall's surface (beyond
    /// that the contact's normal turns and pushes it through), and it ends moving back.
    /// A soft contact may let the box into the wall's skin and a little further; the
    /// bound is about not crossing. Boundaries bounce at 0.2, the anchored wall at 0.
    private func assertFlicksStop(substeps: [Int], file: StaticString = #filePath, line: UInt = #line) throws {
        for n in substeps {
            for anchored in [false, true] {
                for speed in [5_000.0, 10_000, 20_000] {
                    let (deepest, velocity) = try wallFlick(substeps: n, anchored: anchored, speed: speed)
                    let label = "\(n) substeps, \(anchored ? "anchored wall" : "boundary"), \(speed) pt/s"
                    XCTAssertLessThan(deepest, 495, label, file: file, line: line)
                    XCTAssertLessThanOrEqual(velocity, 0, label, file: file, line: line)
                }
            }
        }
    }

    func testFlickedBoxStopsAtAWallForSeveralSubstepCounts() throws {
        try assertFlicksStop(substeps: [2, 4, 8, 64])
    }

    // MARK: - 7. Contact events

    /// Two discs in free space meet head on (e = 1) and part: one began event, then one
    /// ended event, naming the pair once (the older body as `item`).
    func testItemEventsFireOncePerContact() throws {
        try CollisionScene.assertItemEventsFireOncePerContact(solver: soft())
    }

    /// A ball of elasticity 0.32 dropped 300 pt on a boundary lands at √(2g·300) = 775 pt/s
    /// and rebounds at 248 pt/s (to 31 pt), lands at 248 and rebounds at 79 pt/s (to 3.1 pt,
    /// clear of the 2 pt speculative margin within which a contact already counts as
    /// touching), lands at 79 pt/s — below the 100 pt/s restitution threshold, by more
    /// than the g·h = 8 pt/s by which the step-start speed can differ — and stays. So
    /// three contacts begin and the first two end: 3 began and 2 ended events, each
    /// naming the boundary. Removing the collision behaviour ends the last one.
    func testBoundaryEventsFireOncePerBounce() throws {
        var scene = try CollisionScene.floorDrop(solver: soft(), drop: 300, elasticity: 0.32)
        let (began, ended) = CollisionScene.events(&scene, steps: 480)
        XCTAssertEqual(began.count, 3)
        XCTAssertEqual(ended.count, 2)
        XCTAssertTrue((began + ended).allSatisfy { $0.partner == .boundary("floor") && $0.item == scene.body })
        XCTAssertTrue(scene.world.isPaused)
        try CollisionScene.assertRemovingCollisionEndsFloorContact(&scene)
    }

    // MARK: - 8. Validation

    /// The substep count must lie in 2…64: 0, 1 and 65 are refused by
    /// `World(configuration:)` and by `setConfiguration(_:)` with an error naming it; 2
    /// and 64 are accepted (one substep lets a flicked box through a wall:
    /// `SolverMode.softStep`).
    func testSubstepCountIsValidated() throws {
        for n in [0, 1, 65, -1] {
            let configuration = WorldConfiguration(solver: .softStep(substeps: n))
            WorldScene.assertRejects("solver.softStep.substeps", value: Double(n)) {
                _ = try World(configuration: configuration)
            }
            var world = try World()
            WorldScene.assertRejects("solver.softStep.substeps", value: Double(n)) {
                try world.setConfiguration(configuration)
            }
            XCTAssertEqual(world.configuration.solver, .uikit)
        }
        for n in [2, 64] {
            XCTAssertNoThrow(try World(configuration: WorldConfiguration(solver: .softStep(substeps: n))))
        }
        XCTAssertEqual(SolverMode.softStep, .softStep(substeps: 4))
    }

    // MARK: - 9. Joints

    /// A rigid attachment of 100 pt released horizontally (the hardest case: speeds up to
    /// √(2gL) = 447 pt/s) keeps its length within the 0.5 pt slop at the end of every
    /// step for 5 s in the soft step, where rigid joints are solved in every substep and
    /// then position-corrected.
    func testRigidPendulumKeepsItsLength() throws {
        let (_, worst, fastest) = try AttachmentScene.horizontalRelease(solver: soft(), steps: 600)
        XCTAssertLessThan(worst, 0.5)
        // It swung through the bottom: √(2gL) = 447 pt/s there, less what the rigid
        // projection removes.
        XCTAssertGreaterThan(fastest, 400)
    }

    /// The same pendulum released from θ₀ = 0.05 rad swings with the exact period
    /// T = 4√(L/g)·K(sin(θ₀/2)) = 1.98723 s (L = 100 pt): semi-implicit Euler over
    /// substeps of 1/480 s has a phase error (ωhₛ)²/24 ≈ 2·10⁻⁶, the zero crossings are
    /// interpolated between steps (O(h³)), so 10⁻⁴ relative is ample.
    func testSmallSwingPendulumHasTheExactPeriod() throws {
        let length = 100.0, theta0 = 0.05
        let (crossings, measured) = try AttachmentScene.pendulumPeriod(solver: soft(), length: length, theta0: theta0,
                                                                       steps: 5 * 120)
        XCTAssertGreaterThanOrEqual(crossings.count, 4)
        let exact = 4 * (length / g).squareRoot() * WorldScene.ellipticK(sin(theta0 / 2))
        XCTAssertEqual(measured, exact, accuracy: 1e-4 * exact)
    }

    /// A soft joint is stepped by the implicit soft constraint once per substep hₛ: on one
    /// body hanging on an anchor, v' = (v − hₛω₀²x)/D, x' = x + hₛv' with
    /// D = 1 + 2ζω₀hₛ + ω₀²hₛ², a map of determinant 1/D, so the motion decays at
    /// ln D/(2hₛ) = ζω₀ + ω₀²hₛ(1/2 − ζ²) + O(hₛ²): the damping ratio gains
    /// ω₀hₛ(1/2 − ζ²) ≈ ω₀hₛ/2, and the frequency changes only at second order. With 4
    /// and 16 substeps of 1/120 s (ω₀hₛ = 0.026 and 0.0065) the spring must show
    /// ζ + ω₀hₛ/2 (0.113 and 0.103) within 10 % of that term (the ζ² part is 2 % of it)
    /// plus the 10⁻³ of the log-decrement measurement, the excess must fall four times
    /// with four times the substeps (first order), and the frequency must be within
    /// f·ω₀hₛ/2 of f.
    func testSpringAttachmentDampingFollowsTheSubstep() throws {
        let f = 2.0, zeta = 0.1, h = 1.0 / 120
        let omega0 = 2 * Double.pi * f
        var excess: [Double] = []
        for n in [4, 16] {
            let hs = h / Double(n)
            let measured = try AttachmentScene.springOscillation(solver: soft(n), frequency: f, damping: zeta,
                                                                 seconds: 3)
            XCTAssertEqual(measured.offAxis, 0, "\(n) substeps: left the joint's axis")
            let numerical = omega0 * hs / 2
            XCTAssertEqual(measured.damping, zeta + numerical, accuracy: 0.1 * numerical + 1e-3, "\(n) substeps")
            XCTAssertEqual(measured.frequency, f, accuracy: f * omega0 * hs / 2, "\(n) substeps")
            excess.append(measured.damping - zeta)
        }
        XCTAssertEqual(excess[0] / excess[1], 4, accuracy: 0.4)
    }
}
