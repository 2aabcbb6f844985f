import HookeCore

/// Reads one point's samples in order and keeps what `SpringSweepMetrics` reports.
///
/// Work per sample is a few comparisons; the root finding on the Hermite interpolant
/// runs only in the rare intervals where something happens (a turning point), and the
/// settling exit and the rise crossings are refined once, at the end (for a whole block
/// side by side, `SpringSweepBisection`).
///
/// Between samples n−1 and n (τ ∈ [0, 1], t = (n − 1 + τ)·h) the curve is the cubic
/// Hermite interpolant
///
///     H(τ) = (2τ³ − 3τ² + 1)·p₀ + (τ³ − 2τ² + τ)·m₀ + (−2τ³ + 3τ²)·p₁ + (τ³ − τ²)·m₁
///
/// with p the sampled displacements and m = h·v the sampled velocities scaled to τ.
/// It matches value and slope at both ends, so for a smooth curve its error is O(h⁴)
/// (de Boor, *A Practical Guide to Splines*, ch. IV).
struct SpringSweepObserver {
    let h: Double
    let x0: Double
    /// Sign of x₀ (the side the motion starts on), 0 for start = target.
    let side: Double
    let band: Double
    let omegaSquared: Double
    let twoLambda: Double
    let spring: Spring

    private var index = 0
    private var previousX = 0.0
    private var previousV = 0.0
    private var previousOutside = false

    private var maxExcursionPast = 0.0
    private var firstPeakTime = Double.nan
    /// The sample intervals of the first 10 % and 90 % crossings (−1 until seen) and
    /// their interpolants; the crossings are located once, at the end (see `metrics`),
    /// so that a block's bisections can run side by side (`HermiteBisection`).
    private(set) var rise10Interval = -1
    private(set) var rise10 = Hermite(p0: 0, m0: 0, p1: 0, m1: 0)
    private(set) var rise90Interval = -1
    private(set) var rise90 = Hermite(p0: 0, m0: 0, p1: 0, m1: 0)
    private var oscillations = 0
    private var peakVelocity = 0.0
    private var peakAcceleration = 0.0
    private var maxError = 0.0

    /// The interval of the last band exit seen so far: its start index and Hermite data,
    /// and the τ from which the exit lies (0, or a turning point outside the band).
    private var exitInterval = -1
    private var exit = Hermite(p0: 0, m0: 0, p1: 0, m1: 0)
    private var exitFrom = 0.0

    init(h: Double, x0: Double, v0: Double, spring: Spring, tolerance: Double) {
        self.h = h
        self.x0 = x0
        side = x0 > 0 ? 1 : x0 < 0 ? -1 : 0
        // The scale of the move as `Spring.settlingDuration` defines it.
        let scale = x0 != 0 ? abs(x0) : abs(v0) / spring.naturalFrequency
        band = tolerance * scale
        omegaSquared = spring.stiffness / spring.mass
        twoLambda = spring.damping / spring.mass
        self.spring = spring
    }

    /// Takes the next sample (displacement x, velocity v) and, for the non-exact
    /// integrators, the closed-form displacement at the same time.
    @inline(__always)
    mutating func observe(x: Double, v: Double, exactX: Double?) {
        // NaN and infinities count as outside: an unstable point never settles.
        let outside = !(abs(x) <= band)
        if index > 0 {
            let segment = Hermite(p0: previousX, m0: h * previousV, p1: x, m1: h * v)
            var turn = Double.nan
            // A turning point inside the interval: the velocity changes sign (or reaches 0
            // at its end). An interval that starts at v = 0 was counted in the one before.
            if previousV != 0, v == 0 || (previousV < 0) != (v < 0) {
                // Most turning points need no root: h₀₀ + h₀₁ = 1 with both in [0, 1] and
                // |h₁₀|, |h₁₁| ≤ 4/27 on [0, 1], so |H| ≤ max(|p₀|, |p₁|) + 4/27·(|m₀| + |m₁|).
                // When that cannot beat the overshoot so far (and the first peak is known),
                // the turn matters only through the band: it is inside it when the bound is,
                // and outside it when both samples are outside on one side and the curve
                // was moving away from the target (the turn then lies beyond both).
                let reach = max(abs(previousX), abs(x)) + (4.0 / 27) * (abs(segment.m0) + abs(segment.m1))
                let needsPeak = side != 0 && (firstPeakTime.isNaN || reach > maxExcursionPast)
                if !needsPeak {
                    if !(reach > band) {
                        return finishSample(x: x, v: v, exactX: exactX, outside: outside, segment: segment, turn: .nan)
                    }
                    if previousV * previousX > 0, previousX * x > 0, !(abs(previousX) <= band), outside {
                        oscillations += 1
                        return finishSample(x: x, v: v, exactX: exactX, outside: outside, segment: segment, turn: .nan)
                    }
                }
                turn = segment.slopeRoot()
                let turnX = segment.value(at: turn)
                if turnX * side < 0 {
                    let excursion = -turnX * side
                    if excursion > maxExcursionPast { maxExcursionPast = excursion }
                    if firstPeakTime.isNaN { firstPeakTime = (Double(index - 1) + turn) * h }
                }
                if !(abs(turnX) <= band) { oscillations += 1 } else { turn = .nan }
            }
            finishSample(x: x, v: v, exactX: exactX, outside: outside, segment: segment, turn: turn)
        } else {
            finishSample(x: x, v: v, exactX: exactX, outside: outside, segment: nil, turn: .nan)
        }
    }

