import Foundation
import Hooke
import HookeIO
import HookeInteractions

/// `hooke render`: runs a scenario file as `hooke simulate` does and writes one
/// self-contained HTML page that plays the recorded trajectory (`RenderPage`,
/// Docs/render.md).
enum RenderCommand {
    static let usage = """
        usage: hooke render SCENARIO.json --html FILE.html [--duration S] [--no-work-limit]

        Runs the scenario (Docs/scenarios.md) as 'hooke simulate' does and writes one
        HTML file that plays it: the bodies with their shapes and rotation, the
        boundaries, attachments, snap points and field regions, contact flashes from
        the event stream, the interaction bodies as their articles draw them (the swipe
        card with its overlay, the jelly edge's curve, the pinch halves, the lifted
        items) and their gestures' touches, optional trails and velocity arrows, and a
        plot of any recorded column (x, y, angle, vx, vy, omega) of the selected body
        under the canvas. Play/pause, a scrubber over the recorded steps, speed
        0.1×–2×, step forward and back; keys: space plays and pauses, ←/→ step (with
        shift, 10 steps). PAGE.html#frame=N opens it at recorded frame N.

        The page needs nothing else: its script, style and the trajectory are inside
        it, and it opens from disk with no network. Positions are stored as 32-bit
        floats (about 10^-3 pt at 10^4 pt).

        Options:
          --html FILE     the page to write (replaced atomically, left untouched when
                          anything fails)
          --duration S    simulated seconds (> 0), overriding the file's "duration"
          --no-work-limit as for 'hooke simulate' (steps × substeps × bodies ≤ 10^10)

        A page holds at most \(RenderPage.maximumSamples) recorded body-steps (recorded
        bodies × recorded steps); a longer run is refused before it starts: record
        fewer steps ("record": {"every": N}), fewer items, or a shorter --duration.
        """

    static func run(_ arguments: [String]) throws(CommandLineError) -> String {
        var arguments = try ArgumentList(arguments, flagNames: ["--help", "--no-work-limit"])
        if arguments.flag("--help") { return usage }
        let html = try arguments.string("--html")
        let options = try ScenarioRunOptions(&arguments, command: "render")
        guard let html, !html.isEmpty else { throw CommandLineError("--html: expected the page to write") }
        try OutputFile.requireDistinct(outputs: [("--html", html)], inputs: [options.input])

        let page = try page(for: options.input, duration: options.duration, unlimited: options.unlimited)
        try OutputFile.write(page.html, to: html, option: "--html")
        return "wrote \(html): \(page.frameCount) frames of \(page.recordedIDs.count) bodies; open it in a browser"
    }

    /// Reads the scenario file at `input`, checks its work and the page's size, and runs
    /// it into a page (`hooke render` and `hooke tour`).
    static func page(for input: String, title: String? = nil, duration: Double?, unlimited: Bool)
        throws(CommandLineError) -> RenderPage {
        let file = try SimulateCommand.readScenario(input)
        try SimulateCommand.requireBoundedWork(file, duration: duration, unlimited: unlimited)
        var page = RenderPage(file: file, title: title ?? URL(fileURLWithPath: input).lastPathComponent)
        let samples = Double(page.recordedIDs.count) * Double(file.scenario.stepCount(duration: duration) / file.scenario.record.every + 1)
        guard samples <= Double(RenderPage.maximumSamples) else {
            throw CommandLineError(
                "the page would hold \(JSONValue.format(samples)) recorded body-steps (\(page.recordedIDs.count) bodies), "
                    + "more than \(RenderPage.maximumSamples); record every Nth step (\"record\": {\"every\": N}), "
                    + "fewer items, or pass a shorter --duration")
        }
        do {
            var simulation = try file.simulation()
            try simulation.run(duration: duration, events: { page.add($0) }) { page.add($0) }
        } catch {
            throw CommandLineError("\(input): \(error)")
        }
        return page
    }
}
