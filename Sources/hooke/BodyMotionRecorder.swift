import Hooke
import HookeInteractions

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
