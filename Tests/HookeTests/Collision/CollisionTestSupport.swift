import Hooke

/// SplitMix64 (Steele, Lea & Flood 2014): a small seeded generator so that every
/// random scene of the collision tests is the same on every run.
struct CollisionRandom: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

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
