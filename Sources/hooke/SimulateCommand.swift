import Foundation
import Hooke
import HookeIO
import HookeInteractions

/// `hooke simulate`: runs a scenario file on the World and writes the recorded
/// trajectory as CSV or JSON, and with `--events` what happened as JSON lines.
enum SimulateCommand {
    static let usage = """
        usage: hooke simulate SCENARIO.json [--out FILE.csv|FILE.json] [--events FILE]
                              [--hashes FILE] [--queries FILE] [--duration S]
                              [--snapshot-at S --snapshot FILE] [--resume FILE]

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
                          events the "item"; a behaviour at rest, and an attachment
                          that broke ("jointBroke", with its reaction "force" in N),
                          its index in "behavior"; "didPause" and "didResume" nothing
                          more.
                          Replaced atomically like --out.
          --hashes FILE   also write the world's state hash after every step (step 0
                          first), one line "step,hash" with 16 hex digits: FNV-1a over
                          the exact bits of the state a step carries on (World.stateHash,
                          Docs/scenarios.md); two runs agree bit for bit where their
                          hashes do. Replaced atomically like --out.
          --queries FILE  also write the answers of the scenario's "queries" (bodies
                          at a point, along a ray, in a moving shape's way, overlapping
                          a shape, in a rectangle; Docs/scenarios.md) as JSON lines, at
                          the step each is due, e.g.
                          {"query":0,"step":60,"time":0.5,"kind":"ray","hits":[{"item":
                           "box","point":[150,280],"normal":[0,-1],"fraction":0.4}]}
                          Replaced atomically like --out.
          --snapshot-at S --snapshot FILE
                          also save the run's complete state (world, interaction
                          bodies, gestures' progress) at the first step at or after
                          S seconds, after that step's rows: binary, or JSON when
                          FILE ends in .json (Docs/snapshots.md). Replaced atomically
                          like --out, at the end of the run.
          --resume FILE   start from a snapshot of a run of this same file instead of
                          from its beginning: rows from the snapshot's step on, events
                          of the steps after it, hashes and query answers from it on,
                          each byte for byte what the uninterrupted run writes there.
                          A snapshot of another file, damaged, or over 256 MiB is
                          refused.
          --duration S    simulated seconds (> 0), overriding the file's "duration"
          --no-work-limit run even when steps × substeps × bodies exceed 10^10
                          (refused by default: the 100-row pyramid would run 35 min)

        Rows are written as they are produced, so memory stays flat for any duration;
        to standard output they appear as the run goes, to a file at the end.

        A scenario with an "interactions" section (swipe card, long-press lift, pinch
        reveal, flick, jelly edge, each driven by a recorded gesture) adds six columns:

          step,time,id,x,y,angle,vx,vy,omega,scale,alpha,overlay,overlayMode,exitSide,state

        A bad scenario prints its JSON path and what is wrong (for example
        behaviors[2].damping: expected a number in 0...1, got 1.5) and exits with
        status 2.
        """

    /// Output formats, chosen by the extension of `--out`.
    enum Format: String {
        case csv, json
    }

    /// The most work a run may take without `--no-work-limit`: steps × substeps ×
    /// bodies, 10¹⁰. The 100-row soft-step pyramid runs 4.8·10⁶ body-substeps per second
    /// (`hooke-bench --scenario pyramid --engines hooke-soft-step-4`, release build, one
    /// core of an Intel Xeon): 10¹⁰ of them take 35 minutes.
    static let workLimit = 1e10

