import Foundation
import HookeIO

// hooke-bench: measures Hooke's batch engines against the baselines in one run, checks
// that they all computed the same final state, prints a table and writes the requested
// files. Exit status: 0 success, 1 checksum mismatch or unwritable output, 2 bad usage.

func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data("hooke-bench: error: \(message)\n".utf8))
    exit(status)
}

let options: BenchOptions
do {
    options = try BenchOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    fail("\(error) (see --help)", status: 2)
}
if options.showHelp {
    print(BenchOptions.helpText)
    exit(0)
}

let started = RunContext.starting(revision: options.revision)
let measured = BenchRunner(options: options).run()
// Every record says where and under what load it was measured, whichever file it ends in.
let context = started.finished()
let results = BenchResults(records: measured.map { record in
    var record = record
    record.context = context
    return record
})
print(ConsoleTable.render(results))
print("machine: \(context.machine.cpuModel) (\(context.machine.cpuSignature)), "
    + "\(context.machine.logicalProcessors) processors, ISA \(context.machine.isa.joined(separator: " ")); "
    + "load average \(context.loadAverageStart) at the start, \(context.loadAverageEnd) at the end")

let mismatches = ChecksumAgreement.mismatches(in: results.records)
guard mismatches.isEmpty else {
    for line in mismatches {
        FileHandle.standardError.write(Data("hooke-bench: checksum mismatch: \(line)\n".utf8))
    }
    fail("engines disagree on the final state; no result files written", status: 1)
}
if results.records.contains(where: { $0.engineKind != nil }) {
    print("checksums agree (relative tolerance 1e-9 for Double engines, 1e-4 for Float engines; "
        + "c-best, c-best-services and their Float twins bit for bit with hooke and hooke-float, "
        + "c-best-services with as many rest events; "
        + "library-style bit for bit with its own recurrence replayed over plain arrays)")
}
let discretisation = ChecksumAgreement.discretisationDifferences(in: results.records)
if !discretisation.isEmpty {
    print("library-style integrates each frame with semi-implicit Euler, not the exact propagator "
        + "(not gated; see Docs/benchmarks.md):")
    for line in discretisation { print("  " + line) }
}
if results.records.contains(where: { $0.controlPoints != nil }) {
    print("jelly-mesh final states agree (max-norm relative difference at most 1e-9)")
}

// The kept copy: one new file per run in this machine's folder, never an earlier run's
// (none for a run without records, such as the snapshot scenario's printed table).
let keptPath = options.resultsDirectory.flatMap { folder in
    results.records.isEmpty ? nil : URL(fileURLWithPath: folder).appendingPathComponent(context.machine.slug)
        .appendingPathComponent(context.resultFileName(scenarios: options.scenarios)).path
}
let outputs: [(path: String?, render: (BenchResults) throws -> String)] = [
    (options.jsonPath, JSONReport.render),
    (keptPath, JSONReport.render),
    (options.markdownPath, MarkdownReport.render),
    (options.svgPath, ThroughputChart.render),
]
for output in outputs {
    guard let path = output.path else { continue }
    do {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let text = try output.render(results)
        try OutputFile.write(text, to: path)
        print("wrote \(path)")
    } catch let error as OutputFileError {
        fail(error.description, status: 1)
    } catch {
        fail("cannot write \(path): \(error.localizedDescription)", status: 1)
    }
}
