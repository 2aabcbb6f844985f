import HookeCore

/// One step of a snapped item that nothing else touches, linearised about its rest at the
/// snap point: what `SnapRest` decides by (World+SnapRest.swift).
///
/// The state is ten numbers: the item's offset from the snap point (x, y), its angle θ,
/// its velocities (vx, vy, ω) and the four springs' stored impulses λ₀…λ₃ (the next step
/// starts from them: the warm start). They are scaled so that every one is a length in
/// points — x, y, R·θ, h·vx, h·vy, h·R·ω and h·λₖ/m, with R the item's half diagonal — and
/// near rest one step maps the scaled state e to A·e. A is measured on the World's own
/// step: a private world holding only a copy of the item and the snap is stepped from
/// e = ±δ along each axis (central differences, δ = 10⁻³ pt; the remainder is
/// O(δ²/L²) ≈ 10⁻⁹ of A for springs of L = 50 pt).
///
/// The remaining motion from e is then decided exactly for the linear step: the samples
/// A·e, A²·e, … are computed until a quadratic bound shows that none that follows can leave
/// the bands. The bound is a Lyapunov function V(e) = eᵀPe with AᵀPA − P = −I, so V falls
/// every step; and by Cauchy–Schwarz in P's inner product the coordinate j of any state
/// with V ≤ v is at most √(v·(P⁻¹)ⱼⱼ). So once V(Aᵏe)·(P⁻¹)ⱼⱼ ≤ tⱼ² for the
/// three seen coordinates, no later sample exceeds its band tⱼ.
struct SnapRestModel: Sendable {
    /// Everything the linearised step depends on.
    struct Key: Hashable, Sendable {
        var size: SIMD2<Double>
        var inverseMass: Double
        var inverseInertia: Double
        var resistance: Double
        var angularResistance: Double
        var damping: Double
        var configuration: WorldConfiguration
    }

    static let dimension = 10
    /// The finite-difference step, points (scaled units).
    static let probeStep = 1e-3
    /// The most samples followed before a decision is left to the next step.
    static let horizon = 4096

    /// eᵢ(scaled) = scale[i]·eᵢ(World units).
    let scale: [Double]
    /// A, row-major.
    let transition: [Double]
    /// P, row-major.
    let lyapunov: [Double]
    /// (P⁻¹)ⱼⱼ for j = x, y, R·θ.
    let reach: SIMD3<Double>
    /// R, points: the scaled angle is R·θ.
    let radius: Double

    /// The model of `key`, or nil when the linear step does not contract (a Lyapunov
    /// function cannot be found: the item never provably rests, and Box2D's rule applies).
    init?(_ key: Key) {
        let n = Self.dimension
        let h = key.configuration.timestep
        let mass = key.inverseMass > 0 ? 1 / key.inverseMass : 1
        let radius = max(Planar.length(key.size) / 2, 1)
        let rotationScale = key.inverseInertia > 0 ? radius : 0
        var scale = [1, 1, radius, h, h, h * radius, h / mass, h / mass, h / mass, h / mass]
        if rotationScale == 0 { scale[2] = 0; scale[5] = 0 }
        self.scale = scale
        self.radius = radius

        guard var probe = Self.probeWorld(key) else { return nil }
        var a = [Double](repeating: 0, count: n * n)
        for j in 0..<n where scale[j] != 0 {
            var plus = [Double](repeating: 0, count: n), minus = plus
            plus[j] = Self.probeStep
            minus[j] = -Self.probeStep
            let up = Self.step(&probe, from: plus, scale: scale)
            let down = Self.step(&probe, from: minus, scale: scale)
            for i in 0..<n { a[i * n + j] = (up[i] - down[i]) / (2 * Self.probeStep) }
        }
        // A fixed rotation is no state: θ and ω stay zero (a[·,2] and a[·,5] are left 0).
        guard let p = Self.lyapunovSolution(a, n) else { return nil }
        transition = a
        lyapunov = p
        guard let inverseDiagonal = Self.inverseDiagonal(p, n, first: 3) else { return nil }
        reach = SIMD3(inverseDiagonal[0], inverseDiagonal[1], inverseDiagonal[2])
    }

    /// The bands the linear step is held to (x, y and R·θ, points) for rest bands of
    /// `position` points and `rotation` radians: narrowed by 4t/L (at least 1%), t the wider
    /// of the two in points and L the springs' 50 pt, because the World's step departs from
    /// its linearisation by O(t²/L). Over 40 start states the departure measured at most
    /// 0.24% of a band of 1/6 pt, under a fifth of this margin (SnapRestModelTests).
    func decisionBands(position: Double, rotation: Double) -> SIMD3<Double> {
        let t = max(position, rotation * radius)
        let margin = max(0.01, 4 * t / SnapBehavior.springLength)
        return max(1 - margin, 0.5) * SIMD3(position, position, rotation * radius)
    }

    /// Whether the motion from `e` (scaled) stays within `bands` (x, y and R·θ, points)
    /// at every step from this one on, by the linear step: false as soon as one sample
    /// leaves them, and also when `horizon` samples pass undecided.
    func staysWithin(_ bands: SIMD3<Double>, from start: [Double]) -> Bool {
        let n = Self.dimension
        var e = start, next = start
        let bands2 = bands * bands
        for _ in 0...Self.horizon {
            if abs(e[0]) > bands.x || abs(e[1]) > bands.y || abs(e[2]) > bands.z { return false }
            var v = 0.0
            for i in 0..<n {
                var row = 0.0
                for j in 0..<n { row += lyapunov[i * n + j] * e[j] }
                v += e[i] * row
            }
            let worst = v * reach
            if worst.x <= bands2.x && worst.y <= bands2.y && worst.z <= bands2.z { return true }
            for i in 0..<n {
                var row = 0.0
                for j in 0..<n { row += transition[i * n + j] * e[j] }
                next[i] = row
            }
            swap(&e, &next)
        }
        return false
    }

