import Hooke

/// Why an implicit step failed.
public enum ImplicitStepError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A Newton system could not be solved.
    case solve(LAPACKError)
    /// Newton's iteration did not reach the tolerance in `iterations` iterations; the last
    /// velocity correction had max-norm `correction` (points/s).
    case notConverged(iterations: Int, correction: Double)

    public var description: String {
        switch self {
        case let .solve(error): return "implicit step: \(error)"
        case let .notConverged(iterations, correction):
            return "implicit step: Newton did not converge in \(iterations) iterations (last correction \(correction) pt/s)"
        }
    }
}

/// Backward (implicit) Euler for `ElasticNetwork`, with Newton's method on each step:
///
///     v₊ = v + h·M⁻¹·f(x₊, v₊),    x₊ = x + h·v₊.
///
/// Substituting x₊ leaves one nonlinear system in v₊, R(v₊) = M(v₊ − v) − h·f(x + h·v₊, v₊)
/// = 0, solved by Newton: J·δ = −R with J = M − h·∂f/∂v − h²·∂f/∂x, each J factored by
/// LAPACK (`dgetrf`/`dgetrs`; LU, because ∂f/∂x is indefinite for compressed links). The
/// stiffness block of a link, with e its axis, l its length and L its rest length, is
///
///     ∂f_a/∂x_a = −k·[e·eᵀ + (1 − L/l)(I − e·eᵀ)],   ∂f_a/∂x_b = −∂f_a/∂x_a,
///
/// and its damping block ∂f_a/∂v_a = −c·e·eᵀ. The dependence of the damping force on the
/// axis direction is left out of J (an inexact Newton step: convergence is linear rather
/// than quadratic when links are damped and rotating, the root is the same).
///
/// First-order accurate and L-stable: it damps the stiff modes a semi-implicit (symplectic)
/// Euler step at the same h amplifies, so it steps stiff networks at a frame rate — at the
/// price of numerical damping of the oscillation (about h·ω²/2 in decay rate for a mode
/// of angular frequency ω ≪ 1/h). For linear networks prefer `ExactPropagator`.
public struct ImplicitEuler: Sendable, Hashable {
    /// Step h, seconds.
    public let timestep: Double
    /// Newton stops once the max-norm of its velocity correction is at most
    /// `tolerance`·(1 + max|v₊|) (points per second).
    public let tolerance: Double
    /// Newton iterations allowed per step.
    public let maximumIterations: Int

    /// - Throws: `HookeError.invalidParameter` unless the step and tolerance are finite
    ///   and positive and at least one iteration is allowed.
    public init(timestep: Double, tolerance: Double = 1e-10, maximumIterations: Int = 30) throws(HookeError) {
        self.timestep = try Validate.positive(timestep, "timestep")
        self.tolerance = try Validate.positive(tolerance, "tolerance")
        guard maximumIterations >= 1 else {
            throw .invalidParameter("maximumIterations", value: Double(maximumIterations), requirement: ">= 1")
        }
        self.maximumIterations = maximumIterations
    }