    static func run(_ arguments: [String]) throws(CommandLineError) -> String {
        var arguments = try ArgumentList(arguments, flagNames: ["--help", "--no-work-limit"])
        if arguments.flag("--help") { return usage }
        let out = try arguments.string("--out")
        let eventsPath = try arguments.string("--events")
        let hashesPath = try arguments.string("--hashes")
        let queriesPath = try arguments.string("--queries")
        let snapshotAt = try arguments.number("--snapshot-at")
        let snapshotPath = try arguments.string("--snapshot")
        let resumePath = try arguments.string("--resume")
        let options = try ScenarioRunOptions(&arguments, command: "simulate")
        let (input, duration, unlimited) = (options.input, options.duration, options.unlimited)
        var format = Format.csv
        if let out {
            guard let f = Format(rawValue: URL(fileURLWithPath: out).pathExtension.lowercased()) else {
                throw CommandLineError("--out: '\(out)' must end in .csv or .json")
            }
            format = f
        }
        if eventsPath?.isEmpty == true { throw CommandLineError("--events: expected a file name, got an empty one") }
        if hashesPath?.isEmpty == true { throw CommandLineError("--hashes: expected a file name, got an empty one") }
        if queriesPath?.isEmpty == true { throw CommandLineError("--queries: expected a file name, got an empty one") }
        if snapshotPath?.isEmpty == true { throw CommandLineError("--snapshot: expected a file name, got an empty one") }
        if resumePath?.isEmpty == true { throw CommandLineError("--resume: expected a file name, got an empty one") }
        if (snapshotAt == nil) != (snapshotPath == nil) {
            throw CommandLineError(snapshotAt == nil ? "--snapshot: needs --snapshot-at S, the time to take it at"
                                                     : "--snapshot-at: needs --snapshot FILE, where to write it")
        }
        if let snapshotAt, !(snapshotAt >= 0) {
            throw CommandLineError("--snapshot-at: expected a number of seconds ≥ 0, got \(JSONValue.format(snapshotAt))")
        }
        try OutputFile.requireDistinct(
            outputs: [("--out", out), ("--events", eventsPath), ("--hashes", hashesPath), ("--queries", queriesPath),
                      ("--snapshot", snapshotPath)],
            inputs: [input] + (resumePath.map { [$0] } ?? []))

        let file = try readScenario(input)
        try requireBoundedWork(file, duration: duration, unlimited: unlimited)
        var simulation: InteractionSimulation
        let end = file.scenario.stepCount(duration: duration)
        if let resumePath {
            simulation = try resume(file, from: resumePath)
            guard simulation.step <= end else {
                throw CommandLineError("--resume: the snapshot is at step \(simulation.step), past the run's end at step \(end)")
            }
        } else {
            do {
                simulation = try file.simulation()
            } catch {
                throw CommandLineError("\(input): \(error)")
            }
        }
        let snapshotStep = snapshotAt.map { file.scenario.firstStep(atOrAfter: $0) }
        if let snapshotStep, let snapshotAt {
            guard snapshotStep <= end else {
                throw CommandLineError("--snapshot-at: \(JSONValue.format(snapshotAt)) s falls on step \(snapshotStep), "
                                           + "past the run's end at step \(end)")
            }
            guard snapshotStep >= simulation.step else {
                throw CommandLineError("--snapshot-at: \(JSONValue.format(snapshotAt)) s falls on step \(snapshotStep), "
                                           + "before the resumed run's first step \(simulation.step)")
            }
        }
        var snapshot: ScenarioSnapshot?

        // Rows, events, hashes and answers go to their files as they are produced, so
        // memory stays flat however long the run; a failure mid-run leaves every file as
        // it was: each side output is opened around the next (nested OutputFile.write
        // calls), so the failure of one unwinds them all.
        let extended = !file.interactions.isEmpty
        var counts = (rows: 0, steps: 0, events: 0, answers: 0)
        var failure: ScenarioError?
        var sinks: [String: OutputSink] = [:]
        func simulate(_ rows: OutputSink) throws {
            var lastStep = -1
            rows.write(format == .csv ? csvHeader(extended: extended) + "\n" : "[")
            do {
                try simulation.run(duration: duration, events: sinks["--events"].map { sink in
                    { event in
                        sink.write(event.jsonLine + "\n")
                        counts.events += 1
                    }
                }, stateHashes: sinks["--hashes"].map { sink in
                    { step, hash in sink.write("\(step),\(BitHash.hex(hash))\n") }
                }, queries: sinks["--queries"].map { sink in
                    { answer in
                        sink.write(answer.jsonLine + "\n")
                        counts.answers += 1
                    }
                }, snapshot: snapshotStep.map { step in (step, { snapshot = $0 }) }) { row in
                    switch format {
                    case .csv: rows.write(csvLine(row, extended: extended) + "\n")
                    case .json: rows.write((counts.rows == 0 ? "\n" : ",\n") + jsonObject(row, extended: extended))
                    }
                    counts.rows += 1
                    if row.sample.step != lastStep { (counts.steps, lastStep) = (counts.steps + 1, row.sample.step) }
                }
            } catch {
                failure = error
                throw error
            }
            if format == .json { rows.write(counts.rows == 0 ? "]\n" : "\n]\n") }
        }
        // The innermost failure is the cause; the outer files fail because of it.
        var cause: (flag: String, error: OutputFileError)?
        func open(_ outputs: ArraySlice<(flag: String, path: String?)>) throws(OutputFileError) {
            guard let (flag, path) = outputs.first else { return }
            do {
                if flag == "--out" {
                    try OutputFile.write(to: path ?? "-") { rows in try simulate(rows) }
                } else if flag == "--snapshot", let path {
                    // Written once the run is over: the snapshot was taken on the way.
                    try OutputFile.write(to: path) { sink in
                        try open(outputs.dropFirst())
                        guard let snapshot else { throw CommandLineError("--snapshot: the run ended before its step") }
                        if URL(fileURLWithPath: path).pathExtension.lowercased() == "json" {
                            sink.write(snapshot.json + "\n")
                        } else {
                            sink.write(snapshot.binary)
                        }
                    }
                } else if let path {
                    try OutputFile.write(to: path) { sink in
                        sinks[flag] = sink
                        try open(outputs.dropFirst())
                    }
                } else {
                    try open(outputs.dropFirst())
                }
            } catch {
                if cause == nil { cause = (flag, error) }
                throw error
            }
        }
        do {
            try open([("--snapshot", snapshotPath), ("--hashes", hashesPath), ("--queries", queriesPath), ("--events", eventsPath),
                      ("--out", out)])
        } catch {
            if let failure { throw CommandLineError("\(input): \(failure)") }
            let (flag, reason) = cause ?? ("--out", error)
            throw CommandLineError("\(flag): \(reason)")
        }
        guard let out else { return "" }
        let events = eventsPath.map { " and \(counts.events) events to \($0)" } ?? ""
        let answers = queriesPath.map { ", \(counts.answers) query answers to \($0)" } ?? ""
        var saved = ""
        if let snapshotPath, let snapshotStep { saved = ", the state at step \(snapshotStep) to \(snapshotPath)" }
        return "wrote \(counts.rows) rows (\(counts.steps) recorded steps) to \(out)\(answers)\(events)\(saved)"
    }

