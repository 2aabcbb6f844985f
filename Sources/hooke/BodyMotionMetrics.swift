import Hooke
import HookeInteractions

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

/// Collects one run's rows and events and measures every body in them.
struct BodyMotionRecorder {
    private struct Track {
        var times: [Double] = []
        var centers: [SIMD2<Double>] = []
        var peakSpeed = 0.0
        var restSince: Double?
        var lastState = ""
    }

    private var tracks: [String: Track] = [:]
    /// Ids in the order their first row came.
    private(set) var ids: [String] = []

    mutating func record(_ row: InteractionSample) {
        let sample = row.sample
        if tracks[sample.id] == nil { ids.append(sample.id) }
        tracks[sample.id, default: Track()].times.append(sample.time)
        tracks[sample.id]!.centers.append(sample.center)
        tracks[sample.id]!.lastState = row.state
        let v = sample.velocity
        tracks[sample.id]!.peakSpeed = max(tracks[sample.id]!.peakSpeed, (v.x * v.x + v.y * v.y).squareRoot())
    }

    mutating func record(_ event: ScenarioEvent) {
        switch event.kind {
        case let .restBegan(id): tracks[id, default: Track()].restSince = event.time
        case let .restEnded(id): tracks[id, default: Track()].restSince = nil
        default: break
        }
    }

    /// The metrics of body `id`; nil when no row of it was recorded.
    func metrics(_ id: String, band: Double) -> BodyMotionMetrics? {
        guard let track = tracks[id], let final = track.centers.last, let start = track.centers.first else { return nil }
        var settle = 0.0
        for (time, center) in zip(track.times, track.centers) {
            let d = center - final
            if (d.x * d.x + d.y * d.y).squareRoot() > band { settle = time }
        }
        let travel = final - start
        let length = (travel.x * travel.x + travel.y * travel.y).squareRoot()
        var overshoot = 0.0
        if length > 0 {
            for center in track.centers {
                let d = center - final
                overshoot = max(overshoot, (d.x * travel.x + d.y * travel.y) / length)
            }
        }
        return BodyMotionMetrics(settle: settle, overshoot: overshoot, peakSpeed: track.peakSpeed,
                                 finalX: final.x, finalY: final.y, rest: track.restSince,
                                 dismissed: track.lastState.isEmpty
                                     ? nil : (BodyMotionMetrics.dismissedStates.contains(track.lastState) ? 1 : 0))
    }
}
