/// What one body did over a scenario run, measured from the rows `hooke simulate`
/// records (every `record.every` steps, step 0 first) and the world's rest events.
///
/// - settle: the last recorded time the body's centre was farther than `band` points
///   from where it ends (0 when it never was);
/// - overshoot: the largest distance, in points, the centre went past its final position
///   along the direction of travel from its first to its final position (0 when it ends
///   where it started);
/// - peakSpeed: the largest recorded speed |v|, pt/s;
/// - finalX, finalY: the centre in the last recorded row;
/// - rest: the time of the `restBegan` event after which the body stayed at rest to the
///   end (nil when it does not end at rest);
/// - dismissed: for a body whose rows carry an interaction's state (a swipe card, a card
///   of a stack, a flicked body), 1 when its last row says it was thrown away
///   (`leaving`, `gone`, `dismissing`, `dismissed`: the interaction decided to dismiss
///   it) and 0 otherwise (returned, resting, still held); nil for a plain world body.
struct BodyMotionMetrics: Equatable {
    enum Kind: String, CaseIterable {
        case settle, overshoot, peakSpeed, finalX, finalY, rest, dismissed
    }

    /// The states of an interaction's row that mean it decided to throw the body away.
    static let dismissedStates: Set<String> = ["leaving", "gone", "dismissing", "dismissed"]

    var settle: Double
    var overshoot: Double
    var peakSpeed: Double
    var finalX: Double
    var finalY: Double
    var rest: Double?
    var dismissed: Double?

    func value(_ kind: Kind) -> Double? {
        switch kind {
        case .settle: return settle
        case .overshoot: return overshoot
        case .peakSpeed: return peakSpeed
        case .finalX: return finalX
        case .finalY: return finalY
        case .rest: return rest
        case .dismissed: return dismissed
        }
    }
}
