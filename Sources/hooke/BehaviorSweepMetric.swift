/// A metric of `hooke sweep --scenario`: `bodies.<id>.<kind>` (`bodies.card.settle`).
struct BehaviorSweepMetric: Hashable {
    let id: String
    let kind: BodyMotionMetrics.Kind

    var name: String { "bodies.\(id).\(kind.rawValue)" }

    /// The unit the table and the recommendation print after a value.
    var unit: String {
        switch kind {
        case .settle, .rest: return "s"
        case .overshoot, .finalX, .finalY: return "pt"
        case .peakSpeed: return "pt/s"
        case .dismissed: return ""
        }
    }

    init(id: String, kind: BodyMotionMetrics.Kind) {
        self.id = id
        self.kind = kind
    }

    /// Reads `bodies.<id>.<kind>`, refusing an id that has no rows in the run (`ids`).
    init(parsing text: String, option: String, ids: [String]) throws(CommandLineError) {
        let kinds = BodyMotionMetrics.Kind.allCases.map(\.rawValue).joined(separator: "|")
        guard text.hasPrefix("bodies."), let dot = text.lastIndex(of: "."), dot > text.index(text.startIndex, offsetBy: 6),
            let kind = BodyMotionMetrics.Kind(rawValue: String(text[text.index(after: dot)...]))
        else {
            throw CommandLineError("\(option): '\(text)' is not a metric; expected bodies.<id>.\(kinds)")
        }
        let id = String(text[text.index(text.startIndex, offsetBy: 7)..<dot])
        guard ids.contains(id) else {
            throw CommandLineError(
                "\(option): '\(text)': no recorded body \"\(id)\" (recorded: \(ids.joined(separator: ", ")))")
        }
        self.init(id: id, kind: kind)
    }
}
