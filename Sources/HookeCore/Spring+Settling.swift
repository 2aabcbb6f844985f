import Foundation

// Settling time, overshoot and peak time, computed on the exact curve.
//
// All three rest on one fact: the displacement x(t) is monotone between consecutive zeros
// of the velocity v(t), and those zeros are known in closed form.
//
// Write K = ω₀²x₀ + λv₀ (λ = ζω₀). From Φ(t) in SpringTransition.swift,
//
//     v(t) = e^{−λt}·(v₀·c(t) − K·s(t)),   c = cos ω_d t, s = sin(ω_d t)/ω_d      (ζ < 1)
//                                          c = 1,         s = t                    (ζ = 1)
//                                          c = cosh μt,   s = sinh(μt)/μ           (ζ > 1)
//
// so v = 0 where s/c = v₀/K =: r, i.e. at
//
//     ζ < 1:  t = (atan(ω_d r) + jπ)/ω_d, the first one ≥ 0, then every π/ω_d;
//     ζ = 1:  t = r when r ≥ 0;
//     ζ > 1:  t = atanh(μr)/μ when 0 ≤ μr < 1 (never otherwise).
//
// atan(y)/ω_d and atanh(y)/μ are evaluated as r·atan(y)/y, which keeps full accuracy as
// ω_d or μ → 0, so the three cases join continuously at ζ = 1 (no ζ = 1 ± ε trouble).
//
// For ζ < 1 the motion also obeys x(t + π/ω_d) = −e^{−λπ/ω_d}·x(t): successive extrema
// alternate sides and shrink by the fixed ratio ρ = e^{−λπ/ω_d}. So the last extremum
// outside a band is found by a logarithm, not by walking hundreds of oscillations.

extension Spring {
    /// The exact settling time: the last time the value is outside the band
    /// |x − target| ≤ tolerance·D, in seconds (0 if it never leaves it).
    ///
    /// D is the step |target − start|. When start == target, D is the amplitude scale
    /// |v₀|/ω₀ of the motion the initial velocity causes (the peak of an undamped spring
    /// kicked with v₀); when also v₀ = 0 the spring is at rest and the result is 0. An
    /// undamped spring (ζ = 0) in motion never settles: the result is `.infinity`.
    ///
    /// This is the time at which the true curve last crosses the band edge, found by root
    /// finding on `transition(over:)`, not the envelope estimate (which can be early or late
    /// by a fraction of a period, see `estimatedSettlingDuration`):
    ///
    /// 1. An upper bound t̄ after which |x| ≤ tolerance·D surely holds, from the bound
    ///    |x(t)| ≤ e^{−δt}(|x₀| + (λ|x₀| + |v₀|)·s̄(t)), where δ is the slowest decay rate
    ///    (λ for ζ ≤ 1, ω₀/(ζ + √(ζ² − 1)) for ζ > 1) and s̄(t) = min(t, 1/ω_d) (ζ < 1),
    ///    t (ζ = 1), min(t, 1/(2μ)) (ζ > 1) bounds e^{δt}·|φ12(t)|.
    /// 2. The velocity zeros (above) cut [0, t̄] into pieces on which x is monotone. The last
    ///    extremum with |x| above the band is found from |x(tₖ)| = |x(t₀)|·ρᵏ and checked by
    ///    evaluating x there.
    /// 3. On the monotone piece after it, x crosses the band edge exactly once: a
    ///    safeguarded Newton iteration (bisection when Newton leaves the bracket, v as the
    ///    derivative) finds that crossing to within a few ulps.
    ///
    /// - Parameters:
    ///   - start: initial value (points).
    ///   - target: rest value (points).
    ///   - initialVelocity: initial velocity (points per second).
    ///   - tolerance: band half-width as a fraction of D, in (0, 1).
    /// - Throws: `HookeError.invalidParameter` naming `start`, `target`, `initialVelocity`
    ///   or `tolerance`.
    /// The most single-extremum steps `settlingDuration` takes to correct the rounding of
    /// its logarithmic estimate of the last extremum above the band.
    static let maximumExtremumCorrections = 64

