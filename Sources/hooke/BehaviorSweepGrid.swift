import Foundation
import Hooke
import HookeIO
import HookeInteractions

/// The grid of `hooke sweep --scenario`: a scenario document and the numbers of it that
/// are swept (`--vary PATH=AXIS`), each point the cartesian product's combination, the
/// last axis changing fastest.
///
/// A point's scenario is the document with each swept value substituted at its path,
/// read by the same parser as `hooke simulate` reads a file: so every value is checked
/// exactly as the file's own would be.
struct BehaviorSweepGrid: Sendable {
    struct Axis: @unchecked Sendable {
        let path: ScenarioPath
        let values: SpringSweepAxis
    }

    /// The scenario file as given.
    let scenarioPath: String
    /// FNV-1a of its bytes (16 hex digits): which file the parts of a sharded sweep ran.
    let scenarioHash: String
    let document: JSONValue
    let axes: [Axis]
    /// Points in the grid.
    let count: Int

    /// The most points a grid may have.
    static let maximumCount = 10_000_000

    init(scenarioPath: String, scenarioHash: String, document: JSONValue, axes: [Axis]) throws(CommandLineError) {
        self.scenarioPath = scenarioPath
        self.scenarioHash = scenarioHash
        self.document = document
        self.axes = axes
        var total = 1.0
        for axis in axes { total *= Double(axis.values.count) }
        guard total <= Double(Self.maximumCount) else {
            throw CommandLineError(
                "the grid has \(JSONValue.format(total)) points, more than \(Self.maximumCount); use fewer values")
        }
        count = Int(total)
    }

    /// Reads the scenario file and the `--vary PATH=AXIS` options; refuses a path that is
    /// not a number of the document.
    static func parse(scenario input: String, vary: [String]) throws(CommandLineError) -> BehaviorSweepGrid {
        guard !vary.isEmpty else {
            throw CommandLineError("--scenario needs at least one --vary PATH=AXIS (see hooke sweep --help)")
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: input))
        } catch {
            throw CommandLineError("--scenario: \(input): cannot read the file (\(error.localizedDescription))")
        }
        // The file must be a valid scenario as it stands.
        let base = try SimulateCommand.readScenario(input)
        let document: JSONValue
        do { document = try JSONParser.parse(data) } catch { throw CommandLineError("\(input): \(error)") }
        var axes: [Axis] = []
        for text in vary {
            guard let equals = text.firstIndex(of: "=") else {
                throw CommandLineError("--vary: expected PATH=AXIS (behaviors[2].damping=0.1:1:0.05), got '\(text)'")
            }
            let path = try ScenarioPath(parsing: String(text[..<equals]), option: "--vary")
            if axes.contains(where: { $0.path == path }) {
                throw CommandLineError("--vary \(path.text): given twice")
            }
            _ = try path.number(in: document, option: "--vary")
            let values = try SpringSweepGrid.axis(parsing: String(text[text.index(after: equals)...]),
                                                  option: "--vary \(path.text)")
            axes.append(Axis(path: path, values: values))
        }
        return try BehaviorSweepGrid(
            scenarioPath: input, scenarioHash: BitHash.hex(base.sourceHash), document: document, axes: axes)
    }

    /// The swept values of point `index`, one per axis.
    func values(_ index: Int) -> [Double] {
        var rest = index
        var values = Array(repeating: 0.0, count: axes.count)
        for position in axes.indices.reversed() {
            let count = axes[position].values.count
            values[position] = axes[position].values[rest % count]
            rest /= count
        }
        return values
    }

    /// `path=value, …` of point `index`, for messages.
    func describe(_ values: [Double]) -> String {
        zip(axes, values).map { "\($0.path.text)=\(JSONValue.format($1))" }.joined(separator: ", ")
    }

    /// The document with `values` substituted.
    func document(_ values: [Double]) -> JSONValue {
        var result = document
        for (axis, value) in zip(axes, values) { result = axis.path.replacing(in: result, with: value) }
        return result
    }

    /// The scenario of `values`, read as `hooke simulate` reads a file.
    ///
    /// - Throws: the parser's one-line error after `context`.
    func scenario(_ values: [Double], context: String) throws(CommandLineError) -> InteractionScenario {
        do {
            return try InteractionScenario.parse(Data(document(values).text.utf8))
        } catch {
            throw CommandLineError("\(context): \(error)")
        }
    }

    /// Checks every value of every axis, with the other axes at their first values,
    /// before anything runs: the first refused value stops the sweep with the parser's
    /// error after `--vary PATH=VALUE`.
    func validateAxes() throws(CommandLineError) {
        guard count > 0 else { return }
        let first = values(0)
        for (position, axis) in axes.enumerated() {
            for i in 0..<axis.values.count {
                var point = first
                point[position] = axis.values[i]
                let file = try scenario(point, context: "--vary \(axis.path.text)=\(JSONValue.format(axis.values[i]))")
                try SimulateCommand.requireBoundedWork(file, duration: nil, unlimited: false)
            }
        }
    }

    /// Checks every point in `range` as `validateAxes()` checks the axes' values (a
    /// combination of values may be refused where each alone is not).
    func validatePoints(_ range: Range<Int>) throws(CommandLineError) {
        for index in range {
            let point = values(index)
            let file = try scenario(point, context: "grid point \(index) (\(describe(point)))")
            try SimulateCommand.requireBoundedWork(file, duration: nil, unlimited: false)
        }
    }

    /// The grid as JSON: the axes' paths and values (parts of a sharded sweep compare it).
    var json: JSONValue {
        .array(axes.map { axis in
            .object([
                ("path", .string(axis.path.text)),
                ("values", .array((0..<axis.values.count).map { .number(axis.values[$0]) })),
            ])
        })
    }
}
