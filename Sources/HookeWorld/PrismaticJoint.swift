import HookeCore

/// A slider: body B may move relative to body A (or the world) only along an axis
/// fixed in A, without relative rotation, optionally within a translation range —
/// UIKit's sliding attachment; the solver is Box2D 2.3's prismatic joint.
///
/// With d = (cB + rB) − (cA + rA), axis a and its perpendicular p turned with A:
/// the constraints are p·d = 0 and θB − θA − θref = 0 (2×2 block), plus the
/// one-sided limit on the translation a·d at a range end (3×3 block, the limit
/// impulse clamped to push only). Position iterations correct the same errors
/// (at most 20 pt per iteration, 0.5 pt and 2° slop).
struct PrismaticJoint: Sendable {
    var bodyA: Int
    var bodyB: Int
    var localA: SIMD2<Double>
    var localB: SIMD2<Double>
    /// Unit axis in A's coordinates.
    var localAxis: SIMD2<Double>
    var referenceAngle: Double
    /// Allowed translation along the axis, points (nil: free).
    var range: ClosedRange<Double>?

    /// Friction (motor) force limit along the axis, kg·pt/s² (0: none).
    var maximumMotorForce = 0.0
    /// The motor's target speed of A's point relative to B's along the axis, pt/s (0:
    /// friction only): −(a·(vB − vA) + a₂ωB − a₁ωA), the opposite of Box2D's Ċ, since
    /// side A is the item.
    var motorSpeed = 0.0

    var impulse: SIMD3<Double>
    var motorImpulse = 0.0
    var limitState: JointMath.LimitState
    var motorMass = 0.0
    var timestep = 0.0

    var rA = SIMD2<Double>.zero, rB = SIMD2<Double>.zero
    var mA = 0.0, mB = 0.0, iA = 0.0, iB = 0.0
    var axis = SIMD2<Double>.zero, perp = SIMD2<Double>.zero
    var s1 = 0.0, s2 = 0.0, a1 = 0.0, a2 = 0.0
    var kx = SIMD3<Double>.zero, ky = SIMD3<Double>.zero, kz = SIMD3<Double>.zero

    private func localPerp() -> SIMD2<Double> { SIMD2(-localAxis.y, localAxis.x) }

    mutating func prepare(_ b: inout BodyStorage, timestep h: Double, warmStartRatio ratio: Double) {
        let pA = b.jointPose(bodyA), pB = b.jointPose(bodyB)
        (mA, iA) = b.jointInverseMass(bodyA)
        (mB, iB) = b.jointInverseMass(bodyB)
        rA = Planar.rotate(localA, by: pA.angle)
        rB = Planar.rotate(localB, by: pB.angle)
        let d = pB.center - pA.center + rB - rA
        axis = Planar.rotate(localAxis, by: pA.angle)
        a1 = Planar.cross(d + rA, axis)
        a2 = Planar.cross(rB, axis)
        perp = Planar.rotate(localPerp(), by: pA.angle)
        s1 = Planar.cross(d + rA, perp)
        s2 = Planar.cross(rB, perp)
        let k11 = mA + mB + iA * s1 * s1 + iB * s2 * s2
        let k12 = iA * s1 + iB * s2
        let k13 = iA * s1 * a1 + iB * s2 * a2
        var k22 = iA + iB
        if k22 == 0 { k22 = 1 }   // neither body turns: keep the system regular
        let k23 = iA * a1 + iB * a2
        let k33 = mA + mB + iA * a1 * a1 + iB * a2 * a2
        kx = SIMD3(k11, k12, k13)
        ky = SIMD3(k12, k22, k23)
        kz = SIMD3(k13, k23, k33)
        timestep = h
        motorMass = k33 > 0 ? 1 / k33 : 0
        if maximumMotorForce <= 0 { motorImpulse = 0 }

        if let range {
            let translation = Planar.dot(axis, d)
            if abs(range.upperBound - range.lowerBound) < 2 * DistanceJoint.linearSlop {
                limitState = .equal
            } else if translation <= range.lowerBound {
                if limitState != .atLower { limitState = .atLower; impulse.z = 0 }
            } else if translation >= range.upperBound {
                if limitState != .atUpper { limitState = .atUpper; impulse.z = 0 }
            } else {
                limitState = .inactive
                impulse.z = 0
            }
        } else {
            limitState = .inactive
            impulse.z = 0
        }

        impulse *= ratio
        motorImpulse *= ratio
        apply(impulse + SIMD3(0, 0, motorImpulse), &b)
    }

    /// Applies the impulses f = (perpendicular, angular, axial) to both bodies.
    private func apply(_ f: SIMD3<Double>, _ b: inout BodyStorage) {
        let p = f.x * perp + f.z * axis
        let lA = f.x * s1 + f.y + f.z * a1
        let lB = f.x * s2 + f.y + f.z * a2
        var (vA, wA) = b.jointMotion(bodyA)
        var (vB, wB) = b.jointMotion(bodyB)
        vA -= mA * p
        wA -= iA * lA
        vB += mB * p
        wB += iB * lB
        b.setJointMotion(bodyA, vA, wA)
        b.setJointMotion(bodyB, vB, wB)
    }