    // MARK: - Measuring the step

    /// A world holding one item with the key's mass, size and resistances, snapped to the
    /// origin, stepped once at rest so that the warm start's step ratio is the steady one.
    private static func probeWorld(_ key: Key) -> World? {
        var configuration = key.configuration
        configuration.isProfiling = false
        configuration.allowsSleeping = false
        guard var world = try? World(configuration: configuration) else { return nil }
        var properties = ItemProperties()
        properties.resistance = key.resistance
        properties.angularResistance = key.angularResistance
        guard let item = try? world.createBody(BodyDefinition(
            shape: .rectangle(width: key.size.x, height: key.size.y), center: .zero, properties: properties)),
            let i = world.liveSlot(item),
            (try? world.addBehavior(SnapBehavior(item: item, snapPoint: .zero, damping: key.damping))) != nil
        else { return nil }
        world.bodies.inverseMass[i] = key.inverseMass
        world.bodies.inverseInertia[i] = key.inverseInertia
        world.step()
        return world
    }

    /// One step of `world`'s item from the scaled state `e`; the scaled state after it.
    private static func step(_ world: inout World, from e: [Double], scale: [Double]) -> [Double] {
        var w = world
        guard let slot = w.behaviors.order.first, let i = w.liveSlot(w.bodyHandles[0]) else { return e }
        func unscaled(_ k: Int) -> Double { scale[k] == 0 ? 0 : e[k] / scale[k] }
        w.bodies.center[i] = SIMD2(unscaled(0), unscaled(1))
        w.bodies.angle[i] = unscaled(2)
        w.bodies.velocity[i] = SIMD2(unscaled(3), unscaled(4))
        w.bodies.angularVelocity[i] = unscaled(5)
        for k in 0..<4 { w.behaviors.records[slot]![0].joints[k].impulse.x = unscaled(6 + k) }
        w.step()
        let joints = w.behaviors.records[slot]![0].joints
        let state = [w.bodies.center[i].x, w.bodies.center[i].y, w.bodies.angle[i],
                     w.bodies.velocity[i].x, w.bodies.velocity[i].y, w.bodies.angularVelocity[i],
                     joints[0].impulse.x, joints[1].impulse.x, joints[2].impulse.x, joints[3].impulse.x]
        return zip(state, scale).map { $0 * $1 }
    }

    // MARK: - Linear algebra of the bound

    /// P = Σₖ (Aᵀ)ᵏAᵏ, the solution of AᵀPA − P = −I, by doubling (Pⱼ₊₁ = Pⱼ + BⱼᵀPⱼBⱼ,
    /// Bⱼ₊₁ = Bⱼ², so Pⱼ sums 2ʲ terms); nil unless ‖B‖ falls below 10⁻⁹ within 2⁶⁰ steps.
    private static func lyapunovSolution(_ a: [Double], _ n: Int) -> [Double]? {
        var p = [Double](repeating: 0, count: n * n)
        for i in 0..<n { p[i * n + i] = 1 }
        var b = a
        for _ in 0..<60 {
            let frobenius = b.reduce(0) { $0 + $1 * $1 }.squareRoot()
            if frobenius < 1e-9 { return p }
            guard frobenius.isFinite, frobenius < 1e100 else { return nil }
            let pb = multiply(p, b, n)
            let btpb = multiply(transpose(b, n), pb, n)
            for k in p.indices { p[k] += btpb[k] }
            b = multiply(b, b, n)
        }
        return nil
    }

    private static func multiply(_ x: [Double], _ y: [Double], _ n: Int) -> [Double] {
        var z = [Double](repeating: 0, count: n * n)
        for i in 0..<n {
            for k in 0..<n where x[i * n + k] != 0 {
                for j in 0..<n { z[i * n + j] += x[i * n + k] * y[k * n + j] }
            }
        }
        return z
    }

    private static func transpose(_ x: [Double], _ n: Int) -> [Double] {
        var t = x
        for i in 0..<n { for j in 0..<n { t[j * n + i] = x[i * n + j] } }
        return t
    }

    /// (P⁻¹)ⱼⱼ for j < `first`, by Cholesky (P is symmetric positive definite: P ≥ I);
    /// nil if the factorisation fails.
    private static func inverseDiagonal(_ p: [Double], _ n: Int, first: Int) -> [Double]? {
        var l = [Double](repeating: 0, count: n * n)
        for i in 0..<n {
            for j in 0...i {
                var s = 0.5 * (p[i * n + j] + p[j * n + i])
                for k in 0..<j { s -= l[i * n + k] * l[j * n + k] }
                if i == j {
                    guard s > 0 else { return nil }
                    l[i * n + i] = s.squareRoot()
                } else {
                    l[i * n + j] = s / l[j * n + j]
                }
            }
        }
        // (P⁻¹)ⱼⱼ = ‖L⁻¹eⱼ‖², with L⁻¹eⱼ by forward substitution.
        return (0..<first).map { j in
            var y = [Double](repeating: 0, count: n)
            for i in j..<n {
                var s = i == j ? 1.0 : 0.0
                for k in j..<i { s -= l[i * n + k] * y[k] }
                y[i] = s / l[i * n + i]
            }
            return y.reduce(0) { $0 + $1 * $1 }
        }
    }
}
