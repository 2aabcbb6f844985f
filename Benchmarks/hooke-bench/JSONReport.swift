import Foundation

/// The `--json` output: the array of `BenchRecord`s, keys sorted, one per measurement.
enum JSONReport {
    static func render(_ results: BenchResults) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return String(decoding: try encoder.encode(results.sorted), as: UTF8.self) + "\n"
    }
}