    mutating func solveVelocity(_ b: inout BodyStorage) {
        // Motor (friction at speed 0) first, as Box2D 2.3 orders it: an axial impulse
        // of at most h·maximumMotorForce towards the target speed.
        if maximumMotorForce > 0 && limitState != .equal {
            let (vA, wA) = b.jointMotion(bodyA)
            let (vB, wB) = b.jointMotion(bodyB)
            let cdot = Planar.dot(axis, vB - vA) + a2 * wB - a1 * wA
            let old = motorImpulse, most = timestep * maximumMotorForce
            motorImpulse = min(max(old + motorMass * (-motorSpeed - cdot), -most), most)
            apply(SIMD3(0, 0, motorImpulse - old), &b)
        }
        let (vA, wA) = b.jointMotion(bodyA)
        let (vB, wB) = b.jointMotion(bodyB)
        let cdot1 = SIMD2(Planar.dot(perp, vB - vA) + s2 * wB - s1 * wA, wB - wA)
        if range != nil && limitState != .inactive {
            let cdot2 = Planar.dot(axis, vB - vA) + a2 * wB - a1 * wA
            let f1 = impulse
            impulse += JointMath.solve33(ex: kx, ey: ky, ez: kz, -SIMD3(cdot1.x, cdot1.y, cdot2))
            if limitState == .atLower {
                impulse.z = max(impulse.z, 0)
            } else if limitState == .atUpper {
                impulse.z = min(impulse.z, 0)
            }
            // Re-solve the first two rows with the clamped third impulse:
            // f₂(1:2) = K(1:2,1:2)⁻¹·(−Ċ(1:2) − K(1:2,3)·(f₂(3) − f₁(3))) + f₁(1:2).
            let rhs = -cdot1 - (impulse.z - f1.z) * SIMD2(kz.x, kz.y)
            let f2 = JointMath.solve22(ex: SIMD2(kx.x, kx.y), ey: SIMD2(ky.x, ky.y), rhs) + SIMD2(f1.x, f1.y)
            impulse.x = f2.x
            impulse.y = f2.y
            apply(impulse - f1, &b)
        } else {
            let df = JointMath.solve22(ex: SIMD2(kx.x, kx.y), ey: SIMD2(ky.x, ky.y), -cdot1)
            impulse.x += df.x
            impulse.y += df.y
            apply(SIMD3(df.x, df.y, 0), &b)
        }
    }

    func solvePosition(_ b: inout BodyStorage) -> JointPositionError {
        var (cA, aA) = b.jointPose(bodyA)
        var (cB, aB) = b.jointPose(bodyB)
        let rA = Planar.rotate(localA, by: aA), rB = Planar.rotate(localB, by: aB)
        let d = cB + rB - cA - rA
        let axis = Planar.rotate(localAxis, by: aA)
        let a1 = Planar.cross(d + rA, axis), a2 = Planar.cross(rB, axis)
        let perp = Planar.rotate(localPerp(), by: aA)
        let s1 = Planar.cross(d + rA, perp), s2 = Planar.cross(rB, perp)
        let c1 = SIMD2(Planar.dot(perp, d), aB - aA - referenceAngle)
        var linearError = abs(c1.x)
        let angularError = abs(c1.y)
        var active = false
        var c2 = 0.0
        let most = DistanceJoint.maximumCorrection, slop = DistanceJoint.linearSlop
        if let range {
            let translation = Planar.dot(axis, d)
            if abs(range.upperBound - range.lowerBound) < 2 * slop {
                c2 = min(max(translation, -most), most)
                linearError = max(linearError, abs(translation))
                active = true
            } else if translation <= range.lowerBound {
                c2 = min(max(translation - range.lowerBound + slop, -most), 0)
                linearError = max(linearError, range.lowerBound - translation)
                active = true
            } else if translation >= range.upperBound {
                c2 = min(max(translation - range.upperBound - slop, 0), most)
                linearError = max(linearError, translation - range.upperBound)
                active = true
            }
        }
        let k11 = mA + mB + iA * s1 * s1 + iB * s2 * s2
        let k12 = iA * s1 + iB * s2
        var k22 = iA + iB
        if k22 == 0 { k22 = 1 }
        let f: SIMD3<Double>
        if active {
            let k13 = iA * s1 * a1 + iB * s2 * a2
            let k23 = iA * a1 + iB * a2
            let k33 = mA + mB + iA * a1 * a1 + iB * a2 * a2
            f = JointMath.solve33(ex: SIMD3(k11, k12, k13), ey: SIMD3(k12, k22, k23), ez: SIMD3(k13, k23, k33),
                                  -SIMD3(c1.x, c1.y, c2))
        } else {
            let f2 = JointMath.solve22(ex: SIMD2(k11, k12), ey: SIMD2(k12, k22), -c1)
            f = SIMD3(f2.x, f2.y, 0)
        }
        let p = f.x * perp + f.z * axis
        let lA = f.x * s1 + f.y + f.z * a1
        let lB = f.x * s2 + f.y + f.z * a2
        cA -= mA * p
        aA -= iA * lA
        cB += mB * p
        aB += iB * lB
        b.setJointPose(bodyA, cA, aA)
        b.setJointPose(bodyB, cB, aB)
        return JointPositionError(linear: linearError, angular: angularError)
    }
}
