import Hooke

/// The seeded generator of the random collision scenes.
typealias CollisionRandom = SplitMix64

/// Distance from `p` to the segment ab, by projection clamped to the segment.
func collisionPointSegmentDistance(_ p: SIMD2<Double>, _ a: SIMD2<Double>, _ b: SIMD2<Double>) -> Double {
    let e = b - a
    let t = max(0, min(1, ((p - a) * e).sum() / (e * e).sum()))
    let q = a + t * e
    return ((p - q) * (p - q)).sum().squareRoot()
}

/// The core vertices of a shape placed by `transform` (world points).
func collisionWorldVertices(_ shape: CollisionShape, _ transform: CollisionTransform) -> [SIMD2<Double>] {
    switch shape.geometry {
    case let .circle(center, _): return [transform.apply(center)]
    case let .polygon(p): return p.vertices.map(transform.apply)
    case let .segment(s): return [transform.apply(s.start), transform.apply(s.end)]
    }
}


/// Euclidean length.
func collisionLength(_ v: SIMD2<Double>) -> Double { (v * v).sum().squareRoot() }
