import Dispatch

/// Many independent 2-D springs, stepped together: the fastest way to animate many items.
///
/// Each item has a position, a velocity and a target (points, points per second) and is
/// pulled toward its target by a `Spring`. Items that use equal springs share one group
/// and one exact propagator Φ(h) = `spring.transition(over: h)`, so a step is a handful
/// of multiply-adds per item with no integration error at any timestep.
///
/// ```swift
/// let batch = try SpringBatch<Double>()                        // h = 1/120 s
/// let spring = try Spring(dampingRatio: 0.8, response: 0.4)
/// let card = batch.add(position: [0, 0], target: [300, 120], spring: spring)
/// batch.step(count: 2)                                          // one 60 Hz frame
/// let p = batch.position(of: card)!
/// for settled in batch.drainRestEvents() { /* stop drawing `settled` */ }
/// ```
///
/// ## Storage
///
/// Structure of arrays: seven 64-byte aligned columns (displacement from the target
/// dx = x − tx and dy = y − ty, velocity vx and vy, target tx and ty, rest threshold),
/// `Scalar` = `Double` or `Float`. The displacement is stored rather than the position
/// because it is what the spring acts on: a step is d' = φ11·d + φ12·v,
/// v' = φ21·d + φ22·v, reading and writing four columns and never the targets (the
/// position x = tx + dx is formed only when it is read out; see `SpringBatchKernel`).
/// Items are sorted by group: each group is one contiguous range of slots, so the hot
/// loop runs over a range with a single Φ held in registers. Adding to a group (or removing from one) shifts every later group
/// by one slot by moving one item each, O(number of groups); within a group removal is a
/// swap-remove. Slots therefore change; `Handle`s (index + generation) do not.
///
/// ## Rest
///
/// An item rests when its energy radius √(dx² + dy² + (vx² + vy²)/ω₀²) — its distance
/// from the target in the spring's own phase-space norm — falls to `restTolerance` × its
/// travel, where travel is that same radius when the item was added or last retargeted
/// (or to `restFloorInUlps` ulps of the target coordinate, the resolution of the
/// position read out, if that is larger).
/// The criterion is relative, so a 1 pt move and a 1000 pt move with the same spring
/// rest after the same time; and the energy of a damped spring never increases, so an
/// item enters the band once and never leaves it: one rest event per settle. Retargeting
/// re-arms it. Rest is checked after the fused steps of each `step(count:)` call, i.e.
/// at read-out resolution, inside the last stepping pass; a group whose items have all
/// been reported at rest skips the test (set `detectsRest` to `false` to skip it
/// always). Items keep being stepped after they rest (they keep converging; nothing
/// snaps). The floor matters only where the read-out precision runs out: for `Double`
/// never in practice, for `Float` for sub-pixel moves at thousands of points, for
/// `Float16` (about 0.06 pt apart near 100 pt) always.
///
/// ## Threading
///
/// `SpringBatch` is not `Sendable` and must not be used from two threads at once: it is
/// a mutable store, owned by one animation loop. `step(count:threads:)` itself splits the
/// work over `threads` cores above `parallelThreshold` items, with results bit-identical
/// to one thread (each item is stepped by the same operations whichever thread runs it).
///
/// ## Invalid input
///
/// Non-finite positions, targets and velocities are programmer errors: `add` and
/// `retarget` trap with a message naming the parameter (`- Precondition:`), so NaN never
/// enters the columns.
public final class SpringBatch<Scalar: BinaryFloatingPoint & SIMDScalar & Sendable> {
    /// A stable reference to one item: survives other items' removal and the moves that
    /// keep groups contiguous. A removed item's handle goes stale (its generation no
    /// longer matches) and every query with it returns `nil` or `false`.
    public struct Handle: Hashable, Sendable {
        /// Index into the batch's handle table (reused after removal).
        public let index: Int
        /// Incremented each time `index` is reused.
        public let generation: UInt32
    }

    /// One contiguous range of slots whose items share a spring.
    @usableFromInline
    struct Group {
        @usableFromInline var spring: Spring
        @usableFromInline var propagator: SpringBatchPropagator<Scalar>
        /// ω₀², to measure travel in the energy norm.
        @usableFromInline var omegaSquared: Double
        @usableFromInline var start: Int
        @usableFromInline var count: Int
        /// Items of the group not yet reported at rest. A group with none skips the rest
        /// test entirely — the steady state of an interface whose items have settled.
        @usableFromInline var armed: Int = 0
        /// Whether every item sits exactly on its target with zero velocity, so that the
        /// group is not stepped (see `quiescenceInterval`).
        @usableFromInline var isQuiescent = false