    /// The rest of `observe`: band exit, rise crossings, excursions and peaks.
    @inline(__always)
    private mutating func finishSample(
        x: Double, v: Double, exactX: Double?, outside: Bool, segment: Hermite?, turn: Double
    ) {
        if let segment {
            if !outside {
                if previousOutside {
                    recordExit(segment, from: 0)
                } else if !turn.isNaN {
                    recordExit(segment, from: turn)
                }
            }
            if side != 0 {
                let progress = x * side
                if rise10Interval < 0, progress <= 0.9 * abs(x0) {
                    rise10Interval = index - 1
                    rise10 = segment
                }
                if rise90Interval < 0, progress <= 0.1 * abs(x0) {
                    rise90Interval = index - 1
                    rise90 = segment
                }
            }
        }
        if side != 0 {
            let excursion = -x * side
            if excursion > maxExcursionPast { maxExcursionPast = excursion }
        }
        let speed = abs(v)
        if !(speed <= peakVelocity) { peakVelocity = speed }
        let acceleration = abs(omegaSquared * x + twoLambda * v)
        if !(acceleration <= peakAcceleration) { peakAcceleration = acceleration }
        if let exactX {
            let error = abs(x - exactX)
            if !(error <= maxError) { maxError = error }
        }
        previousX = x
        previousV = v
        previousOutside = outside
        index += 1
    }

    /// Whether the closed-form motion continuing from the last sample stays in the band.
    private func staysInBand() -> Bool {
        guard previousX.isFinite, previousV.isFinite else { return false }
        if previousV == 0, previousX == 0 { return true }
        let future = FreeResponse(spring: spring, x0: previousX, v0: previousV)
        guard let turn = future.firstExtremum, turn.isFinite else { return true }
        return abs(future.x(turn)) <= band
    }

    @inline(__always)
    private mutating func recordExit(_ segment: Hermite, from tau: Double) {
        exitInterval = index - 1
        exit = segment
        exitFrom = tau
    }

    /// How the settling time comes out of the samples (see `metrics`).
    enum Settling {
        /// Not settled within the limit: the result is ∞.
        case unsettled
        /// Never left the band: the result is 0.
        case neverLeft
        /// Left the band last in sample interval `interval`, at the τ ≥ `from` where the
        /// interpolant `segment` falls to the band edge.
        case exit(interval: Int, segment: Hermite, from: Double)
    }

    /// The settling outcome once every sample has been observed.
    ///
    /// Settled within the limit only if the last sample is inside the band *and* the
    /// motion that follows it stays inside: a curve merely passing through the band at
    /// the last sample is not settled. The free response from the last state (x, v)
    /// has its largest future excursion at its first turning point (later extrema
    /// shrink by e^{−ζπ/√(1−ζ²)} each, and a critically or over-damped spring turns at
    /// most once), which `FreeResponse` gives in closed form.
    func settling() -> Settling {
        if previousOutside || !staysInBand() { return .unsettled }
        if exitInterval < 0 { return .neverLeft }
        return .exit(interval: exitInterval, segment: exit, from: exitFrom)
    }

    /// The levels of the 10 % and 90 % crossings on the rise interpolants.
    var rise10Level: Double { 0.9 * x0 }
    var rise90Level: Double { 0.1 * x0 }

    /// The metrics once every sample has been observed, locating the crossings one by one.
    func metrics(isStable: Bool, exactSettlingDuration: Double, hasReference: Bool) -> SpringSweepMetrics {
        let settling = settling()
        var exitTau = Double.nan
        if case let .exit(_, segment, from) = settling { exitTau = segment.bandExit(band, from: from) }
        return metrics(
            isStable: isStable, exactSettlingDuration: exactSettlingDuration, hasReference: hasReference,
            settling: settling, exitTau: exitTau,
            rise10Tau: rise10Interval < 0 ? .nan : rise10.crossing(of: rise10Level),
            rise90Tau: rise90Interval < 0 ? .nan : rise90.crossing(of: rise90Level))
    }

