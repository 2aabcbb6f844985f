import Foundation

/// A rigid placement in the plane: a rotation followed by a translation, in points.
///
/// Screen coordinates with y down, so a positive `angle` (radians) turns clockwise on
/// screen: a local point p lands at `position + R(angle)·p` with
/// R = [[cos, −sin], [sin, cos]], the same matrix as a counter-clockwise rotation in
/// the y-up convention. Every formula of the collision layer is written in that one
/// algebra; only the picture is mirrored.
public struct CollisionTransform: Sendable, Hashable {
    /// Where the local origin lands, in points.
    public var position: SIMD2<Double>
    /// cos(angle).
    public var cosine: Double
    /// sin(angle).
    public var sine: Double

    /// The identity placement.
    public static let identity = CollisionTransform(position: .zero, cosine: 1, sine: 0)

    /// A placement at `position` (points) turned by `angle` (radians, clockwise on screen).
    @inlinable public init(position: SIMD2<Double>, angle: Double) {
        self.position = position
        self.cosine = cos(angle)
        self.sine = sin(angle)
    }

    @inlinable package init(position: SIMD2<Double>, cosine: Double, sine: Double) {
        self.position = position
        self.cosine = cosine
        self.sine = sine
    }

    /// The turn angle in (−π, π], radians.
    @inlinable public var angle: Double { atan2(sine, cosine) }

    /// `v` turned by the rotation (no translation).
    @inline(__always)
    @inlinable public func rotate(_ v: SIMD2<Double>) -> SIMD2<Double> {
        SIMD2(cosine * v.x - sine * v.y, sine * v.x + cosine * v.y)
    }

    /// `v` turned back by the inverse rotation.
    @inline(__always)
    @inlinable public func inverseRotate(_ v: SIMD2<Double>) -> SIMD2<Double> {
        SIMD2(cosine * v.x + sine * v.y, -sine * v.x + cosine * v.y)
    }

    /// The world position of the local point `p`.
    @inline(__always)
    @inlinable public func apply(_ p: SIMD2<Double>) -> SIMD2<Double> { position + rotate(p) }

    /// The local coordinates of the world point `p`.
    @inline(__always)
    @inlinable public func inverseApply(_ p: SIMD2<Double>) -> SIMD2<Double> { inverseRotate(p - position) }
}
