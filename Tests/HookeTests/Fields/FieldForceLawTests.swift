import Hooke
import XCTest

/// Each force law against its formula, worked out by hand in the test with UIKit's
/// scale (100 pt = 1 m) and the world's conversion a = 100·F/m pt/s².
final class FieldForceLawTests: XCTestCase {
    // MARK: - Radial gravity and falloff

    func testRadialGravityFallsOffAsTheInverseSquareOfTheDistanceInMetres() throws {
        // Strength 3 m/s², mass 2 kg, default falloff 2. At 200 pt = 2 m the pull is
        // 2·3/2² = 1.5 N; at 400 pt = 4 m it is 2·3/16 = 0.375 N: a quarter.
        let field = try Field(.radialGravity, position: [100, 50], strength: 3)
        let near = field.force(on: try fieldProbe([300, 50], mass: 2))
        let far = field.force(on: try fieldProbe([500, 50], mass: 2))
        assertVector(near, [-1.5, 0])
        assertVector(far, [-0.375, 0])
        XCTAssertEqual(length(near) / length(far), 4, accuracy: 1e-12)
    }

    func testRadialGravityPointsAtTheFieldOffAxis() throws {
        // A 3-4-5 triangle: the body is 5 m away along (0.6, 0.8); 1 kg, strength 1:
        // |F| = 1/25 N toward the field, F = −(0.6, 0.8)/25.
        let field = try Field(.radialGravity)
        assertVector(field.force(on: try fieldProbe([300, 400])), [-0.024, -0.032])
    }

    func testNegativeRadialStrengthRepels() throws {
        let field = try Field(.radialGravity, strength: -2)
        // 1 m away along −y: pushed further along −y with 2 N per kg.
        assertVector(field.force(on: try fieldProbe([0, -100], mass: 0.5)), [0, -1])
    }

    func testBelowTheMinimumRadiusTheDistanceIsTheMinimumRadius() throws {
        // Minimum radius 50 pt = 0.5 m: every body nearer than that feels 1/0.5² = 4 N
        // per kg; beyond it the law resumes (1 N at 1 m).
        let field = try Field(.radialGravity, minimumRadius: 50)
        assertVector(field.force(on: try fieldProbe([10, 0])), [-4, 0])
        assertVector(field.force(on: try fieldProbe([0, 30])), [0, -4])
        assertVector(field.force(on: try fieldProbe([50, 0])), [-4, 0])
        assertVector(field.force(on: try fieldProbe([100, 0])), [-1, 0])
    }

    func testAttenuationIsTheDistanceToTheMinusFalloff() throws {
        // At 2 m: falloff 0 → 1, 1 → 1/2, 3 → 1/8, −1 → 2, 0.5 → 1/√2.
        let expected: [(Double, Double)] = [(0, 1), (1, 0.5), (3, 0.125), (-1, 2), (0.5, 0.5.squareRoot())]
        for (falloff, factor) in expected {
            let field = try Field(.radialGravity, falloff: falloff)
            let f = field.force(on: try fieldProbe([0, 200]))
            assertVector(f, [0, -factor], "falloff \(falloff)")
        }
    }

    func testEachKindHasItsDocumentedDefaultFalloffAndTheCommonDefaults() throws {
        let cases: [(FieldKind, Double)] = [
            (.radialGravity, 2), (.spring, -1), (.vortex, 2), (.electric, 2), (.magnetic, 2),
            (.linearGravity(direction: [0, 1]), 0), (.drag, 0), (.velocity(direction: [1, 0]), 0),
            (.noise(smoothness: 0.5, animationSpeed: 1), 0),
            (.turbulence(smoothness: 0.5, animationSpeed: 1), 0),
        ]
        for (kind, falloff) in cases {
            let field = try Field(kind)
            XCTAssertEqual(field.falloff, falloff, "\(kind)")
            XCTAssertEqual(field.strength, 1)
            XCTAssertEqual(field.region, .infinite)
            XCTAssertGreaterThan(field.minimumRadius, 0)
        }
    }

    // MARK: - Uniform and velocity laws

    func testLinearGravityIsMassTimesAcceleration() throws {
        // direction (0, 9.8) m/s², strength 0.5, mass 2 → F = 2·0.5·(0, 9.8) = (0, 9.8) N,
        // the same everywhere; the world turns it into 100·9.8/2 = 490 pt/s².
        let field = try Field(.linearGravity(direction: [0, 9.8]), strength: 0.5)
        for position: SIMD2<Double> in [[0, 0], [1000, -50], [-3, 7000]] {
            assertVector(field.force(on: try fieldProbe(position, mass: 2)), [0, 9.8])
        }
    }

