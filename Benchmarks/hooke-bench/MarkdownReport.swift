/// The `--markdown` output: one table of all measurements, ready to paste into
/// Docs/benchmarks.md.
enum MarkdownReport {
    static func render(_ results: BenchResults) -> String {
        var lines = [
            "| scenario | N | threads | engine | item-steps/s | ns/item-step | ms per 120 Hz frame | bytes/item | ratio to C loop |",
            "|---|---:|---:|---|---:|---:|---:|---:|---:|",
        ]
        for r in results.sorted {
            let cells = [
                r.scenario, NumberFormat.items(r.items), String(r.threads), "`\(r.engine)`",
                NumberFormat.scientific(r.itemStepsPerSecond),
                NumberFormat.significant(r.nanosecondsPerItemStep),
                NumberFormat.significant(r.frameMilliseconds120Hz),
                NumberFormat.significant(r.bytesPerItem),
                NumberFormat.ratio(results.ratio(of: r, to: .cLoop)),
            ]
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        if let first = results.sorted.first {
            lines.append("")
            lines.append(
                "Median of \(first.repetitions) repetitions after a warm-up; frames of "
                + "\(first.stepsPerFrame) fused 1/120 s steps, "
                + NumberFormat.significant(100 * Double(first.retargetsPerFrame) / Double(first.items))
                + "% of the items retargeted per frame. "
                + "Item-steps/s = N × steps / median time.")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
