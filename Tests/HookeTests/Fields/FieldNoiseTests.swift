import Hooke
import XCTest

/// The noise and turbulence fields: deterministic, bounded, continuous, zero-mean,
/// animated only when asked, and scaled as documented. With mass 1 kg, strength 1 and
/// no falloff the noise force in newtons is the noise vector N itself.
final class FieldNoiseTests: XCTestCase {
    private func noise(
        smoothness: Double = 0, animationSpeed: Double = 1, seed: UInt64 = 0
    ) throws -> Field {
        try Field(.noise(smoothness: smoothness, animationSpeed: animationSpeed, seed: seed))
    }

    func testNoiseMatchesTheSeparateReferenceImplementation() throws {
        // Fixture from Scripts/field_noise_reference.py: the construction described in
        // Docs/fields.md, written out separately and evaluated at 50 digits.
        for (offset, time, smoothness, speed, seed, expected) in fieldNoiseReference {
            let field = try Field(
                .noise(smoothness: smoothness, animationSpeed: speed, seed: seed), position: [100, -40])
            let f = field.force(on: try fieldProbe(SIMD2(100, -40) + offset, time: time))
            assertVector(f, expected, accuracy: 1e-13, "offset \(offset) seed \(seed)")
        }
    }

    func testSameInputsGiveTheSameForce() throws {
        var rng = FieldTestRandom(seed: 3)
        let first = try noise(seed: 42)
        let second = try noise(seed: 42)
        for _ in 0..<500 {
            let p = SIMD2(Double.random(in: -1e4...1e4, using: &rng), Double.random(in: -1e4...1e4, using: &rng))
            let t = Double.random(in: 0...100, using: &rng)
            let probe = try fieldProbe(p, time: t)
            XCTAssertEqual(first.force(on: probe), first.force(on: probe))
            XCTAssertEqual(first.force(on: probe), second.force(on: probe))
        }
    }

    func testSeedsGiveDifferentPatterns() throws {
        let a = try noise(seed: 1), b = try noise(seed: 2)
        var differences = 0
        for i in 0..<100 {
            let probe = try fieldProbe([Double(i) * 3.7 + 0.5, 1.3], time: 0.2)
            if a.force(on: probe) != b.force(on: probe) { differences += 1 }
        }
        XCTAssertGreaterThan(differences, 95)
    }

    func testComponentsStayWithinPlusMinusOneAndUseTheRange() throws {
        var rng = FieldTestRandom(seed: 5)
        let field = try noise(smoothness: 0.3, seed: 9)
        var largest = 0.0
        for _ in 0..<50_000 {
            let p = SIMD2(Double.random(in: -5e3...5e3, using: &rng), Double.random(in: -5e3...5e3, using: &rng))
            let f = field.force(on: try fieldProbe(p, time: Double.random(in: 0...50, using: &rng)))
            XCTAssertLessThanOrEqual(abs(f.x), 1)
            XCTAssertLessThanOrEqual(abs(f.y), 1)
            largest = max(largest, abs(f.x), abs(f.y))
        }
        // Not a degenerate (near-constant or tiny) noise.
        XCTAssertGreaterThan(largest, 0.6)
    }

    func testOverflowingCoordinatesGiveNoForceInsteadOfTrapping() throws {
        // The offset 1e308 − (−1e308) and the time 1e308·1e10 overflow to infinity.
        let field = try Field(.noise(smoothness: 0, animationSpeed: 1e10), position: [-1e308, 0])
        XCTAssertEqual(field.force(on: try fieldProbe([1e308, 0])), .zero)
        let fast = try noise(animationSpeed: 1e10)
        XCTAssertEqual(fast.force(on: try fieldProbe([3, 4], time: 1e308)), .zero)
        // Far but finite coordinates still give bounded noise.
        let far = fast.force(on: try fieldProbe([1e200, -1e200], time: 1e5))
        XCTAssertLessThanOrEqual(max(abs(far.x), abs(far.y)), 1)
    }

    func testSmallDisplacementsGiveSmallChanges() throws {
        // Smoothness 0: cells of 10 pt. Fade and gradients bound |∂N/∂x| by a few units
        // per cell, so a 10⁻³ pt step (10⁻⁴ cell) changes N by well under 10⁻³, while a
        // 10 pt step changes it by order one somewhere in the sample.
        var rng = FieldTestRandom(seed: 8)
        let field = try noise(smoothness: 0, seed: 4)
        var largestJump = 0.0
        for _ in 0..<2000 {
            let p = SIMD2(Double.random(in: -500...500, using: &rng), Double.random(in: -500...500, using: &rng))
            let t = Double.random(in: 0...10, using: &rng)
            let here = field.force(on: try fieldProbe(p, time: t))
            let there = field.force(on: try fieldProbe(p + [1e-3, -1e-3], time: t))
            let later = field.force(on: try fieldProbe(p, time: t + 1e-4))
            XCTAssertLessThan(length(there - here), 1e-3)
            XCTAssertLessThan(length(later - here), 1e-3)
            largestJump = max(largestJump, length(field.force(on: try fieldProbe(p + [10, 0], time: t)) - here))
        }
        XCTAssertGreaterThan(largestJump, 0.5)
    }

