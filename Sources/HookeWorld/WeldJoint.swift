import HookeCore

/// A weld: two bodies (or a body and the world) held at a common point and at a fixed
/// relative angle — UIKit's fixed attachment; the solver is Box2D 2.3's weld joint.
///
/// Rigid (frequency 0): the point and angle constraints are solved together with the
/// inverse of the 3×3 effective mass K (of the 2×2 block when neither body turns).
/// With frequency f > 0 the angular part becomes a soft spring with the same
/// formulas as the distance joint (k = m·ω₀², c = 2mζω₀, γ = 1/(h(c + hk)),
/// bias = C·h·k·γ on the angular effective mass m = 1/(1/IA + 1/IB)).
struct WeldJoint: Sendable {
    var bodyA: Int
    var bodyB: Int
    var localA: SIMD2<Double>
    var localB: SIMD2<Double>
    var referenceAngle: Double
    var frequency: Double
    var dampingRatio: Double
    var impulse: SIMD3<Double>

    var rA = SIMD2<Double>.zero, rB = SIMD2<Double>.zero
    var mA = 0.0, mB = 0.0, iA = 0.0, iB = 0.0
    /// Columns of the inverse effective mass.
    var mx = SIMD3<Double>.zero, my = SIMD3<Double>.zero, mz = SIMD3<Double>.zero
    var gamma = 0.0, bias = 0.0

    /// Columns of K for the given anchor offsets.
    private func effectiveMass(_ rA: SIMD2<Double>, _ rB: SIMD2<Double>)
        -> (ex: SIMD3<Double>, ey: SIMD3<Double>, ez: SIMD3<Double>) {
        let ex = SIMD3(mA + mB + rA.y * rA.y * iA + rB.y * rB.y * iB,
                       -rA.y * rA.x * iA - rB.y * rB.x * iB,
                       -rA.y * iA - rB.y * iB)
        let ey = SIMD3(ex.y, mA + mB + rA.x * rA.x * iA + rB.x * rB.x * iB, rA.x * iA + rB.x * iB)
        return (ex, ey, SIMD3(ex.z, ey.z, iA + iB))
    }

    mutating func prepare(_ b: inout BodyStorage, timestep h: Double, warmStartRatio ratio: Double) {
        let pA = b.jointPose(bodyA), pB = b.jointPose(bodyB)
        (mA, iA) = b.jointInverseMass(bodyA)
        (mB, iB) = b.jointInverseMass(bodyB)
        rA = Planar.rotate(localA, by: pA.angle)
        rB = Planar.rotate(localB, by: pB.angle)
        let k = effectiveMass(rA, rB)
        gamma = 0
        bias = 0
        if frequency > 0 || k.ez.z == 0 {
            // Inverse of the 2×2 point block only.
            var det = k.ex.x * k.ey.y - k.ey.x * k.ex.y
            if det != 0 { det = 1 / det }
            mx = SIMD3(det * k.ey.y, -det * k.ex.y, 0)
            my = SIMD3(-det * k.ey.x, det * k.ex.x, 0)
            mz = .zero
            if frequency > 0 {
                var invM = iA + iB
                let m = invM > 0 ? 1 / invM : 0
                let c = pB.angle - pA.angle - referenceAngle
                let omega = 2 * Double.pi * frequency
                let d = 2 * m * dampingRatio * omega, stiffness = m * omega * omega
                let g = h * (d + h * stiffness)
                gamma = g != 0 ? 1 / g : 0
                bias = c * h * stiffness * gamma
                invM += gamma
                mz.z = invM != 0 ? 1 / invM : 0
            }
        } else {
            // Symmetric 3×3 inverse by cofactors.
            let a11 = k.ex.x, a12 = k.ey.x, a13 = k.ez.x, a22 = k.ey.y, a23 = k.ez.y, a33 = k.ez.z
            var det = JointMath.dot3(k.ex, JointMath.cross3(k.ey, k.ez))
            if det != 0 { det = 1 / det }
            mx = SIMD3(det * (a22 * a33 - a23 * a23), det * (a13 * a23 - a12 * a33), det * (a12 * a23 - a13 * a22))
            my = SIMD3(mx.y, det * (a11 * a33 - a13 * a13), det * (a13 * a12 - a11 * a23))
            mz = SIMD3(mx.z, my.z, det * (a11 * a22 - a12 * a12))
        }
        impulse *= ratio
        let p = SIMD2(impulse.x, impulse.y)
        var (vA, wA) = b.jointMotion(bodyA)
        var (vB, wB) = b.jointMotion(bodyB)
        vA -= mA * p
        wA -= iA * (Planar.cross(rA, p) + impulse.z)
        vB += mB * p
        wB += iB * (Planar.cross(rB, p) + impulse.z)
        b.setJointMotion(bodyA, vA, wA)
        b.setJointMotion(bodyB, vB, wB)
    }

