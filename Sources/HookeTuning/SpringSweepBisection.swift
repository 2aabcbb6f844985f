/// `Hermite.crossing(of:)` and `Hermite.bandExit(_:from:)` for many interpolants at once,
/// eight side by side, with bit-identical results.
///
/// A bisection is a chain of 45 dependent steps whose branch goes either way at random, so
/// one at a time it is bound by the latency of the cubic and by mispredicted branches. The
/// sweep needs up to three per point (the settling exit and the two rise crossings), all
/// independent, so a block's bisections run in the lanes of `SIMD8<Double>`: each lane
/// performs exactly the scalar operations — the same expression for H(τ), evaluated in the
/// same order without fused multiply-adds, the same comparisons, the same midpoints — with
/// the branch replaced by a lane select. The lanes therefore take the same halves as the
/// scalar code and end on the same τ, bit for bit.
enum SpringSweepBisection {
    typealias Lanes = SIMD8<Double>

    /// H(τ) in every lane, the expression of `Hermite.value(at:)` term by term.
    @inline(__always)
    private static func value(_ t: Lanes, _ p0: Lanes, _ m0: Lanes, _ p1: Lanes, _ m1: Lanes) -> Lanes {
        let t2 = t * t
        let t3 = t2 * t
        let a = 2 * t3 - 3 * t2 + 1
        let b = t3 - 2 * t2 + t
        let c = -2 * t3 + 3 * t2
        let d = t3 - t2
        return a * p0 + b * m0 + c * p1 + d * m1
    }

    /// Loads lanes `base ..< base + 8` of the segments (padding past the end with a
    /// harmless segment).
    @inline(__always)
    private static func load(
        _ segments: UnsafeBufferPointer<Hermite>, _ base: Int
    ) -> (p0: Lanes, m0: Lanes, p1: Lanes, m1: Lanes) {
        var p0 = Lanes(repeating: 1), m0 = Lanes(repeating: 0), p1 = Lanes(repeating: 0), m1 = Lanes(repeating: 0)
        for lane in 0..<min(Lanes.scalarCount, segments.count - base) {
            let segment = segments[base + lane]
            p0[lane] = segment.p0
            m0[lane] = segment.m0
            p1[lane] = segment.p1
            m1[lane] = segment.m1
        }
        return (p0, m0, p1, m1)
    }

    /// `segments[j].crossing(of: levels[j])` for every j.
    static func crossings(_ segments: [Hermite], levels: [Double]) -> [Double] {
        precondition(segments.count == levels.count)
        return lanewise(segments) { base, lanes, p0, m0, p1, m1 in
            var level = Lanes(repeating: 0)
            for lane in 0..<lanes { level[lane] = levels[base + lane] }
            let before = p0 - level
            var low = Lanes(repeating: 0)
            var high = Lanes(repeating: 1)
            for _ in 0..<halvings {
                let middle = 0.5 * (low + high)
                let keepsSide = (value(middle, p0, m0, p1, m1) - level) * before .> 0
                low.replace(with: middle, where: keepsSide)
                high.replace(with: middle, where: .!keepsSide)
            }
            return (0.5 * (low + high)).replacing(with: 0, where: before .== 0)
        }
    }

    /// `segments[j].bandExit(bands[j], from: starts[j])` for every j.
    static func bandExits(_ segments: [Hermite], bands: [Double], from starts: [Double]) -> [Double] {
        precondition(segments.count == bands.count && segments.count == starts.count)
        return lanewise(segments) { base, lanes, p0, m0, p1, m1 in
            var band = Lanes(repeating: 0)
            var low = Lanes(repeating: 0)
            for lane in 0..<lanes {
                band[lane] = bands[base + lane]
                low[lane] = starts[base + lane]
            }
            var high = Lanes(repeating: 1)
            for _ in 0..<halvings {
                let middle = 0.5 * (low + high)
                let h = value(middle, p0, m0, p1, m1)
                // !(|H| ≤ band), written without abs: the same for every H, NaN included.
                let outside = .!((h .<= band) .& (h .>= -band))
                low.replace(with: middle, where: outside)
                high.replace(with: middle, where: .!outside)
            }
            return 0.5 * (low + high)
        }
    }

    /// One result per segment: `solve(base, lanes, p0, m0, p1, m1)` for the segments
    /// `base..<base + lanes`, `Lanes.scalarCount` at a time (the last bundle partly
    /// filled), from their coefficients in lanes (`load`); its first `lanes` lanes are
    /// the results.
    private static func lanewise(
        _ segments: [Hermite], _ solve: (_ base: Int, _ lanes: Int, Lanes, Lanes, Lanes, Lanes) -> Lanes
    ) -> [Double] {
        var result = [Double](repeating: 0, count: segments.count)
        segments.withUnsafeBufferPointer { segments in
            var base = 0
            while base < segments.count {
                let (p0, m0, p1, m1) = load(segments, base)
                let lanes = min(Lanes.scalarCount, segments.count - base)
                let solved = solve(base, lanes, p0, m0, p1, m1)
                for lane in 0..<lanes { result[base + lane] = solved[lane] }
                base += Lanes.scalarCount
            }
        }
        return result
    }

    /// The halvings of `Hermite`'s bisections.
    static let halvings = Hermite.halvings
}
