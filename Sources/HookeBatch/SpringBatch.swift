import Dispatch
import HookeCore

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
/// let p = batch.position(of: card)
/// for settled in batch.drainRestEvents() { /* stop drawing `settled` */ }
/// ```
///
/// ## Storage
///
/// Structure of arrays: six 64-byte aligned columns (displacement from the target
/// dx = x − tx and dy = y − ty, velocity vx and vy, target tx and ty), `Scalar` =
/// `Double` or `Float`, plus per slot its item's handle and per handle a 24-byte record
/// (slot, generation, group and rest step; `bytesPerItem` in all). The displacement is
/// stored rather than the position because it is what the spring acts on: a step is
/// d' = φ11·d + φ12·v, v' = φ21·d + φ22·v, reading and writing four columns and never
/// the targets (the position x = tx + dx is formed only when it is read out; see
/// `SpringBatchKernel`). Items are sorted by group: each group is one contiguous range
/// of slots, so the hot loop runs over a range with a single Φ held in registers. Adding
/// to a group (or removing from one) shifts every later group by one slot by moving one
/// item each, O(number of groups); within a group removal is a swap-remove. Slots
/// therefore change; `Handle`s (index + generation) do not.
///
/// ## Rest
///
/// An item rests once its energy radius √(dx² + dy² + (vx² + vy²)/ω₀²) — its distance
/// from the target in the spring's own phase-space norm — is at most `restTolerance` ×
/// its travel, travel being that same radius when the item was added or last retargeted.
/// The criterion is relative, so a 1 pt move and a 1000 pt move with the same spring
/// rest after the same time, and the energy of a damped spring never increases, so an
/// item that is inside the band stays inside: one rest event per settle.
///
/// The batch does not measure the radius as it steps: the motion is linear, so the
/// radius after k steps is at most ‖Φ(kh)‖ × the travel, whatever the item's start, and
/// each group knows the first k at which that bound reaches the tolerance
/// (`settleSteps`, from the exact transition map when the group is created). An item's
/// rest event is therefore due k steps after it is armed, and is recorded by the
/// `step(count:)` call that reaches that step. Armed items wait in a timing wheel by due
/// step, each item in at most one of its lists (`SpringBatchRestWheel`), so arming costs
/// a store or two however often an item is retargeted, and the stepping loop does
/// nothing for rest at all. The bound holds for every start, so the event is never
/// early; for the start it was computed for it is late by the margin the worst start
/// needs — for an item released from rest, 2 to 4 steps at 120 Hz across the springs
/// of `hooke-bench` (Docs/benchmarks.md, "Rest"). An item already exactly on its target
/// at rest when armed rests at the next step. Items keep being stepped after they rest
/// (they keep converging; nothing snaps).
///
/// With a `restThreshold` instead (Docs/animation.md, "Rest"), an item rests at the first
/// step from which the rest of its motion is invisible: when it is armed, the exact rest
/// time T of each coordinate's motion (`Spring.restTime(displacement:velocity:threshold:)`)
/// gives its event ⌈T/h⌉ steps later, and when the event is recorded the item is put
/// exactly on its target with zero velocity. Arming then costs the two root findings
/// (microseconds, where the relative rule costs a few stores), so it suits interfaces
/// that retarget a few items a frame rather than all of them.
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
///
/// So is a stale handle (its item was removed), as an out-of-range `Array` index is:
/// every call whose subject is a handle — `position(of:)`, `velocity(of:)`,
/// `target(of:)`, `spring(of:)`, `isResting(_:)`, `retarget(_:to:)`, `remove(_:)` —
/// traps with a message naming the handle ("item#3.1 is not a live item of this
/// batch"), so their results are not optional. `contains(_:)` checks a handle first
/// (a rest event drained late may name an item removed since).
public final class SpringBatch<Scalar: BinaryFloatingPoint & SIMDScalar & Sendable> {
    /// A stable reference to one item: survives other items' removal and the moves that
    /// keep groups contiguous. A removed item's handle goes stale (its generation no
    /// longer matches): `contains(_:)` is then false and a call with it traps (see
    /// "Invalid input").
    public struct Handle: Hashable, Sendable, BitwiseCopyable, CustomStringConvertible {
        /// Index into the batch's handle table (reused after removal).
        public let index: Int
        /// Incremented each time `index` is reused.
        public let generation: UInt32

        /// "item#index.generation", as traps and logs name it.
        public var description: String { "item#\(index).\(generation)" }
    }