    mutating func solveVelocity(_ b: inout BodyStorage) {
        var (vA, wA) = b.jointMotion(bodyA)
        var (vB, wB) = b.jointMotion(bodyB)
        if frequency > 0 {
            let cdot2 = wB - wA
            let impulse2 = -mz.z * (cdot2 + bias + gamma * impulse.z)
            impulse.z += impulse2
            wA -= iA * impulse2
            wB += iB * impulse2
            let cdot1 = vB + Planar.cross(wB, rB) - vA - Planar.cross(wA, rA)
            let impulse1 = -SIMD2(mx.x * cdot1.x + my.x * cdot1.y, mx.y * cdot1.x + my.y * cdot1.y)
            impulse.x += impulse1.x
            impulse.y += impulse1.y
            vA -= mA * impulse1
            wA -= iA * Planar.cross(rA, impulse1)
            vB += mB * impulse1
            wB += iB * Planar.cross(rB, impulse1)
        } else {
            let cdot1 = vB + Planar.cross(wB, rB) - vA - Planar.cross(wA, rA)
            let cdot = SIMD3(cdot1.x, cdot1.y, wB - wA)
            let delta = -(cdot.x * mx + cdot.y * my + cdot.z * mz)
            impulse += delta
            let p = SIMD2(delta.x, delta.y)
            vA -= mA * p
            wA -= iA * (Planar.cross(rA, p) + delta.z)
            vB += mB * p
            wB += iB * (Planar.cross(rB, p) + delta.z)
        }
        b.setJointMotion(bodyA, vA, wA)
        b.setJointMotion(bodyB, vB, wB)
    }

    func solvePosition(_ b: inout BodyStorage) -> JointPositionError {
        var (cA, aA) = b.jointPose(bodyA)
        var (cB, aB) = b.jointPose(bodyB)
        let rA = Planar.rotate(localA, by: aA), rB = Planar.rotate(localB, by: aB)
        let k = effectiveMass(rA, rB)
        let c1 = cB + rB - cA - rA
        let positionError = Planar.length(c1)
        // A soft weld corrects the point only (its angle is the spring's); a rigid one
        // both together, unless neither body turns (K's angular entry is 0).
        let c2 = aB - aA - referenceAngle
        let angularError = frequency > 0 ? 0 : abs(c2)
        let delta: SIMD3<Double>
        if frequency == 0 && k.ez.z > 0 {
            delta = -JointMath.solve33(ex: k.ex, ey: k.ey, ez: k.ez, SIMD3(c1.x, c1.y, c2))
        } else {
            let p = -JointMath.solve22(ex: SIMD2(k.ex.x, k.ex.y), ey: SIMD2(k.ey.x, k.ey.y), c1)
            delta = SIMD3(p.x, p.y, 0)
        }
        let p = SIMD2(delta.x, delta.y)
        cA -= mA * p
        aA -= iA * (Planar.cross(rA, p) + delta.z)
        cB += mB * p
        aB += iB * (Planar.cross(rB, p) + delta.z)
        b.setJointPose(bodyA, cA, aA)
        b.setJointPose(bodyB, cB, aB)
        return JointPositionError(linear: positionError, angular: angularError)
    }
}
