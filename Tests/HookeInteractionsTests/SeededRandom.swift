import Foundation
import Hooke

/// The seeded generator of the interaction tests.
typealias SeededRandom = SplitMix64

extension SplitMix64 {
    /// A standard normal deviate (Box–Muller).
    mutating func gaussian() -> Double {
        let u = Double.random(in: Double.ulpOfOne..<1, using: &self)
        let v = Double.random(in: 0..<1, using: &self)
        return (-2 * log(u)).squareRoot() * cos(2 * Double.pi * v)
    }
}
