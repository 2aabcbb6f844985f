import Foundation

/// The table printed to standard output: one block per (scenario, N, threads), one row
/// per engine, with each engine's throughput over the C loop's, the objects' and BLAS's
/// (and `library-style`'s when measured: the `hooke` row's is hooke / library-style)
/// and, with `roofline` measured, as a share of the roofline (one thread);
/// then one block per jelly-mesh point (K, m) with flop rates against dgemm-peak.
enum ConsoleTable {
    static func render(_ results: BenchResults) -> String {
        [renderSprings(results), renderJellyMesh(results), renderSweep(results)]
            .filter { !$0.isEmpty }.joined(separator: "\n")
    }

    /// One block per (N, threads) of the `sweep` scenario, with each engine's throughput
    /// over `SpringBatch`'s (`hooke`): the sweep's target is at least 0.5×.
    private static func renderSweep(_ results: BenchResults) -> String {
        let header = ["engine", "item-steps/s", "ns/item-step", "ms/repetition", "B/item", "checksum",
                      "vs hooke"]
        var lines: [String] = []
        for point in results.sweepPoints {
            let first = point[0]
            lines.append("sweep  N = \(first.items) grid points  threads = \(first.threads)  "
                + "(\(first.stepsPerRepetition) steps of 1/120 s × \(first.repetitions) repetitions)")
            let rows = point.map { record in
                [
                    record.engine,
                    NumberFormat.scientific(record.itemStepsPerSecond),
                    NumberFormat.significant(record.nanosecondsPerItemStep),
                    NumberFormat.significant(record.medianSeconds * 1e3),
                    NumberFormat.significant(record.bytesPerItem),
                    String(format: "%.12e", record.checksum),
                    NumberFormat.ratio(results.ratio(of: record, to: .hooke)),
                ]
            }
            lines.append(contentsOf: align([header] + rows))
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }

    private static func renderSprings(_ results: BenchResults) -> String {
        // The library-style column only when it was measured: every other row would be "–".
        let libraryStyle = results.records.contains { $0.engineKind == .libraryStyle }
        let header = ["engine", "item-steps/s", "ns/item-step", "ms/120Hz frame", "B/item",
                      "checksum", "vs c-loop", "vs objects", "vs blas"]
            + (libraryStyle ? ["vs library-style"] : []) + ["of roofline"]
        var lines: [String] = []
        var block: String? = nil
        var blockKey: String? = nil
        var rows: [[String]] = []
        func flush() {
            guard let title = block else { return }
            lines.append(title)
            lines.append(contentsOf: align([header] + rows))
            lines.append("")
            rows = []
        }
        for record in Scenario.throughputTable.flatMap(results.sorted) {
            // One block per (scenario, N, threads), titled by its first record: the
            // roofline's kernels, which retarget nothing, join their engines' block.
            let key = "\(record.scenario) \(record.items) \(record.threads)"
            if key != blockKey {
                flush()
                blockKey = key
                block = "\(record.scenario)  N = \(record.items)  threads = \(record.threads)  "
                    + "(frame = \(record.stepsPerFrame) × 1/120 s, \(record.stepsPerRepetition) steps × "
                    + "\(record.repetitions) repetitions, retargets/frame: \(record.retargetsPerFrame))"
            }
            rows.append([
                record.engine,
                NumberFormat.scientific(record.itemStepsPerSecond),
                NumberFormat.significant(record.nanosecondsPerItemStep),
                NumberFormat.significant(record.frameMilliseconds120Hz),
                NumberFormat.significant(record.bytesPerItem),
                String(format: "%.12e", record.checksum),
                NumberFormat.ratio(results.ratio(of: record, to: .cLoop)),
                NumberFormat.ratio(results.ratio(of: record, to: .objects)),
                NumberFormat.ratio(results.ratio(of: record, to: .blas)),
            ] + (libraryStyle ? [NumberFormat.ratio(results.ratio(of: record, to: .libraryStyle))] : []) + [
                record.fractionOfRoofline.map { String(format: "%.0f%%", 100 * $0) } ?? "–",
            ])
        }
        flush()
        return lines.joined(separator: "\n")
    }

    private static func renderJellyMesh(_ results: BenchResults) -> String {
        let records = results.sorted(.jellyMesh)
        guard !records.isEmpty else { return "" }
        var lines: [String] = []
        if let peak = records.first(where: { $0.meshEngineKind == .dgemmPeak }) {
            lines.append("jelly-mesh  dgemm-peak: cblas_dgemm \(peak.items)×\(peak.items)×\(peak.items) "
                + "on one OpenBLAS thread, \(peak.repetitions) repetitions: "
                + "\(NumberFormat.significant(peak.gflops ?? 0)) GFLOP/s median, "
                + "\(NumberFormat.significant(peak.bestGflops ?? 0)) best")
            lines.append("")
        }
        let header = ["engine", "GFLOP/s", "of peak", "item-steps/s", "ns/item-step", "ms/step",
                      "B/item", "state diff", "vs swift-loop", "vs gemv"]
        let points = Dictionary(grouping: records.filter { $0.controlPoints != nil }) {
            [$0.items, $0.controlPoints ?? 0]
        }
        for key in points.keys.sorted(by: { ($0[1], $0[0]) < ($1[1], $1[0]) }) {
            let block = points[key]!
            let first = block[0]
            let n = first.stateDimension ?? 0
            lines.append("jelly-mesh  K = \(first.items)  m = \(first.controlPoints ?? 0)  "
                + "(state n = \(n), record n + 1 = \(n + 1), "
                + "\(NumberFormat.scientific(first.flopsPerStep ?? 0)) flop/step = 2·n·(n+1)·K; "
                + "\(first.stepsPerRepetition) steps × \(first.repetitions) repetitions, "
                + "fingers moved/frame: \(first.retargetsPerFrame))")
            let rows = block.map { record in
                [
                    record.engine,
                    NumberFormat.significant(record.gflops ?? 0),
                    record.fractionOfPeak.map { String(format: "%.1f%%", 100 * $0) } ?? "–",
                    NumberFormat.scientific(record.itemStepsPerSecond),
                    NumberFormat.significant(record.nanosecondsPerItemStep),
                    NumberFormat.significant(record.frameMilliseconds120Hz),
                    NumberFormat.significant(record.bytesPerItem),
                    record.maxRelativeStateDifference.map { String(format: "%.1e", $0) } ?? "–",
                    NumberFormat.ratio(results.ratio(of: record, to: .swiftLoop)),
                    NumberFormat.ratio(results.ratio(of: record, to: .gemv)),
                ]
            }
            lines.append(contentsOf: align([header] + rows))
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }

    /// Left-aligns the first column and right-aligns the others.
    static func align(_ table: [[String]]) -> [String] {
        let widths = table[0].indices.map { c in table.map { $0[c].count }.max()! }
        return table.map { row in
            row.enumerated().map { c, cell in
                let pad = String(repeating: " ", count: widths[c] - cell.count)
                return c == 0 ? cell + pad : pad + cell
            }.joined(separator: "  ")
        }
    }
}
