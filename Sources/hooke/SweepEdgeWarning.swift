import Foundation
import Hooke
import HookeIO

/// A recommendation that lies on the edge of the grid along an axis with more than one
/// value: the best point may lie beyond it, so the warning names the axis's option and
/// the direction to extend it in. No warning is given where the parameter's domain ends
/// (a damping ratio of 0, a bounce of 1): there is nothing beyond to try.
struct SweepEdgeWarning: Equatable {
    /// The option that gives the axis (`--damping-ratio`, `--mass`…).
    let option: String
    /// The recommended value, the axis's smallest or largest.
    let value: Double
    /// Whether the value is the axis's largest (extend above) or its smallest (below).
    let isMaximum: Bool

    var message: String {
        let edge = isMaximum ? "maximum" : "minimum"
        let direction = isMaximum ? "above" : "below"
        return "the recommendation lies at the \(edge) of \(option) (\(JSONValue.format(value))); extend \(option) \(direction) \(JSONValue.format(value))"
    }

    var json: JSONValue {
        .object([
            ("option", .string(option)),
            ("value", .number(value)),
            ("edge", .string(isMaximum ? "maximum" : "minimum")),
            ("extend", .string(isMaximum ? "above" : "below")),
            ("message", .string(message)),
        ])
    }

    /// The warnings for `row`, recommended from `grid`, in axis order.
    static func warnings(for row: SweepRow, in grid: SpringSweepGrid) -> [SweepEdgeWarning] {
        let kind = grid.parameterization
        let values = [row.sweptFirst, row.sweptSecond, row.mass, row.initialVelocity]
        let domains: [SpringSweepAxis.Domain] = [kind.domains.0, kind.domains.1, .positive, .finite]
        var list: [SweepEdgeWarning] = []
        for axis in SpringSweepGrid.Axis.allCases {
            let values = (grid.axes[axis.rawValue], values[axis.rawValue], domains[axis.rawValue])
            let (axisValues, value, domain) = values
            guard axisValues.count > 1 else { continue }
            let (low, high) = axisValues.bounds
            guard low < high else { continue }
            if value == low, domain.extends(beyond: low, upward: false) {
                list.append(SweepEdgeWarning(option: kind.option(axis), value: value, isMaximum: false))
            } else if value == high, domain.extends(beyond: high, upward: true) {
                list.append(SweepEdgeWarning(option: kind.option(axis), value: value, isMaximum: true))
            }
        }
        return list
    }

    /// The one line `hooke sweep` writes on standard error, or nil without warnings.
    static func line(_ warnings: [SweepEdgeWarning]) -> String? {
        guard !warnings.isEmpty else { return nil }
        return "hooke sweep: warning: " + warnings.map(\.message).joined(separator: "; ")
    }
}