    public func settlingDuration(
        from start: Double, to target: Double, initialVelocity: Double = 0, tolerance: Double = 0.001
    ) throws(HookeError) -> Double {
        let start = try Validate.finite(start, "start")
        let target = try Validate.finite(target, "target")
        let v0 = try Validate.finite(initialVelocity, "initialVelocity")
        guard tolerance.isFinite, tolerance > 0, tolerance < 1 else {
            throw .invalidParameter("tolerance", value: tolerance, requirement: "finite and in (0, 1)")
        }
        let x0 = start - target
        let scale = x0 != 0 ? abs(x0) : abs(v0) / naturalFrequency
        if scale == 0 { return 0 }
        return lastExit(displacement: x0, velocity: v0, band: tolerance * scale)
    }

    /// The last time |x(t)| > band for the free response from displacement x₀ and velocity
    /// v₀ (0 if never; `.infinity` for an undamped spring in motion beyond the band): the
    /// algorithm of `settlingDuration(from:to:initialVelocity:tolerance:)`, whose steps
    /// its documentation gives, for a band in the displacement's own units.
    func lastExit(displacement x0: Double, velocity v0: Double, band: Double) -> Double {
        if damping == 0 {
            // Undamped: the amplitude √(x₀² + (v₀/ω₀)²) is reached again every period.
            let amplitude = (x0 * x0 + (v0 / naturalFrequency) * (v0 / naturalFrequency)).squareRoot()
            return amplitude > band ? .infinity : 0
        }
        let motion = FreeResponse(spring: self, x0: x0, v0: v0)
        let upper = motion.upperBoundOfExit(band: band)
        // Start of the monotone piece on which the last exit happens, and its end.
        var pieceStart = 0.0
        var pieceEnd = upper
        if let first = motion.firstExtremum {
            if let spacing = motion.extremumSpacing {
                // Under-damped: extrema at first + k·spacing, |x| shrinking by ρ each time.
                let atFirst = abs(motion.x(first))
                if first < upper, atFirst > band {
                    // The extrema shrink by e^{−λ·spacing} each, so the envelope falls to
                    // the band log(|x(first)|/band)/λ after the first one.
                    let envelopeCrossing = first + log(atFirst / band) / motion.lambda
                    // When neighbouring extrema are closer than a Double time can resolve
                    // there (from k ≈ 2⁵² on, k ± 1 is not even a different number), that
                    // crossing is the answer to the resolution of the result, and the
                    // corrections below could not move k.
                    if spacing <= envelopeCrossing.ulp { return min(envelopeCrossing, upper) }
                    // Otherwise k < 2⁵³: every step of the corrections changes it.
                    var k = ((envelopeCrossing - first) / spacing).rounded(.down)
                    k = max(0, min(k, ((upper - first) / spacing).rounded(.down)))
                    // Correct the logarithm's rounding by evaluating the curve itself. The
                    // logarithm is off by a few ulps of k < 2⁵², so a few steps suffice;
                    // the cap keeps the search finite whatever the rounding.
                    var corrections = 0
                    while k > 0, corrections < Self.maximumExtremumCorrections,
                          abs(motion.x(first + k * spacing)) <= band {
                        k -= 1
                        corrections += 1
                    }
                    while first + (k + 1) * spacing < upper, corrections < Self.maximumExtremumCorrections,
                          abs(motion.x(first + (k + 1) * spacing)) > band {
                        k += 1
                        corrections += 1
                    }
                    pieceStart = first + k * spacing
                    pieceEnd = min(pieceStart + spacing, upper)
                } else {
                    pieceEnd = min(first, upper)
                }
            } else if first < upper {
                // Critically or over-damped: a single extremum.
                if abs(motion.x(first)) > band {
                    pieceStart = first
                } else {
                    pieceEnd = first
                }
            }
        }
        if abs(motion.x(pieceStart)) <= band { return 0 }
        return motion.lastCrossing(of: band, after: pieceStart, before: pieceEnd)
    }