    func testDragOpposesTheVelocityInMetresPerSecond() throws {
        // v = (300, −400) pt/s = (3, −4) m/s, strength 2 kg/s → F = (−6, 8) N, for any mass.
        let field = try Field(.drag, strength: 2)
        for mass in [0.1, 1, 25.0] {
            let f = field.force(on: try fieldProbe([40, 40], velocity: [300, -400], mass: mass))
            assertVector(f, [-6, 8])
            XCTAssertEqual(dot(f, [300, -400]) / (length(f) * 500), -1, accuracy: 1e-12)
        }
        XCTAssertEqual(field.force(on: try fieldProbe([0, 0])), .zero)
    }

    func testVelocityFieldBringsTheBodyToItsVelocityInOneStep() throws {
        // Target: strength 2 × (1, 0) m/s = (200, 0) pt/s. One step of the world's
        // integration v ← v + h·100·F/m must land on it from any start.
        let field = try Field(.velocity(direction: [1, 0]), strength: 2)
        let h = 1.0 / 120
        for (v0, m): (SIMD2<Double>, Double) in [([50, 30], 3), ([-700, 0], 0.2), ([200, 0], 1)] {
            let f = field.force(on: try fieldProbe([10, 10], velocity: v0, mass: m, deltaTime: h))
            let v1 = v0 + h * 100 * f / m
            assertVector(v1, [200, 0], accuracy: 1e-9)
        }
    }

    // MARK: - Spring

    func testSpringIsHookesLawInNewtonsPerMetreWhateverTheMass() throws {
        // k = 5 N/m, body at (30, −40) pt = (0.3, −0.4) m → F = −5·(0.3, −0.4) = (−1.5, 2).
        let field = try Field(.spring, position: [100, 100], strength: 5)
        for mass in [1, 7.0] {
            assertVector(field.force(on: try fieldProbe([130, 60], mass: mass)), [-1.5, 2], accuracy: 1e-12)
        }
    }

    func testABodyInASpringFieldOscillatesWithPeriodTwoPiRootMOverK() throws {
        // m = 2 kg, k = 8 N/m → ω = 2 rad/s, T = π s. Integrate ẍ = 100·F/m pt/s² with
        // RK4 (h = 1 ms) and time two successive upward zero crossings.
        let field = try Field(.spring, strength: 8)
        let m = 2.0
        func acceleration(_ x: Double) throws -> Double {
            100 * field.force(on: try fieldProbe([x, 0], mass: m)).x / m
        }
        var x = 50.0, v = 0.0, t = 0.0
        let h = 1e-3
        var crossings: [Double] = []
        while crossings.count < 2 && t < 10 {
            let (k1x, k1v) = (v, try acceleration(x))
            let (k2x, k2v) = (v + h / 2 * k1v, try acceleration(x + h / 2 * k1x))
            let (k3x, k3v) = (v + h / 2 * k2v, try acceleration(x + h / 2 * k2x))
            let (k4x, k4v) = (v + h * k3v, try acceleration(x + h * k3x))
            let x1 = x + h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
            if x < 0 && x1 >= 0 { crossings.append(t + h * (-x) / (x1 - x)) }
            x = x1
            t += h
        }
        XCTAssertEqual(crossings.count, 2)
        XCTAssertEqual(crossings[1] - crossings[0], Double.pi, accuracy: 1e-6)
    }

    // MARK: - Vortex

    func testVortexForceIsPerpendicularToTheRadius() throws {
        let field = try Field(.vortex, position: [200, 200], strength: 1.5)
        var rng = FieldTestRandom(seed: 7)
        for _ in 0..<200 {
            let p = SIMD2(Double.random(in: -400...800, using: &rng), Double.random(in: -400...800, using: &rng))
            let mass = Double.random(in: 0.1...5, using: &rng)
            let f = field.force(on: try fieldProbe(p, mass: mass))
            let r = p - field.position
            XCTAssertEqual(dot(f, r), 0, accuracy: 1e-12 * length(f) * length(r) + 1e-300)
            // Magnitude m·s/d² with d in metres.
            let d = length(r) / 100
            XCTAssertEqual(length(f), mass * 1.5 / (d * d), accuracy: 1e-12 * length(f))
        }
    }

    func testPositiveVortexTurnsClockwiseOnTheYDownScreen() throws {
        // Right of the centre the push is downward, below it leftward: clockwise on
        // screen, the positive-angle sense of UIKit's engine.
        let field = try Field(.vortex, falloff: 0)
        assertVector(field.force(on: try fieldProbe([100, 0])), [0, 1])
        assertVector(field.force(on: try fieldProbe([0, 100])), [-1, 0])
        let reversed = try Field(.vortex, strength: -1, falloff: 0)
        assertVector(reversed.force(on: try fieldProbe([100, 0])), [0, -1])
    }