        /// Something in the group moves again: it is stepped until it is quiescent anew.
        @inlinable
        mutating func wake() {
            isQuiescent = false
        }
    }

    /// How many fixed steps pass between quiescence checks (made at step numbers that
    /// are multiples of it, whatever the calls' step counts).
    ///
    /// Once an item has come to rest its displacement and velocity keep decaying
    /// geometrically toward zero; left alone they would reach subnormal numbers within a
    /// minute or two, whose arithmetic is some hundred times slower on x86, and a screen
    /// of settled items would slowly grind the batch down. So every `quiescenceInterval`
    /// steps each group is checked, and when each of its items is, in displacement and in
    /// distance moved per step, within `restFloorInUlps` ulps of its target coordinate
    /// (an ulp counting as at least 2⁵² × the smallest normal number, for a target at 0),
    /// the group is set exactly onto its targets with zero velocity and is skipped until
    /// one of its items is added or retargeted. The change is below the resolution of
    /// the position read out (tx + dx, rounded to the ulps of tx).
    static var quiescenceInterval: Int { 64 }

    /// Fixed steps taken since the batch was created.
    private var stepsTaken = 0

    /// The fixed timestep h, in seconds.
    public let timestep: Double
    /// Relative rest tolerance ε: an item rests at ε × its travel.
    public let restTolerance: Double
    /// Below this many items `step` runs on the calling thread whatever `threads` says:
    /// dispatching costs microseconds, a step of 10⁴ items costs about as much.
    public var parallelThreshold: Int = 65_536
    /// Whether `step` tests rest and records rest events (default `true`). Turning it off
    /// saves one column read and a few multiplies per item per call — for callers that
    /// never ask about rest, and to measure the bare stepping loop. Items stepped while
    /// it is off are tested again as soon as it is back on.
    public var detectsRest = true

    /// Displacement from the target, x − tx and y − ty (see "Storage").
    @usableFromInline let dx = AlignedBuffer<Scalar>()
    @usableFromInline let dy = AlignedBuffer<Scalar>()
    @usableFromInline let vx = AlignedBuffer<Scalar>()
    @usableFromInline let vy = AlignedBuffer<Scalar>()
    @usableFromInline let tx = AlignedBuffer<Scalar>()
    @usableFromInline let ty = AlignedBuffer<Scalar>()
    @usableFromInline let restLimit = AlignedBuffer<Scalar>()
    /// The seven columns, for the operations that treat them alike (grow, move).
    private let columns: [AlignedBuffer<Scalar>]

    // The tables read by every per-item call are exempt from dynamic exclusivity
    // checks, which measured costlier than the lookups themselves (see `AlignedBuffer`).
    // No method of the batch holds an access to them across a call that could re-enter.

    /// Groups in storage order; starts strictly increase and no group is empty.
    @usableFromInline @exclusivity(unchecked) var groups: [Group] = []
    private var groupOfSpring: [Spring: Int] = [:]
    /// The handle of the item in each slot.
    @exclusivity(unchecked) private var slotHandles: [Handle] = []
    /// The index in `groups` of the item in each slot, so that the per-item calls find
    /// an item's group with one load instead of a search over the group starts.
    @usableFromInline @exclusivity(unchecked) var slotGroups: [Int32] = []
    /// Handle indices of the items retargeted since the last step (the first
    /// `pendingCount`), whose rest threshold (`pendingLimit`) is still to be measured
    /// (see `retarget`). May hold stale or repeated indices: `armPendingTravel` skips any
    /// whose slot is not pending. A plain buffer rather than an `Array`, whose append
    /// checks uniqueness through a runtime call on every retarget.
    @usableFromInline let pendingTravel = AlignedBuffer<Int>()
    @usableFromInline @exclusivity(unchecked) var pendingCount = 0
    /// Per handle index: the item's slot, or −1 when free.
    @usableFromInline @exclusivity(unchecked) var handleSlots: [Int] = []
    @usableFromInline @exclusivity(unchecked) var handleGenerations: [UInt32] = []
    private var freeHandleIndices: [Int] = []
    @exclusivity(unchecked) private var pendingRestEvents: [Handle] = []
    /// Storage slots found at rest by one single-threaded step, kept between calls.
    private var restedScratch: [Int] = []