    func testMeanIsNearZero() throws {
        // A 400 × 400 grid spanning 2000 × 2000 cells of 10 pt: the sample mean of a
        // zero-mean noise is within a few hundredths of 0.
        let field = try noise(smoothness: 0, seed: 12)
        var sum = SIMD2<Double>.zero
        var sumOfSquares = SIMD2<Double>.zero
        let n = 400
        for i in 0..<n {
            for j in 0..<n {
                let p = SIMD2(Double(i) * 50.37, Double(j) * 50.91)
                let f = field.force(on: try fieldProbe(p, time: 0.3))
                sum += f
                sumOfSquares += f * f
            }
        }
        let mean = sum / Double(n * n)
        let rms = (sumOfSquares / Double(n * n)).squareRoot()
        XCTAssertLessThan(abs(mean.x), 0.01)
        XCTAssertLessThan(abs(mean.y), 0.01)
        XCTAssertGreaterThan(rms.x, 0.1)
        XCTAssertGreaterThan(rms.y, 0.1)
    }

    func testAnimatesOnlyWithAPositiveAnimationSpeed() throws {
        let still = try noise(animationSpeed: 0, seed: 6)
        let moving = try noise(animationSpeed: 2, seed: 6)
        var changed = 0
        for i in 0..<50 {
            let p = SIMD2(Double(i) * 13.1 + 0.7, Double(i) * -7.3 + 0.2)
            let a = try fieldProbe(p, time: 0.1), b = try fieldProbe(p, time: 1.35)
            XCTAssertEqual(still.force(on: a), still.force(on: b))
            if length(moving.force(on: a) - moving.force(on: b)) > 1e-3 { changed += 1 }
        }
        XCTAssertGreaterThan(changed, 45)
    }

    func testAnimationSpeedIsARateInTime() throws {
        // The pattern at time t with speed 2 is the pattern at time 2t with speed 1.
        let fast = try noise(animationSpeed: 2, seed: 15)
        let slow = try noise(animationSpeed: 1, seed: 15)
        for i in 0..<50 {
            let p = SIMD2(Double(i) * 9.3, Double(i) * 4.1 - 100)
            let t = Double(i) * 0.137
            assertVector(fast.force(on: try fieldProbe(p, time: t)), slow.force(on: try fieldProbe(p, time: 2 * t)), accuracy: 1e-12)
        }
    }

    func testSmootherNoiseVariesMoreSlowlyInSpace() throws {
        // Mean change over a 5 pt step: cells of 10 pt (smoothness 0) against cells of
        // 1000 pt (smoothness 1).
        func meanChange(_ field: Field) throws -> Double {
            var total = 0.0
            for i in 0..<500 {
                let p = SIMD2(Double(i) * 37.3, Double(i) * 11.9)
                total += length(field.force(on: try fieldProbe(p + [5, 0], time: 0.5)) - field.force(on: try fieldProbe(p, time: 0.5)))
            }
            return total / 500
        }
        let rough = try meanChange(noise(smoothness: 0, seed: 2))
        let smooth = try meanChange(noise(smoothness: 1, seed: 2))
        XCTAssertGreaterThan(rough, 20 * smooth)
    }

    func testNoiseForceIsProportionalToMassAndStrength() throws {
        let unit = try noise(seed: 21)
        let strong = try Field(.noise(smoothness: 0, animationSpeed: 1, seed: 21), strength: 3)
        for i in 0..<20 {
            let p = SIMD2(Double(i) * 17.7 + 1, 3.3)
            assertVector(strong.force(on: try fieldProbe(p, mass: 2, time: 0.4)),
                         6 * unit.force(on: try fieldProbe(p, mass: 1, time: 0.4)), accuracy: 1e-12)
        }
    }

    func testTurbulenceIsTheNoiseScaledByTheSpeedInMetresPerSecond() throws {
        let noiseField = try noise(smoothness: 0.2, animationSpeed: 0.5, seed: 33)
        let turbulence = try Field(.turbulence(smoothness: 0.2, animationSpeed: 0.5, seed: 33))
        for i in 0..<20 {
            let p = SIMD2(Double(i) * 21.1, -Double(i) * 5.5)
            // |v| = 500 pt/s = 5 m/s (a 3-4-5 velocity), so F = 5·N.
            let moving = turbulence.force(on: try fieldProbe(p, velocity: [300, 400], time: 1.1))
            assertVector(moving, 5 * noiseField.force(on: try fieldProbe(p, time: 1.1)), accuracy: 1e-12)
            XCTAssertEqual(turbulence.force(on: try fieldProbe(p, velocity: .zero, time: 1.1)), .zero)
        }
    }
}
