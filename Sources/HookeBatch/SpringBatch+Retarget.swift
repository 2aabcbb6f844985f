extension SpringBatch {
    /// Moves an item's target, keeping its position (to within an ulp: it is re-expressed
    /// as a displacement from the new target) and velocity, and re-arms its rest event:
    /// due `settleSteps` after now, whatever the item was doing.
    ///
    /// The call stores the target and the displacement from it that keeps the position,
    /// d ← (t_old + d_old) − t_new (formed in `Double`, so that for `Float` the only
    /// rounding is that of the new displacement), and stores the step its rest event is
    /// now due (listing the item in the rest wheel if it is in no list): a few loads, adds
    /// and stores per item, so retargeting an interface's moving items every frame costs
    /// little. To move many items at once,
    /// `retarget(_:to:)` with sequences does the same per item with the batch's set-up
    /// done once.
    ///
    /// - Precondition: `handle` designates a live item (see "Invalid input"); `target` is
    ///   finite and representable in `Scalar`.
    @inlinable
    public func retarget(_ handle: Handle, to target: SIMD2<Double>) {
        var retargeting = Retargeting(self)
        retargeting.move(handle, to: target)
    }

    /// Moves the targets of many items: `handles[k]` to `targets[k]`, with the same
    /// result, bit for bit, as that many `retarget(_:to:)` calls in that order.
    ///
    /// One call reads the batch's columns, tables and rest rule once, and per item does
    /// only the item's own loads and stores (`Docs/batch.md`, "Retargeting"): the form
    /// for an interface that retargets hundreds or thousands of items a frame.
    ///
    /// ```swift
    /// batch.retarget(cards, to: cards.indices.lazy.map { slotPosition($0) })
    /// ```
    ///
    /// - Precondition: every handle designates a live item; every target is finite and
    ///   representable in `Scalar`; the sequences have equal lengths. A failed
    ///   precondition traps, as one `retarget(_:to:)` does, after the items before it
    ///   were moved.
    /// - Complexity: O(number of handles).
    @inlinable @inline(__always)
    public func retarget<Handles: Sequence<Handle>, Targets: Sequence<SIMD2<Double>>>(
        _ handles: Handles, to targets: Targets
    ) {
        var retargeting = Retargeting(self)
        var remainingTargets = targets.makeIterator()
        for handle in handles {
            guard let target = remainingTargets.next() else { Self.lengthMismatch(moreTargets: false) }
            retargeting.move(handle, to: target)
        }
        if remainingTargets.next() != nil { Self.lengthMismatch(moreTargets: true) }
    }

    /// The trap of a bulk retarget whose sequences differ in length, out of line.
    @usableFromInline @inline(never)
    static func lengthMismatch(moreTargets: Bool) -> Never {
        preconditionFailure("SpringBatch.retarget(_:to:): more \(moreTargets ? "targets" : "handles") than "
                            + "\(moreTargets ? "handles" : "targets")")
    }

    /// One retargeting call's view of the batch, read once: the columns' and tables'
    /// base pointers (no column grows while items are retargeted), the step count, the
    /// rest rule and wheel, and the group of the previous item with the step at which
    /// its items armed now rest (consecutive items of a bulk call mostly share a group).
    ///
    /// Per item, `move` then checks the handle, re-expresses the displacement, and arms
    /// the rest event: the record's due step, and a list append in the rest wheel unless
    /// the item is listed already.
    @usableFromInline
    struct Retargeting {
        @usableFromInline unowned(unsafe) let batch: SpringBatch
        @usableFromInline let dx, dy, vx, vy, tx, ty: UnsafeMutablePointer<Scalar>
        @usableFromInline let items: UnsafeMutablePointer<ItemRecord>
        @usableFromInline let handleCount: Int
        @usableFromInline let now: Int
        /// Whether rest follows the relative rule (no `restThreshold`), whose delay is
        /// the group's; the invisible-rest rule computes each item's.
        @usableFromInline let relativeRule: Bool
        /// Unowned: the batch holds it for longer than any call.
        @usableFromInline let wheel: SpringBatchRestWheel
        /// The group of the previous item (−1 before the first).
        @usableFromInline var group = -1
        /// The step at which a moving item of `group` armed now comes to rest under the
        /// relative rule, or `nil` when `armRest` decides (the invisible-rest rule, or a
        /// spring that never settles).
        @usableFromInline var groupDue: Int?

        @inlinable
        init(_ batch: SpringBatch) {
            self.batch = batch
            (dx, dy, vx, vy, tx, ty) = (batch.dx.base, batch.dy.base, batch.vx.base, batch.vy.base,
                                        batch.tx.base, batch.ty.base)
            items = batch.items.base
            handleCount = batch.handleCount
            now = batch.stepsTaken
            relativeRule = batch.restThreshold == nil
            wheel = batch.restWheel
        }

        @inlinable @inline(__always)
        mutating func move(_ handle: Handle, to target: SIMD2<Double>) {
            SpringBatch.requireFinite(target, "target")
            // One unsigned comparison covers both a negative index and one past the end.
            guard UInt(bitPattern: handle.index) < UInt(bitPattern: handleCount) else {
                SpringBatch.staleHandle(handle, function: "retarget(_:to:)")
            }
            let record = items[handle.index]
            guard record.generation == handle.generation, record.slot >= 0 else {
                SpringBatch.staleHandle(handle, function: "retarget(_:to:)")
            }
            let slot = Int(record.slot), g = Int(record.group)
            if g != group { enter(g) }
            let newX = Scalar(target.x), newY = Scalar(target.y)
            let ex = Scalar(Double(tx[slot]) + Double(dx[slot]) - Double(newX))
            let ey = Scalar(Double(ty[slot]) + Double(dy[slot]) - Double(newY))
            dx[slot] = ex
            dy[slot] = ey
            tx[slot] = newX
            ty[slot] = newY
            // The displacement is almost never zero: an item that moves is armed here, and
            // one that may be still (its event due at once) by `armRest`, which reads the
            // velocities, as every other case.
            if let due = groupDue, ex != 0 || ey != 0 {
                SpringBatch.armRelativeRest(handle.index, dueAt: due, in: wheel, items)
            } else {
                batch.armRest(slot: slot, group: g, handle: handle)
            }
        }

        /// Makes `g` the current group: wakes it if it was quiescent, and works out when
        /// its items armed now rest. (Inlinable so that it is specialised with the caller:
        /// as an unspecialised call it looked up the generic type's metadata every time.)
        @inlinable
        mutating func enter(_ g: Int) {
            let (quiescent, settleSteps) = batch.groups.withUnsafeBufferPointer { ($0[g].isQuiescent, $0[g].settleSteps) }
            if quiescent { batch.groups[g].wake() }
            group = g
            groupDue = relativeRule && settleSteps != .max ? now + settleSteps : nil
        }
    }
}