    /// Creates an empty batch.
    ///
    /// - Parameters:
    ///   - timestep: the fixed step h in seconds, finite and > 0 (default 1/120 s).
    ///   - restTolerance: relative rest tolerance ε, finite, > 0 and < 1 (default 0.001:
    ///     an item rests within 0.1 % of its travel).
    /// - Throws: `HookeError.invalidParameter` naming the offending parameter.
    public init(timestep: Double = 1.0 / 120, restTolerance: Double = 0.001) throws(HookeError) {
        self.timestep = try Validate.positive(timestep, "timestep")
        let tolerance = try Validate.positive(restTolerance, "restTolerance")
        guard tolerance < 1 else {
            throw .invalidParameter("restTolerance", value: tolerance, requirement: "finite and in (0, 1)")
        }
        self.restTolerance = tolerance
        columns = [dx, dy, vx, vy, tx, ty, restLimit]
    }

    /// Number of live items.
    public var count: Int { slotHandles.count }

    /// Number of groups (distinct springs in use).
    public var groupCount: Int { groups.count }

    // MARK: Adding and removing

    /// Adds an item and returns its handle.
    ///
    /// - Parameters:
    ///   - position: start position, points.
    ///   - target: the position the spring pulls toward, points.
    ///   - velocity: start velocity, points per second.
    ///   - spring: the item's spring; items with equal springs share a group.
    /// - Precondition: every component is finite and representable in `Scalar`.
    /// - Complexity: O(number of groups) amortised.
    @_specialize(where Scalar == Double)
    @_specialize(where Scalar == Float)
    @discardableResult
    public func add(
        position: SIMD2<Double>, target: SIMD2<Double>, velocity: SIMD2<Double> = .zero,
        spring: Spring
    ) -> Handle {
        Self.requireFinite(position, "position")
        Self.requireFinite(target, "target")
        Self.requireFinite(velocity, "velocity")

        let n = count
        for column in columns { column.reserve(n + 1, keeping: n) }

        // Find or create the group, and free the slot just past its end by moving the
        // first item of every later group to that group's end, last group first.
        let g: Int
        if let existing = groupOfSpring[spring] {
            g = existing
        } else {
            g = groups.count
            groups.append(Group(
                spring: spring, propagator: Self.propagator(spring, timestep),
                omegaSquared: spring.stiffness / spring.mass, start: n, count: 0))
            groupOfSpring[spring] = g
        }
        slotHandles.append(Handle(index: -1, generation: 0))  // placeholder for slot n
        slotGroups.append(0)
        var free = n
        var j = groups.count - 1
        while j > g {
            let first = groups[j].start
            if first != free { moveItem(from: first, to: free) }
            groups[j].start = first + 1
            free = first
            j -= 1
        }
        groups[g].count += 1

        let handle = allocateHandle(slot: free)
        slotHandles[free] = handle
        slotGroups[free] = Int32(g)
        write(slot: free, position: position, velocity: velocity, target: target, group: groups[g])
        groups[g].armed += 1
        groups[g].wake()
        return handle
    }

    /// Removes an item. Returns `false` (and does nothing) when the handle is stale.
    ///
    /// - Complexity: O(number of groups).
    @_specialize(where Scalar == Double)
    @_specialize(where Scalar == Float)
    @discardableResult
    public func remove(_ handle: Handle) -> Bool {
        guard let slot = slot(of: handle) else { return false }
        let g = groupIndex(ofSlot: slot)
        if restLimit.base[slot] != Self.restedLimit { groups[g].armed -= 1 }
        // Swap-remove inside the group, then close the hole by moving the last item of
        // every later group down by one.
        var hole = groups[g].start + groups[g].count - 1
        if hole != slot { moveItem(from: hole, to: slot) }
        groups[g].count -= 1
        for j in (g + 1)..<groups.count {
            let last = groups[j].start + groups[j].count - 1
            if last != hole { moveItem(from: last, to: hole) }
            groups[j].start -= 1
            hole = last
        }
        slotHandles.removeLast()
        slotGroups.removeLast()
        handleSlots[handle.index] = -1
        handleGenerations[handle.index] &+= 1
        freeHandleIndices.append(handle.index)
        if groups[g].count == 0 {
            // Every later group's index drops by one; its slots start where g's did.
            for s in groups[g].start..<count { slotGroups[s] -= 1 }
            groups.remove(at: g)
            groupOfSpring = [:]
            for (index, group) in groups.enumerated() { groupOfSpring[group.spring] = index }
        }
        return true
    }

