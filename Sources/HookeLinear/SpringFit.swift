import Foundation
import Hooke

/// Fits a mass-normalised spring — stiffness k/m (1/s²) and damping c/m (1/s), and
/// optionally its start, target and initial velocity — to a sampled curve by nonlinear
/// least squares. The engine of `hooke fit`.
///
/// ```swift
/// let spring = try Spring(mass: 1, stiffness: 200, damping: 12)
/// let times = (0..<60).map { Double($0) / 60 }
/// let fit = try SpringFit(times: times, values: times.map { spring.state(at: $0, from: 0, to: 1).value })
/// let result = try fit.solve()   // result.stiffness ≈ 200, result.damping ≈ 12
/// ```
///
/// ## Model
///
/// With τᵢ = tᵢ − t₀ (t₀ the first sample) and Φ(τ) the exact transition map of the
/// spring of mass 1, stiffness k and damping c (`Spring.transition(over:)`),
///
///     x(τ) = x₁ + φ11(τ)·(x₀ − x₁) + φ12(τ)·v₀
///
/// for start x₀, target x₁ and initial velocity v₀. A curve cannot tell a mass from the
/// stiffness and damping it scales (x'' = −(k/m)·x − (c/m)·x'), so the mass is 1 and the
/// fit is of k/m and c/m. The residuals rᵢ = x(τᵢ) − yᵢ are minimised over
/// θ = (ln k, ln c, [x₀], [x₁], [v₀]); the logarithms keep k and c positive without
/// constraints. ∂x/∂x₀ = φ11, ∂x/∂x₁ = 1 − φ11 and ∂x/∂v₀ = φ12 are exact; the
/// derivatives in ln k and ln c are central differences (step 10⁻⁶).
///
/// ## Method
///
/// Levenberg–Marquardt (Marquardt, "An algorithm for least-squares estimation of
/// nonlinear parameters", SIAM J. Appl. Math. 11, 1963; Nocedal & Wright, *Numerical
/// Optimization*, 2nd ed., §10.3): each step solves the damped normal equations
///
///     (JᵀJ + λ·diag(JᵀJ))·δ = −Jᵀr
///
/// by Cholesky factorisation (`Matrix.choleskySolve`, LAPACK `dpotrf`/`dpotrs`), accepts
/// δ when the sum of squares falls (then λ ← λ/3) and otherwise retries with λ ← 4λ.
/// A nonlinear fit needs a start near the answer: the start comes from a coarse search
/// over damping ratios and natural frequencies scaled by the time the curve takes to
/// cover half its move, and the three best of those seeds are refined.
///
/// ## Confidence
///
/// Standard errors are the square roots of the diagonal of s²·(JᵀJ)⁻¹ at the optimum,
/// s² = RSS/(n − p) (the usual linearised covariance; Seber & Wild, *Nonlinear
/// Regression*, §2.1); those of k and c follow from ln k and ln c by se(k) = k·se(ln k).
/// R² = 1 − RSS/TSS says how much of the curve's variation the spring explains.
public struct SpringFit: Sendable {
    /// Sample times, seconds, in the order given.
    public let times: [Double]
    /// Sample values (any unit: points, pixels, metres), one per time.
    public let values: [Double]
    /// The start x₀ held fixed (in the values' unit), or nil to fit it.
    public let start: Double?
    /// The target x₁ held fixed (in the values' unit), or nil to fit it.
    public let target: Double?
    /// The initial velocity v₀ held fixed (values' unit per second), or nil to fit it.
    public let initialVelocity: Double?

    /// The fewest samples a fit accepts: with up to five parameters, fewer leave no
    /// degrees of freedom to judge the residual by (s² = RSS/(n − p) needs n > p).
    public static let minimumSampleCount = 10

    /// A fit of `values` sampled at `times`. By default the start and target are fitted
    /// and the curve starts from rest (v₀ = 0), as a recorded animation does.
    ///
    /// - Throws: `HookeError.invalidParameter` when `values` does not hold one value per
    ///   time, or a time, a value or a fixed start, target or initial velocity is not
    ///   finite. Curves that are well-formed but that no fit can describe are refused by
    ///   `solve()`.
    public init(
        times: [Double], values: [Double], start: Double? = nil, target: Double? = nil,
        initialVelocity: Double? = 0
    ) throws(HookeError) {
        guard values.count == times.count else {
            throw .invalidParameter(
                "values", value: Double(values.count), requirement: "one value per time (\(times.count) times)")
        }
        for (i, t) in times.enumerated() { _ = try Validate.finite(t, "times[\(i)]") }
        for (i, x) in values.enumerated() { _ = try Validate.finite(x, "values[\(i)]") }
        self.start = try start.map { value throws(HookeError) in try Validate.finite(value, "start") }
        self.target = try target.map { value throws(HookeError) in try Validate.finite(value, "target") }
        self.initialVelocity = try initialVelocity.map { value throws(HookeError) in
            try Validate.finite(value, "initialVelocity")
        }
        self.times = times
        self.values = values
    }

