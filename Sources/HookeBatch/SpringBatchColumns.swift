/// Read-only views of a `SpringBatch`'s columns in storage order, lent by
/// `SpringBatch.withColumns(_:)` for per-frame read-out without copying.
///
/// Slot `i` of every column belongs to the item `handles[i]`. Slots are grouped by
/// spring (`groupRanges`, in storage order). The views point into the batch's own
/// memory: they are valid only inside the `withColumns` closure, and only until the
/// batch is next mutated.
///
/// The batch stores each item's displacement from its target (`dx`, `dy`), not its
/// position (see `SpringBatch`, "Storage"); `x` and `y` form the position tx + dx on
/// access, rounded to `Scalar` as `SpringBatch.position(of:)` reads it.
public struct SpringBatchColumns<Scalar: BinaryFloatingPoint & SIMDScalar & Sendable> {
    /// One position coordinate per slot, target + displacement, formed on access.
    public struct Positions: RandomAccessCollection {
        @usableFromInline let target: UnsafeBufferPointer<Scalar>
        @usableFromInline let displacement: UnsafeBufferPointer<Scalar>

        @usableFromInline
        init(target: UnsafeBufferPointer<Scalar>, displacement: UnsafeBufferPointer<Scalar>) {
            self.target = target
            self.displacement = displacement
        }

        @inlinable public var startIndex: Int { 0 }
        @inlinable public var endIndex: Int { target.count }

        @inlinable
        public subscript(slot: Int) -> Scalar { target[slot] + displacement[slot] }
    }

    /// Displacements from the targets, x − tx and y − ty, points: the stored state.
    public let dx: UnsafeBufferPointer<Scalar>
    public let dy: UnsafeBufferPointer<Scalar>
    /// Velocities, points per second.
    public let vx: UnsafeBufferPointer<Scalar>
    public let vy: UnsafeBufferPointer<Scalar>
    /// Targets, points.
    public let tx: UnsafeBufferPointer<Scalar>
    public let ty: UnsafeBufferPointer<Scalar>
    /// The handle of the item stored in each slot.
    public let handles: UnsafeBufferPointer<SpringBatch<Scalar>.Handle>
    /// The contiguous slot range of each group of items sharing one spring.
    public let groupRanges: [Range<Int>]

    /// Positions, points.
    @inlinable public var x: Positions { Positions(target: tx, displacement: dx) }
    @inlinable public var y: Positions { Positions(target: ty, displacement: dy) }

    /// Number of items (the length of every column).
    public var count: Int { dx.count }
}
