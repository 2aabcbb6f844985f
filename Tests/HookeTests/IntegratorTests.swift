import Foundation
import Hooke
import XCTest

/// Each integrator is checked against the closed-form solution and against what
/// numerical-analysis theory predicts for it (order, stability limit, energy behaviour).
final class IntegratorTests: XCTestCase {
    // ω₀ = 2π·2 rad/s (response 0.5 s).
    private let omega = 4 * Double.pi

    private func spring(zeta: Double) throws -> Spring {
        try Spring(mass: 1, stiffness: omega * omega, damping: 2 * zeta * omega)
    }

    /// Runs `n` steps of `integrator` from (x, v) with the method's own step function.
    private func run(
        _ integrator: any SpringIntegrator, _ spring: Spring, h: Double, steps n: Int,
        x: Double = 1, v: Double = 0
    ) -> (Double, Double) {
        var state = (displacement: x, velocity: v)
        for _ in 0..<n {
            state = integrator.step(displacement: state.displacement, velocity: state.velocity, of: spring, by: h)
        }
        return state
    }

    /// End time of the convergence runs: 1.6 periods. Not a multiple of half a period on
    /// purpose: symplectic Euler is Störmer–Verlet started from a velocity off by
    /// ½hω₀²x₀, and the O(h) error that offset causes is ∝ sin(ω₀t) in position (and
    /// cancels in velocity at whole periods), so at t = kπ/ω₀ it would look second order.
    private let endTime = 0.8

    /// Global error at `endTime` in position, and in velocity scaled by 1/ω₀ (points).
    private func globalErrors(
        _ integrator: any SpringIntegrator, _ spring: Spring, steps n: Int
    ) -> (position: Double, velocity: Double) {
        let (x, v) = run(integrator, spring, h: endTime / Double(n), steps: n, x: 1, v: 0.5 * omega)
        let reference = spring.state(at: endTime, from: 1, to: 0, initialVelocity: 0.5 * omega)
        return (abs(x - reference.value), abs(v - reference.velocity) / omega)
    }

    /// Observed orders log₂(e(h)/e(h/2)) for n = 60·2^k steps over `endTime`.
    private func measuredSlopes(
        _ integrator: any SpringIntegrator, _ spring: Spring, levels: Int
    ) -> (position: [Double], velocity: [Double]) {
        var errors: [(position: Double, velocity: Double)] = []
        for k in 0...levels { errors.append(globalErrors(integrator, spring, steps: 60 << k)) }
        var position: [Double] = []
        var velocity: [Double] = []
        for k in 0..<levels {
            position.append(log2(errors[k].position / errors[k + 1].position))
            velocity.append(log2(errors[k].velocity / errors[k + 1].velocity))
        }
        return (position, velocity)
    }

    func testObservedOrdersOfConvergenceMatchTheory() throws {
        // ζ = 0.3 (damped) and ζ = 0 (undamped). RK4 errors shrink 16× per halving, so it
        // gets fewer levels to stay far above rounding.
        for zeta in [0.3, 0.0] {
            let s = try spring(zeta: zeta)
            let cases: [(any SpringIntegrator, Int, Int)] = [
                (SemiImplicitEulerIntegrator(), 1, 6),
                (VelocityVerletIntegrator(), 2, 6),
                (RK4Integrator(), 4, 5),
            ]
            for (integrator, order, levels) in cases {
                let slopes = measuredSlopes(integrator, s, levels: levels)
                let format = { (values: [Double]) in values.map { String(format: "%.3f", $0) }.joined(separator: " ") }
                print("order \(integrator.kind.rawValue) zeta=\(zeta) position slopes: \(format(slopes.position))"
                    + " | velocity slopes: \(format(slopes.velocity))")
                XCTAssertEqual(integrator.order, order)
                // The asymptotic regime: the finest two halvings.
                for slope in slopes.position.suffix(2) + slopes.velocity.suffix(2) {
                    XCTAssertEqual(slope, Double(order), accuracy: 0.1, "\(integrator.kind) ζ=\(zeta)")
                }
            }
        }
    }

