/// Access to either side of a joint: a body, or the world (index −1) — fixed, with
/// centre 0 and angle 0, so that its anchor's "offset" is the world point itself.
extension BodyStorage {
    @inline(__always)
    func jointPose(_ i: Int) -> (center: SIMD2<Double>, angle: Double) {
        i >= 0 ? (center[i], angle[i]) : (.zero, 0)
    }

    @inline(__always)
    func jointMotion(_ i: Int) -> (v: SIMD2<Double>, w: Double) {
        i >= 0 ? (velocity[i], angularVelocity[i]) : (.zero, 0)
    }

    @inline(__always)
    mutating func setJointMotion(_ i: Int, _ v: SIMD2<Double>, _ w: Double) {
        guard i >= 0 else { return }
        velocity[i] = v
        angularVelocity[i] = w
    }

    @inline(__always)
    mutating func setJointPose(_ i: Int, _ c: SIMD2<Double>, _ a: Double) {
        guard i >= 0 else { return }
        center[i] = c
        angle[i] = a
    }

    @inline(__always)
    func jointInverseMass(_ i: Int) -> (m: Double, i: Double) {
        i >= 0 ? (inverseMass[i], inverseInertia[i]) : (0, 0)
    }
}
