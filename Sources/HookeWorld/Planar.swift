import Foundation

/// Plane vector algebra used by the world's solver, with y down so that a positive
/// angle turns clockwise on screen.
enum Planar {
    /// z-component of the cross product, a.x·b.y − a.y·b.x.
    @inline(__always)
    static func cross(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double { a.x * b.y - a.y * b.x }

    /// ω × r for an angular velocity ω about the z axis: (−ω·r.y, ω·r.x).
    @inline(__always)
    static func cross(_ w: Double, _ r: SIMD2<Double>) -> SIMD2<Double> { SIMD2(-w * r.y, w * r.x) }

    /// `v` turned by `angle` radians: (cos·x − sin·y, sin·x + cos·y).
    @inline(__always)
    static func rotate(_ v: SIMD2<Double>, by angle: Double) -> SIMD2<Double> {
        let c = cos(angle), s = sin(angle)
        return SIMD2(c * v.x - s * v.y, s * v.x + c * v.y)
    }

    /// Euclidean length.
    @inline(__always)
    static func length(_ v: SIMD2<Double>) -> Double { (v * v).sum().squareRoot() }

    /// Dot product.
    @inline(__always)
    static func dot(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double { (a * b).sum() }
}