    func testExactIntegratorHasOnlyRoundingErrorForEveryStep() throws {
        var worst = 0.0
        for zeta in [0.0, 0.3, 1.0, 2.5] {
            let s = try spring(zeta: zeta)
            let exact = ExactIntegrator()
            for h in [1e-4, 1e-3, 1.0 / 120, 0.02, 0.1] {
                let n = Int((1 / h).rounded())
                let map = exact.propagator(for: s, step: h)
                var x = 1.0, v = 0.5 * omega
                for _ in 0..<n { (x, v) = map.apply(displacement: x, velocity: v) }
                let t = Double(n) * h
                let reference = s.state(at: t, from: 1, to: 0, initialVelocity: 0.5 * omega)
                // Relative to the initial energy norm √(x₀² + (v₀/ω₀)²) = √1.25.
                let error = max(abs(x - reference.value), abs(v - reference.velocity) / omega) / 1.25.squareRoot()
                XCTAssertLessThanOrEqual(error, 1e-12, "ζ=\(zeta) h=\(h)")
                worst = max(worst, error)
            }
        }
        print("exact: worst relative error after 1 s over ζ ∈ {0, 0.3, 1, 2.5}, h ∈ [1e-4, 0.1]: \(worst)")
    }

    func testPropagatorMatchesTheMethodStepAndHandDerivedMatrices() throws {
        let s = try spring(zeta: 0.4)
        let h = 1.0 / 60
        for kind in IntegratorKind.allCases {
            let integrator = kind.makeIntegrator()
            let map = integrator.propagator(for: s, step: h)
            let direct = integrator.step(displacement: 0.7, velocity: -3, of: s, by: h)
            let viaMap = map.apply(displacement: 0.7, velocity: -3)
            XCTAssertEqual(direct.displacement, viaMap.displacement, accuracy: 1e-14, "\(kind)")
            XCTAssertEqual(direct.velocity, viaMap.velocity, accuracy: 1e-13, "\(kind)")
        }
        // Symplectic Euler: M = [[1 − h²ω², h(1 − 2λh)], [−hω², 1 − 2λh]], λ = ζω.
        let lambda = 0.4 * omega
        let euler = SemiImplicitEulerIntegrator().propagator(for: s, step: h)
        XCTAssertEqual(euler.phi11, 1 - h * h * omega * omega, accuracy: 1e-15)
        XCTAssertEqual(euler.phi12, h * (1 - 2 * lambda * h), accuracy: 1e-15)
        XCTAssertEqual(euler.phi21, -h * omega * omega, accuracy: 1e-13)
        XCTAssertEqual(euler.phi22, 1 - 2 * lambda * h, accuracy: 1e-15)
        // Undamped RK4 in coordinates (ωx, v) is multiplication by R(iy), y = ωh:
        // φ11 = φ22 = Re R = 1 − y²/2 + y⁴/24, ω·φ12 = −φ21/ω = Im R = y − y³/6.
        let u = try spring(zeta: 0)
        let y = omega * h
        let rk4 = RK4Integrator().propagator(for: u, step: h)
        XCTAssertEqual(rk4.phi11, 1 - y * y / 2 + pow(y, 4) / 24, accuracy: 1e-15)
        XCTAssertEqual(rk4.phi22, 1 - y * y / 2 + pow(y, 4) / 24, accuracy: 1e-15)
        XCTAssertEqual(rk4.phi12 * omega, y - pow(y, 3) / 6, accuracy: 1e-15)
        XCTAssertEqual(-rk4.phi21 / omega, y - pow(y, 3) / 6, accuracy: 1e-15)
    }

    // MARK: - Stability

    func testSymplecticEulerAndVerletUndampedAreStableExactlyUpToOmegaHTwo() throws {
        let s = try spring(zeta: 0)
        for integrator in [SemiImplicitEulerIntegrator() as any SpringIntegrator, VelocityVerletIntegrator()] {
            let inside = 1.99 / omega
            let outside = 2.01 / omega
            XCTAssertTrue(integrator.isStable(for: s, step: inside), "\(integrator.kind)")
            XCTAssertFalse(integrator.isStable(for: s, step: outside), "\(integrator.kind)")
            // The prediction shows in the motion: bounded inside, growing outside. The
            // invariant bound gives |x| ≤ √(I/ω²(1 − ωh/2))-ish; 10 covers both methods.
            let (xIn, vIn) = run(integrator, s, h: inside, steps: 10_000)
            XCTAssertLessThan(max(abs(xIn), abs(vIn) / omega), 10, "\(integrator.kind)")
            let (xOut, _) = run(integrator, s, h: outside, steps: 2_000)
            XCTAssertGreaterThan(abs(xOut), 1e6, "\(integrator.kind)")
        }
    }