    /// Moves an item's target, keeping its position (to within an ulp: it is re-expressed
    /// as a displacement from the new target) and velocity, and re-arms its rest
    /// event (its travel is measured afresh from the current state). Returns `false` when
    /// the handle is stale.
    ///
    /// The call stores the target and the displacement from it that keeps the position,
    /// d ← (t_old + d_old) − t_new (formed in `Double`, so that for `Float` the only
    /// rounding is that of the new displacement), and marks the item's rest threshold
    /// pending; the travel (a few multiplies and an ulp) is measured at the start of the
    /// next `step`, for all items retargeted since, by `armPendingTravel`. That is the
    /// same travel: only `step` changes displacements and velocities, so the state the
    /// next step starts from is the state at the time of the retarget. (Retargeting the
    /// item again before then simply moves the target the travel is measured to.)
    /// Retargeting an interface's moving items every frame thus costs a few loads, adds
    /// and stores per item.
    ///
    /// - Precondition: `target` is finite and representable in `Scalar`.
    @inlinable
    @discardableResult
    public func retarget(_ handle: Handle, to target: SIMD2<Double>) -> Bool {
        Self.requireFinite(target, "target")
        guard let slot = slot(of: handle) else { return false }
        let g = Int(slotGroups[slot])
        let limit = restLimit.base[slot]
        if limit == Self.restedLimit { groups[g].armed += 1 }
        if groups[g].isQuiescent { groups[g].wake() }
        let newX = Scalar(target.x), newY = Scalar(target.y)
        dx.base[slot] = Scalar(Double(tx.base[slot]) + Double(dx.base[slot]) - Double(newX))
        dy.base[slot] = Scalar(Double(ty.base[slot]) + Double(dy.base[slot]) - Double(newY))
        tx.base[slot] = newX
        ty.base[slot] = newY
        if limit != Self.pendingLimit {
            restLimit.base[slot] = Self.pendingLimit
            if pendingCount == pendingTravel.capacity {
                pendingTravel.reserve(pendingCount + 1, keeping: pendingCount)
            }
            pendingTravel.base[pendingCount] = handle.index
            pendingCount += 1
        }
        return true
    }

    // MARK: Stepping

    /// Advances every item by `count` fixed steps of `timestep`, fused into one pass over
    /// memory, then checks rest once.
    ///
    /// Fused stepping is bit-identical to `count` calls of `step(count: 1)` (apart from
    /// when rest is detected: once per call). With `threads > 1` and at least
    /// `parallelThreshold` items, contiguous chunks of slots are stepped on
    /// `threads` workers by `DispatchQueue.concurrentPerform`; the results, including
    /// the order of rest events, are bit-identical to one thread.
    ///
    /// - Precondition: `count >= 0`, `threads >= 1`.
    @_specialize(where Scalar == Double)
    @_specialize(where Scalar == Float)
    public func step(count steps: Int = 1, threads: Int = 1) {
        precondition(steps >= 0, "SpringBatch.step: count must be >= 0, got \(steps)")
        precondition(threads >= 1, "SpringBatch.step: threads must be >= 1, got \(threads)")
        guard steps > 0, count > 0 else { return }
        armPendingTravel()
        let storage = self.storage
        // Quiescence is checked at fixed step numbers (multiples of the interval), not at
        // call boundaries, so that fused and unfused stepping stay bit-identical: a call
        // that crosses a multiple is run as two segments, which changes no bit.
        var remaining = steps
        while remaining > 0 {
            let interval = Self.quiescenceInterval
            let segment = min(remaining, interval - stepsTaken % interval)
            remaining -= segment
            advance(storage, steps: segment, detectRest: detectsRest && remaining == 0, threads: threads)
            stepsTaken += segment
            if stepsTaken % interval == 0 { settleQuiescentGroups(storage) }
        }
    }

