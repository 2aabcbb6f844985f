/// A metric of `hooke sweep --scenario`: one body's, `bodies.<id>.<kind>`
/// (`bodies.card.settle`), or with `--gestures DIR` one of the corpus,
/// `gestures.<kind>` (`gestures.wrong`).
struct BehaviorSweepMetric: Hashable {
    enum Measure: Hashable {
        case body(id: String, kind: BodyMotionMetrics.Kind)
        case gestures(GestureCorpusMetric)
    }

    let measure: Measure

    var name: String {
        switch measure {
        case let .body(id, kind): return "bodies.\(id).\(kind.rawValue)"
        case let .gestures(kind): return "gestures.\(kind.rawValue)"
        }
    }

    /// The unit the table and the recommendation print after a value.
    var unit: String {
        switch measure {
        case let .gestures(kind): return kind.unit
        case let .body(_, kind):
            switch kind {
            case .settle, .rest: return "s"
            case .overshoot, .finalX, .finalY: return "pt"
            case .peakSpeed: return "pt/s"
            case .dismissed: return ""
            }
        }
    }

    init(id: String, kind: BodyMotionMetrics.Kind) { measure = .body(id: id, kind: kind) }

    init(gestures kind: GestureCorpusMetric) { measure = .gestures(kind) }

    /// The metric a name denotes, unchecked against any run (for a merge's parts); nil
    /// when it is neither form.
    static func named(_ text: String) -> BehaviorSweepMetric? {
        if text.hasPrefix("gestures.") {
            return GestureCorpusMetric(rawValue: String(text.dropFirst("gestures.".count))).map { BehaviorSweepMetric(gestures: $0) }
        }
        guard text.hasPrefix("bodies."), let dot = text.lastIndex(of: "."), dot > text.index(text.startIndex, offsetBy: 6),
            let kind = BodyMotionMetrics.Kind(rawValue: String(text[text.index(after: dot)...]))
        else { return nil }
        return BehaviorSweepMetric(id: String(text[text.index(text.startIndex, offsetBy: 7)..<dot]), kind: kind)
    }

    /// Reads `bodies.<id>.<kind>`, refusing an id that has no rows in the run (`ids`);
    /// with `gestures` (a `--gestures` sweep) reads `gestures.<kind>` instead, since a
    /// body's metrics differ from one recording to the next.
    init(parsing text: String, option: String, ids: [String], gestures: Bool = false) throws(CommandLineError) {
        if gestures {
            let kinds = GestureCorpusMetric.allCases.map(\.rawValue).joined(separator: "|")
            guard let metric = Self.named(text), case .gestures = metric.measure else {
                throw CommandLineError("\(option): '\(text)' is not a metric of a --gestures sweep; expected gestures.\(kinds)")
            }
            self = metric
            return
        }
        let kinds = BodyMotionMetrics.Kind.allCases.map(\.rawValue).joined(separator: "|")
        if text.hasPrefix("gestures.") {
            throw CommandLineError("\(option): '\(text)' needs --gestures DIR")
        }
        guard let metric = Self.named(text), case let .body(id, _) = metric.measure else {
            throw CommandLineError("\(option): '\(text)' is not a metric; expected bodies.<id>.\(kinds)")
        }
        guard ids.contains(id) else {
            throw CommandLineError(
                "\(option): '\(text)': no recorded body \"\(id)\" (recorded: \(ids.joined(separator: ", ")))")
        }
        self = metric
    }
}