    func testRK4UndampedStabilityLimitIsTwoRootTwo() throws {
        // |R(iy)|² = 1 − y⁶/72 + y⁸/576 = 1 at y = 2√2.
        let s = try spring(zeta: 0)
        let limit = 2 * 2.0.squareRoot() / omega
        XCTAssertTrue(RK4Integrator().isStable(for: s, step: limit * 0.995))
        XCTAssertFalse(RK4Integrator().isStable(for: s, step: limit * 1.005))
    }

    func testDampedSymplecticEulerLimitFollowsJuryCriterion() throws {
        // det M = 1 − 2ζy, tr M = 2 − y² − 2ζy (y = ωh). Both eigenvalues lie in the unit
        // disc iff |det| ≤ 1 and |tr| ≤ 1 + det, i.e. y² + 4ζy ≤ 4: y* = 2(√(ζ² + 1) − ζ).
        let zeta = 0.5
        let s = try spring(zeta: zeta)
        let yStar = 2 * ((zeta * zeta + 1).squareRoot() - zeta)   // √5 − 1
        XCTAssertTrue(SemiImplicitEulerIntegrator().isStable(for: s, step: yStar * 0.995 / omega))
        XCTAssertFalse(SemiImplicitEulerIntegrator().isStable(for: s, step: yStar * 1.005 / omega))
    }

    func testExactIntegratorIsStableAtAnyStep() throws {
        for zeta in [0.0, 0.2, 1.0, 5.0] {
            let s = try spring(zeta: zeta)
            for h in [1e-4, 0.1, 1, 100] {
                XCTAssertTrue(ExactIntegrator().isStable(for: s, step: h), "ζ=\(zeta) h=\(h)")
                // Radius e^{−ζω₀h} for ζ < 1, where the eigenvalues are a complex pair
                // (at ζ = 1 the double root makes the radius ill-conditioned, √ε).
                if zeta < 1 {
                    let radius = ExactIntegrator().propagator(for: s, step: h).spectralRadius
                    let expected = exp(-zeta * omega * h)
                    XCTAssertEqual(radius, expected, accuracy: 1e-12 * max(expected, 1e-300) + 1e-300)
                }
            }
        }
    }

    // MARK: - Energy, undamped, over 10⁴ periods