    /// The metrics, given the located crossings: τ of the settling exit (for `.exit`) and
    /// of the 10 % and 90 % crossings (ignored when the interval was not seen).
    func metrics(
        isStable: Bool, exactSettlingDuration: Double, hasReference: Bool,
        settling: Settling, exitTau: Double, rise10Tau: Double, rise90Tau: Double
    ) -> SpringSweepMetrics {
        let duration: Double
        switch settling {
        case .unsettled: duration = .infinity
        case .neverLeft: duration = 0
        case let .exit(interval, _, _): duration = (Double(interval) + exitTau) * h
        }
        let time10 = rise10Interval < 0 ? Double.nan : (Double(rise10Interval) + rise10Tau) * h
        let time90 = rise90Interval < 0 ? Double.nan : (Double(rise90Interval) + rise90Tau) * h
        return SpringSweepMetrics(
            settlingDuration: duration,
            overshoot: side == 0 ? 0 : maxExcursionPast / abs(x0),
            peakTime: firstPeakTime,
            riseTime: time90 - time10,
            oscillations: oscillations,
            peakVelocity: peakVelocity,
            peakAcceleration: peakAcceleration,
            maxError: hasReference ? maxError : .nan,
            isStable: isStable,
            exactSettlingDuration: exactSettlingDuration)
    }
}

/// The cubic Hermite interpolant of one sample interval, τ ∈ [0, 1].
struct Hermite {
    let p0: Double
    let m0: Double
    let p1: Double
    let m1: Double

    func value(at t: Double) -> Double {
        let t2 = t * t
        let t3 = t2 * t
        return (2 * t3 - 3 * t2 + 1) * p0 + (t3 - 2 * t2 + t) * m0 + (-2 * t3 + 3 * t2) * p1 + (t3 - t2) * m1
    }

    /// H′(τ) = τ²(6p₀ + 3m₀ − 6p₁ + 3m₁) + τ(−6p₀ − 4m₀ + 6p₁ − 2m₁) + m₀.
    func slope(at t: Double) -> Double {
        let a = 6 * p0 + 3 * m0 - 6 * p1 + 3 * m1
        let b = -6 * p0 - 4 * m0 + 6 * p1 - 2 * m1
        return (a * t + b) * t + m0
    }

    /// The τ where the slope changes sign, given H′(0) = m₀ and H′(1) = m₁ of opposite
    /// signs (or m₁ = 0).
    ///
    /// H′ is the quadratic aτ² + bτ + m₀; a sign change on [0, 1] means exactly one root
    /// there. The roots are taken in the cancellation-free form q = −(b + sign(b)·√Δ)/2,
    /// τ = q/a or m₀/q (Press et al., *Numerical Recipes*, 3rd ed., §5.6); rounding can
    /// only push the root a few ulps out of [0, 1], so it is clamped. Turning points come
    /// every few samples for fast springs, so this closed form (rather than bisection)
    /// keeps the per-sample cost flat.
    func slopeRoot() -> Double {
        let a = 6 * p0 + 3 * m0 - 6 * p1 + 3 * m1
        let b = -6 * p0 - 4 * m0 + 6 * p1 - 2 * m1
        let c = m0
        let root: Double
        if abs(a) <= 1e-12 * (abs(b) + abs(c)) {
            root = b == 0 ? 0.5 : -c / b
        } else {
            let discriminant = max(b * b - 4 * a * c, 0)
            let q = -0.5 * (b + (b < 0 ? -1 : 1) * discriminant.squareRoot())
            let first = q / a
            let second = q == 0 ? first : c / q
            // The root inside [0, 1] (allowing for rounding at the ends).
            root = abs(first - 0.5) <= abs(second - 0.5) ? first : second
        }
        return min(max(root.isFinite ? root : 0.5, 0), 1)
    }

    /// The τ at which H first reaches `level`, given that p₁ is at or past it.
    func crossing(of level: Double) -> Double {
        let before = p0 - level
        if before == 0 { return 0 }
        var low = 0.0
        var high = 1.0
        for _ in 0..<Self.halvings {
            let middle = 0.5 * (low + high)
            if (value(at: middle) - level) * before > 0 { low = middle } else { high = middle }
        }
        return 0.5 * (low + high)
    }

    /// The τ ≥ `start` at which |H| falls to `band`, given |H(start)| > band ≥ |H(1)|.
    func bandExit(_ band: Double, from start: Double) -> Double {
        var low = start
        var high = 1.0
        for _ in 0..<Self.halvings {
            let middle = 0.5 * (low + high)
            if !(abs(value(at: middle)) <= band) { low = middle } else { high = middle }
        }
        return 0.5 * (low + high)
    }

    /// Bisection steps for the crossings: 2⁻⁴⁵ ≈ 3e−14 of a step, below the rounding of
    /// the sample times themselves. (Bisection, not Newton: it cannot leave the bracket.)
    static let halvings = 45
}
