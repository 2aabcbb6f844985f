/// The positions a scroll view may come to rest at: evenly spaced pages, or a list of snap
/// points, within the allowed limits.
///
/// - Pages of size s: the positions o + k·s for every integer k, with the origin o the lower
///   limit (0 when the lower limit is −∞), clamped to the limits — so content whose length is
///   not a whole number of pages also rests flush with its upper limit.
/// - Snap points: the given positions, each inside the limits.
///
/// `nearest(to:)` picks the one a resting point lands on. `ScrollSnapFling` uses it with the
/// fling's projected resting point.
public struct ScrollSnapPoints: Sendable, Hashable {
    private enum Layout: Hashable {
        case pages(size: Double, origin: Double)
        case points([Double])
    }

    private let layout: Layout
    /// The allowed positions (points); a bound may be infinite.
    public let limits: ClosedRange<Double>

    /// Pages of `pageSize` points from the lower limit (or from 0 when it is −∞).
    ///
    /// - Throws: `HookeError.invalidParameter` naming `pageSize` unless finite and > 0, or
    ///   `limits` when its lower bound is +∞ or its upper bound −∞.
    public init(pageSize: Double, limits: ClosedRange<Double> = -Double.infinity...Double.infinity) throws(HookeError) {
        let size = try Validate.positive(pageSize, "pageSize")
        try ScrollFling.validate(limits)
        layout = .pages(size: size, origin: limits.lowerBound.isFinite ? limits.lowerBound : 0)
        self.limits = limits
    }

    /// The snap points `points` (points, in any order).
    ///
    /// - Throws: `HookeError.invalidParameter` naming `points` when the list is empty or a
    ///   point is not finite or lies outside the limits, or `limits` as `init(pageSize:limits:)`.
    public init(points: [Double], limits: ClosedRange<Double> = -Double.infinity...Double.infinity) throws(HookeError) {
        try ScrollFling.validate(limits)
        guard !points.isEmpty else {
            throw .invalidParameter("points", value: 0, requirement: "at least one snap point (got none)")
        }
        for point in points {
            guard point.isFinite, limits.contains(point) else {
                throw .invalidParameter(
                    "points", value: point,
                    requirement: "finite and inside the limits \(limits.lowerBound)...\(limits.upperBound)")
            }
        }
        layout = .points(points.sorted())
        self.limits = limits
    }

    /// The page size (points), or nil for a list of snap points.
    public var pageSize: Double? {
        if case let .pages(size, _) = layout { return size }
        return nil
    }

    /// The snap point nearest to `position` (points). Pages: o + round((x − o)/s)·s, a tie
    /// rounded away from the origin, then clamped to the limits. Snap points: the nearest, a
    /// tie going to the lower one.
    public func nearest(to position: Double) -> Double {
        switch layout {
        case let .pages(size, origin):
            let page = ((position - origin) / size).rounded(.toNearestOrAwayFromZero)
            return min(max(origin + page * size, limits.lowerBound), limits.upperBound)
        case let .points(points):
            var best = points[0]
            for point in points.dropFirst() where abs(point - position) < abs(best - position) {
                best = point
            }
            return best
        }
    }
}
