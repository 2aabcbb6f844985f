import Foundation
import Hooke
import HookeIO

/// `hooke sweep merge` of the parts of a sharded `hooke sweep --scenario`: checks they
/// belong together (same scenario bytes, axes and settings, every shard once) and
/// writes exactly what one process writes, the recommendation chosen again over all
/// points.
enum BehaviorSweepMerge {
    /// Whether the first part named in `arguments` is a behaviour sweep's JSON.
    static func handles(_ arguments: [String]) -> Bool {
        guard let list = try? ArgumentList(arguments, flagNames: ["--help"]), let first = list.positionals.first,
            let handle = FileHandle(forReadingAtPath: first)
        else { return false }
        defer { try? handle.close() }
        let prefix = "{\"kind\":\"\(BehaviorSweepReport.kind)\""
        let head = (try? handle.read(upToCount: prefix.utf8.count)) ?? Data()
        return head == Data(prefix.utf8)
    }

    static func run(_ arguments: [String]) throws(CommandLineError) -> String {
        var arguments = try ArgumentList(arguments, flagNames: ["--help"])
        if arguments.flag("--help") { return SweepCommand.usage }
        let out = try arguments.string("--out")
        let format = try SweepReport.Format.parse(try arguments.string("--format"), out: out)
        let paths = arguments.positionals
        try arguments.finish(allowedPositionals: paths.count)
        guard out != nil else { throw CommandLineError("merge: --out FILE is required") }
        try SweepCommand.checkPaths(out: out, plot: nil, inputs: paths)

        struct Part {
            let path: String
            let shard: SweepShard
            let header: String
            let grid: BehaviorSweepGrid
            let criteria: BehaviorSweepCriteria
            let corpus: GestureCorpus.Summary?
            let rows: [BehaviorSweepRow]
        }
        var parts: [Part] = []
        for path in paths {
            let json = try SweepMerge.readPart(path)
            guard case .string(BehaviorSweepReport.kind)? = json["kind"], case let .string(scenario)? = json["scenario"],
                case let .string(hash)? = json["scenarioHash"], case let .array(axesJSON)? = json["axes"],
                let settings = json["settings"], let shardJSON = json["shard"], case let .array(points)? = json["points"]
            else { throw CommandLineError("merge: \(path) is not a hooke sweep --scenario JSON output (--format json)") }
            guard case let .number(index)? = shardJSON["index"], case let .number(count)? = shardJSON["count"],
                count >= 1, index >= 0, index < count, count < 0x1p53, index == index.rounded(), count == count.rounded()
            else { throw CommandLineError("merge: \(path) has no valid shard index/count") }
            var axes: [BehaviorSweepGrid.Axis] = []
            for axis in axesJSON {
                guard case let .string(text)? = axis["path"], case let .array(items)? = axis["values"], !items.isEmpty else {
                    throw CommandLineError("merge: \(path): an axis has no path or values")
                }
                var values: [Double] = []
                for item in items {
                    guard case let .number(value) = item else { throw CommandLineError("merge: \(path): an axis value is not a number") }
                    values.append(value)
                }
                axes.append(BehaviorSweepGrid.Axis(path: try ScenarioPath(parsing: text, option: "merge: \(path):"),
                                                   values: SpringSweepAxis(values: values)))
            }
            let grid = try BehaviorSweepGrid(scenarioPath: scenario, scenarioHash: hash, document: .null, axes: axes)
            let criteria = try BehaviorSweepCriteria(json: settings, source: path)
            var rows: [BehaviorSweepRow] = []
            for point in points { rows.append(try BehaviorSweepRow(json: point, grid: grid, criteria: criteria, source: path)) }
            let corpus = try json["gestures"].map { (value) throws(CommandLineError) in
                try GestureCorpus.Summary(json: value, source: path)
            }
            // The corpus by its bytes, not by the directory's name (as the scenario is
            // compared by its hash): parts may have run from different places.
            let corpusKey = corpus.map { JSONValue.array([.string($0.hash), .string($0.interaction)]) } ?? .null
            let header = JSONValue.array([.string(hash), corpusKey, .array(axesJSON), settings]).text
            parts.append(Part(path: path, shard: SweepShard(index: Int(index), count: Int(count)), header: header,
                              grid: grid, criteria: criteria, corpus: corpus, rows: rows))
        }
        let first = parts[0]
        for part in parts {
            guard part.header == first.header else {
                throw CommandLineError(
                    "merge: \(part.path) sweeps a different scenario, gesture corpus, grid or settings from \(first.path)")
            }
            guard part.shard.count == first.shard.count else {
                throw CommandLineError("merge: \(part.path) is one of \(part.shard.count) shards, \(first.path) one of \(first.shard.count)")
            }
        }
        var byIndex: [Int: Part] = [:]
        for part in parts {
            if let earlier = byIndex[part.shard.index] {
                throw CommandLineError("merge: shard \(part.shard.index) is given twice (\(earlier.path) and \(part.path))")
            }
            byIndex[part.shard.index] = part
        }
        let count = first.shard.count
        let missing = (0..<count).filter { byIndex[$0] == nil }
        guard missing.isEmpty else {
            throw CommandLineError("merge: shard\(missing.count == 1 ? "" : "s") \(missing.map(String.init).joined(separator: ", ")) of \(count) missing")
        }
        var rows: [BehaviorSweepRow] = []
        for index in 0..<count {
            let part = byIndex[index]!
            guard part.rows.map(\.index) == Array(part.shard.range(of: first.grid.count)) else {
                throw CommandLineError("merge: \(part.path) does not hold exactly the points of shard \(index)/\(count)")
            }
            rows += part.rows
        }
        let report = BehaviorSweepReport(grid: first.grid, criteria: first.criteria, shard: .whole, corpus: first.corpus,
                                         rows: rows)
        return try BehaviorSweepCommand.deliver(report, format: format, out: out)
    }
}
