import Dispatch
import Foundation
import Hooke
import HookeInteractions

/// Runs the points of a behaviour sweep, each as `hooke simulate` runs a file, and
/// measures them; with several threads the points are shared out, each run alone, so
/// the rows are the same for any thread count.
enum BehaviorSweepRunner {
    /// The row of grid point `index`.
    static func row(_ index: Int, grid: BehaviorSweepGrid, criteria: BehaviorSweepCriteria,
                    corpus: GestureCorpus? = nil) throws(CommandLineError) -> BehaviorSweepRow
    {
        if let corpus { return try GestureCorpusRunner.row(index, grid: grid, criteria: criteria, corpus: corpus) }
        let values = grid.values(index)
        let context = "grid point \(index) (\(grid.describe(values)))"
        let file = try grid.scenario(values, context: context)
        var recorder = BodyMotionRecorder()
        do {
            var simulation = try file.simulation()
            try simulation.run(events: { recorder.record($0) }) { recorder.record($0) }
        } catch {
            throw CommandLineError("\(context): \(error)")
        }
        let metrics = criteria.metrics.map { metric -> Double? in
            guard case let .body(id, kind) = metric.measure else { return nil }
            return recorder.metrics(id, band: criteria.band)?.value(kind)
        }
        return BehaviorSweepRow(index: index, values: values, metrics: metrics)
    }

    /// The rows of `range`, in index order, computed by `threads` workers; `progress`
    /// hears of each point finished.
    static func rows(_ range: Range<Int>, grid: BehaviorSweepGrid, criteria: BehaviorSweepCriteria,
                     corpus: GestureCorpus? = nil, threads: Int, progress: ProgressBar? = nil)
        throws(CommandLineError) -> [BehaviorSweepRow]
    {
        let results = Results(count: range.count)
        let shared = Shared(grid: grid, criteria: criteria, corpus: corpus)
        DispatchQueue.concurrentPerform(iterations: max(1, min(threads, range.count))) { _ in
            while let position = results.next() {
                do throws(CommandLineError) {
                    results.store(.success(try row(range.lowerBound + position, grid: shared.grid, criteria: shared.criteria,
                                                          corpus: shared.corpus)),
                                  at: position)
                } catch {
                    results.store(.failure(error), at: position)
                }
                progress?.advance(by: 1)
            }
        }
        var rows: [BehaviorSweepRow] = []
        rows.reserveCapacity(range.count)
        for result in results.all {
            switch result {
            case let .success(row): rows.append(row)
            case let .failure(error): throw error
            case nil: throw CommandLineError("internal error: a grid point was not run")
            }
        }
        return rows
    }

    /// The grid, criteria and corpus, read-only, shared with the workers.
    private struct Shared: @unchecked Sendable {
        let grid: BehaviorSweepGrid
        let criteria: BehaviorSweepCriteria
        let corpus: GestureCorpus?
    }

    /// The next point to run, and each point's result; each worker writes only the slot
    /// of the point it took.
    private final class Results: @unchecked Sendable {
        private var results: [Result<BehaviorSweepRow, CommandLineError>?]
        private var taken = 0
        private let lock = NSLock()

        init(count: Int) { results = Array(repeating: nil, count: count) }

        func next() -> Int? {
            lock.lock()
            defer { lock.unlock() }
            guard taken < results.count else { return nil }
            taken += 1
            return taken - 1
        }

        func store(_ result: Result<BehaviorSweepRow, CommandLineError>, at position: Int) {
            lock.lock()
            results[position] = result
            lock.unlock()
        }

        var all: [Result<BehaviorSweepRow, CommandLineError>?] {
            lock.lock()
            defer { lock.unlock() }
            return results
        }
    }
}