    // MARK: - Electric and magnetic

    func testElectricForceFollowsTheSignOfTheChargeAndIgnoresMass() throws {
        // Strength 2, default falloff 2, body 2 m away along +x: |F| = q·2/4.
        // Positive charge, positive strength: repelled (UIKit's documented sign).
        let field = try Field(.electric, strength: 2)
        assertVector(field.force(on: try fieldProbe([200, 0], mass: 1, charge: 3)), [1.5, 0])
        assertVector(field.force(on: try fieldProbe([200, 0], mass: 9, charge: 3)), [1.5, 0])
        assertVector(field.force(on: try fieldProbe([200, 0], charge: -3)), [-1.5, 0])
        XCTAssertEqual(field.force(on: try fieldProbe([200, 0], charge: 0)), .zero)
        let negative = try Field(.electric, strength: -2)
        assertVector(negative.force(on: try fieldProbe([200, 0], charge: 3)), [-1.5, 0])
    }

    func testMagneticForceIsChargeTimesVelocityCrossBOutOfTheScreen() throws {
        // Reference: the 3-D cross product in right-handed screen axes (x right, y down,
        // z = x × y into the screen), B out of the screen = (0, 0, −B).
        func lorentz(q: Double, v: SIMD2<Double>, b: Double) -> SIMD2<Double> {
            let (vx, vy, vz) = (v.x / 100, v.y / 100, 0.0)
            let (bx, by, bz) = (0.0, 0.0, -b)
            return q * SIMD2(vy * bz - vz * by, vz * bx - vx * bz)
        }
        let field = try Field(.magnetic, strength: 0.7, falloff: 0)
        var rng = FieldTestRandom(seed: 11)
        for _ in 0..<200 {
            let v = SIMD2(Double.random(in: -900...900, using: &rng), Double.random(in: -900...900, using: &rng))
            let q = Double.random(in: -4...4, using: &rng)
            let f = field.force(on: try fieldProbe([30, -20], velocity: v, mass: 3, charge: q))
            assertVector(f, lorentz(q: q, v: v, b: 0.7), accuracy: 1e-12)
            XCTAssertEqual(dot(f, v), 0, accuracy: 1e-12 * length(f) * length(v) + 1e-300)
            let doubled = field.force(on: try fieldProbe([30, -20], velocity: v, mass: 3, charge: 2 * q))
            assertVector(doubled, 2 * f, accuracy: 1e-12)
        }
        // A positive charge moving right at 1 m/s is pushed down with 0.7 N.
        assertVector(field.force(on: try fieldProbe([0, 0], velocity: [100, 0], charge: 1)), [0, 0.7])
    }

    func testMagneticFieldFallsOffWithDistance() throws {
        // Default falloff 2: at 2 m the field is a quarter of its 1 m value.
        let field = try Field(.magnetic)
        let near = field.force(on: try fieldProbe([100, 0], velocity: [0, 100], charge: 1))
        let far = field.force(on: try fieldProbe([200, 0], velocity: [0, 100], charge: 1))
        assertVector(near, [-1, 0])
        assertVector(far, [-0.25, 0])
    }

    // MARK: - Region and custom

    func testNoForceOutsideTheRegion() throws {
        let field = try Field(.radialGravity, position: [500, 500], region: .circle(radius: 100), falloff: 0)
        XCTAssertEqual(field.force(on: try fieldProbe([650, 500])), .zero)
        assertVector(field.force(on: try fieldProbe([550, 500])), [-1, 0])
        // The region moves with the field: (50, 0) from the position, not from the origin.
        XCTAssertEqual(field.force(on: try fieldProbe([50, 0])), .zero)
    }

    func testCustomClosureReceivesTheProbeAndItsForceIsUsedAsIs() throws {
        let field = try Field(
            .custom { p in SIMD2(p.position.x + p.velocity.y + p.mass, p.charge * p.time + 1 / p.deltaTime) },
            position: [10, 0], region: .rectangle(size: [100, 100]), strength: 5)
        let f = field.force(on: try fieldProbe([20, 30], velocity: [-4, 7], mass: 2, charge: 3, time: 1.5, deltaTime: 0.25))
        // 20 + 7 + 2 = 29; 3·1.5 + 4 = 8.5; strength does not scale a custom force.
        assertVector(f, [29, 8.5])
        XCTAssertEqual(field.force(on: try fieldProbe([100, 0])), .zero)
    }

    func testCentralLawsGiveNoForceAtTheExactCentre() throws {
        for kind: FieldKind in [.radialGravity, .spring, .vortex, .electric] {
            let field = try Field(kind, position: [5, 5])
            XCTAssertEqual(field.force(on: try fieldProbe([5, 5], charge: 1)), .zero, "\(kind)")
        }
    }
}
