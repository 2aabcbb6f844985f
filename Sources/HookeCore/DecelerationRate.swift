import Foundation

/// UIScrollView's deceleration rate: the fraction of its velocity a scroll keeps per
/// millisecond.
///
/// UIKit documents `UIScrollView.DecelerationRate.normal` as 0.998 and `.fast` as 0.99
/// (Apple, UIScrollView.DecelerationRate). In continuous form a velocity kept at a
/// ratio r every millisecond decays as v(t) = v₀·r^(1000t) = v₀·e^(−κt) with the decay
/// constant κ = −1000·ln r (1/s): 2.002 s⁻¹ for `.normal`, 10.05 s⁻¹ for `.fast`.
public struct DecelerationRate: Sendable, Hashable {
    /// Velocity kept per millisecond, in (0, 1).
    public let rate: Double

    /// UIScrollView's default, 0.998 per ms.
    public static let normal = DecelerationRate(uncheckedRate: 0.998)

    /// UIScrollView's paging-like fast rate, 0.99 per ms.
    public static let fast = DecelerationRate(uncheckedRate: 0.99)

    /// Creates a rate of `rate` per millisecond.
    ///
    /// - Throws: `HookeError.invalidParameter("rate", …)` unless 0 < rate < 1.
    public init(rate: Double) throws(HookeError) {
        guard rate.isFinite, rate > 0, rate < 1 else {
            throw .invalidParameter("rate", value: rate, requirement: "finite and in (0, 1)")
        }
        self.rate = rate
    }

    private init(uncheckedRate: Double) {
        rate = uncheckedRate
    }

    /// Decay constant κ = −1000·ln r, in 1/s (> 0). `log1p` keeps it accurate for r
    /// close to 1, where ln r ≈ −(1 − r).
    public var decayConstant: Double { -1000 * log1p(-(1 - rate)) }
}

extension DecelerationRate: Codable {
    private enum CodingKeys: String, CodingKey { case rate }

    /// Reads a rate and checks it as `init(rate:)` does.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        do {
            try self.init(rate: c.decode(Double.self, forKey: .rate))
        } catch let error as HookeError {
            throw SnapshotError(path: SnapshotError.path(c.codingPath), "\(error)")
        }
    }
}