    /// What the per-item calls need of an item, in one 24-byte record per handle index:
    /// `retarget` and a rest event coming due find it all in one place (a retargeted
    /// item is a random one, and each cache line it touches is likely a miss).
    @usableFromInline
    struct ItemRecord: BitwiseCopyable {
        /// The step count (`stepsTaken`) at which the item's rest event is due, `resting`
        /// once it has been reported, `Int.max` for a spring that never settles.
        @usableFromInline var restDue: Int
        /// The item's slot, or −1 while the index is free.
        @usableFromInline var slot: Int32
        /// Incremented each time the index is freed.
        @usableFromInline var generation: UInt32
        /// The index in `groups` of the item's group. An item never changes group; the
        /// index drops by one when an earlier group is removed.
        @usableFromInline var group: Int32
        /// The item's node in the rest wheel, or `SpringBatchRestWheel.end` while it is
        /// in no list.
        @usableFromInline var restNode: Int32
    }

    /// One contiguous range of slots whose items share a spring.
    @usableFromInline
    struct Group {
        @usableFromInline var spring: Spring
        @usableFromInline var propagator: SpringBatchPropagator<Scalar>
        /// Steps from arming an item to its rest event (`SpringBatch.settleSteps`), or
        /// `Int.max` for a spring that never settles.
        @usableFromInline var settleSteps: Int
        @usableFromInline var start: Int
        @usableFromInline var count: Int
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
    /// distance moved per step, within `quiescenceUlps` ulps of its target coordinate
    /// (an ulp counting as at least 2⁵² × the smallest normal number, for a target at 0),
    /// the group is set exactly onto its targets with zero velocity and is skipped until
    /// one of its items is added or retargeted. The change is below the resolution of
    /// the position read out (tx + dx, rounded to the ulps of tx).
    static var quiescenceInterval: Int { 64 }

    /// Fixed steps taken since the batch was created.
    @usableFromInline @exclusivity(unchecked) var stepsTaken = 0

    /// The fixed timestep h, in seconds.
    public let timestep: Double
    /// Relative rest tolerance ε: an item rests at ε × its travel (unless `restThreshold`
    /// is set).
    public let restTolerance: Double
    /// When set, an item rests once its remaining motion is invisible at this threshold
    /// (points), and snaps onto its target then (see "Rest").
    public let restThreshold: RestThreshold?
    /// Below this many items `step` runs on the calling thread whatever `threads` says
    /// (default `defaultParallelThreshold`).
    ///
    /// Unchecked exclusivity, as for the batch's tables: it is read on every step, where
    /// the runtime's dynamic access tracking measured a visible share of a small batch's
    /// frame, and the batch is owned by one thread.
    @exclusivity(unchecked) public var parallelThreshold: Int = SpringBatch.defaultParallelThreshold
    /// 2¹⁷ items. Waking a second core costs tens of microseconds on the benchmark
    /// machine (a 2-core virtual machine), and a frame of two steps of 10⁵ items about 70
    /// µs: there two threads ran no faster than one, or slower, in both the batch and the
    /// C loop, and from about 1.5 × 10⁵ items on they paid (Docs/benchmarks.md,
    /// "Threads"). Tune it for other machines.
    public static var defaultParallelThreshold: Int { 131_072 }
    /// Whether `step` records rest events (default `true`). While it is off, events that
    /// come due wait, and are recorded by the first step after it is back on.
    /// (Unchecked exclusivity, as `parallelThreshold`.)
    @exclusivity(unchecked) public var detectsRest = true

    /// Displacement from the target, x − tx and y − ty (see "Storage").
    /// The four columns the step reads and writes start a quarter page apart (see
    /// `AlignedBuffer`, "4K aliasing"), and the targets, which a retarget reads and writes
    /// beside dx and dy, halfway between. Left where the allocator put them, the targets
    /// made the 10³-item benchmark frame bimodal between processes: 0.39–0.56 ns per
    /// item-step over ten processes, 0.39–0.42 with these offsets (`hooke-bench --scenario
    /// springs --items 1e3 --engines hooke`, ten runs each).
    @usableFromInline let dx = AlignedBuffer<Scalar>(pageOffset: 0)
    @usableFromInline let dy = AlignedBuffer<Scalar>(pageOffset: 1024)
    @usableFromInline let vx = AlignedBuffer<Scalar>(pageOffset: 2048)
    @usableFromInline let vy = AlignedBuffer<Scalar>(pageOffset: 3072)
    @usableFromInline let tx = AlignedBuffer<Scalar>(pageOffset: 512)
    @usableFromInline let ty = AlignedBuffer<Scalar>(pageOffset: 1536)
    /// The six state columns, for the operations that treat them alike (grow, move).
    private let columns: [AlignedBuffer<Scalar>]

