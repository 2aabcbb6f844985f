import Foundation

/// The tour's `index.html`: a card per scene page, the spring plots with `hooke spring`'s
/// description, the sweep's recommendation and heatmap, and the benchmark's table. It
/// links files beside it only (relative paths), so the directory opens from disk.
struct TourIndex {
    var scenes: [(scene: TourCommand.Scene, frames: Int, bodies: Int)] = []
    var springText = ""
    var springPlots: [TourSprings] = []
    var sweepText = ""
    var bench: TourCommand.Bench?
    var seconds = 0.0

    private func escape(_ text: String) -> String { RenderPlayer.escapeHTML(text) }

    var html: String {
        var body = """
            <h1>Hooke — a tour</h1>
            <p>Hooke is a spring and rigid-body physics engine for gesture-driven interfaces: the
            behaviours of UIKit Dynamics and the springs of SwiftUI and Core Animation as a
            deterministic fixed-step simulation in Swift, headless. Every page below was simulated
            by this run of <code>hooke tour</code>; each scene page plays its recorded trajectory
            (space plays and pauses, ← and → step).</p>

            """
        for group in TourCommand.Scene.Group.allCases {
            let cards = scenes.filter { $0.scene.group == group }
            guard !cards.isEmpty else { continue }
            body += "<h2>\(escape(group.rawValue))</h2>\n<div class=\"cards\">\n"
            for (scene, frames, bodies) in cards {
                body += """
                    <a class="card" href="scenes/\(escape(scene.pageName))"><strong>\(escape(scene.title))</strong>
                    <span>\(escape(scene.caption))</span>
                    <span class="note">\(escape(scene.file)) · \(frames) frames · \(bodies) \(bodies == 1 ? "body" : "bodies")</span></a>

                    """
            }
            body += "</div>\n"
        }
        body += "<h2>Springs</h2>\n<p>The exact step response of four or five springs in each of three parameterisations "
            + "(from 0 to 100 pt, at rest).</p>\n"
        for plot in springPlots {
            body += "<img src=\"\(escape(plot.file))\" alt=\"\(escape(plot.title))\">\n"
        }
        body += "<p><code>hooke spring \(escape(TourCommand.springArguments.joined(separator: " ")))</code></p>\n"
            + "<pre>\(escape(springText))</pre>\n"
        body += "<h2>A sweep</h2>\n<p><code>hooke sweep \(escape(TourCommand.sweepArguments.joined(separator: " ")))</code> "
            + "(<a href=\"sweep.csv\">every point, CSV</a>)</p>\n<pre>\(escape(sweepText))</pre>\n"
            + "<img src=\"sweep.svg\" alt=\"the sweep's heatmap and step responses\">\n"
        switch bench {
        case nil:
            break
        case let .skipped(reason)?:
            body += "<h2>A quick benchmark</h2>\n<p>Not run: \(escape(reason)).</p>\n"
        case let .ran(markdown, processor)?:
            body += "<h2>A quick benchmark</h2>\n<p><code>hooke-bench --quick --scenario springs</code>, in this run, on "
                + "\(escape(processor)): a few milliseconds per engine, so the ratios move with whatever else the "
                + "machine does; <code>make bench</code> runs the full one (Docs/benchmarks.md).</p>\n"
                + Self.html(markdown: markdown) + "<img src=\"bench.svg\" alt=\"the benchmark's throughput\">\n"
        }
        body += String(format: "<p class=\"note\">Written by hooke tour in %.1f s.</p>\n", seconds)
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>Hooke — a tour</title>
            <style>
              body { font: 15px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 24px auto; max-width: 1100px; padding: 0 16px; color: #1d1d1f; }
              h1 { font-size: 26px; margin-bottom: 4px; }
              h2 { font-size: 19px; margin-top: 28px; }
              .cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(240px, 1fr)); gap: 12px; }
              .card { display: flex; flex-direction: column; gap: 4px; padding: 12px 14px; border: 1px solid #d2d2d7; border-radius: 8px; color: inherit; text-decoration: none; background: #fbfbfd; }
              .card:hover { border-color: #0071e3; }
              .note { color: #6e6e73; font-size: 12px; }
              img { display: block; max-width: 100%; margin: 12px 0; }
              pre { background: #f5f5f7; padding: 10px 12px; border-radius: 6px; overflow-x: auto; font-size: 12.5px; }
              table { border-collapse: collapse; font-size: 13px; font-variant-numeric: tabular-nums; }
              th, td { border-bottom: 1px solid #e5e5ea; padding: 4px 8px; text-align: right; }
              th:first-child, td:first-child { text-align: left; }
            </style>
            </head>
            <body>
            \(body)<pre id="hooke-selftest" hidden></pre>
            <script>
            // #selftest (Scripts/browser_test.py): every image loaded and no error; the scene links
            // are counted for the script, which knows how many pages the tour wrote.
            const errors = [];
            addEventListener("error", (e) => errors.push(String(e.message || (e.target && e.target.src) || e)), true);
            addEventListener("load", () => {
              if (location.hash !== "#selftest") return;
              const images = Array.from(document.images);
              const broken = images.filter((i) => !i.complete || i.naturalWidth === 0).map((i) => i.getAttribute("src"));
              const checks = { images: { count: images.length, broken, ok: images.length > 0 && broken.length === 0 },
                               scenes: { count: document.querySelectorAll("a.card").length } };
              const out = document.getElementById("hooke-selftest");
              out.textContent = JSON.stringify({ checks, errors, ok: errors.length === 0 && checks.images.ok });
            });
            </script>
            </body>
            </html>

            """
    }

    /// The benchmark's markdown report as HTML: its tables (`| a | b |` rows, the second
    /// a separator) become tables, other non-empty lines paragraphs.
    static func html(markdown: String) -> String {
        var out = "", table: [[String]] = []
        func cells(_ line: Substring) -> [String] {
            line.trimmingCharacters(in: .whitespaces).dropFirst().dropLast().split(separator: "|", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "`", with: "") }
        }
        func flush() {
            guard let header = table.first else { return }
            out += "<table>\n<tr>" + header.map { "<th>\(RenderPlayer.escapeHTML($0))</th>" }.joined() + "</tr>\n"
            for row in table.dropFirst() {
                out += "<tr>" + row.map { "<td>\(RenderPlayer.escapeHTML($0))</td>" }.joined() + "</tr>\n"
            }
            out += "</table>\n"
            table = []
        }
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("|") {
                let row = cells(line)
                if !row.allSatisfy({ $0.allSatisfy { "-:".contains($0) } }) { table.append(row) }
                continue
            }
            flush()
            if !line.trimmingCharacters(in: .whitespaces).isEmpty {
                out += "<p class=\"note\">\(RenderPlayer.escapeHTML(String(line)))</p>\n"
            }
        }
        flush()
        return out
    }
}