    /// The same curve with every value v replaced by (v − offset)/scale, and the fixed
    /// values mapped alike (unchecked: `solve()` has checked the curve).
    private init(normalising fit: SpringFit, offset: Double, scale: Double) {
        times = fit.times
        values = fit.values.map { ($0 - offset) / scale }
        start = fit.start.map { ($0 - offset) / scale }
        target = fit.target.map { ($0 - offset) / scale }
        initialVelocity = fit.initialVelocity.map { $0 / scale }
    }

    private var parameterCount: Int {
        2 + (start == nil ? 1 : 0) + (target == nil ? 1 : 0) + (initialVelocity == nil ? 1 : 0)
    }

    /// Refuses curves no spring fit can describe, with the reason.
    private func validate() throws(SpringFitError) {
        guard times.count >= Self.minimumSampleCount else {
            throw .tooFewSamples(times.count, minimum: Self.minimumSampleCount)
        }
        for i in 1..<times.count where !(times[i] > times[i - 1]) {
            throw .timeNotIncreasing(sample: i + 1, previous: times[i - 1], time: times[i])
        }
        guard let low = values.min(), let high = values.max(), high > low else {
            throw .constantValue
        }
    }

    /// The full parameter set from θ.
    private func unpack(_ theta: [Double]) -> (k: Double, c: Double, x0: Double, x1: Double, v0: Double) {
        var position = 2
        func next(_ fixed: Double?) -> Double {
            if let fixed { return fixed }
            defer { position += 1 }
            return theta[position]
        }
        let x0 = next(start)
        let x1 = next(target)
        let v0 = next(initialVelocity)
        return (exp(theta[0]), exp(theta[1]), x0, x1, v0)
    }

    /// Model values, and φ11, φ12 at every sample; nil when the spring is not valid.
    private func model(_ theta: [Double]) -> (values: [Double], phi11: [Double], phi12: [Double])? {
        let p = unpack(theta)
        guard let spring = try? Spring(mass: 1, stiffness: p.k, damping: p.c) else { return nil }
        let t0 = times[0]
        var values = [Double](repeating: 0, count: times.count)
        var phi11 = values
        var phi12 = values
        for (i, t) in times.enumerated() {
            let map = spring.transition(over: t - t0)
            phi11[i] = map.phi11
            phi12[i] = map.phi12
            values[i] = p.x1 + map.phi11 * (p.x0 - p.x1) + map.phi12 * p.v0
        }
        guard values.allSatisfy(\.isFinite) else { return nil }
        return (values, phi11, phi12)
    }

