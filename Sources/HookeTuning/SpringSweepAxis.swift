import Foundation

/// The values one axis of a `SpringSweepGrid` takes: a list, or the arithmetic range
/// A, A + STEP, … up to B inclusive (`hooke sweep`'s `V1,V2,…` and `A:B:STEP`).
///
/// A range is stored as its three numbers and a count, and value i is computed from the
/// index, A + i·STEP, not by accumulating STEP (which would drift by an ulp a value): so
/// the size of a grid is known, and refused, before any value is made, and value i does
/// not depend on the values before it.
public struct SpringSweepAxis: Sendable {
    private let storage: Storage

    private enum Storage: Sendable {
        case list([Double])
        case range(start: Double, step: Double, end: Double, count: Int)
    }

    /// The most values a range may take.
    public static let maximumCount = 10_000_000

    /// The values of `values`, in order (any number of them, any values: the grid's
    /// initialiser checks them against their parameter's domain).
    public init(values: [Double]) {
        storage = .list(values)
    }

    /// start, start + step, … up to end inclusive, B counted as reached within a
    /// millionth of a step (0:0.3:0.1 has 4 values although 0.3/0.1 rounds to 2.9999999999999996).
    ///
    /// The count is ⌊(end − start)/step + 10⁻⁶⌋ + 1, decided before any value is made.
    ///
    /// - Throws: `SpringSweepAxisError`: a bound that is not finite, a step that is not
    ///   > 0, an end below the start, or more than `maximumCount` values.
    public init(from start: Double, through end: Double, by step: Double) throws(SpringSweepAxisError) {
        for (name, value) in [("start", start), ("end", end), ("step", step)] where !value.isFinite {
            throw .nonFiniteBound(name, value: value)
        }
        guard step > 0 else { throw .stepNotPositive(step) }
        guard end >= start else { throw .emptyRange(start: start, end: end) }
        let span = (end - start) / step
        guard span < Double(Self.maximumCount) else { throw .tooManyValues(maximum: Self.maximumCount) }
        storage = .range(start: start, step: step, end: end, count: Int((span + 1e-6).rounded(.down)) + 1)
    }

    /// The number of values.
    public var count: Int {
        switch storage {
        case let .list(values): return values.count
        case let .range(_, _, _, count): return count
        }
    }

    /// Value `index` (0 ≤ index < count).
    ///
    /// A range's values are rounded to 15 significant digits, so that 0.1 + 2·0.1 is the
    /// 0.3 the user meant, not 0.30000000000000004 (a change of at most an ulp or two);
    /// the last value is the end itself when it is within a millionth of a step of it.
    public subscript(index: Int) -> Double {
        switch storage {
        case let .list(values):
            return values[index]
        case let .range(start, step, end, count):
            let raw = start + Double(index) * step
            let value = Double(String(format: "%.15g", raw)) ?? raw
            return index == count - 1 && abs(value - end) <= 1e-6 * step ? end : value
        }
    }

    /// The smallest and the largest value (a range's two ends, in O(1)). The axis must
    /// not be empty.
    public var bounds: (Double, Double) {
        switch storage {
        case let .list(values): return (values.min()!, values.max()!)
        case .range: return (self[0], self[count - 1])
        }
    }

    /// Every value, in order.
    public var values: [Double] { (0..<count).map { self[$0] } }

    /// The first value outside `domain`, or nil when every value lies in it. A range's
    /// values lie between its two ends and every domain is an interval, so a range is
    /// checked at its ends (the first failing one is returned) in O(1).
    public func firstValue(outside domain: Domain) -> Double? {
        switch storage {
        case let .list(values): return values.first { !domain.contains($0) }
        case .range: return [self[0], self[count - 1]].first { !domain.contains($0) }
        }
    }

    /// The values a swept parameter may take: finite numbers in an interval.
    public enum Domain: Sendable, Hashable, CustomStringConvertible {
        /// [0, ∞): a damping ratio, a damping coefficient.
        case nonNegative
        /// (0, ∞): a response, a stiffness, a duration, a mass.
        case positive
        /// (−1, 1]: a SwiftUI bounce (−1 would be infinite damping).
        case bounce
        /// Any finite number: an initial velocity.
        case finite
        /// (0, 1]: a damping ratio of the settling-duration mapping (UIKit's).
        case unitInterval
        /// [0, 20]: Pop's bounciness and speed.
        case popRange
        /// (−1 − base, 1 − base]: the extra bounce of a SwiftUI preset with base bounce
        /// `base`, so that the total bounce lies in (−1, 1].
        case extraBounce(base: Double)

        /// Whether `value` is finite and in the interval.
        public func contains(_ value: Double) -> Bool {
            guard value.isFinite else { return false }
            switch self {
            case .nonNegative: return value >= 0
            case .positive: return value > 0
            case .bounce: return value > -1 && value <= 1
            case .finite: return true
            case .unitInterval: return value > 0 && value <= 1
            case .popRange: return value >= 0 && value <= 20
            case let .extraBounce(base): return base + value > -1 && base + value <= 1
            }
        }

        /// Whether values beyond `value` in the direction `upward` (above it) or downward
        /// (below it) lie in the domain: whether a grid that ends at `value` could be
        /// extended that way.
        public func extends(beyond value: Double, upward: Bool) -> Bool {
            switch self {
            case .nonNegative: return upward || value > 0
            case .positive, .finite: return true
            case .bounce: return !upward || value < 1
            case .unitInterval: return !upward || value < 1
            case .popRange: return upward ? value < 20 : value > 0
            case let .extraBounce(base): return !upward || base + value < 1
            }
        }

        /// The interval as `hooke sweep` names it: ">= 0", "> 0", "in (-1, 1]", "finite".
        public var description: String {
            switch self {
            case .nonNegative: return ">= 0"
            case .positive: return "> 0"
            case .bounce: return "in (-1, 1]"
            case .finite: return "finite"
            case .unitInterval: return "in (0, 1]"
            case .popRange: return "in [0, 20]"
            case let .extraBounce(base): return "in (\(-1 - base), \(1 - base)] (base bounce \(base))"
            }
        }
    }
}

/// Why `SpringSweepAxis.init(from:through:by:)` refused a range.
public enum SpringSweepAxisError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The bound `bound` ("start", "end" or "step") is `value`, not a finite number.
    case nonFiniteBound(_ bound: String, value: Double)
    /// The step is `step`, not > 0.
    case stepNotPositive(Double)
    /// The end is below the start: the range would be empty.
    case emptyRange(start: Double, end: Double)
    /// The range would take more than `maximum` values.
    case tooManyValues(maximum: Int)

    public var description: String {
        switch self {
        case let .nonFiniteBound(bound, value): return "the \(bound) must be finite, got \(value)"
        case let .stepNotPositive(step): return "the step must be > 0, got \(step)"
        case let .emptyRange(start, end): return "the end (\(end)) is below the start (\(start)), the range is empty"
        case let .tooManyValues(maximum): return "more than \(maximum) values"
        }
    }
}
