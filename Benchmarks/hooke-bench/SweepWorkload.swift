import Hooke

/// The `sweep` scenario at one grid size: N springs on a damping-ratio × response grid,
/// each making the same 1-D move from rest, start 0 → target 1 (points).
///
/// The grid has a = ⌊√N⌋ damping ratios evenly spaced over [0.1, 2] (under-damped,
/// critical and over-damped springs, every branch of the exact propagator) and
/// b = ⌈N/a⌉ responses evenly spaced over [0.1, 1] s; its first N points in
/// damping-ratio-major order are the workload. Every point's spring is distinct, so
/// `SpringBatch` holds N groups of one item — its least favourable layout, and the one a
/// sweep has.
struct SweepWorkload: Sendable {
    /// Seconds per fixed step: 120 Hz, as in the other scenarios.
    static let timestep = 1.0 / 120
    /// Start and target of every point's move, points.
    static let start = 0.0
    static let target = 1.0
    static let dampingRatios: ClosedRange<Double> = 0.1...2
    static let responses: ClosedRange<Double> = 0.1...1

    /// Grid points, in order.
    let cases: [SpringSweepCase]
    /// Damping ratios a and responses b of the grid (a·b ≥ N).
    let gridShape: (dampingRatios: Int, responses: Int)

    var count: Int { cases.count }

    init(points: Int) {
        precondition(points > 0, "a sweep needs at least one point")
        let a = max(1, Int(Double(points).squareRoot()))
        let b = (points + a - 1) / a
        gridShape = (a, b)
        func value(_ range: ClosedRange<Double>, _ i: Int, of n: Int) -> Double {
            n == 1 ? range.lowerBound
                : range.lowerBound + (range.upperBound - range.lowerBound) * Double(i) / Double(n - 1)
        }
        var cases: [SpringSweepCase] = []
        cases.reserveCapacity(points)
        // The ranges above hold only valid parameters; a throw here is a bug.
        outer: for i in 0..<a {
            for j in 0..<b {
                if cases.count == points { break outer }
                let spring = try! Spring(
                    dampingRatio: value(Self.dampingRatios, i, of: a), response: value(Self.responses, j, of: b))
                cases.append(SpringSweepCase(spring: spring))
            }
        }
        self.cases = cases
    }
}
