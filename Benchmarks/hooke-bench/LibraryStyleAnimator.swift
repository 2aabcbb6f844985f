import Foundation

/// The animator of a `library-style` application: every animation in one dictionary keyed
/// by its id, advanced by iterating the dictionary once per display frame, and retargeted
/// by id — as the libraries' shared animators keep theirs (Wave's animation controller
/// holds `[UUID: AnimatorProviding]` and iterates its values on every display-link tick).
///
/// The libraries make theirs a process-wide singleton driven by the display link; here
/// each engine owns one, so that measurements at different N do not see each other's
/// animations, and the benchmark's frame loop calls `tick` where the display link would.
/// A finished animation stays in the dictionary, flagged by its settle test, and is
/// skipped until a retarget sets it running again.
final class LibraryStyleAnimator {
    private var animations: [UUID: any LibraryStyleAnimation] = [:]

    /// Animations registered.
    var count: Int { animations.count }

    /// Animations not yet settled.
    var runningCount: Int { animations.values.count(where: { !$0.isFinished }) }

    /// Bytes of the dictionary's buckets: a key and an existential per bucket. Swift's
    /// `Dictionary` keeps a power-of-two number of buckets, at most 3/4 of them filled
    /// (`capacity`), so the buckets are the next power of two above capacity / 0.75.
    var dictionaryBytes: Double {
        guard animations.capacity > 0 else { return 0 }
        let buckets = 1 << Int(log2(Double(animations.capacity) / 0.75).rounded(.up))
        let bucket = MemoryLayout<UUID>.stride + MemoryLayout<any LibraryStyleAnimation>.stride
        return Double(buckets * bucket)
    }

    /// Registers `animation`; it runs from the next `tick`.
    func add(_ animation: any LibraryStyleAnimation) {
        animations[animation.id] = animation
    }

    /// The spring animation of `Value` registered under `id`, if any: the dictionary holds
    /// animations of every value type, so finding a typed one is a dynamic cast.
    func springAnimation<Value: LibraryStyleAnimatable>(_ id: UUID, of _: Value.Type = Value.self)
        -> LibraryStyleSpringAnimation<Value>? {
        animations[id] as? LibraryStyleSpringAnimation<Value>
    }

    /// Moves the target of the animation registered under `id` (and sets it running if
    /// it had settled). Returns false when no spring animation of `Value` has that id.
    @discardableResult
    func retarget<Value: LibraryStyleAnimatable>(_ id: UUID, to target: Value) -> Bool {
        guard let animation = springAnimation(id, of: Value.self) else { return false }
        animation.retarget(to: target)
        return true
    }

    /// One display frame: advances every running animation by `frameDuration` seconds.
    func tick(frameDuration: Double) {
        for animation in animations.values where !animation.isFinished {
            animation.advance(by: frameDuration)
        }
    }
}
