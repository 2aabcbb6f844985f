import Hooke

/// The seeded generator of the linear-algebra tests.
typealias SeededRandom = SplitMix64

extension SplitMix64 {
    /// A uniform double in [lower, upper).
    mutating func uniform(_ lower: Double, _ upper: Double) -> Double {
        Double.random(in: lower..<upper, using: &self)
    }
}
