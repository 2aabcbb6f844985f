import Hooke

/// Estimates a finger's velocity at release from its recent samples, rather than from the
/// last two points (whose difference quotient amplifies touch noise by 1/Δt: half a point
/// of noise at 120 Hz is ±85 pt/s).
///
/// By default (`strategy` `.leastSquares`) it fits a least-squares polynomial, as
/// Flutter's `VelocityTracker` and Android's `VelocityTracker` (strategy LSQ2) do: the
/// samples of the last 100 ms, at most 20 of them, fitted per axis with a quadratic
/// x(t) ≈ a₀ + a₁·τ + a₂·τ² in τ = t − t_newest; the velocity is a₁, the fit's slope at the
/// newest sample. A pause of more than 40 ms between two samples ends the window (the
/// finger had stopped), and a query more than 40 ms after the newest sample reports zero
/// velocity. `VelocityStrategy` names the other rules it can apply to the same samples:
/// Flutter's own fit (zero below 3 samples) and Flutter's iOS scroll-view weighting.
///
/// ```swift
/// var estimator = VelocityEstimator()
/// for sample in recordedPan { try estimator.add(sample) }
/// let releaseVelocity = estimator.velocity()      // pt/s
/// let iOSLike = estimator.velocity(using: .flutterIOSScrollView)
/// ```
public struct VelocityEstimator: Sendable {
    /// How far back samples count for the least-squares rules, in seconds (default 0.1).
    public let horizon: Double
    /// The most samples kept, and so the most one fit uses (default 20).
    public let maximumSamples: Int
    /// A gap between samples longer than this, in seconds, means the finger stopped (default 0.04).
    public let pauseThreshold: Double
    /// The rule `velocity(at:)` and `velocity(for:)` apply (default `.leastSquares`). It
    /// only reads the samples, so it can change at any time.
    public var strategy: VelocityStrategy

    /// The newest samples, oldest first; never more than `maximumSamples`.
    public internal(set) var samples: [GestureSample] = []

    /// - Throws: `HookeError.invalidParameter` unless horizon and pause threshold are
    ///   finite and positive and at least 2 samples are allowed.
    public init(
        horizon: Double = 0.1, maximumSamples: Int = 20, pauseThreshold: Double = 0.04,
        strategy: VelocityStrategy = .leastSquares
    ) throws(HookeError) {
        self.horizon = try Validate.positive(horizon, "horizon")
        self.pauseThreshold = try Validate.positive(pauseThreshold, "pauseThreshold")
        guard maximumSamples >= 2 else {
            throw .invalidParameter("maximumSamples", value: Double(maximumSamples), requirement: ">= 2")
        }
        self.maximumSamples = maximumSamples
        self.strategy = strategy
    }

    /// Flutter's and Android's defaults: 100 ms, 20 samples, 40 ms pause; least squares.
    public init() {
        horizon = 0.1
        maximumSamples = 20
        pauseThreshold = 0.04
        strategy = .leastSquares
    }

    /// Adds a sample. Times must not go backwards.
    ///
    /// - Throws: `HookeError.invalidParameter` for a non-finite time or location, or a
    ///   time earlier than the previous sample's.
    public mutating func add(_ sample: GestureSample) throws(HookeError) {
        _ = try Validate.finite(sample.time, "sample.time")
        _ = try Validate.finite(sample.location.x, "sample.location.x")
        _ = try Validate.finite(sample.location.y, "sample.location.y")
        if let last = samples.last, sample.time < last.time {
            throw .invalidParameter(
                "sample.time", value: sample.time, requirement: ">= the previous sample's time \(last.time)")
        }
        if samples.count == maximumSamples { samples.removeFirst() }
        samples.append(sample)
    }

    /// Forgets every sample (a new gesture begins).
    public mutating func reset() {
        samples.removeAll(keepingCapacity: true)
    }

    /// The velocity a body hands on at `event`, points per second: the recogniser's own
    /// when the event carries it (`GestureEvent.velocity`, UIKit's `velocity(in:)`),
    /// otherwise this estimate by `strategy` at the event's time.
    public func velocity(for event: GestureEvent) -> SIMD2<Double> {
        event.velocity ?? velocity(at: event.time)
    }

    /// The estimated velocity in points per second by `strategy`, at the newest sample or
    /// at `time` when given: zero when the newest sample is more than `pauseThreshold`
    /// older than `time`, or when the samples do not determine one (see
    /// `velocity(at:using:)`).
    public func velocity(at time: Double? = nil) -> SIMD2<Double> {
        velocity(at: time, using: strategy)
    }

    /// The estimated velocity in points per second by `rule`, whatever `strategy` is, at
    /// the newest sample or at `time` when given. Zero when there is no sample, when the
    /// finger had stopped at `time` — the newest sample more than `pauseThreshold` older;
    /// for the Flutter rules, as Flutter's stopwatch reads it, more than `pauseThreshold`
    /// in whole milliseconds (so from 41 ms on at the default 40 ms) — and:
    ///
    /// - `.leastSquares`: when fewer than two samples are in the window;
    /// - `.flutterLeastSquares`: when fewer than three are;
    /// - `.flutterIOSScrollView`: never otherwise — with fewer than four samples the
    ///   missing steps count as zero (one sample gives zero).
    public func velocity(at time: Double? = nil, using rule: VelocityStrategy) -> SIMD2<Double> {
        guard let newest = samples.last else { return .zero }
        switch rule {
        case .leastSquares:
            if let time, time - newest.time > pauseThreshold { return .zero }
            return leastSquaresVelocity()
        case .flutterLeastSquares:
            if let time, flutterAssumesStopped(after: time - newest.time) { return .zero }
            return flutterLeastSquaresVelocity()
        case .flutterIOSScrollView:
            if let time, flutterAssumesStopped(after: time - newest.time) { return .zero }
            return iOSScrollViewVelocity()
        }
    }

