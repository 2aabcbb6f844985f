/// A growable column of trivial values whose storage starts on a 64-byte boundary.
///
/// Why 64 bytes: a cache line on every CPU Hooke targets, and the width of an AVX-512
/// register. Measured on the benchmark machine, the same structure-of-arrays spring loop
/// ran at about half speed when its columns were only 8- or 16-byte aligned (vector
/// loads then straddle cache lines); `Array` guarantees only the element's alignment.
///
/// Columns that one loop reads and writes at the same index can also be told where in a
/// 4096-byte page to start (`pageOffset`). x86 cores compare a load's address with the
/// stores still in flight by its low 12 bits first: when column B starts 64 bytes past a
/// page boundary from column A, the load of A[i + 8] looks like the store to B[i] just
/// made, and waits for it (4K aliasing). Where consecutive allocations land decides
/// whether that happens, so with the allocator's placement the same spring loop ran up
/// to 1.7× slower in one process than in the next (Docs/benchmarks.md, "Layout").
/// Starting the four stepped columns a quarter page apart keeps every pair of them far
/// from aliasing, whatever the allocator does.
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

    /// Where in a 4096-byte page the first element starts (a multiple of 64 below 4096),
    /// or `nil`: anywhere on a 64-byte boundary.
    let pageOffset: Int?

    /// - Parameters:
    ///   - capacity: elements to allocate room for now (at least 16).
    ///   - pageOffset: where in a 4096-byte page the first element starts, a multiple of
    ///     64 in 0..<4096, or `nil` (the default) for anywhere on a 64-byte boundary.
    init(capacity: Int = 0, pageOffset: Int? = nil) {
        if let pageOffset {
            precondition(pageOffset >= 0 && pageOffset < 4096 && pageOffset % 64 == 0,
                         "AlignedBuffer: pageOffset must be a multiple of 64 in 0..<4096, got \(pageOffset)")
        }
        let capacity = max(capacity, 16)
        self.pageOffset = pageOffset
        base = Self.allocate(capacity, pageOffset: pageOffset)
        self.capacity = capacity
    }

    deinit {
        Self.deallocate(base, pageOffset: pageOffset)
    }

    /// Grows the allocation (doubling) so that it holds at least `needed` elements,
    /// keeping the first `live` elements.
    @usableFromInline
    func reserve(_ needed: Int, keeping live: Int) {
        guard needed > capacity else { return }
        let newCapacity = max(needed, capacity * 2)
        let newBase = Self.allocate(newCapacity, pageOffset: pageOffset)
        // Elements are bitwise-copyable: a byte copy is a valid move.
        newBase.initialize(from: base, count: live)
        Self.deallocate(base, pageOffset: pageOffset)
        base = newBase
        capacity = newCapacity
    }

    /// A block for `count` elements, the first `pageOffset` bytes past a page boundary,
    /// or anywhere on a 64-byte boundary.
    private static func allocate(_ count: Int, pageOffset: Int?) -> UnsafeMutablePointer<Element> {
        let raw = UnsafeMutableRawPointer.allocate(
            byteCount: count * MemoryLayout<Element>.stride + (pageOffset ?? 0),
            alignment: pageOffset == nil ? max(alignment, MemoryLayout<Element>.alignment) : 4096)
        return (raw + (pageOffset ?? 0)).bindMemory(to: Element.self, capacity: count)
    }

    private static func deallocate(_ base: UnsafeMutablePointer<Element>, pageOffset: Int?) {
        (UnsafeMutableRawPointer(base) - (pageOffset ?? 0)).deallocate()
    }
}