    /// The largest excursion past the target, as a fraction of the step |target − start|;
    /// 0 when the motion never crosses the target (and when start == target).
    ///
    /// For a step from rest with ζ < 1 this is e^{−ζπ/√(1 − ζ²)}.
    ///
    /// The extrema past the target shrink geometrically (ratio e^{−2ζπ/√(1 − ζ²)} per
    /// period), so the largest is the first extremum on the far side: the first or the
    /// second velocity zero. Non-finite arguments give NaN.
    public func overshoot(from start: Double, to target: Double, initialVelocity: Double = 0) -> Double {
        let x0 = start - target
        guard x0.isFinite, initialVelocity.isFinite else { return .nan }
        guard x0 != 0, let peak = firstPeakPastTarget(x0: x0, v0: initialVelocity) else { return 0 }
        return abs(peak.value) / abs(x0)
    }

    /// The time (seconds) of the first extremum past the target, or nil when the motion
    /// never crosses the target (or start == target).
    ///
    /// For a step from rest with ζ < 1 this is π/ω_d, half the damped period. An extremum
    /// whose excursion underflows to zero (ζ just below 1, where the first overshoot comes
    /// after π/ω_d → ∞) counts as no crossing.
    public func peakTime(from start: Double, to target: Double, initialVelocity: Double = 0) -> Double? {
        let x0 = start - target
        guard x0 != 0, x0.isFinite, initialVelocity.isFinite else { return nil }
        return firstPeakPastTarget(x0: x0, v0: initialVelocity)?.time
    }

    /// The first extremum on the far side of the target from x₀, if any.
    func firstPeakPastTarget(x0: Double, v0: Double) -> (time: Double, value: Double)? {
        guard x0.isFinite, v0.isFinite, x0 != 0 else { return nil }
        let motion = FreeResponse(spring: self, x0: x0, v0: v0)
        guard let first = motion.firstExtremum else { return nil }
        var candidates = [first]
        if let spacing = motion.extremumSpacing { candidates.append(first + spacing) }
        for t in candidates where t.isFinite {
            let x = motion.x(t)
            if x * x0 < 0 { return (t, x) }
        }
        return nil
    }

    /// CASpringAnimation-style settling duration estimate (seconds): the time the decay
    /// envelope of a unit step from rest falls to 0.001.
    ///
    /// Core Animation's `CASpringAnimation.settlingDuration` ("the estimated duration
    /// required for the spring system to be considered at rest") and SwiftUI's
    /// `Spring.settlingDuration` (documented as using "a target of 1.0, an initialVelocity
    /// of 0, and an epsilon of 0.001") are estimates whose formula Apple does not publish.
    /// Hooke's estimate uses the same inputs (unit step, from rest, ε = 0.001) and a bound
    /// on the curve rather than the curve:
    ///
    ///     ζ < 1:  the step response e^{−λt}(cos ω_d t + (λ/ω_d) sin ω_d t) is bounded by
    ///             e^{−λt}·min(1/√(1 − ζ²), 1 + λt); the estimate is the time this bound
    ///             reaches ε: min(ln(1/(ε√(1 − ζ²))), x*)/λ with (1 + x*)e^{−x*} = ε.
    ///     ζ ≥ 1:  the step response from rest is monotone, so it is its own envelope; the
    ///             estimate is the exact time it reaches ε (`settlingDuration(from: 1, to: 0)`).
    ///
    /// The second bound makes the estimate continuous at ζ = 1 (where 1/√(1 − ζ²) alone
    /// would diverge). Apple's documentation of `settlingDuration` gives, for mass 1,
    /// stiffness 100: damping 5 → "approximately 2.85 seconds" (this estimate: 2.78 s) and
    /// damping 15 → "just over 1 second" (0.98 s). Returns `.infinity` for ζ = 0.
    ///
    /// Use `settlingDuration(from:to:initialVelocity:tolerance:)` for the exact time.
    public var estimatedSettlingDuration: Double {
        let epsilon = Self.uikitEpsilon
        let zeta = dampingRatio
        if zeta == 0 { return .infinity }
        if zeta >= 1 {
            // Unit step from rest, relative band ε: cannot throw for these arguments.
            return (try? settlingDuration(from: 1, to: 0, initialVelocity: 0, tolerance: epsilon)) ?? .nan
        }
        let lambda = decayRate
        let oneMinusZetaSquared = (1 - zeta) * (1 + zeta)
        let amplitudeBound = log(1 / (epsilon * oneMinusZetaSquared.squareRoot()))
        return min(amplitudeBound, Self.criticalEpsilonTime) / lambda
    }
}

