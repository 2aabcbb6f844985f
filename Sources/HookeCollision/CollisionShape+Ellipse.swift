import Foundation
import HookeCore

extension CollisionShape {
    /// The ellipse inscribed in a `width` × `height` box centred on `center`.
    ///
    /// Equal axes give an exact circle of radius w/2. Otherwise the outline is the convex
    /// polygon through N points of the ellipse at equal parameter steps,
    /// (a·cos tₖ, b·sin tₖ), tₖ = 2πk/N, with a skin of `skin` points.
    ///
    /// Error bound. The ellipse is the image of the unit circle under diag(a, b). On the
    /// circle, every point of an arc of angle 2π/N lies within 1 − cos(π/N) of its chord,
    /// along the radius; the linear map stretches that gap by at most max(a, b). So every
    /// point of the ellipse lies within max(a, b)·(1 − cos(π/N)) of the polygon, which
    /// lies inside the ellipse. N is the smallest multiple of 4 (to keep both mirror
    /// symmetries) with that bound ≤ `maximumError`, and at least 8.
    ///
    /// Mass properties are the exact ellipse's: area πab, polar moment πab(a² + b²)/4
    /// (I = m(a² + b²)/4), not the polygon's, so a body's mass matches UIKit's ellipse.
    ///
    /// - Parameters:
    ///   - maximumError: largest distance, points, from the true ellipse to the polygon
    ///     (default 0.25 pt, half the linear slop). At most 4096 vertices are used, which
    ///     meets 0.25 pt for semi-axes up to 3·10⁶ pt; a bound out of reach throws.
    public static func ellipse(
        width: Double, height: Double, center: SIMD2<Double> = .zero,
        maximumError: Double = 0.25, skin: Double = CollisionParameters.skin
    ) throws(HookeError) -> CollisionShape {
        let a = try Validate.positive(width, "width") / 2
        let b = try Validate.positive(height, "height") / 2
        _ = try Validate.positive(maximumError, "maximumError")
        _ = try Validate.finite(center.x, "center.x")
        _ = try Validate.finite(center.y, "center.y")
        if a == b { return try circle(radius: a, center: center) }
        let n = ellipseVertexCount(semiAxes: SIMD2(a, b), maximumError: maximumError)
        let half = sin(Double.pi / Double(2 * n))
        guard max(a, b) * 2 * half * half <= maximumError else {
            throw .invalidParameter(
                "maximumError", value: maximumError,
                requirement: "reachable with at most 4096 vertices for semi-axes \(a) and \(b) pt")
        }
        let vertices = (0..<n).map { k -> SIMD2<Double> in
            let t = 2 * Double.pi * Double(k) / Double(n)
            return center + SIMD2(a * cos(t), b * sin(t))
        }
        let polygon = try ConvexPolygon(vertices: vertices, radius: skin)
        let area = Double.pi * a * b
        return CollisionShape(
            geometry: .polygon(polygon),
            massProperties: MassProperties(area: area, centroid: center, inertia: area * (a * a + b * b) / 4))
    }

    /// Vertex count of the ellipse polygon: the smallest multiple of 4, at least 8, with
    /// max(a, b)·(1 − cos(π/N)) ≤ `maximumError` (capped at 4096 vertices).
    public static func ellipseVertexCount(semiAxes: SIMD2<Double>, maximumError: Double) -> Int {
        let r = max(semiAxes.x, semiAxes.y)
        var n = 8
        // 1 − cos(π/N) = 2 sin²(π/2N) avoids cancellation for large N.
        while n < 4096 {
            let s = sin(Double.pi / Double(2 * n))
            if r * 2 * s * s <= maximumError { break }
            n += 4
        }
        return n
    }
}
