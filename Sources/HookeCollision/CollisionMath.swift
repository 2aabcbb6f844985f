/// Small vector helpers of the collision layer (y down; see `CollisionTransform`).
@usableFromInline package enum CollisionMath {
    @inline(__always) @inlinable package static func dot(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double { a.x * b.x + a.y * b.y }
    /// z-component of a × b.
    @inline(__always) @inlinable package static func cross(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double { a.x * b.y - a.y * b.x }
    /// a × (0, 0, s) = (s·a.y, −s·a.x): for an edge of a counter-clockwise polygon
    /// (positive turns) `cross(edge, 1)` is its outward normal.
    @inline(__always) @inlinable package static func cross(_ a: SIMD2<Double>, _ s: Double) -> SIMD2<Double> { SIMD2(s * a.y, -s * a.x) }
    /// (0, 0, s) × a = (−s·a.y, s·a.x).
    @inline(__always) @inlinable package static func cross(_ s: Double, _ a: SIMD2<Double>) -> SIMD2<Double> { SIMD2(-s * a.y, s * a.x) }
    @inline(__always) @usableFromInline package static func lengthSquared(_ a: SIMD2<Double>) -> Double { a.x * a.x + a.y * a.y }
    @inline(__always) @inlinable package static func length(_ a: SIMD2<Double>) -> Double { (a.x * a.x + a.y * a.y).squareRoot() }
    @inline(__always) @usableFromInline package static func distance(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double { length(a - b) }
    /// `a` scaled to unit length, or zero when it is shorter than 1e-300.
    @inline(__always) @inlinable package static func normalize(_ a: SIMD2<Double>) -> SIMD2<Double> {
        let l = length(a)
        return l > 1e-300 ? a / l : .zero
    }
    /// Componentwise `Double.minimum`, exactly what `pointwiseMin` computes for
    /// SIMD2<Double>; written out because the optimizer left that generic function a
    /// call in the broadphase's box updates and tree refits.
    @inline(__always) @inlinable package static func minimum(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> SIMD2<Double> {
        SIMD2(Double.minimum(a.x, b.x), Double.minimum(a.y, b.y))
    }
    /// Componentwise `Double.maximum` (`pointwiseMax` for SIMD2<Double>).
    @inline(__always) @inlinable package static func maximum(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> SIMD2<Double> {
        SIMD2(Double.maximum(a.x, b.x), Double.maximum(a.y, b.y))
    }
}