/// The free response of a spring from displacement x₀ and velocity v₀, with the closed-form
/// positions of its velocity zeros (see the comment at the top of the file).
package struct FreeResponse {
    let spring: Spring
    let x0: Double
    let v0: Double
    let omega0: Double
    let lambda: Double
    /// ω₀²(ζ² − 1): < 0 under-damped, 0 critical, > 0 over-damped.
    let sigma: Double

    package init(spring: Spring, x0: Double, v0: Double) {
        self.spring = spring
        self.x0 = x0
        self.v0 = v0
        omega0 = spring.naturalFrequency
        lambda = spring.decayRate
        let zeta = spring.dampingRatio
        sigma = (spring.stiffness / spring.mass) * (zeta - 1) * (zeta + 1)
    }

    package func x(_ t: Double) -> Double { spring.evolve(displacement: x0, velocity: v0, after: t).displacement }
    func v(_ t: Double) -> Double { spring.evolve(displacement: x0, velocity: v0, after: t).velocity }

    /// π/ω_d for an under-damped spring; nil otherwise.
    var extremumSpacing: Double? { sigma < 0 ? Double.pi / (-sigma).squareRoot() : nil }

    /// λπ/ω_d = −ln ρ, the decay of |x| from one extremum to the next (under-damped).
    var logDecayPerExtremum: Double { lambda * (extremumSpacing ?? .infinity) }

    /// The first time ≥ 0 at which v = 0, or nil when v never vanishes.
    package var firstExtremum: Double? {
        let k = omega0 * omega0 * x0 + lambda * v0
        if sigma < 0 {
            let omegaD = (-sigma).squareRoot()
            if k == 0 { return v0 == 0 ? 0 : Double.pi / (2 * omegaD) }
            let r = v0 / k
            let y = omegaD * r
            // atan(y)/ω_d = r·atan(y)/y: accurate as ω_d → 0.
            let base = y == 0 ? 0 : r * (atan(y) / y)
            return r >= 0 ? base : base + Double.pi / omegaD
        }
        if k == 0 { return v0 == 0 ? 0 : nil }
        let r = v0 / k
        guard r >= 0 else { return nil }
        if sigma == 0 { return r }
        let y = sigma.squareRoot() * r
        guard y < 1 else { return nil }
        return y == 0 ? r : r * (atanh(y) / y)
    }

    /// A time after which |x| ≤ band for sure (see `settlingDuration`, step 1), slightly
    /// enlarged so that rounding cannot place the last crossing past it.
    func upperBoundOfExit(band: Double) -> Double {
        let a = abs(x0)
        let b = lambda * abs(x0) + abs(v0)
        let decay: Double
        let plateau: Double  // s̄(∞)
        if sigma < 0 {
            decay = lambda
            plateau = 1 / (-sigma).squareRoot()
        } else if sigma == 0 {
            decay = lambda
            plateau = .infinity
        } else {
            let zeta = spring.dampingRatio
            decay = omega0 / (zeta + ((zeta - 1) * (zeta + 1)).squareRoot())
            plateau = 1 / (2 * sigma.squareRoot())
        }
        // Bound 1: e^{−δt}(a + b·s̄(∞)) ≤ band.
        var bound = Double.infinity
        if plateau.isFinite {
            bound = max(0, log((a + b * plateau) / band) / decay)
        }
        // Bound 2: e^{−δt}(a + b·t) ≤ band, past the maximum of the left side: Newton from
        // the right on h(t) = ln(a + bt) − δt − ln(band), concave, so iterates from a point
        // with h < 0 increase monotonically to the larger root.
        var t = max(1 / decay, (log(max(a + b / decay, band) / band) + 1) / decay) * 4
        for _ in 0..<100 {
            let h = log(a + b * t) - decay * t - log(band)
            if h >= 0 { t *= 2; continue }
            let dh = b / (a + b * t) - decay
            let next = t - h / dh
            if !(next < t) || t - next <= 1e-15 * t { break }
            t = next
        }
        bound = min(bound, t)
        return bound * (1 + 1e-12) + 1e-300
    }

    /// The unique t in [lo, hi] where the monotone x(t) crosses the band edge on the side of
    /// x(lo), given |x(lo)| > band and |x(hi)| ≤ band (up to rounding).
    func lastCrossing(of band: Double, after lo: Double, before hi: Double) -> Double {
        let side: Double = x(lo) > 0 ? 1 : -1
        // g(t) = side·x(t) − band: g(lo) > 0, g(hi) ≤ 0, decreasing in between.
        func g(_ t: Double) -> Double { side * x(t) - band }
        var lo = lo
        var hi = hi
        if g(hi) > 0 { return hi }
        var t = 0.5 * (lo + hi)
        var width = hi - lo
        var best = (time: hi, residual: Double.infinity)
        for _ in 0..<300 {
            let state = spring.evolve(displacement: x0, velocity: v0, after: t)
            let gt = side * state.displacement - band
            if abs(gt) < best.residual { best = (t, abs(gt)) }
            if gt == 0 { return t }
            if gt > 0 { lo = t } else { hi = t }
            if hi - lo <= 2 * hi.ulp { break }
            // Newton with g' = side·v; bisect when the step leaves the bracket or the
            // bracket did not at least halve (Newton approaching from one side).
            var next = t - gt / (side * state.velocity)
            let newWidth = hi - lo
            if !(next > lo && next < hi) || newWidth > 0.5 * width { next = 0.5 * (lo + hi) }
            if abs(next - t) <= 0.5 * t.ulp { break }
            width = newWidth
            t = next
        }
        return best.time
    }
}

