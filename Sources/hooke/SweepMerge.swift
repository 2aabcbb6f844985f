import Foundation
import HookeIO
import Hooke

/// `hooke sweep merge`: combines the JSON outputs of the shards of one sweep into exactly
/// what a single process would have written, recommending over the whole grid.
///
/// The parts must carry the same grid and settings, the same shard count, every shard
/// index once, and together every grid point once; the rows are then concatenated in
/// shard order (shards are contiguous index ranges) and the recommendation is chosen
/// again over all of them.
enum SweepMerge {
    static func run(_ arguments: [String]) throws(CommandLineError) -> String {
        var arguments = try ArgumentList(arguments, flagNames: ["--help"])
        if arguments.flag("--help") { return SweepCommand.usage }
        let out = try arguments.string("--out")
        let plot = try arguments.string("--plot")
        let format = try SweepReport.Format.parse(try arguments.string("--format"), out: out)
        let paths = arguments.positionals
        try arguments.finish(allowedPositionals: paths.count)
        guard !paths.isEmpty else { throw CommandLineError("merge: give the JSON parts to merge") }
        guard out != nil else { throw CommandLineError("merge: --out FILE is required") }
        try SweepCommand.checkPaths(out: out, plot: plot, inputs: paths)

        var parts: [(shard: SweepShard, grid: SpringSweepGrid, gridText: String, settings: SweepSettings, settingsText: String, rows: [SweepRow])] = []
        for path in paths {
            let json = try SweepMerge.readPart(path)
            guard let gridJSON = json["grid"], let settingsJSON = json["settings"], let shardJSON = json["shard"],
                case let .array(points)? = json["points"]
            else { throw CommandLineError("merge: \(path) is not a hooke sweep JSON output (--format json)") }
            guard case let .number(index)? = shardJSON["index"], case let .number(count)? = shardJSON["count"],
                count >= 1, index >= 0, index < count, count < 0x1p63,
                index == index.rounded(), count == count.rounded()
            else { throw CommandLineError("merge: \(path) has no valid shard index/count") }
            let grid = try SpringSweepGrid(json: gridJSON, source: path)
            var rows: [SweepRow] = []
            rows.reserveCapacity(points.count)
            for point in points {
                rows.append(try SweepRow(json: point, parameterization: grid.parameterization, source: path))
            }
            parts.append((
                SweepShard(index: Int(index), count: Int(count)),
                grid, gridJSON.text,
                try SweepSettings(json: settingsJSON, source: path), settingsJSON.text, rows))
        }

        let first = parts[0]
        for (path, part) in zip(paths, parts) {
            guard part.gridText == first.gridText else { throw CommandLineError("merge: \(path) sweeps a different grid from \(paths[0])") }
            guard part.settingsText == first.settingsText else {
                throw CommandLineError("merge: \(path) has different move, simulation or constraint settings from \(paths[0])")
            }
            guard part.shard.count == first.shard.count else {
                throw CommandLineError("merge: \(path) is one of \(part.shard.count) shards, \(paths[0]) one of \(first.shard.count)")
            }
        }
        let count = first.shard.count
        var byIndex = [Int: Int]()
        for (position, part) in parts.enumerated() {
            if let earlier = byIndex[part.shard.index] {
                throw CommandLineError("merge: shard \(part.shard.index) is given twice (\(paths[earlier]) and \(paths[position]))")
            }
            byIndex[part.shard.index] = position
        }
        let missing = (0..<count).filter { byIndex[$0] == nil }
        guard missing.isEmpty else {
            throw CommandLineError("merge: shard\(missing.count == 1 ? "" : "s") \(missing.map(String.init).joined(separator: ", ")) of \(count) missing")
        }
        let grid = first.grid
        var rows: [SweepRow] = []
        rows.reserveCapacity(grid.count)
        for index in 0..<count {
            let part = parts[byIndex[index]!]
            let expected = part.shard.range(of: grid.count)
            guard part.rows.map(\.index) == Array(expected) else {
                throw CommandLineError("merge: \(paths[byIndex[index]!]) does not hold exactly the points of shard \(index)/\(count)")
            }
            rows += part.rows
        }
        let report = SweepReport(grid: grid, settings: first.settings, shard: .whole, rows: rows)
        return try SweepCommand.deliver(report, format: format, out: out, plot: plot)
    }

    /// One part's JSON, for either kind of sweep's merge.
    static func readPart(_ path: String) throws(CommandLineError) -> JSONValue {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CommandLineError("merge: cannot read \(path)")
        }
        do { return try JSONParser.parse(data) } catch {
            throw CommandLineError("\(path): not valid sweep JSON (\(error))")
        }
    }
}
