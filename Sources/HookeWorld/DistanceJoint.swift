import HookeCore

/// A distance constraint between two points, the solver's form of attachments and
/// snap springs (Box2D 2.3's distance and rope joints, as UIKit Dynamics uses them).
///
/// Per step, from the positions at the step's start: rA, rB are the anchors'
/// offsets from their bodies' centres turned by the bodies' angles;
/// d = (cB + rB) − (cA + rA), L = |d|, u = d/L (0 when L ≤ slop). The effective mass
/// along u is m = 1/K with K = 1/mA + (rA×u)²/IA + 1/mB + (rB×u)²/IB.
///
/// Soft joint (frequency f > 0, damping ratio ζ): with ω₀ = 2πf, a spring of
/// stiffness k = m·ω₀² and damping c = 2·m·ζ·ω₀ acting on the current effective
/// mass is solved implicitly: γ = 1/(h(c + h·k)), bias β = (L − L₀)·h·k·γ, and the
/// iteration mass becomes 1/(K + γ). Each velocity iteration applies
/// Δλ = −m(Ċ + β + γλ). For one body on an anchor this is the step
/// v' = (v − h·ω₀²·x)/(1 + 2ζω₀h + ω₀²h²) (derived in the tests).
///
/// Rigid joint (f = 0): γ = β = 0, plus position iterations that remove the length
/// error C = clamp(L − L₀, ±20 pt) with a position impulse −m·C; converged at |C| ≤ slop.
///
/// Rope (`limit`): λ ≤ 0 only; while slack (C < 0) the speculative term C/h lets the
/// bodies approach the limit without stopping early.
///
/// Internal units: points, kg, seconds; impulses in kg·pt/s.
struct DistanceJoint: Sendable {
    enum Kind: Sendable { case distance, rope }

    /// Box2D's linear slop, 0.005 m.
    static let linearSlop = 0.5
    /// Box2D's largest position correction per iteration, 0.2 m.
    static let maximumCorrection = 20.0

    var kind: Kind
    /// Body index of side A, or −1 for a fixed point of the world.
    var bodyA: Int
    /// Body index of side B, or −1 for a fixed point of the world.
    var bodyB: Int
    /// Anchor on A in A's coordinates (the world point when A is the world), pt.
    var localA: SIMD2<Double>
    /// Anchor on B in B's coordinates (the world point when B is the world), pt.
    var localB: SIMD2<Double>
    /// Rest length (maximum length for a rope), pt.
    var length: Double
    /// Frequency in Hz (0 = rigid).
    var frequency: Double
    /// Damping ratio.
    var dampingRatio: Double
    /// Accumulated impulse along u, kg·pt/s; kept between steps for warm starting.
    var impulse: Double

    // Set up by `prepare`.
    var u = SIMD2<Double>.zero
    var rA = SIMD2<Double>.zero
    var rB = SIMD2<Double>.zero
    var currentLength = 0.0
    var mass = 0.0
    var gamma = 0.0
    var bias = 0.0
    var inverseMassA = 0.0, inverseMassB = 0.0, inverseInertiaA = 0.0, inverseInertiaB = 0.0
    var timestep = 0.0

    var isRigid: Bool { kind == .rope || frequency == 0 }

    init(kind: Kind, bodyA: Int, localA: SIMD2<Double>, bodyB: Int, localB: SIMD2<Double>,
         length: Double, frequency: Double, dampingRatio: Double, impulse: Double) {
        self.kind = kind
        self.bodyA = bodyA
        self.bodyB = bodyB
        self.localA = localA
        self.localB = localB
        self.length = length
        self.frequency = frequency
        self.dampingRatio = dampingRatio
        self.impulse = impulse
    }

    /// Anchor offsets and world anchor points from the bodies' current positions.
    private func geometry(_ b: BodyStorage) -> (rA: SIMD2<Double>, rB: SIMD2<Double>, d: SIMD2<Double>) {
        var pA = localA, pB = localB, rA = SIMD2<Double>.zero, rB = SIMD2<Double>.zero
        if bodyA >= 0 {
            rA = Planar.rotate(localA, by: b.angle[bodyA])
            pA = b.center[bodyA] + rA
        }
        if bodyB >= 0 {
            rB = Planar.rotate(localB, by: b.angle[bodyB])
            pB = b.center[bodyB] + rB
        }
        return (rA, rB, pB - pA)
    }

