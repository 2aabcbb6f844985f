import Hooke

/// The `springs` scenario at one item count: where every item starts, which spring it
/// follows, and which items are retargeted to where in every frame.
///
/// Items are numbered 0..<N and grouped by spring: group g holds the contiguous range
/// `groups[g]`, so that structure-of-arrays engines step each group with its own
/// propagator Φ over contiguous memory. Every engine indexes items the same way.
struct SpringsWorkload: Sendable {
    /// Seconds per fixed step: 120 Hz, ProMotion's display rate.
    static let timestep = 1.0 / 120

    /// The distinct springs, as (damping ratio, response in s): under-damped, critical
    /// and over-damped ones with the responses interfaces use, so that every branch of
    /// the exact propagator is exercised.
    static let springParameters: [(dampingRatio: Double, response: Double)] = [
        (0.3, 0.5), (0.5, 0.35), (0.7, 0.45), (0.825, 0.3),
        (1.0, 0.4), (1.0, 0.25), (1.3, 0.5), (2.5, 0.6),
    ]

    let itemCount: Int
    let springs: [Spring]
    /// Φ(timestep) of each spring.
    let transitions: [SpringTransition]
    /// Item ranges of the spring groups, contiguous and in order.
    let groups: [Range<Int>]
    /// Start positions (points) and velocities (points per second).
    let startX: [Double], startY: [Double], startVX: [Double], startVY: [Double]
    /// Targets now and in later frames.
    let retargets: RetargetSchedule

    /// - Parameter retargetShare: the fraction of items retargeted per frame, in 0...1.
    init(itemCount: Int, retargetShare: Double, seed: UInt64) {
        precondition(itemCount > 0, "a workload needs at least one item")
        self.itemCount = itemCount
        // The parameters above are valid by construction; a throw here is a bug.
        springs = Self.springParameters.map {
            try! Spring(dampingRatio: $0.dampingRatio, response: $0.response)
        }
        transitions = springs.map { $0.transition(over: Self.timestep) }
        let groupCount = min(springs.count, itemCount)
        groups = (0..<groupCount).map { g in
            (g * itemCount / groupCount)..<((g + 1) * itemCount / groupCount)
        }

        var random = SeededGenerator(seed: seed)
        func column(_ range: ClosedRange<Double>) -> [Double] {
            (0..<itemCount).map { _ in random.uniform(range) }
        }
        // A 1000 × 1000 pt field (a large tablet screen), flicks up to 2000 pt/s.
        startX = column(0...1000)
        startY = column(0...1000)
        startVX = column(-2000...2000)
        startVY = column(-2000...2000)
        let initialX = column(0...1000), initialY = column(0...1000)
        let laterX = column(0...1000), laterY = column(0...1000)
        retargets = RetargetSchedule(
            initial: (initialX, initialY), later: (laterX, laterY), share: retargetShare)
    }

    /// The workload of one measurement point at N = `items`: every engine starts from it.
    static func standard(items: Int, retargetShare: Double) -> SpringsWorkload {
        SpringsWorkload(itemCount: items, retargetShare: retargetShare, seed: 0x486F_6F6B_6521)
    }

    /// The group that holds `item`.
    func group(of item: Int) -> Int {
        groups.firstIndex { $0.contains(item) }!
    }

    /// Calls `body(group, itemsOfGroup)` for each group that meets `items`, with the
    /// part of `items` inside it — how engines that store groups apart apply a frame's
    /// retargets, which may straddle groups.
    func forEachGroupSlice(of items: Range<Int>, _ body: (Int, Range<Int>) -> Void) {
        for (g, range) in groups.enumerated() where range.overlaps(items) {
            body(g, range.clamped(to: items))
        }
    }
}
