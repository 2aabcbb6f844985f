import Foundation
import Hooke
import HookeIO

/// One grid point with its parameters in every parameterisation and its metrics: a CSV
/// row, a JSON object in `points`, a table line. A parameterisation whose parameters
/// have no column of their own (Pop's bounciness and speed…) adds its two, as swept,
/// after `uikitDuration`.
struct SweepRow {
    var parameterization: SpringSweepGrid.Parameterization
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
    /// The two swept values as typed, in the parameterisation's order.
    var sweptFirst: Double
    var sweptSecond: Double
    var metrics: SpringSweepMetrics

    init(point: SpringSweepGrid.Point, parameterization: SpringSweepGrid.Parameterization, metrics: SpringSweepMetrics) {
        let spring = point.spring
        self.parameterization = parameterization
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
        (sweptFirst, sweptSecond) = (point.first, point.second)
        self.metrics = metrics
        // The swept pair as typed where it has a column, not recomputed through k, c and m.
        let (name1, name2) = parameterization.parameterNames
        for (name, value) in [(name1, point.first), (name2, point.second)] {
            if let path = Self.parameterColumns[name] { self[keyPath: path] = value }
        }
    }

    /// The parameter columns every row has, by name.
    nonisolated(unsafe) private static let parameterColumns: [String: WritableKeyPath<SweepRow, Double>] = [
        "dampingRatio": \.dampingRatio, "response": \.response, "stiffness": \.stiffness, "damping": \.damping,
        "duration": \.duration, "bounce": \.bounce, "uikitDuration": \.uikitDuration,
    ]

    /// The columns of a row of `parameterization`: the common ones, with the swept
    /// parameters that have no column of their own after `uikitDuration`.
    private static func fields(for parameterization: SpringSweepGrid.Parameterization) -> [Field] {
        fieldsByParameterization[parameterization]!
    }

    nonisolated(unsafe) private static let fieldsByParameterization = Dictionary(
        uniqueKeysWithValues: SpringSweepGrid.Parameterization.allCases.map { ($0, makeFields(for: $0)) })

    private static func makeFields(for parameterization: SpringSweepGrid.Parameterization) -> [Field] {
        let (name1, name2) = parameterization.parameterNames
        var extra: [Field] = []
        if parameterColumns[name1] == nil { extra.append(number(name1, \.sweptFirst)) }
        if parameterColumns[name2] == nil { extra.append(number(name2, \.sweptSecond)) }
        guard !extra.isEmpty else { return fields }
        var list = fields
        list.insert(contentsOf: extra, at: list.firstIndex { $0.name == "uikitDuration" }! + 1)
        return list
    }

    /// The swept parameters that have no common column (names and values), for the table.
    var extraParameters: [(String, Double)] {
        let (name1, name2) = parameterization.parameterNames
        return [(name1, sweptFirst), (name2, sweptSecond)].filter { Self.parameterColumns[$0.0] == nil }
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

    static func csvHeader(_ parameterization: SpringSweepGrid.Parameterization) -> String {
        fields(for: parameterization).map(\.name).joined(separator: ",")
    }

    var csvLine: String {
        Self.fields(for: parameterization).map { field in
            switch field.get(self) {
            case let .number(value): return JSONValue.format(value)
            case let .bool(value): return value ? "true" : "false"
            default: return ""
            }
        }.joined(separator: ",")
    }

    var json: JSONValue { .object(Self.fields(for: parameterization).map { ($0.name, $0.get(self)) }) }

    /// Reads a point of a grid of `parameterization` written by `json`.
    init(json: JSONValue, parameterization: SpringSweepGrid.Parameterization, source: String) throws(CommandLineError) {
        self.init(empty: parameterization)
        guard case .object = json else { throw CommandLineError("\(source): a point is not an object") }
        for field in Self.fields(for: parameterization) {
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
        // The swept pair from the columns that hold it.
        let (name1, name2) = parameterization.parameterNames
        if let path = Self.parameterColumns[name1] { sweptFirst = self[keyPath: path] }
        if let path = Self.parameterColumns[name2] { sweptSecond = self[keyPath: path] }
    }

    private init(empty parameterization: SpringSweepGrid.Parameterization) {
        self.parameterization = parameterization
        (sweptFirst, sweptSecond) = (0, 0)
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
