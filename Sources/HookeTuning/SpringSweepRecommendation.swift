/// What a sweep's recommendation minimises.
public enum SpringSweepObjective: String, CaseIterable, Sendable {
    /// The settling duration (s).
    case settle
    /// The overshoot (fraction of the move).
    case overshoot
    /// The 10–90 % rise time (s).
    case rise
    /// The peak speed, largest |v| over the samples (points per second).
    case peakVelocity = "peak-velocity"
    /// The peak acceleration, largest |a| over the samples (points per second squared).
    case peakAcceleration = "peak-acceleration"

    /// The objective's value for `metrics` (NaN for a rise time that does not exist).
    @inlinable
    public func value(of metrics: SpringSweepMetrics) -> Double {
        switch self {
        case .settle: return metrics.settlingDuration
        case .overshoot: return metrics.overshoot
        case .rise: return metrics.riseTime
        case .peakVelocity: return metrics.peakVelocity
        case .peakAcceleration: return metrics.peakAcceleration
        }
    }
}

/// One condition a sweep point must meet to be recommended.
public enum SpringSweepRequirement: Sendable, Hashable {
    /// The integrator is stable for the point at the sweep's timestep.
    case stable
    /// The motion settles within the sweep's duration limit.
    case settles
    /// A 10–90 % rise time exists within the duration limit (required by `.rise`).
    case rises
    /// Overshoot ≤ the limit (a fraction of the move).
    case maxOvershoot(Double)
    /// Settling duration ≤ the limit (s).
    case maxSettle(Double)
    /// At least this many oscillations (turning points outside the band).
    case minOscillations(Int)
    /// At most this many oscillations.
    case maxOscillations(Int)
    /// Peak speed ≤ the limit (points per second).
    case maxPeakVelocity(Double)
    /// Peak acceleration ≤ the limit (points per second squared).
    case maxPeakAcceleration(Double)

    /// Whether a point with `metrics` meets the requirement.
    @inlinable
    public func admits(_ metrics: SpringSweepMetrics) -> Bool {
        switch self {
        case .stable: return metrics.isStable
        case .settles: return metrics.settlingDuration.isFinite
        case .rises: return metrics.riseTime.isFinite
        case let .maxOvershoot(limit): return metrics.overshoot <= limit
        case let .maxSettle(limit): return metrics.settlingDuration <= limit
        case let .minOscillations(limit): return metrics.oscillations >= limit
        case let .maxOscillations(limit): return metrics.oscillations <= limit
        case let .maxPeakVelocity(limit): return metrics.peakVelocity <= limit
        case let .maxPeakAcceleration(limit): return metrics.peakAcceleration <= limit
        }
    }
}

/// What the recommendation must satisfy and what it minimises.
public struct SpringSweepConstraints: Sendable, Equatable {
    /// Largest overshoot, a fraction of the move (0.05 = 5 %); nil: any.
    public var maxOvershoot: Double?
    /// Latest settling, seconds; nil: any within the duration limit.
    public var maxSettle: Double?
    /// Fewest oscillations; nil: any.
    public var minOscillations: Int?
    /// Most oscillations; nil: any.
    public var maxOscillations: Int?
    /// Largest peak speed, points per second; nil: any.
    public var maxPeakVelocity: Double?
    /// Largest peak acceleration, points per second squared; nil: any.
    public var maxPeakAcceleration: Double?
    public var objective: SpringSweepObjective

    public init(
        maxOvershoot: Double? = nil, maxSettle: Double? = nil, minOscillations: Int? = nil,
        maxOscillations: Int? = nil, maxPeakVelocity: Double? = nil, maxPeakAcceleration: Double? = nil,
        objective: SpringSweepObjective = .settle
    ) {
        self.maxPeakVelocity = maxPeakVelocity
        self.maxPeakAcceleration = maxPeakAcceleration
        self.maxOvershoot = maxOvershoot
        self.maxSettle = maxSettle
        self.minOscillations = minOscillations
        self.maxOscillations = maxOscillations
        self.objective = objective
    }

    /// Every requirement a candidate meets, in the order they are applied: stability,
    /// settling, a rise time when the objective is `.rise`, then the limits given.
    public var requirements: [SpringSweepRequirement] {
        var list: [SpringSweepRequirement] = [.stable, .settles]
        if objective == .rise { list.append(.rises) }
        if let maxOvershoot { list.append(.maxOvershoot(maxOvershoot)) }
        if let maxSettle { list.append(.maxSettle(maxSettle)) }
        if let minOscillations { list.append(.minOscillations(minOscillations)) }
        if let maxOscillations { list.append(.maxOscillations(maxOscillations)) }
        if let maxPeakVelocity { list.append(.maxPeakVelocity(maxPeakVelocity)) }
        if let maxPeakAcceleration { list.append(.maxPeakAcceleration(maxPeakAcceleration)) }
        return list
    }

