import HookeCore

/// A pin: two bodies (or a body and the world) share a point and turn freely about it,
/// optionally with a motor (friction is the motor at speed 0) of torque at most
/// `maximumFrictionTorque` and an angle range. UIKit's pin attachment; the solver
/// is Box2D 2.3's revolute joint.
///
/// Velocity: the point constraint vB + ωB×rB − vA − ωA×rA = 0 solved with the 2×2
/// effective mass; at a limit, jointly with ωB − ωA through the 3×3 mass, the limit
/// impulse kept one-sided. Position: the angle error beyond the limit (with 2° slop,
/// at most 8° per iteration), then the point separation with the 2×2 mass.
/// Internal units: points, kg, seconds (torque kg·pt²/s²).
struct RevoluteJoint: Sendable {
    var bodyA: Int
    var bodyB: Int
    var localA: SIMD2<Double>
    var localB: SIMD2<Double>
    /// Angle of B relative to A where the joint angle is 0.
    var referenceAngle: Double
    /// Friction (motor) torque limit, kg·pt²/s² (0: none).
    var maximumFrictionTorque: Double
    /// The motor's target for ωA − ωB, rad/s (0: friction only). Box2D's motor speed
    /// is ωB − ωA; Hooke's side A is the item, and a user asks how fast the item turns.
    var motorSpeed = 0.0
    /// Allowed joint angles, radians (nil: free).
    var range: ClosedRange<Double>?

    /// Accumulated (point x, point y, limit) impulses and the friction impulse.
    var impulse: SIMD3<Double>
    var motorImpulse: Double
    var limitState: JointMath.LimitState

    // Set up by `prepare`.
    var rA = SIMD2<Double>.zero, rB = SIMD2<Double>.zero
    var mA = 0.0, mB = 0.0, iA = 0.0, iB = 0.0
    var ex = SIMD3<Double>.zero, ey = SIMD3<Double>.zero, ez = SIMD3<Double>.zero
    var motorMass = 0.0
    var timestep = 0.0

    mutating func prepare(_ b: inout BodyStorage, timestep h: Double, warmStartRatio ratio: Double) {
        timestep = h
        let pA = b.jointPose(bodyA), pB = b.jointPose(bodyB)
        (mA, iA) = b.jointInverseMass(bodyA)
        (mB, iB) = b.jointInverseMass(bodyB)
        rA = Planar.rotate(localA, by: pA.angle)
        rB = Planar.rotate(localB, by: pB.angle)
        let fixedRotation = iA + iB == 0
        ex = SIMD3(mA + mB + rA.y * rA.y * iA + rB.y * rB.y * iB,
                   -rA.y * rA.x * iA - rB.y * rB.x * iB,
                   -rA.y * iA - rB.y * iB)
        ey = SIMD3(ex.y, mA + mB + rA.x * rA.x * iA + rB.x * rB.x * iB, rA.x * iA + rB.x * iB)
        ez = SIMD3(ex.z, ey.z, iA + iB)
        motorMass = iA + iB
        if motorMass > 0 { motorMass = 1 / motorMass }
        if maximumFrictionTorque <= 0 || fixedRotation { motorImpulse = 0 }

        if let range, !fixedRotation {
            let angle = pB.angle - pA.angle - referenceAngle
            if abs(range.upperBound - range.lowerBound) < 2 * JointMath.angularSlop {
                limitState = .equal
            } else if angle <= range.lowerBound {
                if limitState != .atLower { impulse.z = 0 }
                limitState = .atLower
            } else if angle >= range.upperBound {
                if limitState != .atUpper { impulse.z = 0 }
                limitState = .atUpper
            } else {
                limitState = .inactive
                impulse.z = 0
            }
        } else {
            limitState = .inactive
        }

        impulse *= ratio
        motorImpulse *= ratio
        let p = SIMD2(impulse.x, impulse.y)
        var (vA, wA) = b.jointMotion(bodyA)
        var (vB, wB) = b.jointMotion(bodyB)
        vA -= mA * p
        wA -= iA * (Planar.cross(rA, p) + motorImpulse + impulse.z)
        vB += mB * p
        wB += iB * (Planar.cross(rB, p) + motorImpulse + impulse.z)
        b.setJointMotion(bodyA, vA, wA)
        b.setJointMotion(bodyB, vB, wB)
    }

