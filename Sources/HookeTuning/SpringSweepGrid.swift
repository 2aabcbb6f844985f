import HookeCore

/// The grid of a sweep: one parameterisation's two axes (`SpringSweepGrid.Parameterization`), a mass axis and an
/// initial-velocity axis. Points are numbered in row-major order — the first axis
/// outermost, the initial velocity innermost:
///
///     index = ((i₁·n₂ + i₂)·n_mass + i_mass)·n_velocity + i_velocity
///
/// which is the order of `hooke sweep`'s outputs and the order its shards partition.
///
/// ```swift
/// let grid = try SpringSweepGrid(
///     .dampingRatioResponse,
///     first: try SpringSweepAxis(from: 0.5, through: 1, by: 0.1), second: SpringSweepAxis(values: [0.3, 0.4]))
/// let points = try (0..<grid.count).map { index throws(SpringSweepGridError) in try grid.point(index) }
/// let metrics = try SpringSweep().run(points.map(\.sweepCase))   // 12 points, in grid order
/// ```
public struct SpringSweepGrid: Sendable {
    /// The four axes, in index order (outermost first).
    public enum Axis: Int, CaseIterable, Sendable {
        case first, second, mass, initialVelocity
    }

    public let parameterization: Parameterization
    /// The first parameter of `parameterization` (outermost).
    public let first: SpringSweepAxis
    /// The second parameter of `parameterization`.
    public let second: SpringSweepAxis
    /// Masses, kg.
    public let mass: SpringSweepAxis
    /// Initial velocities, points per second (innermost).
    public let initialVelocity: SpringSweepAxis

    /// The most points one grid may hold (a point's metrics take about 100 bytes, its
    /// row in `hooke sweep` about 800).
    public static let maximumCount = 200_000_000

    /// A grid of every combination of the axes' values.
    ///
    /// Every value is checked against its parameter's domain before any point is made (a
    /// range at its two ends), so that a refusal names the parameter and value rather
    /// than a spring; a point whose values are each in range can still make no spring
    /// (a response so short that k overflows), which `point(_:)` reports.
    ///
    /// - Throws: `SpringSweepGridError.valueOutsideDomain` for the first value outside
    ///   its domain, axes in index order (the initial velocity must be finite), then
    ///   `.tooManyPoints` when the grid holds more than `maximumCount` points.
    public init(
        _ parameterization: Parameterization, first: SpringSweepAxis, second: SpringSweepAxis,
        mass: SpringSweepAxis = SpringSweepAxis(values: [1]),
        initialVelocity: SpringSweepAxis = SpringSweepAxis(values: [0])
    ) throws(SpringSweepGridError) {
        self.init(unchecked: parameterization, first: first, second: second, mass: mass, initialVelocity: initialVelocity)
        if parameterization.hasUnitMass, let other = mass.values.first(where: { $0 != 1 }) {
            throw .massNotSwept(parameterization, value: other)
        }
        let domains = [parameterization.domains.0, parameterization.domains.1, .positive, .finite]
        for (axis, domain) in zip(Axis.allCases, domains) {
            if let bad = axes[axis.rawValue].firstValue(outside: domain) {
                throw .valueOutsideDomain(axis, value: bad, domain: domain)
            }
        }
        // In Double: four axes of up to 10⁷ values each overflow an Int.
        let total = axes.reduce(1.0) { $0 * Double($1.count) }
        guard total <= Double(Self.maximumCount) else { throw .tooManyPoints(total) }
    }

    /// A grid of the axes as given, unchecked: `hooke sweep merge` rebuilds the grids that
    /// the runs it merges checked and wrote. Its points still refuse invalid springs.
    package init(
        unchecked parameterization: Parameterization, first: SpringSweepAxis, second: SpringSweepAxis,
        mass: SpringSweepAxis, initialVelocity: SpringSweepAxis
    ) {
        self.parameterization = parameterization
        self.first = first
        self.second = second
        self.mass = mass
        self.initialVelocity = initialVelocity
    }

    /// The four axes in index order.
    public var axes: [SpringSweepAxis] { [first, second, mass, initialVelocity] }

    /// The number of points, n₁·n₂·n_mass·n_velocity.
    public var count: Int { first.count * second.count * mass.count * initialVelocity.count }

    /// Axis indices (first, second, mass, velocity) of point `index` (0 ≤ index < count).
    public func coordinates(of index: Int) -> [Int] {
        var rest = index
        var result = [0, 0, 0, 0]
        for (axis, values) in axes.enumerated().reversed() {
            result[axis] = rest % values.count
            rest /= values.count
        }
        return result
    }

    /// The point index of axis indices (first, second, mass, velocity).
    public func index(of coordinates: [Int]) -> Int {
        zip(axes, coordinates).reduce(0) { $0 * $1.0.count + $1.1 }
    }

    /// The parameters of one grid point.
    public struct Point: Sendable {
        /// The point's index in the grid.
        public let index: Int
        public let spring: Spring
        /// Points per second.
        public let initialVelocity: Double
        /// The swept values exactly as given (the spring's getters would recompute them
        /// with rounding).
        public let first: Double
        public let second: Double
        /// kg.
        public let mass: Double

        /// What `SpringSweep.run` simulates for this point.
        public var sweepCase: SpringSweepCase { SpringSweepCase(spring: spring, initialVelocity: initialVelocity) }
    }

    /// Point `index` (0 ≤ index < count).
    ///
    /// - Throws: `SpringSweepGridError.invalidSpring` when its values make no spring.
    public func point(_ index: Int) throws(SpringSweepGridError) -> Point {
        let c = coordinates(of: index)
        let (a, b, m) = (first[c[0]], second[c[1]], mass[c[2]])
        do {
            let spring = try parameterization.spring(a, b, mass: m)
            return Point(
                index: index, spring: spring, initialVelocity: initialVelocity[c[3]],
                first: a, second: b, mass: m)
        } catch {
            throw .invalidSpring(index: index, first: a, second: b, mass: m, reason: error)
        }
    }
}

/// Why a `SpringSweepGrid` or one of its points was refused.
public enum SpringSweepGridError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A value of `axis` lies outside `domain`.
    case valueOutsideDomain(SpringSweepGrid.Axis, value: Double, domain: SpringSweepAxis.Domain)
    /// The grid would hold `count` points, more than `SpringSweepGrid.maximumCount`
    /// (a Double: the product of four axes can exceed any Int).
    case tooManyPoints(Double)
    /// `parameterization` builds springs of mass 1 only; the mass axis holds `value`.
    case massNotSwept(SpringSweepGrid.Parameterization, value: Double)
    /// Point `index`'s values (`first`, `second` and `mass`) make no spring, for `reason`.
    case invalidSpring(index: Int, first: Double, second: Double, mass: Double, reason: HookeError)

    public var description: String {
        switch self {
        case let .valueOutsideDomain(axis, value, domain):
            return "\(axis): \(value) must be \(domain)"
        case let .tooManyPoints(count):
            return "the grid has \(count) points, more than \(SpringSweepGrid.maximumCount)"
        case let .massNotSwept(parameterization, value):
            return "mass: \(parameterization.rawValue) springs have mass 1, got \(value)"
        case let .invalidSpring(index, first, second, mass, reason):
            return "point \(index) (\(first), \(second), mass \(mass)): \(reason)"
        }
    }
}
