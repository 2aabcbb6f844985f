/// SplitMix64 (Steele, Lea & Flood, "Fast splittable pseudorandom number generators",
/// OOPSLA 2014): a 64-bit state advanced by a Weyl sequence and mixed by two
/// multiply–xorshift rounds. Small, fast and the same on every platform, so seeded
/// scenes, noise, benchmarks and tests are reproducible run after run.
///
/// ```swift
/// var random = SplitMix64(seed: 42)
/// let x = Double.random(in: 0..<375, using: &random)
/// ```
public struct SplitMix64: RandomNumberGenerator, Sendable, Hashable {
    private var state: UInt64

    public init(seed: UInt64) {
        state = seed
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform double in `range` from the top 53 bits of one draw (the standard
    /// library's `Double.random(in:using:)` is not promised to stay the same across
    /// releases; this is).
    public mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        let unit = Double(next() >> 11) * 0x1p-53
        return range.lowerBound + unit * (range.upperBound - range.lowerBound)
    }
}