    /// The largest snapshot `--resume` reads: 256 MiB (the 100-row soft-step pyramid's is
    /// a few MiB; Docs/snapshots.md).
    static let maximumSnapshotBytes = 256 << 20

    /// The run of `file` that the snapshot at `path` holds; a failure names `--resume`.
    static func resume(_ file: InteractionScenario, from path: String) throws(CommandLineError) -> InteractionSimulation {
        let bytes = try readBounded(path, limit: maximumSnapshotBytes, option: "--resume")
        do {
            return try InteractionSimulation(file, restoring: ScenarioSnapshot(bytes: bytes))
        } catch {
            throw CommandLineError("--resume: \(path): \(error)")
        }
    }

    /// The bytes of the file at `path`, refused past `limit` bytes without reading more.
    static func readBounded(_ path: String, limit: Int, option: String) throws(CommandLineError) -> [UInt8] {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw CommandLineError("\(option): \(path): cannot open the file for reading")
        }
        defer { try? handle.close() }
        var bytes: [UInt8] = []
        do {
            while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
                bytes += chunk
                guard bytes.count <= limit else {
                    throw CommandLineError("\(option): \(path): more than \(limit) bytes, the most it reads")
                }
            }
        } catch let error as CommandLineError {
            throw error
        } catch {
            throw CommandLineError("\(option): \(path): cannot read the file (\(error.localizedDescription))")
        }
        return bytes
    }

    /// The scenario file at `input`, read and parsed; a failure names the file.
    static func readScenario(_ input: String) throws(CommandLineError) -> InteractionScenario {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: input))
        } catch {
            throw CommandLineError("\(input): cannot read the file (\(error.localizedDescription))")
        }
        do {
            return try InteractionScenario.parse(data)
        } catch {
            throw CommandLineError("\(input): \(error)")
        }
    }

    /// Refuses a run longer than `Scenario.maximumStepCount` steps, or, unless
    /// `unlimited`, whose steps × substeps × bodies exceed `workLimit`, before it starts.
    static func requireBoundedWork(
        _ file: InteractionScenario, duration: Double?, unlimited: Bool
    ) throws(CommandLineError) {
        let scenario = file.scenario
        let seconds = duration ?? scenario.duration
        let steps = seconds / scenario.world.timestep
        if let duration, !(steps <= Double(Scenario.maximumStepCount)) {
            throw CommandLineError(
                "--duration: \(JSONValue.format(duration)) s is \(JSONValue.format(steps.rounded(.up))) steps of "
                    + "\(JSONValue.format(scenario.world.timestep)) s, more than the \(Scenario.maximumStepCount) a run may count")
        }
        let substeps = scenario.world.substeps ?? (scenario.world.solver == .softStep ? 4 : 1)
        let bodies = max(1, scenario.bodies.count + file.interactions.count)
        let work = Double(scenario.stepCount(duration: duration)) * Double(substeps) * Double(bodies)
        guard unlimited || work <= workLimit else {
            throw CommandLineError(
                "the run would take \(JSONValue.format(work)) body-steps (\(scenario.stepCount(duration: duration)) steps × "
                    + "\(substeps) substeps × \(bodies) bodies), more than \(JSONValue.format(workLimit)); shorten "
                    + "--duration or pass --no-work-limit if you mean it")
        }
    }

    /// The CSV header line. `extended` adds the interaction columns
    /// (`InteractionScenario.columns`).
    static func csvHeader(extended: Bool) -> String {
        (extended ? InteractionScenario.columns : ScenarioSample.columns).joined(separator: ",")
    }

    /// One CSV row, without its line break.
    static func csvLine(_ row: InteractionSample, extended: Bool) -> String {
        let s = row.sample
        var fields = [
            String(s.step), JSONValue.format(s.time), csvField(s.id),
            JSONValue.format(s.center.x), JSONValue.format(s.center.y), JSONValue.format(s.angle),
            JSONValue.format(s.velocity.x), JSONValue.format(s.velocity.y), JSONValue.format(s.angularVelocity),
        ]
        if extended {
            fields += [
                JSONValue.format(row.scale), JSONValue.format(row.alpha), JSONValue.format(row.overlay),
                row.overlayMode?.rawValue ?? "", row.exitSideName, csvField(row.state),
            ]
        }
        return fields.joined(separator: ",")
    }

    /// One row as a JSON object on one line (the file is an array of them, one per line).
    static func jsonObject(_ row: InteractionSample, extended: Bool) -> String {
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
                ("overlayMode", .string(row.overlayMode?.rawValue ?? "")), ("exitSide", .string(row.exitSideName)),
                ("state", .string(row.state)),
            ]
        }
        return JSONValue.object(fields).text
    }

    /// RFC 4180 quoting, only when the field needs it.
    static func csvField(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
