import Foundation
import HookeCore

/// A finger's grip: a soft point constraint pulling a point of body A towards a target in
/// the world, with a spring of `frequency` Hz and damping ratio `dampingRatio`, and a
/// force of at most `maximumForce` — Box2D's mouse joint, the drag joint of its samples.
///
/// With m the body's mass, ω = 2πf, k = m·ω² and d = 2·m·ζ·ω, the soft constraint
/// (Catto, "Soft Constraints", GDC 2011) solves each step J·v₂ + β·C + γ·λ = 0 for the
/// accumulated impulse λ, with γ = 1/(h·(d + h·k)), β = h·k·γ and C = cA + rA − target:
/// for a free body this is the implicit Euler step of m·ẍ = −k·x − d·ẋ, so it is
/// stable for any stiffness. The
/// accumulated impulse is held within h·maximumForce (the whole grip, not per axis), so a
/// heavy or far body follows at the force limit instead of being yanked.
/// Units: points, kg, seconds (force kg·pt/s²).
struct DragJoint: Sendable {
    var bodyA: Int
    /// −1: the world (the joint reaches no second body).
    var bodyB: Int { -1 }
    var localA: SIMD2<Double>
    var target: SIMD2<Double>
    var frequency: Double
    var dampingRatio: Double
    /// kg·pt/s².
    var maximumForce: Double
    /// Accumulated impulse on A, kg·pt/s.
    var impulse: SIMD2<Double>

    var rA = SIMD2<Double>.zero
    var mA = 0.0, iA = 0.0
    var gamma = 0.0, bias = SIMD2<Double>.zero
    var ex = SIMD2<Double>.zero, ey = SIMD2<Double>.zero
    var timestep = 0.0

    mutating func prepare(_ b: inout BodyStorage, timestep h: Double, warmStartRatio ratio: Double) {
        timestep = h
        let pose = b.jointPose(bodyA)
        (mA, iA) = b.jointInverseMass(bodyA)
        rA = Planar.rotate(localA, by: pose.angle)
        let mass = mA > 0 ? 1 / mA : 0
        let omega = 2 * Double.pi * frequency
        let k = mass * omega * omega, d = 2 * mass * dampingRatio * omega
        gamma = h * (d + h * k)
        gamma = gamma > 0 ? 1 / gamma : 0
        let beta = h * k * gamma
        bias = beta * (pose.center + rA - target)
        // K = [mA + iA·rA.y² + γ, −iA·rA.x·rA.y; −iA·rA.x·rA.y, mA + iA·rA.x² + γ]
        ex = SIMD2(mA + iA * rA.y * rA.y + gamma, -iA * rA.x * rA.y)
        ey = SIMD2(ex.y, mA + iA * rA.x * rA.x + gamma)
        impulse *= ratio
        var (v, w) = b.jointMotion(bodyA)
        v += mA * impulse
        w += iA * Planar.cross(rA, impulse)
        b.setJointMotion(bodyA, v, w)
    }

    mutating func solveVelocity(_ b: inout BodyStorage) {
        var (v, w) = b.jointMotion(bodyA)
        let cdot = v + Planar.cross(w, rA)
        let old = impulse
        impulse += JointMath.solve22(ex: ex, ey: ey, -(cdot + bias + gamma * impulse))
        let most = timestep * maximumForce
        let size = Planar.length(impulse)
        if size > most { impulse *= most / size }
        let delta = impulse - old
        v += mA * delta
        w += iA * Planar.cross(rA, delta)
        b.setJointMotion(bodyA, v, w)
    }
}
