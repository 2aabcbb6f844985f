import Foundation
import HookeInteractions

/// Runs one grid point of a `--gestures` sweep on every recording of the corpus, each as
/// `hooke simulate` runs the point's scenario with the recording's gesture in place of
/// the deciding interaction's, and measures the corpus (`GestureCorpusMetric`).
enum GestureCorpusRunner {
    /// What one recording's run decided and how long its body took to settle.
    struct Outcome: Equatable {
        let dismissed: Bool
        let settle: Double
    }

    /// The outcome of `recording` at the grid point `values`.
    static func outcome(_ recording: LabelledGestureRecording, values: [Double], grid: BehaviorSweepGrid, corpus: GestureCorpus,
                        band: Double, context: String) throws(CommandLineError) -> Outcome
    {
        let context = "\(context), recording \(recording.name)"
        let document = corpus.interaction.replacingGesture(in: grid.document(values), with: recording.gesture)
        var recorder = BodyMotionRecorder()
        do {
            let file = try InteractionScenario.parse(Data(document.text.utf8))
            var simulation = try file.simulation()
            try simulation.run(events: { recorder.record($0) }) { recorder.record($0) }
        } catch {
            throw CommandLineError("\(context): \(error)")
        }
        guard let metrics = recorder.metrics(corpus.interaction.bodyID, band: band), let dismissed = metrics.dismissed else {
            throw CommandLineError("\(context): no rows of \(corpus.interaction.bodyID) with its state were recorded")
        }
        return Outcome(dismissed: dismissed == 1, settle: metrics.settle)
    }

    /// The row of grid point `index`: every reported metric over the corpus.
    static func row(_ index: Int, grid: BehaviorSweepGrid, criteria: BehaviorSweepCriteria, corpus: GestureCorpus)
        throws(CommandLineError) -> BehaviorSweepRow
    {
        let values = grid.values(index)
        let context = "grid point \(index) (\(grid.describe(values)))"
        var wrong = 0
        var missed = 0
        var settleSum = 0.0
        for recording in corpus.recordings {
            let outcome = try outcome(recording, values: values, grid: grid, corpus: corpus, band: criteria.band,
                                      context: context)
            switch (recording.label, outcome.dismissed) {
            case (.keep, true): wrong += 1
            case (.dismiss, false): missed += 1
            default: break
            }
            settleSum += outcome.settle
        }
        let summary = corpus.summary
        func value(_ kind: GestureCorpusMetric) -> Double? {
            switch kind {
            case .wrong: return summary.keepCount == 0 ? nil : Double(wrong) / Double(summary.keepCount)
            case .missed: return summary.dismissCount == 0 ? nil : Double(missed) / Double(summary.dismissCount)
            case .errors: return Double(wrong + missed) / Double(summary.count)
            case .wrongCount: return Double(wrong)
            case .missedCount: return Double(missed)
            case .settle: return settleSum / Double(summary.count)
            }
        }
        let metrics = criteria.metrics.map { metric -> Double? in
            guard case let .gestures(kind) = metric.measure else { return nil }
            return value(kind)
        }
        return BehaviorSweepRow(index: index, values: values, metrics: metrics)
    }
}