    /// The state one step after `state`.
    ///
    /// - Throws: `ImplicitStepError.solve` when a Newton matrix is singular (possible only
    ///   when compressed links, whose stiffness block is indefinite, make h²·∂f/∂x cancel
    ///   the mass matrix at a large h), `.notConverged` when Newton stalls.
    /// - Complexity: O((2N)³) per Newton iteration for N nodes.
    public func step(_ network: ElasticNetwork, _ state: ElasticState) throws(ImplicitStepError) -> ElasticState {
        let n = network.nodeCount
        let h = timestep
        precondition(state.positions.count == n && state.velocities.count == n,
                     "ImplicitEuler.step: a state of \(state.positions.count) nodes for a network of \(n)")
        var v = state.velocities
        for i in 0..<n where network.pinned[i] { v[i] = .zero }
        var lastCorrection = Double.infinity
        for _ in 0..<maximumIterations {
            let x = (0..<n).map { state.positions[$0] + h * v[$0] }
            let f = network.forces(positions: x, velocities: v)
            var residual = [Double](repeating: 0, count: 2 * n)
            var jacobian = Matrix(rows: 2 * n, columns: 2 * n)
            for i in 0..<n {
                let r = network.masses[i] * (v[i] - state.velocities[i]) - h * f[i]
                residual[2 * i] = r.x
                residual[2 * i + 1] = r.y
                jacobian[2 * i, 2 * i] = network.masses[i]
                jacobian[2 * i + 1, 2 * i + 1] = network.masses[i]
            }
            for link in network.links {
                let d = x[link.second] - x[link.first]
                let length = (d * d).sum().squareRoot()
                guard length > 0 else { continue }
                let e = d / length
                let outer = [e.x * e.x, e.x * e.y, e.y * e.x, e.y * e.y]
                let identity = [1.0, 0, 0, 1]
                let ratio = 1 - link.restLength / length
                // The link's part of J = ∂R/∂v₊: +h·c·eeᵀ + h²·K_e on the diagonal blocks (a, a)
                // and (b, b), the negatives on (a, b) and (b, a), with
                // K_e = k[eeᵀ + (1 − L/l)(I − eeᵀ)] = −∂f_a/∂x_a.
                for r in 0..<2 {
                    for c in 0..<2 {
                        let stiffness = link.stiffness * (outer[2 * r + c] + ratio * (identity[2 * r + c] - outer[2 * r + c]))
                        let block = h * link.damping * outer[2 * r + c] + h * h * stiffness
                        jacobian[2 * link.first + r, 2 * link.first + c] += block
                        jacobian[2 * link.second + r, 2 * link.second + c] += block
                        jacobian[2 * link.first + r, 2 * link.second + c] -= block
                        jacobian[2 * link.second + r, 2 * link.first + c] -= block
                    }
                }
            }
            // Pinned nodes: δ = 0 (identity rows, zero residual; their columns then do not
            // matter).
            for i in 0..<n where network.pinned[i] {
                for axis in 0..<2 {
                    let row = 2 * i + axis
                    for column in 0..<(2 * n) { jacobian[row, column] = 0 }
                    jacobian[row, row] = 1
                    residual[row] = 0
                }
            }
            var correction: [Double]
            do {
                correction = try jacobian.solve(residual)
            } catch {
                throw .solve(error)
            }
            // Elimination can leave a rounding-size value in a pinned row; pinned means fixed.
            for i in 0..<n where network.pinned[i] {
                correction[2 * i] = 0
                correction[2 * i + 1] = 0
            }
            var largest = 0.0
            var speed = 0.0
            for i in 0..<n {
                v[i] -= SIMD2(correction[2 * i], correction[2 * i + 1])
                largest = max(largest, abs(correction[2 * i]), abs(correction[2 * i + 1]))
                speed = max(speed, abs(v[i].x), abs(v[i].y))
            }
            guard largest.isFinite else { break }
            lastCorrection = largest
            if largest <= tolerance * (1 + speed) {
                let positions = (0..<n).map { state.positions[$0] + h * v[$0] }
                return ElasticState(positions: positions, velocities: v)
            }
        }
        throw .notConverged(iterations: maximumIterations, correction: lastCorrection)
    }
}

/// Semi-implicit (symplectic) Euler for `ElasticNetwork`: v₊ = v + h·M⁻¹f(x, v),
/// x₊ = x + h·v₊. Explicit and cheap, with a bounded energy error on soft networks (it is
/// symplectic), but only stable for h·ω < 2 on the stiffest mode ω (Hairer, Lubich & Wanner, Geometric
/// Numerical Integration, §I.1) — the reference point `ImplicitEuler` is compared with.
public struct SemiImplicitEuler: Sendable, Hashable {
    /// Step h, seconds.
    public let timestep: Double

    /// - Throws: `HookeError.invalidParameter` unless the step is finite and positive.
    public init(timestep: Double) throws(HookeError) {
        self.timestep = try Validate.positive(timestep, "timestep")
    }

    /// The state one step after `state`.
    public func step(_ network: ElasticNetwork, _ state: ElasticState) -> ElasticState {
        let f = network.forces(positions: state.positions, velocities: state.velocities)
        var next = state
        for i in 0..<network.nodeCount where !network.pinned[i] {
            next.velocities[i] += timestep / network.masses[i] * f[i]
            next.positions[i] += timestep * next.velocities[i]
        }
        for i in 0..<network.nodeCount where network.pinned[i] { next.velocities[i] = .zero }
        return next
    }
}
