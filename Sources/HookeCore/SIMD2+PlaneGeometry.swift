import Foundation

/// Plane vector geometry on `SIMD2`, for code that reads and writes the world's points
/// and velocities (`SIMD2<Double>`, points and points per second).
///
/// The standard library gives `SIMD2` arithmetic but no length or dot product, and
/// Apple's `simd` module (`simd_length`, `simd_dot`…) does not exist on Linux. These
/// members fill the gap on every platform; below them, on platforms without `simd`
/// only, the `simd_…` free functions for `SIMD2<Double>` and `SIMD2<Float>` let
/// ported Apple code compile unchanged.
///
/// Screen coordinates: y points down, so a positive angle turns clockwise on screen
/// and the z of the cross product is positive for a clockwise turn from `self` to the
/// other vector — the conventions of the whole engine (`World`, "Units").
extension SIMD2 where Scalar: BinaryFloatingPoint {
    /// Euclidean length √(x² + y²), in the vector's units. Formed directly, as
    /// `simd_length` is: it overflows to ∞ once x² + y² does (|x| or |y| ≳ 1.3e154 for
    /// `Double`), far beyond any screen.
    @inlinable
    public var length: Scalar { lengthSquared.squareRoot() }

    /// x² + y², the square of `length` (no square root: the cheap way to compare lengths).
    @inlinable
    public var lengthSquared: Scalar { x * x + y * y }

    /// The dot product x·oₓ + y·o_y.
    @inlinable
    public func dot(_ other: Self) -> Scalar { x * other.x + y * other.y }

    /// The z component of the 3-D cross product (x, y, 0) × (oₓ, o_y, 0):
    /// x·o_y − y·oₓ. It is |self|·|other|·sin θ for the angle θ turned from `self` to
    /// `other`, positive when that turn is clockwise on screen (y down).
    @inlinable
    public func cross(_ other: Self) -> Scalar { x * other.y - y * other.x }

    /// The vector divided by its length: a unit vector in the same direction.
    /// The zero vector gives (NaN, NaN) (0 / 0), as `simd_normalize` does; check
    /// `lengthSquared > 0` first where a zero vector can occur.
    @inlinable
    public var normalized: Self { self / length }

    /// The vector turned by `angle` radians, positive clockwise on screen (y down):
    /// (cos a·x − sin a·y, sin a·x + cos a·y), so (1, 0) turned by π/2 is (0, 1), which
    /// points down the screen. For `Double` this is bit for bit the turn the engine
    /// applies to body offsets. The cosine and sine are computed in `Double` and
    /// rounded to `Scalar`.
    @inlinable
    public func rotated(by angle: Scalar) -> Self {
        let a = Double(angle)
        let c = Scalar(cos(a)), s = Scalar(sin(a))
        return Self(c * x - s * y, s * x + c * y)
    }

    /// The distance from this point to `other`, the `length` of `other − self`.
    @inlinable
    public func distance(to other: Self) -> Scalar { (other - self).length }
}

#if !canImport(simd)
// Apple's `simd` names for the members above, where that module does not exist (Linux),
// so that ported code compiles unchanged. Each is the member of the same meaning.

/// Euclidean length of `v` (Apple's `simd_length`).
@inlinable public func simd_length(_ v: SIMD2<Double>) -> Double { v.length }
/// Euclidean length of `v` (Apple's `simd_length`).
@inlinable public func simd_length(_ v: SIMD2<Float>) -> Float { v.length }
/// Squared length of `v` (Apple's `simd_length_squared`).
@inlinable public func simd_length_squared(_ v: SIMD2<Double>) -> Double { v.lengthSquared }
/// Squared length of `v` (Apple's `simd_length_squared`).
@inlinable public func simd_length_squared(_ v: SIMD2<Float>) -> Float { v.lengthSquared }
/// Dot product of `a` and `b` (Apple's `simd_dot`).
@inlinable public func simd_dot(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double { a.dot(b) }
/// Dot product of `a` and `b` (Apple's `simd_dot`).
@inlinable public func simd_dot(_ a: SIMD2<Float>, _ b: SIMD2<Float>) -> Float { a.dot(b) }
/// `v` divided by its length; (NaN, NaN) for the zero vector (Apple's `simd_normalize`).
@inlinable public func simd_normalize(_ v: SIMD2<Double>) -> SIMD2<Double> { v.normalized }
/// `v` divided by its length; (NaN, NaN) for the zero vector (Apple's `simd_normalize`).
@inlinable public func simd_normalize(_ v: SIMD2<Float>) -> SIMD2<Float> { v.normalized }
/// Distance between the points `a` and `b` (Apple's `simd_distance`).
@inlinable public func simd_distance(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double { a.distance(to: b) }
/// Distance between the points `a` and `b` (Apple's `simd_distance`).
@inlinable public func simd_distance(_ a: SIMD2<Float>, _ b: SIMD2<Float>) -> Float { a.distance(to: b) }
#endif
