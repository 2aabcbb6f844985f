/// The `--markdown` output: one table per scenario, ready to paste into
/// Docs/benchmarks.md.
enum MarkdownReport {
    static func render(_ results: BenchResults) -> String {
        [renderSprings(results), renderJellyMesh(results), renderSweep(results)]
            .filter { !$0.isEmpty }.joined(separator: "\n")
    }

    private static func renderSweep(_ results: BenchResults) -> String {
        let points = results.sweepPoints
        guard let first = points.first?.first else { return "" }
        var lines = [
            "| grid points N | threads | engine | item-steps/s | ns/item-step | ms per repetition | ratio to `hooke` |",
            "|---:|---:|---|---:|---:|---:|---:|",
        ]
        for r in points.joined() {
            let cells = [
                NumberFormat.items(r.items), String(r.threads), "`\(r.engine)`",
                NumberFormat.scientific(r.itemStepsPerSecond),
                NumberFormat.significant(r.nanosecondsPerItemStep),
                NumberFormat.significant(r.medianSeconds * 1e3),
                NumberFormat.ratio(results.ratio(of: r, to: .hooke)),
            ]
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        lines.append("")
        lines.append(
            "Median of \(first.repetitions) repetitions after a warm-up; \(first.stepsPerRepetition) steps of "
            + "1/120 s per grid point. Item-steps/s = N × steps / median time.")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func renderSprings(_ results: BenchResults) -> String {
        let records = Scenario.throughputTable.flatMap(results.sorted)
        guard !records.isEmpty else { return "" }
        // The library-style column only when it was measured, so that tables without it
        // keep their columns.
        let libraryStyle = records.contains { $0.engineKind == .libraryStyle }
        var lines = [
            "| scenario | N | threads | engine | item-steps/s | ns/item-step | ms per 120 Hz frame | bytes/item | ratio to C loop"
                + (libraryStyle ? " | ratio to library-style" : "") + " | of roofline |",
            "|---|---:|---:|---|---:|---:|---:|---:|---:|" + (libraryStyle ? "---:|" : "") + "---:|",
        ]
        for r in records {
            let cells = [
                r.scenario, NumberFormat.items(r.items), String(r.threads), "`\(r.engine)`",
                NumberFormat.scientific(r.itemStepsPerSecond),
                NumberFormat.significant(r.nanosecondsPerItemStep),
                NumberFormat.significant(r.frameMilliseconds120Hz),
                NumberFormat.significant(r.bytesPerItem),
                NumberFormat.ratio(results.ratio(of: r, to: .cLoop)),
            ] + (libraryStyle ? [NumberFormat.ratio(results.ratio(of: r, to: .libraryStyle))] : []) + [
                r.fractionOfRoofline.map { String(format: "%.0f%%", 100 * $0) } ?? "–",
            ]
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        if let first = records.first {
            lines.append("")
            lines.append(
                "Median of \(first.repetitions) repetitions after a warm-up; frames of "
                + "\(first.stepsPerFrame) fused 1/120 s steps, "
                + NumberFormat.significant(100 * Double(first.retargetsPerFrame) / Double(first.items))
                + "% of the items retargeted per frame. "
                + "Item-steps/s = N × steps / median time.")
        }
        let perFrame = libraryStyleRatios(results, records)
        if !perFrame.isEmpty {
            lines.append("")
            lines.append(perFrame)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `hooke` / `library-style` per frame at each N and thread count, in one sentence
    /// (empty when either was not measured). Both advance the same simulated time per
    /// frame, so the ratio of their item-step rates is the ratio of their frame times.
    private static func libraryStyleRatios(_ results: BenchResults, _ records: [BenchRecord]) -> String {
        let pairs = records.filter { $0.scenario == Scenario.springs.rawValue && $0.engineKind == .hooke }
            .compactMap { r in results.ratio(of: r, to: .libraryStyle).map { (r, $0) } }
        guard let first = pairs.first?.0 else { return "" }
        let frame = first.stepsPerFrame == 2 ? "60 Hz frame" : "frame of \(first.stepsPerFrame) × 1/120 s"
        let ratios = pairs.map { r, ratio in
            "\(NumberFormat.items(r.items)) (\(r.threads) thread\(r.threads == 1 ? "" : "s")) "
                + NumberFormat.ratio(ratio)
        }
        return "`hooke` / `library-style` per \(frame): " + ratios.joined(separator: ", ") + "."
    }

    private static func renderJellyMesh(_ results: BenchResults) -> String {
        let records = results.sorted(.jellyMesh)
        guard !records.isEmpty else { return "" }
        var lines = [
            "| K | m | state n | engine | GFLOP/s | of dgemm-peak | item-steps/s | ms per step | max rel. state diff | ratio to swift-loop |",
            "|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|",
        ]
        let peak = records.first { $0.meshEngineKind == .dgemmPeak }
        for r in records where r.controlPoints != nil {
            let cells = [
                String(r.items), String(r.controlPoints ?? 0), String(r.stateDimension ?? 0), "`\(r.engine)`",
                NumberFormat.significant(r.gflops ?? 0),
                r.fractionOfPeak.map { String(format: "%.1f%%", 100 * $0) } ?? "–",
                NumberFormat.scientific(r.itemStepsPerSecond),
                NumberFormat.significant(r.frameMilliseconds120Hz),
                r.maxRelativeStateDifference.map { String(format: "%.1e", $0) } ?? "–",
                NumberFormat.ratio(results.ratio(of: r, to: .swiftLoop)),
            ]
            lines.append("| " + cells.joined(separator: " | ") + " |")
        }
        lines.append("")
        if let peak {
            lines.append(
                "`dgemm-peak`: one \(peak.items)×\(peak.items)×\(peak.items) `cblas_dgemm` on one OpenBLAS thread, "
                + NumberFormat.significant(peak.gflops ?? 0) + " GFLOP/s (median of \(peak.repetitions)).")
            lines.append("")
        }
        if let first = records.first(where: { $0.controlPoints != nil }) {
            lines.append(
                "Median of \(first.repetitions) repetitions after a warm-up, one thread; a step of K instances "
                + "counts 2·n·(n + 1)·K flops (n = 2m states, one finger input).")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
