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
    private func leastSquaresVelocity() -> SIMD2<Double> {
        guard let newest = samples.last else { return .zero }
        var window: [GestureSample] = [newest]
        for sample in samples.dropLast().reversed() {
            let previous = window[window.count - 1]
            guard newest.time - sample.time <= horizon, previous.time - sample.time <= pauseThreshold else { break }
            window.append(sample)
        }
        return Self.leastSquaresSlope(
            times: window.map { $0.time - newest.time }, locations: window.map(\.location))
    }

    /// The slope at τ = 0 of the least-squares polynomial through (τᵢ, locationᵢ), per
    /// axis: a quadratic for three or more points, the line for two; zero for fewer or
    /// when the times do not determine it (all at one instant).
    static func leastSquaresSlope(times: [Double], locations: [SIMD2<Double>]) -> SIMD2<Double> {
        guard times.count >= 2 else { return .zero }
        // Three samples determine a quadratic; with two, fit the line through them.
        let degree = times.count >= 3 ? 2 : 1
        guard let x = slopeAtZero(times: times, values: locations.map(\.x), degree: degree),
            let y = slopeAtZero(times: times, values: locations.map(\.y), degree: degree)
        else { return .zero }
        return SIMD2(x, y)
    }

    /// The coefficient a₁ of the least-squares polynomial of `degree` (1 or 2) through
    /// (τᵢ, vᵢ): the fit's slope at τ = 0. Nil when the times do not determine it (all
    /// samples at one instant).
    ///
    /// The normal equations (VᵀV)a = Vᵀv are at most 3×3. Times are scaled by the window
    /// length s so that the entries are O(1) — unscaled, τ⁴ ≈ 1e-4 s⁴ beside n ≈ 20 makes
    /// the system needlessly ill-conditioned — and solved by Gaussian elimination with
    /// partial pivoting.
    static func slopeAtZero(times: [Double], values: [Double], degree: Int) -> Double? {
        let scale = times.map { abs($0) }.max() ?? 0
        guard scale > 0 else { return nil }
        let size = degree + 1
        var matrix = [Double](repeating: 0, count: size * size)
        var rhs = [Double](repeating: 0, count: size)
        for (time, value) in zip(times, values) {
            let u = time / scale
            var powers = [Double](repeating: 1, count: size)
            for power in 1..<size { powers[power] = powers[power - 1] * u }
            for row in 0..<size {
                rhs[row] += powers[row] * value
                for column in 0..<size { matrix[row * size + column] += powers[row] * powers[column] }
            }
        }
        guard let coefficients = solve(matrix, rhs, size: size) else { return nil }
        // d/dτ of a₁·(τ/s) is a₁/s.
        return coefficients[1] / scale
    }

    /// Gaussian elimination with partial pivoting on a small dense system; nil when singular.
    private static func solve(_ matrix: [Double], _ rhs: [Double], size: Int) -> [Double]? {
        var a = matrix
        var b = rhs
        for column in 0..<size {
            let pivot = (column..<size).max { abs(a[$0 * size + column]) < abs(a[$1 * size + column]) }!
            // Entries are O(n) after scaling; a pivot this small means coincident times.
            guard abs(a[pivot * size + column]) > 1e-12 * matrix[0] else { return nil }
            if pivot != column {
                for k in 0..<size { a.swapAt(pivot * size + k, column * size + k) }
                b.swapAt(pivot, column)
            }
            for row in (column + 1)..<size {
                let factor = a[row * size + column] / a[column * size + column]
                for k in column..<size { a[row * size + k] -= factor * a[column * size + k] }
                b[row] -= factor * b[column]
            }
        }
        var x = [Double](repeating: 0, count: size)
        for row in stride(from: size - 1, through: 0, by: -1) {
            var sum = b[row]
            for k in (row + 1)..<size { sum -= a[row * size + k] * x[k] }
            x[row] = sum / a[row * size + row]
        }
        return x
    }
}