    mutating func solveVelocity(_ b: inout BodyStorage) {
        var (vA, wA) = b.jointMotion(bodyA)
        var (vB, wB) = b.jointMotion(bodyB)
        let fixedRotation = iA + iB == 0

        // Motor (friction at speed 0): drive ωA − ωB to motorSpeed with a bounded torque.
        if maximumFrictionTorque > 0 && limitState != .equal && !fixedRotation {
            let cdot = wB - wA + motorSpeed
            let old = motorImpulse, most = timestep * maximumFrictionTorque
            motorImpulse = min(max(old - motorMass * cdot, -most), most)
            let delta = motorImpulse - old
            wA -= iA * delta
            wB += iB * delta
        }

        if range != nil && limitState != .inactive && !fixedRotation {
            let cdot1 = vB + Planar.cross(wB, rB) - vA - Planar.cross(wA, rA)
            let cdot = SIMD3(cdot1.x, cdot1.y, wB - wA)
            var delta = -JointMath.solve33(ex: ex, ey: ey, ez: ez, cdot)
            switch limitState {
            case .equal:
                impulse += delta
            case .atLower, .atUpper:
                let newImpulse = impulse.z + delta.z
                if (limitState == .atLower && newImpulse < 0) || (limitState == .atUpper && newImpulse > 0) {
                    // The limit would pull: release it and solve the point alone.
                    let rhs = -cdot1 + impulse.z * SIMD2(ez.x, ez.y)
                    let reduced = JointMath.solve22(ex: SIMD2(ex.x, ex.y), ey: SIMD2(ey.x, ey.y), rhs)
                    delta = SIMD3(reduced.x, reduced.y, -impulse.z)
                    impulse.x += reduced.x
                    impulse.y += reduced.y
                    impulse.z = 0
                } else {
                    impulse += delta
                }
            case .inactive:
                break
            }
            let p = SIMD2(delta.x, delta.y)
            vA -= mA * p
            wA -= iA * (Planar.cross(rA, p) + delta.z)
            vB += mB * p
            wB += iB * (Planar.cross(rB, p) + delta.z)
        } else {
            let cdot = vB + Planar.cross(wB, rB) - vA - Planar.cross(wA, rA)
            let delta = JointMath.solve22(ex: SIMD2(ex.x, ex.y), ey: SIMD2(ey.x, ey.y), -cdot)
            impulse.x += delta.x
            impulse.y += delta.y
            vA -= mA * delta
            wA -= iA * Planar.cross(rA, delta)
            vB += mB * delta
            wB += iB * Planar.cross(rB, delta)
        }
        b.setJointMotion(bodyA, vA, wA)
        b.setJointMotion(bodyB, vB, wB)
    }

    func solvePosition(_ b: inout BodyStorage) -> JointPositionError {
        var (cA, aA) = b.jointPose(bodyA)
        var (cB, aB) = b.jointPose(bodyB)
        var angularError = 0.0
        let fixedRotation = iA + iB == 0

        if let range, limitState != .inactive && !fixedRotation {
            let angle = aB - aA - referenceAngle
            var c = 0.0
            switch limitState {
            case .equal:
                c = min(max(angle - range.lowerBound, -JointMath.maximumAngularCorrection),
                        JointMath.maximumAngularCorrection)
                angularError = abs(c)
            case .atLower:
                c = angle - range.lowerBound
                angularError = -c
                c = min(max(c + JointMath.angularSlop, -JointMath.maximumAngularCorrection), 0)
            case .atUpper:
                c = angle - range.upperBound
                angularError = c
                c = min(max(c - JointMath.angularSlop, 0), JointMath.maximumAngularCorrection)
            case .inactive:
                break
            }
            let limitImpulse = -motorMass * c
            aA -= iA * limitImpulse
            aB += iB * limitImpulse
        }

        let rA = Planar.rotate(localA, by: aA), rB = Planar.rotate(localB, by: aB)
        let c = cB + rB - cA - rA
        let positionError = Planar.length(c)
        let k11 = mA + mB + iA * rA.y * rA.y + iB * rB.y * rB.y
        let k12 = -iA * rA.x * rA.y - iB * rB.x * rB.y
        let k22 = mA + mB + iA * rA.x * rA.x + iB * rB.x * rB.x
        let p = -JointMath.solve22(ex: SIMD2(k11, k12), ey: SIMD2(k12, k22), c)
        cA -= mA * p
        aA -= iA * Planar.cross(rA, p)
        cB += mB * p
        aB += iB * Planar.cross(rB, p)
        b.setJointPose(bodyA, cA, aA)
        b.setJointPose(bodyB, cB, aB)
        return JointPositionError(linear: positionError, angular: angularError)
    }
}
