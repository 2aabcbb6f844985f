/// Small dense solves for the joints' 2×2 and 3×3 effective-mass systems
/// (Cramer's rule; a singular system yields zeros, as in Box2D).
enum JointMath {
    /// Box2D's b2_angularSlop, 2°.
    static let angularSlop = 2 * Double.pi / 180
    /// Box2D's b2_maxAngularCorrection, 8°.
    static let maximumAngularCorrection = 8 * Double.pi / 180

    /// Solves [[a11, a12], [a12', a22]]·x = b given columns ex = (a11, a21), ey = (a12, a22).
    static func solve22(ex: SIMD2<Double>, ey: SIMD2<Double>, _ b: SIMD2<Double>) -> SIMD2<Double> {
        var det = ex.x * ey.y - ey.x * ex.y
        if det != 0 { det = 1 / det }
        return SIMD2(det * (ey.y * b.x - ey.x * b.y), det * (ex.x * b.y - ex.y * b.x))
    }

    /// Solves the 3×3 system with columns ex, ey, ez.
    static func solve33(ex: SIMD3<Double>, ey: SIMD3<Double>, ez: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
        var det = dot3(ex, cross3(ey, ez))
        if det != 0 { det = 1 / det }
        return SIMD3(det * dot3(b, cross3(ey, ez)), det * dot3(ex, cross3(b, ez)), det * dot3(ex, cross3(ey, b)))
    }

    @inline(__always)
    static func dot3(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double { (a * b).sum() }

    @inline(__always)
    static func cross3(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
    }

    /// State of a one-sided or two-sided limit (Box2D's b2LimitState).
    enum LimitState: UInt8, Sendable, Codable { case inactive, atLower, atUpper, equal }
}
