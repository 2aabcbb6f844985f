import Hooke
import HookeInteractions

/// The interaction components (Docs/interactions.md): swipe cards stepped in place as a
/// plain `[SwipeCard]` (no playback), and one `MeshJellyEdge` step and step map.
enum InteractionTiming {
    /// `count` cards, each released from its whole pan of `InteractionsWorkload.standard`
    /// (flicks that leave, drags that return), stepped 12 steps of 1/120 s (the first
    /// 0.1 s, every card moving) per repetition from the same released state. The
    /// checksum is Σ (x + y + vx + vy) of the cards after each call.
    static func cardsInPlace(count: Int, repetitions: Int) throws -> ComponentTiming {
        let workload = InteractionsWorkload.standard(items: count)
        var released = [SwipeCard](repeating: try SwipeCard(), count: count)
        for index in released.indices {
            for event in workload.recordings[workload.assignment[index]].events { released[index].handle(event) }
        }
        let steps = 12
        var cards = released
        var step = 0
        return .measure(group: "swipe cards in place, first 0.1 s", variant: "card-array", items: count, calls: steps,
                        repetitions: repetitions, tolerance: 1e-12) {
            if step == steps { cards = released; step = 0 }
            step += 1
            var sum = 0.0
            for index in cards.indices {
                cards[index].step(by: 1.0 / 120)
                let s = cards[index].renderState
                sum += s.center.x + s.center.y + s.velocity.x + s.velocity.y
            }
            return sum
        }
    }

    /// A `MeshJellyEdge` of m control points pulled and held: the cost of one step (both
    /// axes) and of the step map built when the pulled point changes (one exponential).
    static func meshEdge(controlPoints m: Int, repetitions: Int) throws -> [ComponentTiming] {
        var edge = try MeshJellyEdge(controlPoints: m)
        edge.handle(try GestureEvent(.began, time: 0, location: SIMD2(100, 150)))
        edge.handle(try GestureEvent(.changed, time: 0, location: SIMD2(130, 300)))
        edge.step(by: 1.0 / 120)  // the first step map (and the libraries' start-up)
        let held = edge
        var stepping = held
        let step = ComponentTiming.measure(group: "mesh jelly edge step, m=\(m)", variant: "mesh-edge", items: m,
                                           calls: 20_000, repetitions: repetitions) {
            stepping.step(by: 1.0 / 120)
            return stepping.points[m / 2].y
        }
        // A new pulled point: the next step builds its map.
        var regrabbed = held
        regrabbed.handle(try GestureEvent(.ended, time: 0, location: SIMD2(130, 300)))
        regrabbed.handle(try GestureEvent(.began, time: 0, location: SIMD2(300, 150)))
        let map = ComponentTiming.measure(group: "mesh jelly edge step map, m=\(m)", variant: "mesh-edge", items: m,
                                          calls: 1, repetitions: repetitions) {
            var edge = regrabbed
            edge.step(by: 1.0 / 120)
            return edge.points[m / 2].y
        }
        return [step, map]
    }
}
