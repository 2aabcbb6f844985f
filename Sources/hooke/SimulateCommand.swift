import Foundation
import Hooke

/// `hooke simulate`: runs a scenario file on the World and writes the recorded
/// trajectory as CSV or JSON.
enum SimulateCommand {
    static let usage = """
        usage: hooke simulate SCENARIO.json [--out FILE.csv|FILE.json] [--duration S]

        Runs the scenario (Docs/scenarios.md) on Hooke's World with fixed steps and
        writes one row per recorded body per recorded step, starting with the initial
        state as step 0, ordered by step and then by the bodies' order in the file:

          step,time,id,x,y,angle,vx,vy,omega

        Units: points, seconds, radians (clockwise on screen), pt/s, rad/s. Numbers are
        printed in their shortest form that reads back to the same double.

        Options:
          --out FILE      write to FILE instead of standard output; its extension
                          chooses the format: .csv, or .json (an array of objects with
                          the same field names). The file is replaced atomically and
                          left untouched when anything fails.
          --duration S    simulated seconds (> 0), overriding the file's "duration"

        A bad scenario prints its JSON path and what is wrong (for example
        behaviors[2].damping: expected a number in 0...1, got 1.5) and exits with
        status 2.
        """

    /// Output formats, chosen by the extension of `--out`.
    enum Format: String {
        case csv, json
    }

    static func run(_ arguments: [String]) throws(CommandLineError) -> String {
        var arguments = try ArgumentList(arguments, flagNames: ["--help"])
        if arguments.flag("--help") { return usage }
        let out = arguments.string("--out")
        let duration = try arguments.number("--duration")
        try arguments.finish(allowedPositionals: 1)
        guard let input = arguments.positionals.first else {
            throw CommandLineError("missing scenario file (see hooke simulate --help)")
        }
        if let duration, duration <= 0 {
            throw CommandLineError("--duration: expected a number of seconds > 0, got \(JSONValue.format(duration))")
        }
        var format = Format.csv
        if let out {
            guard let f = Format(rawValue: URL(fileURLWithPath: out).pathExtension.lowercased()) else {
                throw CommandLineError("--out: '\(out)' must end in .csv or .json")
            }
            format = f
        }

        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: input))
        } catch {
            throw CommandLineError("\(input): cannot read the file (\(error.localizedDescription))")
        }
        var samples: [ScenarioSample] = []
        do {
            let scenario = try Scenario.parse(data)
            samples = try scenario.run(duration: duration)
        } catch {
            throw CommandLineError("\(input): \(error)")
        }

        let text = format == .csv ? csv(samples) : json(samples)
        guard let out else { return text }
        try writeAtomically(text + "\n", to: out)
        let steps = Set(samples.map(\.step)).count
        return "wrote \(samples.count) rows (\(steps) recorded steps) to \(out)"
    }

    /// CSV with a header line; no trailing newline.
    static func csv(_ samples: [ScenarioSample]) -> String {
        var lines = [ScenarioSample.columns.joined(separator: ",")]
        lines.reserveCapacity(samples.count + 1)
        for s in samples {
            lines.append([
                String(s.step), JSONValue.format(s.time), csvField(s.id),
                JSONValue.format(s.center.x), JSONValue.format(s.center.y), JSONValue.format(s.angle),
                JSONValue.format(s.velocity.x), JSONValue.format(s.velocity.y), JSONValue.format(s.angularVelocity),
            ].joined(separator: ","))
        }
        return lines.joined(separator: "\n")
    }

    /// An array of objects, one per line; no trailing newline.
    static func json(_ samples: [ScenarioSample]) -> String {
        let rows = samples.map { s in
            JSONValue.object([
                ("step", .number(Double(s.step))), ("time", .number(s.time)), ("id", .string(s.id)),
                ("x", .number(s.center.x)), ("y", .number(s.center.y)), ("angle", .number(s.angle)),
                ("vx", .number(s.velocity.x)), ("vy", .number(s.velocity.y)),
                ("omega", .number(s.angularVelocity)),
            ]).text
        }
        return rows.isEmpty ? "[]" : "[\n" + rows.joined(separator: ",\n") + "\n]"
    }

    /// RFC 4180 quoting, only when the field needs it.
    static func csvField(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// Writes `text` to a temporary file in the destination's directory and renames it
    /// over the destination, so that a reader sees the old file or the whole new one;
    /// on failure the temporary file is removed and nothing else changes.
    static func writeAtomically(_ text: String, to path: String) throws(CommandLineError) {
        let destination = URL(fileURLWithPath: path)
        let directory = destination.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(
            ".\(destination.lastPathComponent).\(ProcessInfo.processInfo.processIdentifier).tmp")
        do {
            try Data(text.utf8).write(to: temporary)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw CommandLineError("--out: cannot write '\(path)' (\(error.localizedDescription))")
        }
        guard rename(temporary.path, destination.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw CommandLineError("--out: cannot write '\(path)' (\(reason))")
        }
    }
}