    /// Energy E = ½(v² + ω²x²) over 10⁴ periods of a 1 s-period spring at h = 1/120 s.
    func testEnergyBehaviourMatchesTheory() throws {
        let w = 2 * Double.pi
        let s = try Spring(mass: 1, stiffness: w * w, damping: 0)
        let h = 1.0 / 120
        let y = w * h
        let periods = 10_000
        let n = 120 * periods
        func energy(_ x: Double, _ v: Double) -> Double { 0.5 * (v * v + w * w * x * x) }
        let e0 = energy(1, 0)

        // Symplectic Euler conserves I = v² + ω²x² − hω²xv; since |hω²xv| ≤ (y/2)(v² + ω²x²),
        // 2E stays in [I/(1 + y/2), I/(1 − y/2)] for ever.
        do {
            let m = SemiImplicitEulerIntegrator().propagator(for: s, step: h)
            let invariant0 = 2 * e0
            var x = 1.0, v = 0.0
            var lo = e0, hi = e0, firstMean = 0.0, lastMean = 0.0
            var maxInvariantDrift = 0.0
            for i in 0..<n {
                (x, v) = m.apply(displacement: x, velocity: v)
                let e = energy(x, v)
                lo = min(lo, e); hi = max(hi, e)
                if i < 120 * 100 { firstMean += e } else if i >= n - 120 * 100 { lastMean += e }
                let invariant = v * v + w * w * x * x - h * w * w * x * v
                maxInvariantDrift = max(maxInvariantDrift, abs(invariant - invariant0) / invariant0)
            }
            XCTAssertGreaterThanOrEqual(lo, e0 / (1 + y / 2) * (1 - 1e-9))
            XCTAssertLessThanOrEqual(hi, e0 / (1 - y / 2) * (1 + 1e-9))
            // Bounded, not drifting: mean over the first and last 100 periods agree.
            // E oscillates twice a period within the band; a 100-period mean can be off by
            // at most one partial oscillation: (band width)/200 relative.
            XCTAssertEqual(firstMean / lastMean, 1, accuracy: (hi - lo) / e0 / 200)
            // Rounding only: 1.2·10⁶ steps of a few ulps each, as a random walk.
            XCTAssertLessThan(maxInvariantDrift, 1e-10)
            print("energy euler: E/E0 in [\(lo / e0), \(hi / e0)], invariant drift \(maxInvariantDrift)")
        }
        // Velocity Verlet conserves J = v² + ω²(1 − y²/4)x², so 2E ∈ [J, J/(1 − y²/4)].
        do {
            let m = VelocityVerletIntegrator().propagator(for: s, step: h)
            let invariant0 = w * w * (1 - y * y / 4)   // from x = 1, v = 0
            var x = 1.0, v = 0.0
            var lo = e0, hi = e0, firstMean = 0.0, lastMean = 0.0
            for i in 0..<n {
                (x, v) = m.apply(displacement: x, velocity: v)
                let e = energy(x, v)
                lo = min(lo, e); hi = max(hi, e)
                if i < 120 * 100 { firstMean += e } else if i >= n - 120 * 100 { lastMean += e }
            }
            XCTAssertGreaterThanOrEqual(lo, invariant0 / 2 * (1 - 1e-9))
            XCTAssertLessThanOrEqual(hi, invariant0 / 2 / (1 - y * y / 4) * (1 + 1e-9))
            XCTAssertEqual(firstMean / lastMean, 1, accuracy: (hi - lo) / e0 / 200)
            print("energy verlet: E/E0 in [\(lo / e0), \(hi / e0)]")
        }
        // RK4: each step multiplies E by g = |R(iy)|² = 1 − y⁶/72 + y⁸/576 < 1, so
        // E_n = E₀·gⁿ, a steady loss.
        do {
            let m = RK4Integrator().propagator(for: s, step: h)
            let g = 1 - pow(y, 6) / 72 + pow(y, 8) / 576
            var x = 1.0, v = 0.0
            var previous = e0
            var monotone = true
            for _ in 0..<n {
                (x, v) = m.apply(displacement: x, velocity: v)
                let e = energy(x, v)
                if e >= previous { monotone = false }
                previous = e
            }
            let predicted = e0 * pow(g, Double(n))
            XCTAssertTrue(monotone, "RK4 energy decreases every step")
            XCTAssertEqual(previous / predicted, 1, accuracy: 1e-8)
            XCTAssertLessThan(previous, e0 * 0.9999)
            print("energy rk4: E/E0 after \(periods) periods \(previous / e0), predicted \(predicted / e0)")
        }
        // Exact: energy conserved to rounding.
        do {
            let m = ExactIntegrator().propagator(for: s, step: h)
            var x = 1.0, v = 0.0
            var worst = 0.0
            for _ in 0..<n {
                (x, v) = m.apply(displacement: x, velocity: v)
                worst = max(worst, abs(energy(x, v) - e0) / e0)
            }
            // Rounding of Φ makes |det Φ| differ from 1 by a few ulps, which compounds
            // linearly: allow 4 ulps per step.
            XCTAssertLessThan(worst, Double(n) * 4 * Double.ulpOfOne)
            print("energy exact: max |E/E0 − 1| = \(worst)")
        }
    }

    func testKindsMakeTheirIntegrators() {
        XCTAssertEqual(IntegratorKind.allCases.map(\.rawValue), ["exact", "euler", "verlet", "rk4"])
        for kind in IntegratorKind.allCases {
            XCTAssertEqual(kind.makeIntegrator().kind, kind)
        }
        XCTAssertTrue(IntegratorKind.exact.makeIntegrator() is ExactIntegrator)
        XCTAssertTrue(IntegratorKind.euler.makeIntegrator() is SemiImplicitEulerIntegrator)
        XCTAssertTrue(IntegratorKind.verlet.makeIntegrator() is VelocityVerletIntegrator)
        XCTAssertTrue(IntegratorKind.rk4.makeIntegrator() is RK4Integrator)
    }
}
