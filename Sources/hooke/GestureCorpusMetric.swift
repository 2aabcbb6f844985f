/// A metric of `hooke sweep --scenario … --gestures DIR` over the whole corpus at one
/// grid point (`gestures.<kind>`); the decision of each recording is the deciding
/// interaction's `dismissed` at the end of its run.
///
/// - wrong: wrong dismissals / recordings labelled "keep" (none when there is none)
/// - missed: missed dismissals / recordings labelled "dismiss" (none when there is none)
/// - errors: (wrong dismissals + missed dismissals) / all recordings
/// - wrongCount, missedCount: the counts themselves
/// - settle: the mean over the recordings of the interaction body's `settle`
enum GestureCorpusMetric: String, CaseIterable, Hashable {
    case wrong, missed, errors, wrongCount, missedCount, settle

    var unit: String { self == .settle ? "s" : "" }
}