extension Spring {
    /// `settlingDuration(from:to:initialVelocity:tolerance:)` seeded with an estimate of
    /// the answer (seconds) — for instance the settling time measured on samples of the
    /// exact curve — returning the same time (to the last few ulps) at a fraction of the
    /// cost, and falling back to the full root search whenever the estimate cannot be
    /// proven to lie next to the last exit.
    ///
    /// With an estimate t̂ close to the last exit the search is local:
    ///
    /// 1. Newton's iteration on g(t) = σ·x(t) − band (σ the sign of x(t̂), g′ = σ·v) from
    ///    t̂; it must converge within a few iterations to some t*.
    /// 2. The velocity zeros around t* (see the comment at the top of the file) bound the
    ///    monotone piece (t₋, t₊) that holds t*. x runs monotonically from x(t₋) through
    ///    σ·band to x(t₊); if |x(t₊)| < band, the motion stays inside the band from t* to
    ///    t₊, and after t₊ too: for ζ < 1 every later extremum is smaller by the factor
    ///    ρ = e^{−λπ/ω_d}, for ζ ≥ 1 there is no later extremum. Then t* is the last exit.
    /// 3. The full search would pick the same piece: it takes the last extremum above the
    ///    band, t₋ (|x(t₋)| = |x(t₊)|/ρ, or x₀ when t₋ = 0), and the first below, t₊. Both
    ///    tests get a relative margin of 10⁻⁹ so that rounding in either computation
    ///    cannot pick a different piece; within it both find the unique crossing.
    ///
    /// Any failed test (no convergence, a margin too thin, a degenerate motion) returns
    /// the full `settlingDuration`.
    package func settlingDuration(
        from start: Double, to target: Double, initialVelocity: Double, tolerance: Double, near estimate: Double
    ) throws(HookeError) -> Double {
        if let fast = seededSettlingDuration(
            x0: start - target, v0: initialVelocity, tolerance: tolerance, estimate: estimate) {
            return fast
        }
        return try settlingDuration(from: start, to: target, initialVelocity: initialVelocity, tolerance: tolerance)
    }

