/// A column of doubles on a 64-byte boundary (a cache line, and the width of an
/// AVX-512 register), owned and freed by this object.
///
/// Alignment matters as much as the loop: the same C loop on misaligned columns ran
/// at half speed on the machines the benchmark was written on (Docs/benchmarks.md). So
/// does where in a page a column starts, when one loop reads and writes several columns
/// at the same index (4K aliasing; see `AlignedBuffer` in Hooke): the C loop's columns
/// are given offsets apart, as the batch's are.
final class AlignedColumn {
    static let alignment = 64

    let base: UnsafeMutablePointer<Double>
    let count: Int
    private let pageOffset: Int

    /// A column holding `values`, starting `pageOffset` bytes past a 4096-byte page
    /// boundary (a multiple of 64 below 4096), or anywhere on a 64-byte boundary.
    init<Values: Collection<Double>>(_ values: Values, pageOffset: Int? = nil) {
        count = values.count
        self.pageOffset = pageOffset ?? 0
        let raw = UnsafeMutableRawPointer.allocate(
            byteCount: max(count, 1) * MemoryLayout<Double>.stride + self.pageOffset,
            alignment: pageOffset == nil ? Self.alignment : 4096)
        base = (raw + self.pageOffset).bindMemory(to: Double.self, capacity: max(count, 1))
        _ = UnsafeMutableBufferPointer(start: base, count: count).initialize(from: values)
    }

    /// A column of `count` zeros.
    convenience init(zeros count: Int) {
        self.init(repeatElement(0.0, count: count))
    }

    deinit {
        (UnsafeMutableRawPointer(base) - pageOffset).deallocate()
    }

    subscript(index: Int) -> Double {
        get { base[index] }
        set { base[index] = newValue }
    }
}
