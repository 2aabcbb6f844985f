// Per-behaviour rest events: UIKit has no completion callback for a behaviour (a snap
// that has arrived, a push that has run out); Hooke reports one.

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
    /// Reports, in `events.behaviorsCameToRest`, every behaviour whose dynamic items
    /// (its children's included) are all at rest and were not all at rest after the
    /// previous step: once per settle, re-armed when any of them moves again. A
    /// behaviour with no live dynamic item is never reported. Part of the
    /// `restDetection` stage.
    mutating func behaviorRestDetection() {
        for slot in behaviors.order {
            guard let nodes = behaviors.records[slot] else { continue }
            var hasDynamicItem = false
            var allResting = true
            for node in nodes {
                for handle in node.kind.items {
                    guard let i = liveSlot(handle), !bodies.isStatic[i] else { continue }
                    hasDynamicItem = true
                    if bodies.isAwake[i] { allResting = false }
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
