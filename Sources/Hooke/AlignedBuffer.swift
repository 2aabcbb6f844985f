/// A growable column of trivial values whose storage starts on a 64-byte boundary.
///
/// Why 64 bytes: a cache line on every CPU Hooke targets, and the width of an AVX-512
/// register. Measured on the benchmark machine, the same structure-of-arrays spring loop
/// ran at about half speed when its columns were only 8- or 16-byte aligned (vector
/// loads then straddle cache lines); `Array` guarantees only the element's alignment.
///
/// The buffer owns its memory and frees it in `deinit`. It is a class so that the memory
/// has one owner; it is not `Sendable` — the owner hands out raw pointers to disjoint
/// ranges when it wants several threads to work on it.
@usableFromInline
final class AlignedBuffer<Element: BitwiseCopyable> {
    /// Alignment of the first element, in bytes.
    static var alignment: Int { 64 }

    /// Pointer to the first element; valid until the next `reserve` that grows.
    ///
    /// Unchecked exclusivity: the pointer is read on every per-item call (`retarget`,
    /// `position(of:)`), where the runtime's dynamic access tracking cost more than the
    /// work itself; it is written only by `reserve`, which no reader can overlap (the
    /// buffer is owned by one non-`Sendable` batch and never yields `inout` access).
    @usableFromInline @exclusivity(unchecked) private(set) var base: UnsafeMutablePointer<Element>
    /// Number of elements the allocation can hold (unchecked exclusivity for the same
    /// reason as `base`).
    @usableFromInline @exclusivity(unchecked) private(set) var capacity: Int

    init(capacity: Int = 0) {
        let capacity = max(capacity, 16)
        base = Self.allocate(capacity)
        self.capacity = capacity
    }

    deinit {
        UnsafeMutableRawPointer(base).deallocate()
    }

    /// Grows the allocation (doubling) so that it holds at least `needed` elements,
    /// keeping the first `live` elements.
    @usableFromInline
    func reserve(_ needed: Int, keeping live: Int) {
        guard needed > capacity else { return }
        let newCapacity = max(needed, capacity * 2)
        let newBase = Self.allocate(newCapacity)
        // Elements are bitwise-copyable: a byte copy is a valid move.
        newBase.initialize(from: base, count: live)
        UnsafeMutableRawPointer(base).deallocate()
        base = newBase
        capacity = newCapacity
    }

    private static func allocate(_ count: Int) -> UnsafeMutablePointer<Element> {
        let raw = UnsafeMutableRawPointer.allocate(
            byteCount: count * MemoryLayout<Element>.stride,
            alignment: max(alignment, MemoryLayout<Element>.alignment))
        return raw.bindMemory(to: Element.self, capacity: count)
    }
}
