import HookeIO

/// One point of `hooke sweep --scenario`: its grid index, the swept values (one per
/// `--vary`, in order) and the metrics (one per reported metric; nil where there is
/// none, such as `rest` for a body that never rests).
struct BehaviorSweepRow: Equatable {
    let index: Int
    let values: [Double]
    let metrics: [Double?]

    static func csvHeader(_ grid: BehaviorSweepGrid, _ criteria: BehaviorSweepCriteria) -> String {
        (["index"] + grid.axes.map(\.path.text) + criteria.metrics.map(\.name)).map(SimulateCommand.csvField)
            .joined(separator: ",")
    }

    var csvLine: String {
        ([String(index)] + values.map(JSONValue.format) + metrics.map { $0.map(JSONValue.format) ?? "" })
            .joined(separator: ",")
    }

    func json(_ grid: BehaviorSweepGrid, _ criteria: BehaviorSweepCriteria) -> JSONValue {
        var members: [(String, JSONValue)] = [("index", .number(Double(index)))]
        members += zip(grid.axes, values).map { ($0.path.text, .number($1)) }
        members += zip(criteria.metrics, metrics).map { ($0.name, $1.map(JSONValue.number) ?? .null) }
        return .object(members)
    }

    init(index: Int, values: [Double], metrics: [Double?]) {
        self.index = index
        self.values = values
        self.metrics = metrics
    }

    /// Reads a point written by `json`.
    init(json: JSONValue, grid: BehaviorSweepGrid, criteria: BehaviorSweepCriteria, source: String) throws(CommandLineError) {
        guard case let .number(index)? = json["index"], index >= 0, index == index.rounded(), index < 0x1p53 else {
            throw CommandLineError("\(source): a point has no valid index")
        }
        var values: [Double] = []
        for axis in grid.axes {
            guard case let .number(value)? = json[axis.path.text] else {
                throw CommandLineError("\(source): a point has no \(axis.path.text)")
            }
            values.append(value)
        }
        var metrics: [Double?] = []
        for metric in criteria.metrics {
            switch json[metric.name] {
            case let .number(value)?: metrics.append(value)
            case .null?: metrics.append(nil)
            default: throw CommandLineError("\(source): a point has no \(metric.name)")
            }
        }
        self.init(index: Int(index), values: values, metrics: metrics)
    }
}
