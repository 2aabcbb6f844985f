import Hooke

/// One touch sample of a gesture: where the finger was (points, screen coordinates,
/// y down) and when (seconds, any monotonic clock).
public struct GestureSample: Sendable, Hashable, Codable {
    public var time: Double
    public var location: SIMD2<Double>

    public init(time: Double, location: SIMD2<Double>) {
        self.time = time
        self.location = location
    }
}
