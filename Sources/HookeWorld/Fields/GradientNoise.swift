/// Seeded three-dimensional gradient noise (Perlin's construction with the quintic
/// fade of his 2002 "Improving Noise"), used for the noise and turbulence fields.
///
/// Space and time are the three coordinates, so the pattern drifts smoothly as time
/// passes. No global random state is touched: every lattice gradient is a hash of the
/// lattice point and the seed, so the same inputs always give the same value, on every
/// platform.
///
/// Range. At a point inside a lattice cell the noise is Σᵢ wᵢ·(gᵢ·dᵢ), where wᵢ ≥ 0 are
/// the eight fade weights (Σ wᵢ = 1), gᵢ unit gradients and dᵢ the offsets from the
/// corners. So |noise| ≤ Σ wᵢ·|dᵢ|, whose largest value over the cell is √3/2, at its
/// centre (where every wᵢ = 1/8 and |dᵢ| = √3/2). `sample` multiplies by 2/√3, which
/// puts its value in [−1, 1].
///
/// Reference: K. Perlin, "Improving Noise", SIGGRAPH 2002 (fade 6t⁵ − 15t⁴ + 10t³,
/// twelve cube-edge gradient directions).
enum GradientNoise {
    /// 2/√3: maps the raw range [−√3/2, √3/2] onto [−1, 1].
    private static let scale = 2 / 3.0.squareRoot()

    /// The twelve cube-edge directions (±1, ±1, 0) and permutations, made unit length.
    private static let gradients: [SIMD3<Double>] = {
        let r = 1 / 2.0.squareRoot()
        return [
            [r, r, 0], [-r, r, 0], [r, -r, 0], [-r, -r, 0],
            [r, 0, r], [-r, 0, r], [r, 0, -r], [-r, 0, -r],
            [0, r, r], [0, -r, r], [0, r, -r], [0, -r, -r],
        ]
    }()

    /// Noise at `point` (lattice units), in [−1, 1]; zero at every lattice point and,
    /// rather than trapping in the integer conversion, at non-finite coordinates (an
    /// offset or a time that overflowed).
    static func sample(_ point: SIMD3<Double>, seed: UInt64) -> Double {
        guard point.x.isFinite, point.y.isFinite, point.z.isFinite else { return 0 }
        let cell = point.rounded(.down)
        let f = point - cell
        let u = SIMD3(fade(f.x), fade(f.y), fade(f.z))
        let i = lattice(cell.x), j = lattice(cell.y), k = lattice(cell.z)

        // The eight corner contributions, blended along x (one edge per (dy, dz)),
        // then along y, then along z.
        func edge(_ dy: Int64, _ dz: Int64) -> Double {
            let n0 = (gradient(i, j &+ dy, k &+ dz, seed) * (f - SIMD3(0, Double(dy), Double(dz)))).sum()
            let n1 = (gradient(i &+ 1, j &+ dy, k &+ dz, seed) * (f - SIMD3(1, Double(dy), Double(dz)))).sum()
            return n0 + u.x * (n1 - n0)
        }
        let x00 = edge(0, 0), x10 = edge(1, 0), x01 = edge(0, 1), x11 = edge(1, 1)
        let y0 = x00 + u.y * (x10 - x00)
        let y1 = x01 + u.y * (x11 - x01)
        return scale * (y0 + u.z * (y1 - y0))
    }

    /// Perlin's quintic fade 6t⁵ − 15t⁴ + 10t³: zero first and second derivatives at the
    /// cell faces, so the noise is twice continuously differentiable.
    private static func fade(_ t: Double) -> Double {
        t * t * t * (t * (t * 6 - 15) + 10)
    }

    /// A lattice coordinate as an integer. Coordinates beyond ±2⁴⁰ cells (far beyond any
    /// screen) wrap, which keeps the conversion from trapping.
    private static func lattice(_ x: Double) -> Int64 {
        Int64(x.truncatingRemainder(dividingBy: 1_099_511_627_776))
    }

    /// The gradient at lattice point (i, j, k): a SplitMix64-finalised hash of the
    /// point and the seed picks one of the twelve directions.
    private static func gradient(_ i: Int64, _ j: Int64, _ k: Int64, _ seed: UInt64) -> SIMD3<Double> {
        var h = mix(seed &+ 0x9E37_79B9_7F4A_7C15)
        h = mix(h ^ UInt64(bitPattern: i))
        h = mix(h ^ UInt64(bitPattern: j))
        h = mix(h ^ UInt64(bitPattern: k))
        return gradients[Int((h >> 32) % 12)]
    }

    /// SplitMix64's finaliser (Steele, Lea & Flood, OOPSLA 2014): a bijective mix of
    /// the 64 bits.
    private static func mix(_ value: UInt64) -> UInt64 {
        var z = value &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