    /// Whether a point with `metrics` is a candidate: it meets every requirement.
    public func admits(_ metrics: SpringSweepMetrics) -> Bool {
        requirements.allSatisfy { $0.admits(metrics) }
    }
}

/// The best sweep point that meets the constraints, or why there is none.
///
/// ## Rule
///
/// A point is a candidate when it meets every one of `SpringSweepConstraints.requirements`:
/// the integrator is stable for it, it settles within the duration limit, its objective
/// is defined (a rise time exists for `.rise`), and it meets every limit given. The
/// recommendation is the candidate with the smallest objective (settling duration,
/// overshoot, rise time, peak velocity or peak acceleration); ties go to the smaller settling duration, then to the
/// earlier point — the smaller grid index for points in grid order, as
/// `SpringSweepGrid` numbers them and `SpringSweep.run` returns them — so the choice does
/// not depend on threads or shards.
///
/// When no point is a candidate, `Shortfall` says, for each requirement, how many points
/// it excludes on its own, and which requirement, applied in order, removed the last
/// remaining candidates: what to relax first.
public enum SpringSweepRecommendation: Sendable, Equatable {
    /// The recommended point: its position in the metrics chosen from.
    case found(position: Int)
    /// There were no points to choose from.
    case noPoints
    /// No point meets every requirement.
    case noCandidate(Shortfall)

    /// Why no point meets the constraints.
    public struct Shortfall: Sendable, Equatable {
        /// The number of points chosen from.
        public var pointCount: Int
        /// Each requirement with the number of points it excludes on its own, in the
        /// order the requirements are applied (zero counts included).
        public var exclusions: [Exclusion]
        /// The requirement that, applied in order, left no candidate.
        public var lastRequirement: SpringSweepRequirement
        /// How many candidates it removed: those the requirements before it had left.
        public var lastRemoved: Int

        public init(pointCount: Int, exclusions: [Exclusion], lastRequirement: SpringSweepRequirement, lastRemoved: Int) {
            self.pointCount = pointCount
            self.exclusions = exclusions
            self.lastRequirement = lastRequirement
            self.lastRemoved = lastRemoved
        }
    }

    /// A requirement and how many points it excludes on its own.
    public struct Exclusion: Sendable, Equatable {
        public var requirement: SpringSweepRequirement
        public var count: Int

        public init(requirement: SpringSweepRequirement, count: Int) {
            self.requirement = requirement
            self.count = count
        }
    }

    /// The recommendation among the points measured as `metrics` (see the rule above).
    ///
    /// Inlinable, so that a caller's collection (a lazy view of its rows) is walked in
    /// specialised code.
    ///
    /// - Complexity: O(n·r) for n points and r requirements.
    @inlinable
    public static func choose<Points: Collection>(
        _ metrics: Points, constraints: SpringSweepConstraints
    ) -> SpringSweepRecommendation where Points.Element == SpringSweepMetrics {
        let requirements = constraints.requirements
        let objective = constraints.objective
        var best: (position: Int, key: (Double, Double))? = nil
        for (position, point) in metrics.enumerated() where requirements.allSatisfy({ $0.admits(point) }) {
            // Positions rise, so an equal key keeps the earlier point.
            let key = (objective.value(of: point), point.settlingDuration)
            if let current = best, !(key < current.key) { continue }
            best = (position, key)
        }
        if let best { return .found(position: best.position) }
        if metrics.isEmpty { return .noPoints }

        let exclusions = requirements.map { requirement in
            Exclusion(requirement: requirement, count: metrics.count { !requirement.admits($0) })
        }
        var remaining = Array(metrics)
        var last = requirements[0]
        var lastRemoved = 0
        for requirement in requirements {
            let kept = remaining.filter(requirement.admits)
            if kept.isEmpty {
                last = requirement
                lastRemoved = remaining.count
                break
            }
            remaining = kept
        }
        return .noCandidate(Shortfall(
            pointCount: metrics.count, exclusions: exclusions, lastRequirement: last, lastRemoved: lastRemoved))
    }
}
