import HookeCore

/// The contact between two shapes: a shared unit normal from A to B and up to two points.
///
/// Empty (no points) when the core outlines are farther apart than the sum of the
/// skins, i.e. when the skinned outlines do not touch.
public struct ContactManifold: Sendable, Hashable, Codable {
    /// How the contact is anchored to the shapes (Box2D's `b2Manifold::Type`), so that
    /// it can be re-evaluated at new placements during position correction.
    public enum Kind: Sendable, Hashable, Codable {
        /// Point to point: `localPoint` on A, the point's `localPoint` on B; the normal
        /// joins them.
        case circles
        /// A face of A (`localNormal`, through `localPoint`, in A's frame) against
        /// points of B.
        case faceA
        /// A face of B (in B's frame) against points of A.
        case faceB
    }

    /// Unit normal in world coordinates, pointing from shape A into shape B; zero when empty.
    public var normal: SIMD2<Double>
    /// How the points are anchored.
    public var kind: Kind = .circles
    /// The reference face's outward normal in its shape's frame (faces only).
    public var localNormal: SIMD2<Double> = .zero
    /// A's anchor point (circles) or a point on the reference face, in the reference
    /// shape's frame, points.
    public var localPoint: SIMD2<Double> = .zero
    /// Skin radius of shape A, points.
    public var radiusA: Double = 0
    /// Skin radius of shape B, points.
    public var radiusB: Double = 0
    /// Number of points, 0…2.
    @inlinable public var pointCount: Int { count }
    // Internal storage, `@usableFromInline` so that the World's narrowphase, in another
    // module, builds and reads manifolds inline.
    @usableFromInline var count: Int
    @usableFromInline var first: ManifoldPoint
    @usableFromInline var second: ManifoldPoint

    /// The manifold with no points.
    public static let empty = ContactManifold()

    @inlinable package init() {
        normal = .zero
        count = 0
        let none = ManifoldPoint(position: .zero, separation: .infinity, feature: ContactFeature(rawValue: 0))
        first = none
        second = none
    }

    @inlinable package mutating func append(_ point: ManifoldPoint) {
        precondition(pointCount < 2, "a manifold holds at most two points")
        if pointCount == 0 { first = point } else { second = point }
        count += 1
    }

    /// Point `index` (0 ..< pointCount).
    @inlinable public subscript(index: Int) -> ManifoldPoint {
        precondition(index >= 0 && index < pointCount, "manifold point \(index) out of 0..<\(pointCount)")
        return index == 0 ? first : second
    }

    /// Both stored points without the subscript's range check, for hot loops that read
    /// `pointCount` themselves; a point at or past `pointCount` is no contact.
    @inlinable package var storedPoints: (ManifoldPoint, ManifoldPoint) { (first, second) }

    /// The points, in order.
    @inlinable public var points: [ManifoldPoint] { (0..<pointCount).map { self[$0] } }

    /// The same contact with A and B exchanged: the normal reversed, features swapped,
    /// the anchoring mirrored.
    @inlinable public var swapped: ContactManifold {
        var m = ContactManifold()
        m.normal = -normal
        m.radiusA = radiusB
        m.radiusB = radiusA
        m.localNormal = localNormal
        switch kind {
        case .faceA: m.kind = .faceB; m.localPoint = localPoint
        case .faceB: m.kind = .faceA; m.localPoint = localPoint
        case .circles: m.kind = .circles; m.localPoint = pointCount > 0 ? first.localPoint : localPoint
        }
        for p in points {
            m.append(ManifoldPoint(
                position: p.position, separation: p.separation, feature: p.feature.swapped,
                localPoint: kind == .circles ? localPoint : p.localPoint))
        }
        return m
    }

    /// Normal (A to B), point and skinned separation of point `index` with the shapes
    /// placed by `transformA` and `transformB` — the manifold's features held fixed
    /// while the bodies move (Box2D's `b2PositionSolverManifold`). At the placements the
    /// manifold was computed for, this returns the manifold's own normal and separation.
    ///
    /// - circles: p_A = x_A(localPoint), p_B = x_B(point.localPoint), n = (p_B − p_A)/|…|,
    ///   s = (p_B − p_A)·n − rA − rB, at the midpoint;
    /// - faceA: n = R_A·localNormal, plane point x_A(localPoint), q = x_B(point.localPoint),
    ///   s = (q − plane)·n − rA − rB, at q; faceB the same with A and B exchanged and n reversed.
    @inlinable public func evaluate(
        _ index: Int, transformA: CollisionTransform, transformB: CollisionTransform
    ) -> (normal: SIMD2<Double>, point: SIMD2<Double>, separation: Double) {
        let p = self[index]
        switch kind {
        case .circles:
            let pA = transformA.apply(localPoint), pB = transformB.apply(p.localPoint)
            let d = pB - pA
            let length = Planar.length(d)
            let n = length > 1e-12 ? d / length : normal
            return (n, (pA + pB) / 2, Planar.dot(d, n) - radiusA - radiusB)
        case .faceA:
            let n = transformA.rotate(localNormal)
            let q = transformB.apply(p.localPoint)
            return (n, q, Planar.dot(q - transformA.apply(localPoint), n) - radiusA - radiusB)
        case .faceB:
            let n = transformB.rotate(localNormal)
            let q = transformA.apply(p.localPoint)
            return (-n, q, Planar.dot(q - transformB.apply(localPoint), n) - radiusA - radiusB)
        }
    }
}