    private func cost(_ theta: [Double]) -> Double {
        guard let m = model(theta) else { return .infinity }
        return zip(m.values, values).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }
    }

    /// The Jacobian, row-major n × p.
    private func jacobian(_ theta: [Double], _ m: (values: [Double], phi11: [Double], phi12: [Double])) -> Matrix {
        let n = times.count
        let p = parameterCount
        var entries = [Double](repeating: 0, count: n * p)
        let step = 1e-6
        for j in 0..<2 {
            var plus = theta
            var minus = theta
            plus[j] += step
            minus[j] -= step
            guard let up = model(plus), let down = model(minus) else { continue }
            for i in 0..<n { entries[i * p + j] = (up.values[i] - down.values[i]) / (2 * step) }
        }
        var column = 2
        if start == nil {
            for i in 0..<n { entries[i * p + column] = m.phi11[i] }
            column += 1
        }
        if target == nil {
            for i in 0..<n { entries[i * p + column] = 1 - m.phi11[i] }
            column += 1
        }
        if initialVelocity == nil {
            for i in 0..<n { entries[i * p + column] = m.phi12[i] }
        }
        return try! Matrix(rows: n, columns: p, entries: entries)
    }

    /// Fits the curve.
    ///
    /// The values are first mapped to order one, y′ = (y − y₀)/S with y₀ the first
    /// sample and S the largest |y − y₀|, so that a curve in any unit (a move of 10⁻³⁰⁰
    /// or 10³⁰⁰) is fitted as well as one in points: the model is linear in x₀, x₁ and
    /// v₀, so the fit of y′ is the fit of y with x₀, x₁ mapped the same way, v₀ and the
    /// standard errors divided by S, and k, c and R² unchanged.
    ///
    /// - Throws: `SpringFitError`: fewer than `minimumSampleCount` samples, times that
    ///   do not increase, a constant value, values too far apart to subtract, or no
    ///   spring that reproduces the curve. A poor fit is not an error: judge it by
    ///   `SpringFitResult.rSquared`.
    public func solve() throws(SpringFitError) -> SpringFitResult {
        try validate()
        let offset = values[0]
        let scale = values.reduce(0) { max($0, abs($1 - offset)) }
        guard scale > 0, scale.isFinite else { throw .valuesTooFarApart }
        var result = try SpringFit(normalising: self, offset: offset, scale: scale).solveOrderOne()
        result.start = offset + scale * result.start
        result.target = offset + scale * result.target
        result.initialVelocity *= scale
        result.startError = result.startError.map { $0 * scale }
        result.targetError = result.targetError.map { $0 * scale }
        result.initialVelocityError = result.initialVelocityError.map { $0 * scale }
        result.residualRMS *= scale
        // Fixed values come back exactly as given.
        if let start { result.start = start }
        if let target { result.target = target }
        if let initialVelocity { result.initialVelocity = initialVelocity }
        return result
    }

    /// The fit itself, on values of order one (see `solve()`). `validate()` has made
    /// n ≥ `minimumSampleCount` (10) > p (at most 5).
    private func solveOrderOne() throws(SpringFitError) -> SpringFitResult {
        let n = times.count
        let p = parameterCount

        // Seeds.
        let tail = max(3, n / 10)
        let guessTarget = target ?? values.suffix(tail).reduce(0, +) / Double(tail)
        let guessStart = start ?? values[0]
        let move = guessTarget - guessStart
        let span = times[n - 1] - times[0]
        let half = times.indices.first { abs(values[$0] - guessStart) >= 0.5 * abs(move) && $0 > 0 }
        let halfTime = half.map { max(times[$0] - times[0], span / Double(n)) } ?? span / 2
        var seeds: [([Double], Double)] = []
        for zeta in [0.1, 0.3, 0.6, 1.0, 1.8, 3.0] {
            for scale in [0.6, 1.0, 1.7, 2.8] {
                let omega = scale / halfTime
                var theta = [log(omega * omega), log(2 * zeta * omega)]
                if start == nil { theta.append(guessStart) }
                if target == nil { theta.append(guessTarget) }
                if initialVelocity == nil { theta.append(0) }
                seeds.append((theta, cost(theta)))
            }
        }
        seeds.sort { $0.1 < $1.1 }

        var best: (theta: [Double], cost: Double, iterations: Int)? = nil
        for (seed, _) in seeds.prefix(3) {
            let refined = levenbergMarquardt(from: seed)
            if best == nil || refined.cost < best!.cost { best = refined }
        }
        guard let best, best.cost.isFinite, let final = model(best.theta) else {
            throw .notSpringLike
        }

        // Statistics.
        let mean = values.reduce(0, +) / Double(n)
        let total = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
        let rSquared = 1 - best.cost / total
        let s2 = best.cost / Double(n - p)
        let j = jacobian(best.theta, final)
        let normal = j.transposed.multiplied(by: j, kernel: .blas)
        var errors = [Double](repeating: .nan, count: p)
        for column in 0..<p {
            var unit = [Double](repeating: 0, count: p)
            unit[column] = 1
            if let inverseColumn = try? normal.choleskySolve(unit, kernel: .blas) {
                errors[column] = (s2 * inverseColumn[column]).squareRoot()
            }
        }
        let q = unpack(best.theta)
        var position = 2
        func nextError(_ fixed: Double?) -> Double? {
            guard fixed == nil else { return nil }
            defer { position += 1 }
            return errors[position]
        }
        let startError = nextError(start)
        let targetError = nextError(target)
        let velocityError = nextError(initialVelocity)
        return SpringFitResult(
            stiffness: q.k, damping: q.c, start: q.x0, target: q.x1, initialVelocity: q.v0,
            stiffnessError: q.k * errors[0], dampingError: q.c * errors[1],
            startError: startError, targetError: targetError, initialVelocityError: velocityError,
            residualRMS: (best.cost / Double(n)).squareRoot(), rSquared: rSquared, iterations: best.iterations)
    }

    private func levenbergMarquardt(from seed: [Double]) -> (theta: [Double], cost: Double, iterations: Int) {
        var theta = seed
        guard var current = model(theta) else { return (seed, .infinity, 0) }
        var sum = zip(current.values, values).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }
        var lambda = 1e-3
        let p = parameterCount
        var iterations = 0
        while iterations < 300 {
            iterations += 1
            let j = jacobian(theta, current)
            let residuals = zip(current.values, values).map { $0 - $1 }
            let normal = j.transposed.multiplied(by: j, kernel: .blas)
            let gradient = j.transposed.applied(to: residuals, kernel: .blas)
            var accepted = false
            // Marquardt's scaling by diag(JᵀJ), floored so that a parameter the curve does
            // not yet constrain still gets a damped, finite step.
            let floor = 1e-12 * (0..<p).map { normal[$0, $0] }.reduce(0, max)
            while lambda < 1e16 {
                var damped = normal
                for d in 0..<p { damped[d, d] = normal[d, d] + lambda * max(normal[d, d], floor) }
                guard let delta = try? damped.choleskySolve(gradient.map { -$0 }, kernel: .blas) else {
                    lambda *= 4
                    continue
                }
                let trial = zip(theta, delta).map { $0 + $1 }
                if let candidate = model(trial) {
                    let trialSum = zip(candidate.values, values).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }
                    if trialSum < sum {
                        let improvement = (sum - trialSum) / max(sum, 1e-300)
                        theta = trial
                        current = candidate
                        sum = trialSum
                        lambda = max(lambda / 3, 1e-12)
                        accepted = true
                        if improvement < 1e-13 || delta.allSatisfy({ abs($0) < 1e-13 }) {
                            return (theta, sum, iterations)
                        }
                        break
                    }
                }
                lambda *= 4
            }
            if !accepted { break }
        }
        return (theta, sum, iterations)
    }
}

