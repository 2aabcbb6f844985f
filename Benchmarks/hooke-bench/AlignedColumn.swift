/// A column of doubles on a 64-byte boundary (a cache line, and the width of an
/// AVX-512 register), owned and freed by this object.
///
/// Alignment matters as much as the loop: the same C loop on misaligned columns ran
/// at half speed on the machines the benchmark was written on (Docs/benchmarks.md).
final class AlignedColumn {
    static let alignment = 64

    let base: UnsafeMutablePointer<Double>
    let count: Int

    /// A column holding `values`.
    init<Values: Collection<Double>>(_ values: Values) {
        count = values.count
        let raw = UnsafeMutableRawPointer.allocate(
            byteCount: max(count, 1) * MemoryLayout<Double>.stride, alignment: Self.alignment)
        base = raw.bindMemory(to: Double.self, capacity: max(count, 1))
        _ = UnsafeMutableBufferPointer(start: base, count: count).initialize(from: values)
    }

    /// A column of `count` zeros.
    convenience init(zeros count: Int) {
        self.init(repeatElement(0.0, count: count))
    }

    deinit {
        base.deallocate()
    }

    subscript(index: Int) -> Double {
        get { base[index] }
        set { base[index] = newValue }
    }
}