    /// Velocity set-up and warm start (`warmStartRatio` = h/h_previous, 0 on the first step).
    mutating func prepare(_ b: inout BodyStorage, timestep h: Double, warmStartRatio: Double) {
        timestep = h
        let g = geometry(b)
        rA = g.rA
        rB = g.rB
        currentLength = Planar.length(g.d)
        inverseMassA = bodyA >= 0 ? b.inverseMass[bodyA] : 0
        inverseMassB = bodyB >= 0 ? b.inverseMass[bodyB] : 0
        inverseInertiaA = bodyA >= 0 ? b.inverseInertia[bodyA] : 0
        inverseInertiaB = bodyB >= 0 ? b.inverseInertia[bodyB] : 0

        if currentLength > Self.linearSlop {
            u = g.d / currentLength
        } else {
            u = .zero
            if kind == .rope {
                // Box2D's rope gives up on a degenerate direction for this step.
                mass = 0
                impulse = 0
                gamma = 0
                bias = 0
                return
            }
        }
        let crA = Planar.cross(rA, u), crB = Planar.cross(rB, u)
        var k = inverseMassA + inverseInertiaA * crA * crA + inverseMassB + inverseInertiaB * crB * crB
        mass = k != 0 ? 1 / k : 0
        gamma = 0
        bias = 0
        if kind == .distance && frequency > 0 {
            let c = currentLength - length
            let omega = 2 * Double.pi * frequency
            let damping = 2 * mass * dampingRatio * omega
            let stiffness = mass * omega * omega
            let g = h * (damping + h * stiffness)
            gamma = g != 0 ? 1 / g : 0
            bias = c * h * stiffness * gamma
            k += gamma
            mass = k != 0 ? 1 / k : 0
        }
        impulse *= warmStartRatio
        apply(impulse, to: &b)
    }

    /// Applies impulse λ·u to B and −λ·u to A (linear and angular).
    @inline(__always)
    private func apply(_ lambda: Double, to b: inout BodyStorage) {
        if lambda == 0 { return }
        let p = lambda * u
        if bodyA >= 0 {
            b.velocity[bodyA] -= inverseMassA * p
            b.angularVelocity[bodyA] -= inverseInertiaA * Planar.cross(rA, p)
        }
        if bodyB >= 0 {
            b.velocity[bodyB] += inverseMassB * p
            b.angularVelocity[bodyB] += inverseInertiaB * Planar.cross(rB, p)
        }
    }

    /// One velocity iteration.
    mutating func solveVelocity(_ b: inout BodyStorage) {
        var vpA = SIMD2<Double>.zero, vpB = SIMD2<Double>.zero
        if bodyA >= 0 { vpA = b.velocity[bodyA] + Planar.cross(b.angularVelocity[bodyA], rA) }
        if bodyB >= 0 { vpB = b.velocity[bodyB] + Planar.cross(b.angularVelocity[bodyB], rB) }
        var cdot = Planar.dot(u, vpB - vpA)
        let delta: Double
        switch kind {
        case .distance:
            delta = -mass * (cdot + bias + gamma * impulse)
            impulse += delta
        case .rope:
            let c = currentLength - length
            if c < 0 { cdot += c / timestep }
            let old = impulse
            impulse = min(0, impulse - mass * cdot)
            delta = impulse - old
        }
        apply(delta, to: &b)
    }

    /// One position iteration (rigid joints only); returns the error it measured.
    func solvePosition(_ b: inout BodyStorage) -> JointPositionError {
        if kind == .distance && frequency > 0 { return .zero }
        let g = geometry(b)
        let l = Planar.length(g.d)
        var n = g.d
        if l > 0 { n /= l }   // Box2D's Normalize leaves a zero vector as is.
        var c = l - length
        // A rope is in error only when stretched.
        let error = JointPositionError(linear: kind == .rope ? max(c, 0) : abs(c), angular: 0)
        switch kind {
        case .distance: c = min(max(c, -Self.maximumCorrection), Self.maximumCorrection)
        case .rope: c = min(max(c, 0), Self.maximumCorrection)
        }
        // Position impulse with the velocity set-up's effective mass, as Box2D does.
        let p = (-mass * c) * n
        if bodyA >= 0 {
            b.center[bodyA] -= inverseMassA * p
            b.angle[bodyA] -= inverseInertiaA * Planar.cross(g.rA, p)
        }
        if bodyB >= 0 {
            b.center[bodyB] += inverseMassB * p
            b.angle[bodyB] += inverseInertiaB * Planar.cross(g.rB, p)
        }
        return error
    }
}
