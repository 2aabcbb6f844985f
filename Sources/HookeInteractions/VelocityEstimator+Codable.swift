/// `Codable` as the synthesised conformance was before `strategy` existed: the keys
/// `horizon`, `maximumSamples`, `pauseThreshold` and `samples`, plus `strategy` only when it
/// is not the default `.leastSquares`. So a body saved before the strategy existed (a
/// scenario snapshot, Docs/snapshots.md) reads back with least squares, and one saved
/// with the default is written byte for byte as before.
extension VelocityEstimator: Codable {
    private enum CodingKeys: String, CodingKey {
        case horizon, maximumSamples, pauseThreshold, samples, strategy
    }

    /// Reads an estimator; a missing `strategy` is `.leastSquares`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        horizon = try container.decode(Double.self, forKey: .horizon)
        maximumSamples = try container.decode(Int.self, forKey: .maximumSamples)
        pauseThreshold = try container.decode(Double.self, forKey: .pauseThreshold)
        samples = try container.decode([GestureSample].self, forKey: .samples)
        strategy = try container.decodeIfPresent(VelocityStrategy.self, forKey: .strategy) ?? .leastSquares
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(horizon, forKey: .horizon)
        try container.encode(maximumSamples, forKey: .maximumSamples)
        try container.encode(pauseThreshold, forKey: .pauseThreshold)
        try container.encode(samples, forKey: .samples)
        if strategy != .leastSquares { try container.encode(strategy, forKey: .strategy) }
    }
}