    /// The local search of `settlingDuration(from:to:initialVelocity:tolerance:near:)`,
    /// or nil when it cannot prove its answer.
    func seededSettlingDuration(x0: Double, v0: Double, tolerance: Double, estimate: Double) -> Double? {
        guard x0.isFinite, v0.isFinite, tolerance.isFinite, tolerance > 0, tolerance < 1,
              estimate.isFinite, estimate > 0, damping > 0 else { return nil }
        let scale = x0 != 0 ? abs(x0) : abs(v0) / naturalFrequency
        guard scale > 0, scale.isFinite else { return nil }
        let band = tolerance * scale
        let margin = 1e-9
        let motion = FreeResponse(spring: self, x0: x0, v0: v0)

        // 1. Newton from the estimate.
        var t = estimate
        var state = evolve(displacement: x0, velocity: v0, after: t)
        let side: Double = state.displacement > 0 ? 1 : -1
        var converged = false
        for _ in 0..<8 {
            let g = side * state.displacement - band
            let slope = side * state.velocity
            // Moving inward at the crossing: g decreasing.
            guard slope < 0, g.isFinite else { return nil }
            let step = g / slope
            let next = t - step
            guard next > 0, next.isFinite else { return nil }
            if abs(step) <= 2 * t.ulp {
                t = next
                converged = true
                break
            }
            t = next
            state = evolve(displacement: x0, velocity: v0, after: t)
        }
        guard converged else { return nil }

        // 2–3. The monotone piece around t and its ends.
        let first = motion.firstExtremum
        var previousExtremum = 0.0
        var nextExtremum: Double? = nil
        if let first, first.isFinite {
            if let spacing = motion.extremumSpacing {
                if t < first {
                    nextExtremum = first
                } else {
                    let k = ((t - first) / spacing).rounded(.down)
                    previousExtremum = first + k * spacing
                    nextExtremum = first + (k + 1) * spacing
                    guard let upper = nextExtremum, previousExtremum <= t, t < upper else { return nil }
                }
                let span = spacing
                guard t - previousExtremum > margin * span, nextExtremum! - t > margin * span else { return nil }
            } else if t < first {
                nextExtremum = first
                guard first - t > margin * first else { return nil }
            } else {
                previousExtremum = first
                guard t - first > margin * t else { return nil }
            }
        }
        var atPrevious: Double
        if let next = nextExtremum {
            let atNext = abs(motion.x(next))
            guard atNext < band * (1 - margin) else { return nil }
            if previousExtremum == 0 {
                atPrevious = abs(x0)
            } else if motion.extremumSpacing != nil {
                atPrevious = atNext * exp(motion.logDecayPerExtremum)
            } else {
                return nil
            }
        } else {
            atPrevious = previousExtremum == 0 ? abs(x0) : abs(motion.x(previousExtremum))
        }
        guard atPrevious > band * (1 + margin) else { return nil }
        return t
    }
}