    // The tables read by every per-item call are exempt from dynamic exclusivity
    // checks, which measured costlier than the lookups themselves (see `AlignedBuffer`).
    // No method of the batch holds an access to them across a call that could re-enter.

    /// Groups in storage order; starts strictly increase and no group is empty.
    @usableFromInline @exclusivity(unchecked) var groups: [Group] = []
    private var groupOfSpring: [Spring: Int] = [:]
    /// The handle of the item in each slot.
    @exclusivity(unchecked) private var slotHandles: [Handle] = []
    /// Per handle index below `handleCount`: the item's record.
    @usableFromInline let items = AlignedBuffer<ItemRecord>()
    /// Handle indices handed out so far (live or free).
    @usableFromInline @exclusivity(unchecked) var handleCount = 0
    private var freeHandleIndices: [Int] = []
    /// Under the relative rule: moving items by the step their rest event is due.
    @usableFromInline let restWheel = SpringBatchRestWheel()
    /// The last step whose list in `restWheel` has been processed.
    @exclusivity(unchecked) private var restWheelProcessed = 0
    /// Rest events of items armed exactly on their targets at rest, due at the next step
    /// (outside the wheel, where an item's due step never moves earlier). Entries of items
    /// re-armed, removed or reported at rest since are stale, and skipped. Allocated in
    /// `init` after the parameters are validated: a default value would be allocated
    /// before a refusal, and a class whose init throws never runs its deinit.
    @usableFromInline @exclusivity(unchecked) var restingNextStep: SpringBatchRestQueue
    /// With a `restThreshold`: the armed rest events of moving items, by due step.
    @usableFromInline @exclusivity(unchecked) var invisibleRestQueue = SpringBatchRestHeap()
    /// Rest events recorded and not yet drained: `pendingRestEvents[0..<pendingRestCount]`.
    private let pendingRestEvents = AlignedBuffer<Handle>()
    @exclusivity(unchecked) private var pendingRestCount = 0

    /// Creates an empty batch.
    ///
    /// - Parameters:
    ///   - timestep: the fixed step h in seconds, finite and > 0 (default 1/120 s).
    ///   - restTolerance: relative rest tolerance ε, finite, > 0 and < 1 (default 0.001:
    ///     an item rests within 0.1 % of its travel).
    ///   - restThreshold: when given, the invisible-rest rule instead (see "Rest"), e.g.
    ///     `.position(screenScale: 3)`.
    /// - Throws: `HookeError.invalidParameter` naming the offending parameter.
    public init(timestep: Double = 1.0 / 120, restTolerance: Double = 0.001, restThreshold: RestThreshold? = nil)
        throws(HookeError) {
        self.restThreshold = restThreshold
        self.timestep = try Validate.positive(timestep, "timestep")
        let tolerance = try Validate.positive(restTolerance, "restTolerance")
        guard tolerance < 1 else {
            throw .invalidParameter("restTolerance", value: tolerance, requirement: "finite and in (0, 1)")
        }
        self.restTolerance = tolerance
        restingNextStep = SpringBatchRestQueue()
        columns = [dx, dy, vx, vy, tx, ty]
    }

    deinit {
        restingNextStep.deallocate()
    }

    /// Number of live items.
    public var count: Int { slotHandles.count }

    /// Number of groups (distinct springs in use).
    public var groupCount: Int { groups.count }

