import HookeCore

// Stage 13 of the step pipeline (World+Step.swift): bodies, islands and the world
// coming to rest, and per-behaviour rest events: UIKit has no completion callback for a
// behaviour (a snap that has arrived, a push that has run out); Hooke reports one.

extension Behavior.Kind {
    /// The bodies this node of a behaviour acts on (a group acts on none itself).
    var items: [BodyHandle] {
        switch self {
        case .group: return []
        case let .gravity(gravity): return gravity.items
        case let .push(push): return push.items
        case let .snap(snap): return [snap.item]
        case let .attachment(attachment):
            if case let .item(other, _) = attachment.target { return [attachment.item, other] }
            return [attachment.item]
        case let .dynamicItem(dynamicItem): return dynamicItem.items
        case let .field(field): return field.items
        case let .collision(collision): return collision.items
        }
    }
}

extension World {
    // MARK: - 13. restDetection

    /// Snaps with a `SnapRest` first end their items' motion if it can no longer be seen
    /// (World+SnapRest.swift). Then a body below 1 pt/s and 2°/s adds h to its rest timer, any other resets it;
    /// an island whose every body has rested 0.5 s and whose positions converged
    /// sleeps (velocities zeroed), unless `configuration.allowsSleeping` is false. The
    /// world pauses when nothing is awake.
    mutating func restDetection(_ h: Double) {
        snapRest()
        let islandCount = scratch.islands.bodyStart.count - 1
        let linear2 = Self.linearRestSpeed * Self.linearRestSpeed
        let angular2 = Self.angularRestSpeed * Self.angularRestSpeed
        for island in 0..<max(islandCount, 0) {
            let range = scratch.islands.bodyStart[island]..<scratch.islands.bodyStart[island + 1]
            var minimumRest = Double.infinity
            for e in range {
                let i = scratch.islands.bodies[e]
                let w = bodies.angularVelocity[i], v = bodies.velocity[i]
                if w * w > angular2 || Planar.dot(v, v) > linear2 {
                    bodies.sleepTime[i] = 0
                    minimumRest = 0
                } else {
                    bodies.sleepTime[i] += h
                    minimumRest = min(minimumRest, bodies.sleepTime[i])
                }
            }
            if minimumRest >= Self.timeToRest && scratch.islands.positionSolved[island] && configuration.allowsSleeping {
                for e in range { sleep(scratch.islands.bodies[e]) }
            }
        }
        behaviorRestDetection()
    }

    /// Reports, in `events.behaviorsCameToRest`, every behaviour whose dynamic items
    /// (its children's included) are all at rest and were not all at rest after the
    /// previous step: once per settle, re-armed when any of them moves again. A
    /// behaviour with no live dynamic item is never reported. Part of the
    /// `restDetection` stage.
    mutating func behaviorRestDetection() {
        for slot in behaviors.order {
            guard let nodes = behaviors.records[slot] else { continue }
            // Resting: some live dynamic item, and none awake. The first awake one
            // settles it, so a behaviour over a moving pile reads one item, not all.
            var hasDynamicItem = false
            var allResting = true
            items: for node in nodes {
                for handle in node.kind.items {
                    guard let i = liveSlot(handle), !bodies.isStatic[i] else { continue }
                    hasDynamicItem = true
                    if bodies.isAwake[i] {
                        allResting = false
                        break items
                    }
                }
            }
            let resting = hasDynamicItem && allResting
            if resting && !behaviors.isResting[slot] {
                let handle = BehaviorHandle(index: Int32(slot), generation: behaviors.generation[slot])
                recordEvent(.behaviorCameToRest(handle))
            }
            behaviors.isResting[slot] = resting
        }
    }
}
