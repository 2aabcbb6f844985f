/// Read-only views of a `SpringBatch`'s columns in storage order, lent by
/// `SpringBatch.withColumns(_:)` for per-frame read-out without copying.
///
/// Slot `i` of every column belongs to the item `handles[i]`. Slots are grouped by
/// spring (`groupRanges`, in storage order). The views point into the batch's own
/// memory: they are valid only inside the `withColumns` closure, and only until the
/// batch is next mutated.
public struct SpringBatchColumns<Scalar: BinaryFloatingPoint & SIMDScalar & Sendable> {
    /// Positions, points.
    public let x: UnsafeBufferPointer<Scalar>
    public let y: UnsafeBufferPointer<Scalar>
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

    /// Number of items (the length of every column).
    public var count: Int { x.count }
}
