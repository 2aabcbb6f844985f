import Foundation

/// The engine's own plane vector algebra on `SIMD2<Double>`, y down so that a positive
/// angle turns clockwise on screen: the one set the collision geometry, the World's
/// solvers and its joints share. (`SIMD2`'s `dot`, `cross`, `rotated`… in
/// `SIMD2+PlaneGeometry.swift` are the same operations as public API for apps.)
///
/// `@inlinable` so that the loops of the other modules inline them, as they did when
/// everything was one module. Every operation rounds product by product in the order
/// written (no fused multiply-adds), so its bits do not depend on the caller.
@usableFromInline package enum Planar {
    /// a·b.
    @inlinable @inline(__always)
    package static func dot(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double { a.x * b.x + a.y * b.y }

    /// z-component of the cross product, a.x·b.y − a.y·b.x.
    @inlinable @inline(__always)
    package static func cross(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double { a.x * b.y - a.y * b.x }

    /// a × (0, 0, s) = (s·a.y, −s·a.x): for an edge of a counter-clockwise polygon
    /// (positive turns) `cross(edge, 1)` is its outward normal.
    @inlinable @inline(__always)
    package static func cross(_ a: SIMD2<Double>, _ s: Double) -> SIMD2<Double> { SIMD2(s * a.y, -s * a.x) }

    /// (0, 0, s) × a = (−s·a.y, s·a.x): ω × r for an angular velocity ω about the z axis.
    @inlinable @inline(__always)
    package static func cross(_ s: Double, _ a: SIMD2<Double>) -> SIMD2<Double> { SIMD2(-s * a.y, s * a.x) }

    /// |a|².
    @inlinable @inline(__always)
    package static func lengthSquared(_ a: SIMD2<Double>) -> Double { a.x * a.x + a.y * a.y }

    /// Euclidean length.
    @inlinable @inline(__always)
    package static func length(_ a: SIMD2<Double>) -> Double { (a.x * a.x + a.y * a.y).squareRoot() }

    /// |a − b|.
    @inlinable @inline(__always)
    package static func distance(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double { length(a - b) }

    /// `a` scaled to unit length, or zero when it is shorter than 1e-300.
    @inlinable @inline(__always)
    package static func normalize(_ a: SIMD2<Double>) -> SIMD2<Double> {
        let l = length(a)
        return l > 1e-300 ? a / l : .zero
    }

    /// Componentwise `Double.minimum`, exactly what `pointwiseMin` computes for
    /// SIMD2<Double>; written out because the optimizer left that generic function a
    /// call in the broadphase's box updates and tree refits.
    @inlinable @inline(__always)
    package static func minimum(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> SIMD2<Double> {
        SIMD2(Double.minimum(a.x, b.x), Double.minimum(a.y, b.y))
    }

    /// Componentwise `Double.maximum` (`pointwiseMax` for SIMD2<Double>).
    @inlinable @inline(__always)
    package static func maximum(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> SIMD2<Double> {
        SIMD2(Double.maximum(a.x, b.x), Double.maximum(a.y, b.y))
    }

    /// `v` turned by `angle` radians: (cos·x − sin·y, sin·x + cos·y).
    @inlinable @inline(__always)
    package static func rotate(_ v: SIMD2<Double>, by angle: Double) -> SIMD2<Double> {
        let c = cos(angle), s = sin(angle)
        return SIMD2(c * v.x - s * v.y, s * v.x + c * v.y)
    }
}
