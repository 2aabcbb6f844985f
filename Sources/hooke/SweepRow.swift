import Foundation
import Hooke
import HookeIO

/// One grid point with its parameters in every parameterisation and its metrics: a CSV
/// row, a JSON object in `points`, a table line.
struct SweepRow {
    var index: Int
    var dampingRatio: Double
    var response: Double
    var stiffness: Double
    var damping: Double
    var mass: Double
    var duration: Double
    var bounce: Double
    var uikitDuration: Double
    var initialVelocity: Double
    var metrics: SpringSweepMetrics

    init(point: SpringSweepGrid.Point, parameterization: SpringSweepGrid.Parameterization, metrics: SpringSweepMetrics) {
        let spring = point.spring
        index = point.index
        dampingRatio = spring.dampingRatio
        response = spring.response
        stiffness = spring.stiffness
        damping = spring.damping
        mass = point.mass
        duration = spring.duration
        bounce = spring.bounce
        uikitDuration = spring.uikitDuration()
        initialVelocity = point.initialVelocity
        self.metrics = metrics
        // The swept pair as typed, not recomputed through k, c and m.
        switch parameterization {
        case .dampingRatioResponse: (dampingRatio, response) = (point.first, point.second)
        case .stiffnessDamping: (stiffness, damping) = (point.first, point.second)
        case .durationBounce: (duration, bounce) = (point.first, point.second)
        }
    }

    /// A column: its name and how to read and write it. Non-finite numbers are written
    /// as JSON null and as an empty CSV field, and read back as NaN — except the
    /// settling duration, whose only non-finite value is +∞ (not settled in time).
    /// A count (`isCount`) is read only as a whole number in 0...2⁵³, where `Int(_:)`
    /// is exact and cannot trap.
    private struct Field {
        let name: String
        let get: (SweepRow) -> JSONValue
        let set: (inout SweepRow, Double) -> Void
        var isCount = false
    }

    private static func number(_ name: String, _ path: WritableKeyPath<SweepRow, Double>) -> Field {
        Field(name: name, get: { .finite($0[keyPath: path]) }, set: { $0[keyPath: path] = $1 })
    }

    private static func count(_ name: String, _ path: WritableKeyPath<SweepRow, Int>) -> Field {
        Field(name: name, get: { .number(Double($0[keyPath: path])) }, set: { $0[keyPath: path] = Int($1) },
              isCount: true)
    }

    /// The largest count a point may carry: 2⁵³, the last integer every Double holds.
    static let maximumCount = 9_007_199_254_740_992.0

    // Immutable after initialisation; the closures capture only key paths.
    nonisolated(unsafe) private static let fields: [Field] = [
        count("index", \.index),
        number("dampingRatio", \.dampingRatio),
        number("response", \.response),
        number("stiffness", \.stiffness),
        number("damping", \.damping),
        number("mass", \.mass),
        number("duration", \.duration),
        number("bounce", \.bounce),
        number("uikitDuration", \.uikitDuration),
        number("initialVelocity", \.initialVelocity),
        Field(name: "settlingDuration", get: { .finite($0.metrics.settlingDuration) },
              set: { $0.metrics.settlingDuration = $1.isNaN ? .infinity : $1 }),
        number("exactSettlingDuration", \.metrics.exactSettlingDuration),
        number("overshoot", \.metrics.overshoot),
        number("peakTime", \.metrics.peakTime),
        number("riseTime", \.metrics.riseTime),
        count("oscillations", \.metrics.oscillations),
        number("peakVelocity", \.metrics.peakVelocity),
        number("peakAcceleration", \.metrics.peakAcceleration),
        number("maxError", \.metrics.maxError),
        Field(name: "stable", get: { .bool($0.metrics.isStable) }, set: { $0.metrics.isStable = $1 != 0 }),
    ]

    static var csvHeader: String { fields.map(\.name).joined(separator: ",") }

    var csvLine: String {
        Self.fields.map { field in
            switch field.get(self) {
            case let .number(value): return JSONValue.format(value)
            case let .bool(value): return value ? "true" : "false"
            default: return ""
            }
        }.joined(separator: ",")
    }

    var json: JSONValue { .object(Self.fields.map { ($0.name, $0.get(self)) }) }

    /// Reads a point written by `json`.
    init(json: JSONValue, source: String) throws(CommandLineError) {
        self.init(empty: ())
        guard case .object = json else { throw CommandLineError("\(source): a point is not an object") }
        for field in Self.fields {
            switch json[field.name] {
            case let .number(value)? where field.isCount:
                guard value >= 0, value <= Self.maximumCount, value.rounded(.towardZero) == value else {
                    throw CommandLineError(
                        "\(source): a point's \(field.name) \(JSONValue.format(value)) is not a whole number in 0...2^53")
                }
                field.set(&self, value)
            case .null? where field.isCount, .bool? where field.isCount:
                throw CommandLineError("\(source): a point's \(field.name) is not a whole number in 0...2^53")
            case let .number(value)?: field.set(&self, value)
            case let .bool(value)?: field.set(&self, value ? 1 : 0)
            case .null?: field.set(&self, .nan)
            default: throw CommandLineError("\(source): a point has no \(field.name)")
            }
        }
    }

    private init(empty: Void) {
        index = 0
        (dampingRatio, response, stiffness, damping, mass) = (0, 0, 0, 0, 0)
        (duration, bounce, uikitDuration, initialVelocity) = (0, 0, 0, 0)
        metrics = SpringSweepMetrics(
            settlingDuration: 0, overshoot: 0, peakTime: 0, riseTime: 0, oscillations: 0,
            peakVelocity: 0, peakAcceleration: 0, maxError: 0, isStable: true, exactSettlingDuration: 0)
    }

    /// The spring of this row (from its physical coefficients).
    var spring: Spring? { try? Spring(mass: mass, stiffness: stiffness, damping: damping) }
}