    /// Hooke's estimate: the slope at the newest sample of the least-squares polynomial
    /// through the window, the samples back from the newest until one older than
    /// `horizon` or a gap longer than `pauseThreshold` (compared in seconds as they are). A
    /// quadratic from three samples on, the line through two, zero for one.
    ///
    /// Bodies ask for it at every event of a drag, so it allocates nothing: the window is
    /// `samples[first...]`, walked newest first.
    private func leastSquaresVelocity() -> SIMD2<Double> {
        guard let newest = samples.last else { return .zero }
        var first = samples.count - 1
        while first > 0 {
            let sample = samples[first - 1]
            guard newest.time - sample.time <= horizon, samples[first].time - sample.time <= pauseThreshold else { break }
            first -= 1
        }
        // Times never go backwards, so the oldest sample is the farthest from the newest.
        var fit = LeastSquaresFit(points: samples.count - first, scale: newest.time - samples[first].time)
        for i in stride(from: samples.count - 1, through: first, by: -1) {
            fit.add(time: samples[i].time - newest.time, location: samples[i].location)
        }
        return fit.slope() ?? .zero
    }

    /// The slope at τ = 0 of the least-squares polynomial through the points
    /// (τᵢ, locationᵢ), per axis: a quadratic for three or more points, the line for two;
    /// zero for fewer or when the times do not determine it (all at one instant).
    static func leastSquaresSlope(_ points: [(time: Double, location: SIMD2<Double>)]) -> SIMD2<Double> {
        var fit = LeastSquaresFit(points: points.count, scale: points.reduce(0.0) { max($0, abs($1.time)) })
        for point in points { fit.add(time: point.time, location: point.location) }
        return fit.slope() ?? .zero
    }

    /// The least-squares polynomial x(τ) ≈ a₀ + a₁·(τ/s) + a₂·(τ/s)² through points added
    /// one by one, both axes at once: a quadratic for three or more points, the line for
    /// two.
    ///
    /// The normal equations (VᵀV)a = Vᵀv are the same for both axes, and VᵀV holds only
    /// the power sums Σuᵏ, k ≤ 4, of u = τ/s, so a point adds to five numbers and three
    /// right-hand sides (the two axes in the lanes of a `SIMD2`), in place. Times are
    /// scaled by the window length s so that the entries are O(1) — unscaled, τ⁴ ≈ 1e-4 s⁴
    /// beside n ≈ 20 makes the system needlessly ill-conditioned — and the system is
    /// solved by Gaussian elimination with partial pivoting.
    struct LeastSquaresFit {
        /// 3 for the quadratic, 2 for the line; 0 when no fit is possible.
        let size: Int
        let scale: Double
        /// Σ1, Σu, Σu², Σu·u², Σu²·u².
        private var sums = SIMD8<Double>()
        /// Σv, Σu·v, Σu²·v.
        private var rhs = (SIMD2<Double>.zero, SIMD2<Double>.zero, SIMD2<Double>.zero)

        /// A fit of `points` points whose times span `scale` seconds (the largest |τ|).
        init(points: Int, scale: Double) {
            self.scale = scale
            size = scale > 0 ? (points >= 3 ? 3 : points == 2 ? 2 : 0) : 0
        }

        mutating func add(time: Double, location: SIMD2<Double>) {
            let u = time / scale, u2 = u * u
            sums += SIMD8(1, u, u2, u * u2, u2 * u2, 0, 0, 0)
            rhs.0 += location
            rhs.1 += u * location
            rhs.2 += u2 * location
        }

        /// a₁/s, the slope at τ = 0 (d/dτ of a₁·(τ/s)); nil when the times do not
        /// determine it.
        func slope() -> SIMD2<Double>? {
            guard size > 0 else { return nil }
            // VᵀV row-major: entry (r, c) is Σu^(r+c).
            var a = SIMD16<Double>(), b = SIMD4<Double>(), c = SIMD4<Double>()
            for row in 0..<size {
                for column in 0..<size { a[row * size + column] = sums[row + column] }
            }
            (b[0], c[0]) = (rhs.0.x, rhs.0.y)
            (b[1], c[1]) = (rhs.1.x, rhs.1.y)
            (b[2], c[2]) = (rhs.2.x, rhs.2.y)
            let n = size
            for column in 0..<n {
                let pivot = (column..<n).max { abs(a[$0 * n + column]) < abs(a[$1 * n + column]) }!
                // Entries are O(n) after scaling; a pivot this small means coincident times.
                guard abs(a[pivot * n + column]) > 1e-12 * sums[0] else { return nil }
                if pivot != column {
                    for k in 0..<n { (a[pivot * n + k], a[column * n + k]) = (a[column * n + k], a[pivot * n + k]) }
                    (b[pivot], b[column]) = (b[column], b[pivot])
                    (c[pivot], c[column]) = (c[column], c[pivot])
                }
                for row in (column + 1)..<n {
                    let factor = a[row * n + column] / a[column * n + column]
                    for k in column..<n { a[row * n + k] -= factor * a[column * n + k] }
                    b[row] -= factor * b[column]
                    c[row] -= factor * c[column]
                }
            }
            var x = SIMD4<Double>(), y = SIMD4<Double>()
            for row in stride(from: n - 1, through: 0, by: -1) {
                var sumX = b[row], sumY = c[row]
                for k in (row + 1)..<n {
                    sumX -= a[row * n + k] * x[k]
                    sumY -= a[row * n + k] * y[k]
                }
                x[row] = sumX / a[row * n + row]
                y[row] = sumY / a[row * n + row]
            }
            return SIMD2(x[1], y[1]) / scale
        }
    }
}
