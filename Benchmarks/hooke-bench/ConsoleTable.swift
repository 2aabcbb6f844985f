import Foundation

/// The table printed to standard output: one block per (scenario, N, threads), one row
/// per engine, with each engine's throughput over the C loop's, the objects' and BLAS's.
enum ConsoleTable {
    static func render(_ results: BenchResults) -> String {
        let header = ["engine", "item-steps/s", "ns/item-step", "ms/120Hz frame", "B/item",
                      "checksum", "vs c-loop", "vs objects", "vs blas"]
        var lines: [String] = []
        var block: String? = nil
        var rows: [[String]] = []
        func flush() {
            guard let title = block else { return }
            lines.append(title)
            lines.append(contentsOf: align([header] + rows))
            lines.append("")
            rows = []
        }
        for record in results.sorted {
            let title = "\(record.scenario)  N = \(record.items)  threads = \(record.threads)  "
                + "(frame = \(record.stepsPerFrame) × 1/120 s, \(record.stepsPerRepetition) steps × "
                + "\(record.repetitions) repetitions, retargets/frame: \(record.retargetsPerFrame))"
            if title != block {
                flush()
                block = title
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
            ])
        }
        flush()
        return lines.joined(separator: "\n")
    }

    /// Left-aligns the first column and right-aligns the others.
    private static func align(_ table: [[String]]) -> [String] {
        let widths = table[0].indices.map { c in table.map { $0[c].count }.max()! }
        return table.map { row in
            row.enumerated().map { c, cell in
                let pad = String(repeating: " ", count: widths[c] - cell.count)
                return c == 0 ? cell + pad : pad + cell
            }.joined(separator: "  ")
        }
    }
}
