import Foundation
import Hooke
import HookeLinear

/// Fits a mass-normalised spring (k/m, c/m), and optionally its start, target and
/// initial velocity, to a sampled curve by nonlinear least squares.
///
/// ## Model
///
/// With τᵢ = tᵢ − t₀ (t₀ the first sample) and Φ(τ) the exact transition map of the
/// spring of mass 1, stiffness k and damping c (`Spring.transition(over:)`),
///
///     x(τ) = x₁ + φ11(τ)·(x₀ − x₁) + φ12(τ)·v₀
///
/// for start x₀, target x₁ and initial velocity v₀. The residuals rᵢ = x(τᵢ) − yᵢ are
/// minimised over θ = (ln k, ln c, [x₀], [x₁], [v₀]); the logarithms keep k and c
/// positive without constraints. ∂x/∂x₀ = φ11, ∂x/∂x₁ = 1 − φ11 and ∂x/∂v₀ = φ12 are
/// exact; the derivatives in ln k and ln c are central differences (step 10⁻⁶).
///
/// ## Method
///
/// Levenberg–Marquardt (Marquardt, "An algorithm for least-squares estimation of
/// nonlinear parameters", SIAM J. Appl. Math. 11, 1963; Nocedal & Wright, *Numerical
/// Optimization*, 2nd ed., §10.3): each step solves the damped normal equations
///
///     (JᵀJ + λ·diag(JᵀJ))·δ = −Jᵀr
///
/// by Cholesky factorisation through HookeLinear (`Matrix.choleskySolve`, LAPACK
/// `dpotrf`/`dpotrs`), accepts δ when the sum of squares falls (then λ ← λ/3) and
/// otherwise retries with λ ← 4λ. A nonlinear fit needs a start near the answer: the
/// start comes from a coarse search over damping ratios and natural frequencies scaled
/// by the time the curve takes to cover half its move, and the three best of those
/// seeds are refined.
///
/// ## Confidence
///
/// Standard errors are the square roots of the diagonal of s²·(JᵀJ)⁻¹ at the optimum,
/// s² = RSS/(n − p) (the usual linearised covariance; Seber & Wild, *Nonlinear
/// Regression*, §2.1); those of k and c follow from ln k and ln c by se(k) = k·se(ln k).
/// R² = 1 − RSS/TSS says how much of the curve's variation the spring explains.
struct FitSolver {
    let curve: FitCurve
    /// Fixed start and target (nil: fitted) and initial velocity (nil: fitted).
    let start: Double?
    let target: Double?
    let initialVelocity: Double?

    struct Result {
        var stiffness: Double
        var damping: Double
        var start: Double
        var target: Double
        var initialVelocity: Double
        var stiffnessError: Double
        var dampingError: Double
        var startError: Double?
        var targetError: Double?
        var velocityError: Double?
        var rms: Double
        var rSquared: Double
        var iterations: Int
    }

    private var parameterCount: Int {
        2 + (start == nil ? 1 : 0) + (target == nil ? 1 : 0) + (initialVelocity == nil ? 1 : 0)
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
        let t0 = curve.times[0]
        var values = [Double](repeating: 0, count: curve.times.count)
        var phi11 = values
        var phi12 = values
        for (i, t) in curve.times.enumerated() {
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
        return zip(m.values, curve.values).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }
    }

    /// The Jacobian, row-major n × p.
    private func jacobian(_ theta: [Double], _ m: (values: [Double], phi11: [Double], phi12: [Double])) -> Matrix {
        let n = curve.times.count
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

    /// Fits the curve. The values are first mapped to order one, y′ = (y − y₀)/S with
    /// y₀ the first sample and S the largest |y − y₀|, so that a curve in any unit (a
    /// move of 10⁻³⁰⁰ or 10³⁰⁰) is fitted as well as one in points: the model is linear
    /// in x₀, x₁ and v₀, so the fit of y′ is the fit of y with x₀, x₁ mapped the same way,
    /// v₀ and the standard errors divided by S, and k, c and R² unchanged.
    func solve() throws(CommandLineError) -> Result {
        let offset = curve.values[0]
        let scale = curve.values.reduce(0) { max($0, abs($1 - offset)) }
        guard scale > 0, scale.isFinite else {
            throw CommandLineError("fit: the value is constant or too large to subtract; there is no motion to fit")
        }
        let normalised = FitSolver(
            curve: curve.normalised(offset: offset, scale: scale),
            start: start.map { ($0 - offset) / scale }, target: target.map { ($0 - offset) / scale },
            initialVelocity: initialVelocity.map { $0 / scale })
        var result = try normalised.solveOrderOne()
        result.start = offset + scale * result.start
        result.target = offset + scale * result.target
        result.initialVelocity *= scale
        result.startError = result.startError.map { $0 * scale }
        result.targetError = result.targetError.map { $0 * scale }
        result.velocityError = result.velocityError.map { $0 * scale }
        result.rms *= scale
        // Fixed values come back exactly as given.
        if let start { result.start = start }
        if let target { result.target = target }
        if let initialVelocity { result.initialVelocity = initialVelocity }
        return result
    }

    /// The fit itself, on values of order one (see `solve()`).
    private func solveOrderOne() throws(CommandLineError) -> Result {
        let times = curve.times
        let values = curve.values
        let n = times.count
        let p = parameterCount
        guard n > p else { throw CommandLineError("fit: too few samples for \(p) parameters") }

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
            throw CommandLineError("fit: not spring-like: no spring reproduces the curve")
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
        return Result(
            stiffness: q.k, damping: q.c, start: q.x0, target: q.x1, initialVelocity: q.v0,
            stiffnessError: q.k * errors[0], dampingError: q.c * errors[1],
            startError: startError, targetError: targetError, velocityError: velocityError,
            rms: (best.cost / Double(n)).squareRoot(), rSquared: rSquared, iterations: best.iterations)
    }

    private func levenbergMarquardt(from seed: [Double]) -> (theta: [Double], cost: Double, iterations: Int) {
        var theta = seed
        guard var current = model(theta) else { return (seed, .infinity, 0) }
        var sum = zip(current.values, curve.values).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }
        var lambda = 1e-3
        let p = parameterCount
        var iterations = 0
        while iterations < 300 {
            iterations += 1
            let j = jacobian(theta, current)
            let residuals = zip(current.values, curve.values).map { $0 - $1 }
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
                    let trialSum = zip(candidate.values, curve.values).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }
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