/// The spring `SpringFit.solve()` found, with its standard errors and how well it fits.
///
/// Stiffness and damping are per unit mass (the curve cannot tell the mass apart), so
/// `try Spring(mass: 1, stiffness: result.stiffness, damping: result.damping)` is the
/// spring, and for mass m the coefficients are m·k and m·c. Standard errors are one
/// standard deviation of the linearised covariance s²(JᵀJ)⁻¹ (see `SpringFit`); they
/// are NaN where JᵀJ is singular at the optimum.
public struct SpringFitResult: Sendable, Equatable {
    /// k/m, 1/s².
    public var stiffness: Double
    /// c/m, 1/s.
    public var damping: Double
    /// x₀, in the values' unit (as given when fixed).
    public var start: Double
    /// x₁, in the values' unit (as given when fixed).
    public var target: Double
    /// v₀, values' unit per second (as given when fixed).
    public var initialVelocity: Double
    /// Standard error of k/m, 1/s².
    public var stiffnessError: Double
    /// Standard error of c/m, 1/s.
    public var dampingError: Double
    /// Standard error of x₀; nil when it was fixed.
    public var startError: Double?
    /// Standard error of x₁; nil when it was fixed.
    public var targetError: Double?
    /// Standard error of v₀; nil when it was fixed.
    public var initialVelocityError: Double?
    /// √(RSS/n), in the values' unit: with a good model, an estimate of the noise.
    public var residualRMS: Double
    /// 1 − RSS/TSS: the share of the curve's variance the spring explains (1 is perfect;
    /// it can be negative when the best spring is worse than the mean).
    public var rSquared: Double
    /// Levenberg–Marquardt iterations of the refinement that won.
    public var iterations: Int
}

/// Why `SpringFit.solve()` could not fit a spring to a curve.
public enum SpringFitError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Fewer samples (`count`) than `minimum` (`SpringFit.minimumSampleCount`).
    case tooFewSamples(_ count: Int, minimum: Int)
    /// Sample `sample` (1-based) is at `time`, not after the sample before, at `previous` (s).
    case timeNotIncreasing(sample: Int, previous: Double, time: Double)
    /// Every value is the same: there is no motion to fit.
    case constantValue
    /// Two values are so far apart that their difference overflows (a move beyond
    /// `Double.greatestFiniteMagnitude`).
    case valuesTooFarApart
    /// No spring reproduces the curve: every refinement ended where the model is not finite.
    case notSpringLike

    public var description: String {
        switch self {
        case let .tooFewSamples(count, minimum):
            return "too few samples (\(count); at least \(minimum))"
        case let .timeNotIncreasing(sample, previous, time):
            return "time is not increasing at sample \(sample) (\(previous) then \(time))"
        case .constantValue:
            return "the value is constant; there is no motion to fit"
        case .valuesTooFarApart:
            return "the values are too far apart to subtract; there is no motion to fit"
        case .notSpringLike:
            return "not spring-like: no spring reproduces the curve"
        }
    }
}