    /// Steps every group that is not quiescent `steps` times in one fused pass, testing
    /// rest in the last pass when `detectRest`.
    private func advance(_ storage: SpringBatchStorage<Scalar>, steps: Int, detectRest: Bool, threads: Int) {
        let n = count
        if threads == 1 || n < parallelThreshold {
            // The scratch list is moved out and back so that it stays uniquely referenced
            // and keeps its capacity: no allocation per call.
            var rested = restedScratch
            restedScratch = []
            rested.removeAll(keepingCapacity: true)
            // The group of each rested item is known here: its armed count is updated
            // once per group, not looked up per item.
            for g in groups.indices where !groups[g].isQuiescent {
                let before = rested.count
                SpringBatchKernel.advanceAny(
                    storage, groups[g].start, groups[g].start + groups[g].count, steps: steps,
                    groups[g].propagator, detectRest: detectRest && groups[g].armed > 0, rested: &rested)
                if rested.count != before { groups[g].armed -= rested.count - before }
            }
            appendRestEvents(rested)
            restedScratch = rested
            return
        }

        let groups = self.groups.filter { !$0.isQuiescent }.map {
            (start: $0.start, end: $0.start + $0.count, phi: $0.propagator, detect: detectRest && $0.armed > 0)
        }

        // Contiguous chunks, boundaries on multiples of 64 items (whole cache lines for
        // both scalar types), each crossing as many groups as it covers.
        let chunks = min(threads, (n + 63) / 64)
        let per = ((n + chunks - 1) / chunks + 63) / 64 * 64
        let results = UnsafeMutableBufferPointer<[Int]>.allocate(capacity: chunks)
        results.initialize(repeating: [])
        defer { results.deinitialize().deallocate() }
        let out = ChunkResults(buffer: results)
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            let lo = min(n, chunk * per), hi = min(n, lo + per)
            var rested: [Int] = []
            // Groups are sorted by start: find the first one ending after `lo` by
            // bisection, so that with many small groups a worker does not scan them all.
            var first = 0, last = groups.count
            while first < last {
                let mid = (first + last) / 2
                if groups[mid].end <= lo { first = mid + 1 } else { last = mid }
            }
            for group in groups[first...].prefix(while: { $0.start < hi }) {
                SpringBatchKernel.advanceAny(
                    storage, max(lo, group.start), min(hi, group.end), steps: steps, group.phi,
                    detectRest: group.detect, rested: &rested)
            }
            out.buffer[chunk] = rested
        }
        for chunk in 0..<chunks { recordRest(results[chunk]) }
    }

    /// Puts every group whose items have all converged to rounding level exactly onto
    /// its targets and stops stepping it (see `quiescenceInterval`). Items of such a
    /// group not yet reported at rest are reported now. A moving group fails the test at
    /// its first moving item, so the check costs little.
    private func settleQuiescentGroups(_ storage: SpringBatchStorage<Scalar>) {
        var rested: [Int] = []
        for g in groups.indices where !groups[g].isQuiescent {
            let range = groups[g].start..<(groups[g].start + groups[g].count)
            guard SpringBatchKernel.settleIfQuiescent(
                storage, range.lowerBound, range.upperBound, timestep: Scalar(timestep),
                ulps: Scalar(Self.restFloorInUlps))
            else { continue }
            groups[g].isQuiescent = true
            for slot in range where storage.rest[slot] >= 0 {
                storage.rest[slot] = -1
                rested.append(slot)
            }
        }
        recordRest(rested)
    }

    /// The handles of items that came to rest since the last call, in the order they
    /// were detected (by step call, then by storage slot). May include items removed
    /// since they came to rest.
    @_specialize(where Scalar == Double)
    @_specialize(where Scalar == Float)
    public func drainRestEvents() -> [Handle] {
        // Called every frame, mostly with nothing to report: then nothing is allocated.
        guard !pendingRestEvents.isEmpty else { return [] }
        let events = pendingRestEvents
        pendingRestEvents = []
        pendingRestEvents.reserveCapacity(events.count)
        return events
    }

    // MARK: Reading

    /// The item's position in points, target + displacement (rounded to `Scalar`, as
    /// `SpringBatchColumns` reads it), or `nil` when the handle is stale.
    @inlinable
    public func position(of handle: Handle) -> SIMD2<Double>? {
        slot(of: handle).map {
            SIMD2(Double(tx.base[$0] + dx.base[$0]), Double(ty.base[$0] + dy.base[$0]))
        }
    }

    /// The item's velocity in points per second, or `nil` when the handle is stale.
    @inlinable
    public func velocity(of handle: Handle) -> SIMD2<Double>? {
        slot(of: handle).map { SIMD2(Double(vx.base[$0]), Double(vy.base[$0])) }
    }

    /// The item's target in points, or `nil` when the handle is stale.
    public func target(of handle: Handle) -> SIMD2<Double>? {
        slot(of: handle).map { SIMD2(Double(tx.base[$0]), Double(ty.base[$0])) }
    }

    /// The item's spring, or `nil` when the handle is stale.
    public func spring(of handle: Handle) -> Spring? {
        slot(of: handle).map { groups[groupIndex(ofSlot: $0)].spring }
    }

    /// Whether the item has been reported at rest and not retargeted since; `nil` when
    /// the handle is stale.
    public func isResting(_ handle: Handle) -> Bool? {
        slot(of: handle).map { restLimit.base[$0] == Self.restedLimit }
    }

    /// Whether the handle refers to a live item.
    public func contains(_ handle: Handle) -> Bool { slot(of: handle) != nil }

    /// Calls `body` with read-only views of the columns, in storage order, without
    /// copying. The views are valid only inside `body`.
    public func withColumns<R>(_ body: (SpringBatchColumns<Scalar>) throws -> R) rethrows -> R {
        let n = count
        return try slotHandles.withUnsafeBufferPointer { handles in
            try body(SpringBatchColumns(
                dx: UnsafeBufferPointer(start: dx.base, count: n),
                dy: UnsafeBufferPointer(start: dy.base, count: n),
                vx: UnsafeBufferPointer(start: vx.base, count: n),
                vy: UnsafeBufferPointer(start: vy.base, count: n),
                tx: UnsafeBufferPointer(start: tx.base, count: n),
                ty: UnsafeBufferPointer(start: ty.base, count: n),
                handles: handles,
                groupRanges: groups.map { $0.start..<($0.start + $0.count) }))
        }
    }

    // MARK: Internals


    private var storage: SpringBatchStorage<Scalar> {
        SpringBatchStorage(
            dx: dx.base, dy: dy.base, vx: vx.base, vy: vy.base, tx: tx.base, ty: ty.base,
            rest: restLimit.base)
    }

    private static func propagator(_ spring: Spring, _ h: Double) -> SpringBatchPropagator<Scalar> {
        let phi = spring.transition(over: h)
        return SpringBatchPropagator(
            p11: Scalar(phi.phi11), p12: Scalar(phi.phi12),
            p21: Scalar(phi.phi21), p22: Scalar(phi.phi22),
            inverseOmegaSquared: Scalar(spring.mass / spring.stiffness))
    }

    @inlinable
    static func requireFinite(_ v: SIMD2<Double>, _ name: String) {
        precondition(
            v.x.isFinite && v.y.isFinite && Scalar(v.x).isFinite && Scalar(v.y).isFinite,
            "SpringBatch: \(name) must be finite (and representable in \(Scalar.self)), got \(v)")
    }

    /// Stores an item's state, as target and displacement from it, and arms its rest
    /// threshold (see `armRest`).
    @inlinable
    func write(
        slot: Int, position: SIMD2<Double>, velocity: SIMD2<Double>, target: SIMD2<Double>,
        group: Group
    ) {
        let targetX = Scalar(target.x), targetY = Scalar(target.y)
        tx.base[slot] = targetX
        ty.base[slot] = targetY
        // From the stored target, so that the position reads back as `position` to
        // within one rounding.
        dx.base[slot] = Scalar(position.x - Double(targetX))
        dy.base[slot] = Scalar(position.y - Double(targetY))
        vx.base[slot] = Scalar(velocity.x)
        vy.base[slot] = Scalar(velocity.y)
        armRest(slot: slot, omegaSquared: group.omegaSquared)
    }

    /// The rest threshold of an item already reported at rest: no energy radius² is
    /// below it, so the kernel's test never fires.
    @inlinable
    static var restedLimit: Scalar { -1 }

    /// The rest threshold of an item retargeted since the last step, whose travel is yet
    /// to be measured (`armPendingTravel`). Also below every radius², and distinct from
    /// `restedLimit` so that the item counts as armed and not as resting.
    @inlinable
    static var pendingLimit: Scalar { -2 }

    /// Measures the travel of every item retargeted since the last step and arms its rest
    /// threshold. Run at the start of `step`, before anything moves (see `retarget`).
    private func armPendingTravel() {
        let limits = restLimit.base, pending = pendingTravel.base
        for k in 0..<pendingCount {
            let index = pending[k]
            let slot = handleSlots[index]
            guard slot >= 0, limits[slot] == Self.pendingLimit else { continue }
            let g = Int(slotGroups[slot])
            armRest(slot: slot, omegaSquared: groups[g].omegaSquared)
        }
        pendingCount = 0
    }

    /// Arms an item's rest threshold (ε·travel)², travel being the energy radius
    /// √(|d|² + |v|²/ω₀²) of its stored displacement and velocity, or the square of the
    /// rest floor, `restFloorInUlps` ulps of the target coordinate, if that is larger.
    /// Squares are compared, so no square root is taken.
    @inlinable
    func armRest(slot: Int, omegaSquared: Double) {
        let targetX = tx.base[slot], targetY = ty.base[slot]
        let d = SIMD2(Double(dx.base[slot]), Double(dy.base[slot]))
        let v = SIMD2(Double(vx.base[slot]), Double(vy.base[slot]))
        let travelSquared = (d * d).sum() + (v * v).sum() / omegaSquared
        let floor = Self.restFloorInUlps * Double(max(targetX.magnitude, targetY.magnitude).ulp)
        restLimit.base[slot] = Scalar(max(restTolerance * restTolerance * travelSquared, floor * floor))
    }

    /// The rest radius floor, in ulps of the target coordinate: an item whose energy
    /// radius is below it reads out within two ulps of its target (the resolution of the
    /// position tx + dx in `Scalar`) and moves less than that per step (|v|·h ≤
    /// ω₀h·r), so it is at rest as far as anything drawn from it can show, whatever its
    /// travel. The stored displacement itself keeps decaying with full relative
    /// precision. For `Double` the floor is ~2e−13 pt at 1000 pt, far below any visible
    /// travel; for `Float` and smaller types it keeps sub-pixel moves at large
    /// coordinates from resting later than what is drawn.
    @usableFromInline
    static var restFloorInUlps: Double { 2 }

    private func moveItem(from source: Int, to destination: Int) {
        for column in columns { column.base[destination] = column.base[source] }
        slotGroups[destination] = slotGroups[source]
        let handle = slotHandles[source]
        slotHandles[destination] = handle
        handleSlots[handle.index] = destination
    }

    private func allocateHandle(slot: Int) -> Handle {
        if let index = freeHandleIndices.popLast() {
            handleSlots[index] = slot
            return Handle(index: index, generation: handleGenerations[index])
        }
        handleSlots.append(slot)
        handleGenerations.append(0)
        return Handle(index: handleSlots.count - 1, generation: 0)
    }

    @inlinable
    func slot(of handle: Handle) -> Int? {
        guard handle.index >= 0, handle.index < handleSlots.count,
              handleGenerations[handle.index] == handle.generation else { return nil }
        let slot = handleSlots[handle.index]
        return slot >= 0 ? slot : nil
    }

    /// The group containing `slot`.
    @inlinable
    func groupIndex(ofSlot slot: Int) -> Int { Int(slotGroups[slot]) }

    /// Reports the items in `slots` at rest and counts them out of their groups' armed
    /// items.
    private func recordRest(_ slots: [Int]) {
        appendRestEvents(slots)
        for slot in slots { groups[Int(slotGroups[slot])].armed -= 1 }
    }

    /// Queues rest events for the items in `slots` (their groups' armed counts already
    /// updated).
    private func appendRestEvents(_ slots: [Int]) {
        guard !slots.isEmpty else { return }
        slotHandles.withUnsafeBufferPointer { handles in
            pendingRestEvents.append(contentsOf: slots.lazy.map { handles[$0] })
        }
    }
}

/// Per-chunk rest results written by the workers of `SpringBatch.step`.
///
/// `@unchecked Sendable`: each worker writes only the element at its own chunk index,
/// and the buffer is read only after `concurrentPerform` has returned.
private struct ChunkResults: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<[Int]>
}
