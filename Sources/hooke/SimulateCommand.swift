import Foundation
import Hooke
import HookeIO
import HookeInteractions

/// `hooke simulate`: runs a scenario file on the World and writes the recorded
/// trajectory as CSV or JSON, and with `--events` what happened as JSON lines.
enum SimulateCommand {
    static let usage = """
        usage: hooke simulate SCENARIO.json [--out FILE.csv|FILE.json] [--events FILE]
                              [--duration S]

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
          --events FILE   also write what happened, as JSON lines (one object per
                          line, in order): contacts began and ended, bodies at rest
                          and set moving again, behaviours at rest, pause and resume,
                          each with the step it happened in and its time, e.g.
                          {"step":11,"time":0.0916…,"event":"contactBegan","item":"box",
                           "boundary":"floor","point":[140,599.16]}
                          Contacts name the item and the other body ("with") or the
                          boundary's id ("boundary", null for world.bounds); rest
                          events the "item"; a behaviour at rest its index in
                          "behavior"; "didPause" and "didResume" nothing more.
                          Replaced atomically like --out.
          --duration S    simulated seconds (> 0), overriding the file's "duration"

        A scenario with an "interactions" section (swipe card, long-press lift, pinch
        reveal, flick, jelly edge, each driven by a recorded gesture) adds four columns:

          step,time,id,x,y,angle,vx,vy,omega,scale,alpha,overlay,state

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
        let out = try arguments.string("--out")
        let eventsPath = try arguments.string("--events")
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
        if eventsPath?.isEmpty == true { throw CommandLineError("--events: expected a file name, got an empty one") }
        try OutputFile.requireDistinct(outputs: [("--out", out), ("--events", eventsPath)], inputs: [input])

        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: input))
        } catch {
            throw CommandLineError("\(input): cannot read the file (\(error.localizedDescription))")
        }
        var rows: [InteractionSample] = []
        var eventLines: [String] = []
        var extended = false
        do {
            let file = try InteractionScenario.parse(data)
            extended = !file.interactions.isEmpty
            var simulation = try file.simulation()
            try simulation.run(duration: duration, events: eventsPath == nil ? nil : { eventLines.append($0.jsonLine) }) {
                rows.append($0)
            }
        } catch {
            throw CommandLineError("\(input): \(error)")
        }

        let text = format == .csv ? csv(rows, extended: extended) : json(rows, extended: extended)
        let samples = rows.map(\.sample)
        if let eventsPath {
            try OutputFile.write(eventLines.map { $0 + "\n" }.joined(), to: eventsPath, option: "--events")
        }
        guard let out else { return text }
        try OutputFile.write(text + "\n", to: out, option: "--out")
        let steps = Set(samples.map(\.step)).count
        let events = eventsPath.map { " and \(eventLines.count) events to \($0)" } ?? ""
        return "wrote \(samples.count) rows (\(steps) recorded steps) to \(out)\(events)"
    }

    /// CSV with a header line; no trailing newline. `extended` adds the interaction
    /// columns (`InteractionScenario.columns`).
    static func csv(_ rows: [InteractionSample], extended: Bool) -> String {
        let columns = extended ? InteractionScenario.columns : ScenarioSample.columns
        var lines = [columns.joined(separator: ",")]
        lines.reserveCapacity(rows.count + 1)
        for row in rows {
            let s = row.sample
            var fields = [
                String(s.step), JSONValue.format(s.time), csvField(s.id),
                JSONValue.format(s.center.x), JSONValue.format(s.center.y), JSONValue.format(s.angle),
                JSONValue.format(s.velocity.x), JSONValue.format(s.velocity.y), JSONValue.format(s.angularVelocity),
            ]
            if extended {
                fields += [
                    JSONValue.format(row.scale), JSONValue.format(row.alpha), JSONValue.format(row.overlay),
                    csvField(row.state),
                ]
            }
            lines.append(fields.joined(separator: ","))
        }
        return lines.joined(separator: "\n")
    }

    /// An array of objects, one per line; no trailing newline.
    static func json(_ rows: [InteractionSample], extended: Bool) -> String {
        let objects = rows.map { row in
            let s = row.sample
            var fields: [(String, JSONValue)] = [
                ("step", .number(Double(s.step))), ("time", .number(s.time)), ("id", .string(s.id)),
                ("x", .number(s.center.x)), ("y", .number(s.center.y)), ("angle", .number(s.angle)),
                ("vx", .number(s.velocity.x)), ("vy", .number(s.velocity.y)),
                ("omega", .number(s.angularVelocity)),
            ]
            if extended {
                fields += [
                    ("scale", .number(row.scale)), ("alpha", .number(row.alpha)), ("overlay", .number(row.overlay)),
                    ("state", .string(row.state)),
                ]
            }
            return JSONValue.object(fields).text
        }
        return objects.isEmpty ? "[]" : "[\n" + objects.joined(separator: ",\n") + "\n]"
    }

    /// RFC 4180 quoting, only when the field needs it.
    static func csvField(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