    /// Bytes of storage per item: the six `Scalar` columns, the slot's `Handle` and the
    /// handle's record (see "Storage"); 88 for `Double`, 64 for `Float`. Not counted: a
    /// 12-byte node in the rest wheel per item whose rest event is pending, the wheel's
    /// 8 KiB of lists, each group's few hundred bytes, and unused capacity (columns grow
    /// by doubling).
    public static var bytesPerItem: Int {
        6 * MemoryLayout<Scalar>.stride + MemoryLayout<Handle>.stride + MemoryLayout<ItemRecord>.stride
    }

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
        precondition(n < Int(Int32.max), "SpringBatch.add: at most \(Int32.max) items")
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
                settleSteps: Self.settleSteps(spring, timestep: timestep, tolerance: restTolerance),
                start: n, count: 0))
            groupOfSpring[spring] = g
        }
        slotHandles.append(Handle(index: -1, generation: 0))  // placeholder for slot n
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

        let handle = allocateHandle(slot: free, group: g)
        slotHandles[free] = handle
        write(slot: free, position: position, velocity: velocity, target: target)
        armRest(slot: free, group: g, handle: handle)
        groups[g].wake()
        return handle
    }

    /// Removes an item; its handle goes stale.
    ///
    /// - Precondition: `handle` designates a live item (see "Invalid input").
    /// - Complexity: O(number of groups).
    @_specialize(where Scalar == Double)
    @_specialize(where Scalar == Float)
    public func remove(_ handle: Handle) {
        let slot = liveSlot(handle)
        let g = Int(items.base[handle.index].group)
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
        items.base[handle.index].slot = -1
        items.base[handle.index].generation &+= 1
        // Its node, if any, stays in its list: stale by generation from now on.
        items.base[handle.index].restNode = SpringBatchRestWheel.end
        freeHandleIndices.append(handle.index)
        if groups[g].count == 0 {
            // Every later group's index drops by one; its slots start where g's did.
            for s in groups[g].start..<count { items.base[slotHandles[s].index].group -= 1 }
            groups.remove(at: g)
            groupOfSpring = [:]
            for (index, group) in groups.enumerated() { groupOfSpring[group.spring] = index }
        }
    }

    // MARK: Stepping

    /// Advances every item by `count` fixed steps of `timestep`, fused into one pass over
    /// memory, then records the rest events that came due.
    ///
    /// Fused stepping is bit-identical to `count` calls of `step(count: 1)` (apart from
    /// when rest events are recorded: once per call). With `threads > 1` and at least
    /// `parallelThreshold` items, contiguous chunks of slots are stepped on
    /// `threads` workers by `DispatchQueue.concurrentPerform`; the results are
    /// bit-identical to one thread. The rest events are then recorded by one of the
    /// workers while the others step: which events come due is known before the step
    /// (each is due a fixed number of steps after its item was armed), and recording
    /// them touches the item records and queues, never the columns.
    ///
    /// - Precondition: `count >= 0`, `threads >= 1`.
    @_specialize(where Scalar == Double)
    @_specialize(where Scalar == Float)
    public func step(count steps: Int = 1, threads: Int = 1) {
        precondition(steps >= 0, "SpringBatch.step: count must be >= 0, got \(steps)")
        precondition(threads >= 1, "SpringBatch.step: threads must be >= 1, got \(threads)")
        guard steps > 0, count > 0 else { return }
        let storage = self.storage
        let firstNewEvent = pendingRestCount
        defer { snapRested(since: firstNewEvent) }
        // Quiescence is checked at fixed step numbers (multiples of the interval), not at
        // call boundaries, so that fused and unfused stepping stay bit-identical: a call
        // that crosses a multiple is run as two segments, which changes no bit.
        var remaining = steps
        var recorded = !detectsRest
        while remaining > 0 {
            let interval = Self.quiescenceInterval
            let segment = min(remaining, interval - stepsTaken % interval)
            remaining -= segment
            let end = stepsTaken + segment
            // The last segment records the events due by its end alongside its stepping,
            // unless a quiescence check follows (it reports events too, and goes first).
            if !recorded, remaining == 0, end % interval != 0 {
                advance(storage, steps: segment, threads: threads, recordingEventsDueBy: end)
                recorded = true
            } else {
                advance(storage, steps: segment, threads: threads, recordingEventsDueBy: nil)
            }
            stepsTaken = end
            if stepsTaken % interval == 0 { settleQuiescentGroups() }
        }
        if !recorded { recordDueRestEvents(now: stepsTaken) }
    }

    /// Work that `advance` runs beside its stepping workers. Not `Sendable` by type (it
    /// captures the batch); safe because it touches none of the memory the workers write.
    private struct SideWork: @unchecked Sendable {
        let run: () -> Void
    }

    /// Steps every group that is not quiescent `steps` times in one fused pass, and
    /// records the rest events due by step `due`, if given: after the stepping on one
    /// thread, on one of the workers with several.
    private func advance(_ storage: SpringBatchStorage<Scalar>, steps: Int, threads: Int, recordingEventsDueBy due: Int?) {
        let n = count
        if threads == 1 || n < parallelThreshold {
            for g in groups.indices where !groups[g].isQuiescent {
                SpringBatchKernel.advanceAny(
                    storage, groups[g].start, groups[g].start + groups[g].count, steps: steps, groups[g].propagator)
            }
            if let due { recordDueRestEvents(now: due) }
            return
        }
        // A closure (and its allocation) only here, where a worker runs it.
        let alongside = due.map { due in SideWork { self.recordDueRestEvents(now: due) } }

        let groups = self.groups.filter { !$0.isQuiescent }.map {
            (start: $0.start, end: $0.start + $0.count, phi: $0.propagator)
        }

        // Contiguous chunks, boundaries on multiples of 64 items (whole cache lines for
        // both scalar types), each crossing as many groups as it covers. With side work,
        // four chunks per thread, so that the thread that takes the side work (iteration
        // 0, taken first) then takes fewer chunks and all finish together.
        let side = alongside == nil ? 0 : 1
        let chunks = min(threads * (side == 0 ? 1 : 4), (n + 63) / 64)
        let per = ((n + chunks - 1) / chunks + 63) / 64 * 64
        DispatchQueue.concurrentPerform(iterations: side + chunks) { iteration in
            if let alongside, iteration == 0 {
                alongside.run()
                return
            }
            let chunk = iteration - side
            let lo = min(n, chunk * per), hi = min(n, lo + per)
            // Groups are sorted by start: find the first one ending after `lo` by
            // bisection, so that with many small groups a worker does not scan them all.
            var first = 0, last = groups.count
            while first < last {
                let mid = (first + last) / 2
                if groups[mid].end <= lo { first = mid + 1 } else { last = mid }
            }
            for group in groups[first...].prefix(while: { $0.start < hi }) {
                SpringBatchKernel.advanceAny(storage, max(lo, group.start), min(hi, group.end), steps: steps, group.phi)
            }
        }
    }

    /// Records the rest events that have come due: those of items armed still, then those
    /// in the wheel step by step, then those of the invisible-rest rule.
    private func recordDueRestEvents(now: Int) {
        while restingNextStep.count > 0, restingNextStep.front.due <= now {
            record(restingNextStep.front)
            restingNextStep.removeFirst()
        }
        recordWheelEvents(now: now)
        while let entry = invisibleRestQueue.top, entry.due <= now {
            invisibleRestQueue.removeTop()
            record(entry)
        }
    }

    /// Processes the wheel's lists of the steps since the last call up to `now` (all of
    /// them at most once, when more than a turn has passed): each listed item that is due
    /// is reported at rest; one re-armed since it was listed moves on to its due step's
    /// list; one reported or removed since leaves the wheel.
    ///
    /// Thousands of events can come due in one step (every item retargeted in one frame),
    /// so this is a plain loop over nodes and records.
    private func recordWheelEvents(now: Int) {
        guard now > restWheelProcessed else { return }
        let wheel = restWheel, records = items.base, end = SpringBatchRestWheel.end
        for step in max(restWheelProcessed + 1, now - SpringBatchRestWheel.bucketCount + 1)...now {
            var node = wheel.takeList(of: step)
            while node != end {
                let listed = wheel.nodes[Int(node)], current = node
                node = listed.next
                let index = Int(listed.index), record = records[index]
                // Removed since (and maybe reused: the new item has its own node).
                guard record.generation == listed.generation else {
                    wheel.free(current)
                    continue
                }
                if record.restDue != Self.resting, record.restDue > now {
                    wheel.append(current, toListOf: record.restDue)
                    continue
                }
                records[index].restNode = end
                wheel.free(current)
                if record.restDue != Self.resting {
                    records[index].restDue = Self.resting
                    appendRestEvent(Handle(index: index, generation: record.generation))
                }
            }
        }
        restWheelProcessed = now
    }

    /// Arms the relative rule's rest event of item `index` at step `due`: stores the due
    /// step, and lists the item in the wheel unless it is listed already (at an earlier
    /// step: it moves on when that step's list is processed).
    @inlinable @inline(__always)
    static func armRelativeRest(_ index: Int, dueAt due: Int, in wheel: SpringBatchRestWheel,
                                _ records: UnsafeMutablePointer<ItemRecord>) {
        records[index].restDue = due
        if records[index].restNode == SpringBatchRestWheel.end {
            records[index].restNode = wheel.list(index: index, generation: records[index].generation, dueAt: due)
        }
    }

    /// Reports an entry's item at rest, unless the entry is stale: the item is gone (its
    /// generation moved on), or was re-armed or reported since (its rest step is another).
    private func record(_ entry: SpringBatchRestEntry) {
        let index = Int(entry.index)
        guard items.base[index].generation == entry.generation, items.base[index].restDue == entry.due else { return }
        items.base[index].restDue = Self.resting
        appendRestEvent(Handle(index: index, generation: entry.generation))
    }

    /// With a `restThreshold`, puts the items reported at rest since event `first` exactly on
    /// their targets with zero velocity: the rest of their motion is invisible. Run after the
    /// stepping (never beside it: the workers write these columns).
    private func snapRested(since first: Int) {
        guard restThreshold != nil else { return }
        for k in first..<pendingRestCount {
            let handle = pendingRestEvents.base[k]
            guard items.base[handle.index].generation == handle.generation,
                  items.base[handle.index].restDue == Self.resting else { continue }
            let slot = Int(items.base[handle.index].slot)
            (dx.base[slot], dy.base[slot], vx.base[slot], vy.base[slot]) = (0, 0, 0, 0)
        }
    }

    private func appendRestEvent(_ handle: Handle) {
        pendingRestEvents.reserve(pendingRestCount + 1, keeping: pendingRestCount)
        pendingRestEvents.base[pendingRestCount] = handle
        pendingRestCount += 1
    }

    /// Puts every group whose items have all converged to rounding level exactly onto
    /// its targets and stops stepping it (see `quiescenceInterval`). Items of such a
    /// group not yet reported at rest are reported now, in slot order. A moving group
    /// fails the test at its first moving item, so the check costs little.
    private func settleQuiescentGroups() {
        let storage = self.storage
        for g in groups.indices where !groups[g].isQuiescent {
            let range = groups[g].start..<(groups[g].start + groups[g].count)
            guard SpringBatchKernel.settleIfQuiescent(
                storage, range.lowerBound, range.upperBound, timestep: Scalar(timestep),
                ulps: Scalar(Self.quiescenceUlps))
            else { continue }
            groups[g].isQuiescent = true
            for slot in range where items.base[slotHandles[slot].index].restDue != Self.resting {
                items.base[slotHandles[slot].index].restDue = Self.resting
                appendRestEvent(slotHandles[slot])
            }
        }
    }

    /// The handles of items that came to rest since the last call, in the order they
    /// were recorded (by step call; within one, items armed still, then by due step, then
    /// in the order the items entered that step's list in the rest wheel), the same on
    /// every run. May include items removed since they came to rest.
    @_specialize(where Scalar == Double)
    @_specialize(where Scalar == Float)
    public func drainRestEvents() -> [Handle] {
        // Called every frame, mostly with nothing to report: then nothing is allocated
        // (an empty array has no storage).
        var events: [Handle] = []
        drainRestEvents(into: &events)
        return events
    }

    /// Appends the handles of items that came to rest since the last drain to `events`,
    /// in the order of `drainRestEvents()`. An animation loop that drains every frame into
    /// an array it empties (keeping its capacity) and reuses allocates nothing.
    @_specialize(where Scalar == Double)
    @_specialize(where Scalar == Float)
    public func drainRestEvents(into events: inout [Handle]) {
        guard pendingRestCount > 0 else { return }
        events.append(contentsOf: UnsafeBufferPointer(start: pendingRestEvents.base, count: pendingRestCount))
        pendingRestCount = 0
    }

    // MARK: Reading

    // Each reader's subject is a handle: a stale one traps (see "Invalid input").

    /// The item's position in points, target + displacement (rounded to `Scalar`, as
    /// `SpringBatchColumns` reads it).
    @inlinable
    public func position(of handle: Handle) -> SIMD2<Double> {
        let s = liveSlot(handle)
        return SIMD2(Double(tx.base[s] + dx.base[s]), Double(ty.base[s] + dy.base[s]))
    }

    /// The item's velocity in points per second.
    @inlinable
    public func velocity(of handle: Handle) -> SIMD2<Double> {
        let s = liveSlot(handle)
        return SIMD2(Double(vx.base[s]), Double(vy.base[s]))
    }

    /// The item's target in points.
    public func target(of handle: Handle) -> SIMD2<Double> {
        let s = liveSlot(handle)
        return SIMD2(Double(tx.base[s]), Double(ty.base[s]))
    }

    /// The item's spring.
    public func spring(of handle: Handle) -> Spring {
        _ = liveSlot(handle)
        return groups[Int(items.base[handle.index].group)].spring
    }

    /// Whether the item has been reported at rest and not retargeted since.
    public func isResting(_ handle: Handle) -> Bool {
        _ = liveSlot(handle)
        return items.base[handle.index].restDue == Self.resting
    }

    /// Whether the handle refers to a live item: check it before a call when the item
    /// may have been removed (a call with a stale handle traps).
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
        SpringBatchStorage(dx: dx.base, dy: dy.base, vx: vx.base, vy: vy.base, tx: tx.base, ty: ty.base)
    }

    private static func propagator(_ spring: Spring, _ h: Double) -> SpringBatchPropagator<Scalar> {
        let phi = spring.transition(over: h)
        return SpringBatchPropagator(
            p11: Scalar(phi.phi11), p12: Scalar(phi.phi12), p21: Scalar(phi.phi21), p22: Scalar(phi.phi22))
    }

    @inlinable
    static func requireFinite(_ v: SIMD2<Double>, _ name: String) {
        precondition(
            v.x.isFinite && v.y.isFinite && Scalar(v.x).isFinite && Scalar(v.y).isFinite,
            "SpringBatch: \(name) must be finite (and representable in \(Scalar.self)), got \(v)")
    }

    /// Stores an item's state, as target and displacement from it.
    @inlinable
    func write(slot: Int, position: SIMD2<Double>, velocity: SIMD2<Double>, target: SIMD2<Double>) {
        let targetX = Scalar(target.x), targetY = Scalar(target.y)
        tx.base[slot] = targetX
        ty.base[slot] = targetY
        // From the stored target, so that the position reads back as `position` to
        // within one rounding.
        dx.base[slot] = Scalar(position.x - Double(targetX))
        dy.base[slot] = Scalar(position.y - Double(targetY))
        vx.base[slot] = Scalar(velocity.x)
        vy.base[slot] = Scalar(velocity.y)
    }

    /// `restDue` of an item reported at rest.
    @inlinable
    static var resting: Int { -1 }

    /// Arms the rest event of the item in `slot` (of group `g`): due `settleSteps` steps
    /// from now, or at the end of the next step when the item is already exactly on its
    /// target at rest (nothing to travel).
    @inlinable @inline(__always)
    func armRest(slot: Int, group g: Int, handle: Handle) {
        let still = dx.base[slot] == 0 && dy.base[slot] == 0 && vx.base[slot] == 0 && vy.base[slot] == 0
        let delay = still ? 0 : restThreshold.map { invisibleRestSteps(slot: slot, group: g, threshold: $0) }
            ?? groups[g].settleSteps
        let due = delay == .max ? Int.max : stepsTaken + delay
        let entry = SpringBatchRestEntry(due: due, index: handle.index, generation: handle.generation)
        if still {
            items.base[handle.index].restDue = due
            restingNextStep.append(entry)
        } else if due != .max && restThreshold == nil {
            Self.armRelativeRest(handle.index, dueAt: due, in: restWheel, items.base)
        } else {
            items.base[handle.index].restDue = due
            if due != .max { invisibleRestQueue.insert(entry) }
        }
    }

    /// Steps from now to the first step from which the item in `slot` stays within
    /// `threshold` of its target on both axes: ⌈T/h⌉ for the later of the two coordinates'
    /// rest times T, `Int.max` when one never rests (an undamped spring in motion).
    @usableFromInline
    func invisibleRestSteps(slot: Int, group g: Int, threshold: RestThreshold) -> Int {
        let latest = groups[g].spring.restTime(
            displacement: SIMD2(Double(dx.base[slot]), Double(dy.base[slot])),
            velocity: SIMD2(Double(vx.base[slot]), Double(vy.base[slot])), threshold: threshold)
        let steps = (latest / timestep).rounded(.up)
        return steps < Double(1 << 40) ? Int(steps) : .max
    }

    /// Under the relative rule, the steps from an item's arming (its `add` or last
    /// `retarget`) to its rest event when it follows `spring`, whether or not the batch
    /// holds such an item yet; `nil` for a spring that never settles (see "Rest"). With a
    /// `restThreshold`, each item's delay depends on its state instead (`nil`).
    public func restSteps(for spring: Spring) -> Int? {
        guard restThreshold == nil else { return nil }
        let steps = groupOfSpring[spring].map { groups[$0].settleSteps }
            ?? Self.settleSteps(spring, timestep: timestep, tolerance: restTolerance)
        return steps == .max ? nil : steps
    }

    /// Steps from arming to rest for `spring` at step `h` and tolerance ε: the smallest k
    /// with ‖Φ(kh)‖ ≤ ε in the energy norm ‖(d, v)‖ = √(d² + v²/ω₀²), computed on the
    /// exact transition map. Whatever an item's displacement and velocity when armed, its
    /// energy radius k steps later is then at most ε × that radius, its travel — and,
    /// the energy of a damped spring never growing, stays so. The norm is the largest
    /// singular value of D·Φ·D⁻¹, D = diag(1, 1/ω₀), in closed form for a 2 × 2 matrix;
    /// it never increases with k (‖Φ((k+1)h)‖ ≤ ‖Φ(kh)‖·‖Φ(h)‖ and ‖Φ(h)‖ ≤ 1), so k is
    /// found by doubling, then bisection. `Int.max` for a spring that does not get there
    /// within 2⁴⁰ steps (an undamped one never does).
    static func settleSteps(_ spring: Spring, timestep h: Double, tolerance: Double) -> Int {
        let omega = (spring.stiffness / spring.mass).squareRoot()
        func norm(_ k: Int) -> Double {
            let phi = spring.transition(over: Double(k) * h)
            let a = phi.phi11, b = phi.phi12 * omega, c = phi.phi21 / omega, d = phi.phi22
            let sum = a * a + b * b + c * c + d * d, det = a * d - b * c
            return ((sum + max(sum * sum - 4 * det * det, 0).squareRoot()) / 2).squareRoot()
        }
        var high = 1
        while norm(high) > tolerance {
            guard high < 1 << 40 else { return .max }
            high *= 2
        }
        var low = high / 2   // norm(low) > tolerance, or low = 0
        while high - low > 1 {
            let mid = (low + high) / 2
            if norm(mid) > tolerance { low = mid } else { high = mid }
        }
        return high
    }

    /// The position quiescence is measured against, in ulps of the target coordinate
    /// (see `quiescenceInterval`): an item within it reads out within two ulps of its
    /// target, the resolution of the position tx + dx in `Scalar`.
    @usableFromInline
    static var quiescenceUlps: Double { 2 }

    private func moveItem(from source: Int, to destination: Int) {
        for column in columns { column.base[destination] = column.base[source] }
        let handle = slotHandles[source]
        slotHandles[destination] = handle
        items.base[handle.index].slot = Int32(destination)
    }

    /// A handle for a new item in `slot` of group `g` (its rest is armed by the caller).
    private func allocateHandle(slot: Int, group g: Int) -> Handle {
        let index: Int
        if let free = freeHandleIndices.popLast() {
            index = free
        } else {
            index = handleCount
            items.reserve(index + 1, keeping: index)
            items.base[index] = ItemRecord(
                restDue: Self.resting, slot: -1, generation: 0, group: 0, restNode: SpringBatchRestWheel.end)
            handleCount += 1
        }
        items.base[index].slot = Int32(slot)
        items.base[index].group = Int32(g)
        return Handle(index: index, generation: items.base[index].generation)
    }

    /// The slot of the live item `handle` designates, for a call whose subject is the
    /// handle; a stale one traps, naming it and the call (see "Invalid input").
    @inlinable
    func liveSlot(_ handle: Handle, function: StaticString = #function) -> Int {
        guard let s = slot(of: handle) else { Self.staleHandle(handle, function: function) }
        return s
    }

    /// The trap of `liveSlot`, out of line so that the inlined callers stay small.
    @usableFromInline @inline(never)
    static func staleHandle(_ handle: Handle, function: StaticString) -> Never {
        preconditionFailure("SpringBatch.\(function): \(handle) is not a live item of this batch")
    }

    /// The handle's slot, or `nil` when the handle is stale (or was never handed out).
    @inlinable
    func slot(of handle: Handle) -> Int? {
        // One unsigned comparison covers both a negative index and one past the end.
        guard UInt(bitPattern: handle.index) < UInt(bitPattern: handleCount) else { return nil }
        let record = items.base[handle.index]
        return record.generation == handle.generation && record.slot >= 0 ? Int(record.slot) : nil
    }
}
