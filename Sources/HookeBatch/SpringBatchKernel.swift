import CHookeSIMD

/// The hot loops of `SpringBatch`: stepping a contiguous range of items that share one
/// exact propagator.
///
/// ## The step
///
/// Each item stores, per axis, its displacement d = x − t from its target t and its
/// velocity v (the target itself is stored too, but only read when the position is read
/// out or the item is retargeted). One fixed step h applies the spring's exact
/// transition map Φ(h) (see `SpringTransition`):
///
///     d' = φ11·d + φ12·v
///     v' = φ21·d + φ22·v
///
/// Four products per axis (two multiplies and two multiply-adds with `HOOKE_FMA`), over
/// four columns. A loop that stores the position instead must form d = x − t and
/// x' = t + d' every step: one subtraction more per axis (the addition of t can fold
/// into a multiply-add), and two more columns (the targets) streamed through every
/// step. (The rounding differs too: the displacement keeps its full relative precision
/// down to the target, where a stored position is quantised to the ulps of t.)
///
/// ## Fused steps
///
/// `steps` fixed steps between two read-outs are applied in as few passes over memory as
/// possible, and always with the same sequence of floating-point operations as `steps`
/// separate passes, so the result is bit-identical to unfused stepping:
/// - two steps are applied in registers in one pass (`pass(twice: true)`): the item is
///   loaded once, Φ is applied twice, and the item is stored. The state is (d, v) in
///   registers as in memory, so nothing is rounded differently from two passes;
/// - with one or two steps the whole range is streamed in one pass; with more, one
///   cache-sized block at a time (`blockLength` items per column) takes all its steps,
///   in pairs in registers, so memory is still streamed once per call.
///
/// Swift does not contract a·b + c into fused multiply-adds, so the vector loop body,
/// its scalar remainder and the one-line windows that step a range's ragged ends
/// (`advanceFast`) round identically, and neither those windows, nor block boundaries,
/// nor the split between threads can change any bit. (`dot` fuses explicitly under
/// `HOOKE_FMA`, in every one of those places alike.)
///
/// The loops are plain indexed loops over unsafe pointers so that LLVM vectorises them;
/// they are generic only to share source between `Double` and `Float` and are compiled
/// specialised for each (the two `advance` overloads below; other scalar types take an
/// unspecialised, untuned path).
///
/// Rest is not tested here: an item's rest event is due a fixed number of steps after it
/// was armed (see `SpringBatch`, "Rest"), so the hot loop is the step alone.
enum SpringBatchKernel {
    /// a·x + b·y. Built with `-D HOOKE_FMA` (for a CPU with fused multiply–add, with
    /// `-target-cpu native`: `make bench` does both) it is fma(b, y, a·x), one rounding
    /// fewer and one instruction fewer — what a C compiler contracts to with
    /// `-march=native`. Without the flag it is two multiplies and an add: explicit FMA
    /// on a CPU target without it becomes a library call, ten times slower. Either way
    /// every pass, block and thread uses the same expression, so bit-identity holds.
    @inline(__always)
    static func dot<S: BinaryFloatingPoint>(_ a: S, _ x: S, _ b: S, _ y: S) -> S {
        #if HOOKE_FMA
        return (a * x).addingProduct(b, y)
        #else
        return a * x + b * y
        #endif
    }

    /// Items per column in one cache block: 2 KiB per column, 8 KiB for the four columns
    /// a pass touches, well inside a 32 KiB L1 data cache.
    @inline(__always)
    static func blockLength<S>(_: S.Type) -> Int { 2048 / MemoryLayout<S>.stride }

    /// Steps items `lo..<hi` (all sharing `p`) `steps` times.
    ///
    /// The vectorised loops run over whole, aligned windows only: from the first multiple
    /// of the window's width at or after `lo` to the last at or before `hi` (every column
    /// starts on a 64-byte line). The ragged ends are stepped in two windows of one vector
    /// register each (`Line`: 64 bytes with AVX-512, 32 with AVX, 16 otherwise, as
    /// `advance` chooses), at `lo` and ending at `hi`, loaded before the loops run and
    /// stored after them. A window may overlap the loops' range, or the other
    /// window: the items in an overlap are stepped from the same values by the same
    /// operations in both, so the store rewrites them with the bits they already hold.
    /// Without the windows, a group of 125 `Double` items would step 5 of them (4 %) in
    /// the loop's scalar remainder at a fraction of the vector rate, and a range starting
    /// between two multiples of the width would load every vector unaligned.
    @inline(__always)
    static func advanceFast<Line: SIMD>(
        _ c: SpringBatchStorage<Line.Scalar>, _ lo: Int, _ hi: Int, steps: Int,
        _ p: SpringBatchPropagator<Line.Scalar>, line _: Line.Type
    ) where Line.Scalar: BinaryFloatingPoint & Sendable {
        typealias S = Line.Scalar
        guard lo < hi, steps > 0 else { return }
        let width = Line.scalarCount
        guard hi - lo >= width else {
            run(c, lo, hi, steps: steps, p)
            return
        }
        let start = (lo + width - 1) / width * width, end = hi / width * width
        // Plain values and flags rather than optionals, which the compiler copies through
        // outlined helpers.
        let hasHead = start > lo, hasTail = end < hi
        var head = Window<Line>(c, at: lo), tail = Window<Line>(c, at: hi - width)
        if hasHead { head.step(steps, p) }
        if hasTail { tail.step(steps, p) }
        if start < end {
            if steps <= 2 {
                run(c, start, end, steps: steps, p)
            } else {
                let length = blockLength(S.self)
                var blockStart = start
                while blockStart < end {
                    let blockEnd = min(end, blockStart + length)
                    run(c, blockStart, blockEnd, steps: steps, p)
                    blockStart = blockEnd
                }
            }
        }
        if hasHead { head.store(c, at: lo) }
        if hasTail { tail.store(c, at: hi - width) }
    }

    /// One vector register's worth of consecutive items of the four stepped columns, held
    /// in registers: a ragged end of a range (see `advanceFast`).
    struct Window<Line: SIMD> where Line.Scalar: BinaryFloatingPoint & Sendable {
        typealias S = Line.Scalar
        var dx, dy, vx, vy: Line

        @inline(__always)
        init(_ c: SpringBatchStorage<S>, at i: Int) {
            dx = UnsafeRawPointer(c.dx + i).loadUnaligned(as: Line.self)
            dy = UnsafeRawPointer(c.dy + i).loadUnaligned(as: Line.self)
            vx = UnsafeRawPointer(c.vx + i).loadUnaligned(as: Line.self)
            vy = UnsafeRawPointer(c.vy + i).loadUnaligned(as: Line.self)
        }

        /// `steps` steps, each lane by the operations of `pass` on one item.
        @inline(__always)
        mutating func step(_ steps: Int, _ p: SpringBatchPropagator<S>) {
            for _ in 0..<steps {
                (dx, vx) = (dot(p.p11, dx, p.p12, vx), dot(p.p21, dx, p.p22, vx))
                (dy, vy) = (dot(p.p11, dy, p.p12, vy), dot(p.p21, dy, p.p22, vy))
            }
        }

        @inline(__always)
        func store(_ c: SpringBatchStorage<S>, at i: Int) {
            UnsafeMutableRawPointer(c.dx + i).storeBytes(of: dx, as: Line.self)
            UnsafeMutableRawPointer(c.dy + i).storeBytes(of: dy, as: Line.self)
            UnsafeMutableRawPointer(c.vx + i).storeBytes(of: vx, as: Line.self)
            UnsafeMutableRawPointer(c.vy + i).storeBytes(of: vy, as: Line.self)
        }

        /// `dot` lane by lane: the same rounding as the scalar form in every lane.
        @inline(__always)
        func dot(_ a: S, _ x: Line, _ b: S, _ y: Line) -> Line {
            #if HOOKE_FMA
            return (a * x).addingProduct(b, y)
            #else
            return a * x + b * y
            #endif
        }
    }

    /// All `steps` steps over one range, in ⌈steps/2⌉ passes.
    @inline(__always)
    static func run<S: BinaryFloatingPoint>(
        _ c: SpringBatchStorage<S>, _ lo: Int, _ hi: Int, steps: Int, _ p: SpringBatchPropagator<S>
    ) {
        var remaining = steps
        while remaining >= 2 {
            pass(c, lo, hi, p, twice: true)
            remaining -= 2
        }
        if remaining == 1 { pass(c, lo, hi, p, twice: false) }
    }

    /// One pass over `lo..<hi` applying one step, or two in registers (`twice`,
    /// bit-identical to two passes). `twice` is a constant at every call site, so each
    /// case compiles to its own branch-free loop.
    @inline(__always)
    static func pass<S: BinaryFloatingPoint>(
        _ c: SpringBatchStorage<S>, _ lo: Int, _ hi: Int, _ p: SpringBatchPropagator<S>, twice: Bool
    ) {
        let dx = c.dx, dy = c.dy, vx = c.vx, vy = c.vy
        let p11 = p.p11, p12 = p.p12, p21 = p.p21, p22 = p.p22
        for i in lo..<hi {
            var ex = dx[i], ey = dy[i], ux = vx[i], uy = vy[i]
            if twice {
                (ex, ux) = (dot(p11, ex, p12, ux), dot(p21, ex, p22, ux))
                (ey, uy) = (dot(p11, ey, p12, uy), dot(p21, ey, p22, uy))
            }
            (ex, ux) = (dot(p11, ex, p12, ux), dot(p21, ex, p22, ux))
            (ey, uy) = (dot(p11, ey, p12, uy), dot(p21, ey, p22, uy))
            dx[i] = ex
            dy[i] = ey
            vx[i] = ux
            vy[i] = uy
        }
    }

    /// Whether every item of `lo..<hi` is within `ulps` ulps of its target coordinate (an
    /// ulp being at least 2⁵² × the smallest normal number) in displacement and in
    /// distance moved per step; if so, puts each exactly on its target (d = 0) with zero
    /// velocity and returns true.
    static func settleIfQuiescent<S: BinaryFloatingPoint>(
        _ c: SpringBatchStorage<S>, _ lo: Int, _ hi: Int, timestep h: S, ulps: S
    ) -> Bool {
        let floor = S.leastNormalMagnitude / S.ulpOfOne
        for i in lo..<hi {
            let u = ulps * Swift.max(Swift.max(c.tx[i].magnitude, c.ty[i].magnitude).ulp, floor)
            if c.dx[i].magnitude > u || c.dy[i].magnitude > u
                || c.vx[i].magnitude * h > u || c.vy[i].magnitude * h > u
            {
                return false
            }
        }
        for i in lo..<hi {
            c.dx[i] = 0
            c.dy[i] = 0
            c.vx[i] = 0
            c.vy[i] = 0
        }
        return true
    }

    /// The same computation for scalar types other than `Double` and `Float`: one plain
    /// pass per step. Correct, not tuned.
    static func advanceGeneric<S: BinaryFloatingPoint>(
        _ c: SpringBatchStorage<S>, _ lo: Int, _ hi: Int, steps: Int, _ p: SpringBatchPropagator<S>
    ) {
        guard lo < hi, steps > 0 else { return }
        for _ in 0..<steps {
            for i in lo..<hi {
                let dx = c.dx[i], dy = c.dy[i], ux = c.vx[i], uy = c.vy[i]
                c.dx[i] = p.p11 * dx + p.p12 * ux
                c.dy[i] = p.p11 * dy + p.p12 * uy
                c.vx[i] = p.p21 * dx + p.p22 * ux
                c.vy[i] = p.p21 * dy + p.p22 * uy
            }
        }
    }

    // MARK: Specialised entry points

    // The windows are one vector register wide (`hooke_vector_bytes()`, from the target the
    // package is built for, a constant LLVM folds): two windows of four columns
    // held across the loops take 8 registers. Windows of a 64-byte line built for AVX2
    // took 16 ymm and spilled (64 stores to the stack and 76 loads back in `advance`).

    @inline(never)
    static func advance(
        _ c: SpringBatchStorage<Double>, _ lo: Int, _ hi: Int, steps: Int, _ p: SpringBatchPropagator<Double>
    ) {
        switch hooke_vector_bytes() {
        case 64...: advanceFast(c, lo, hi, steps: steps, p, line: SIMD8<Double>.self)
        case 32: advanceFast(c, lo, hi, steps: steps, p, line: SIMD4<Double>.self)
        default: advanceFast(c, lo, hi, steps: steps, p, line: SIMD2<Double>.self)
        }
    }

    @inline(never)
    static func advance(
        _ c: SpringBatchStorage<Float>, _ lo: Int, _ hi: Int, steps: Int, _ p: SpringBatchPropagator<Float>
    ) {
        switch hooke_vector_bytes() {
        case 64...: advanceFast(c, lo, hi, steps: steps, p, line: SIMD16<Float>.self)
        case 32: advanceFast(c, lo, hi, steps: steps, p, line: SIMD8<Float>.self)
        default: advanceFast(c, lo, hi, steps: steps, p, line: SIMD4<Float>.self)
        }
    }

    /// Steps `lo..<hi`, dispatching to the loops specialised for `Double` and `Float`.
    static func advanceAny<S: BinaryFloatingPoint>(
        _ c: SpringBatchStorage<S>, _ lo: Int, _ hi: Int, steps: Int, _ p: SpringBatchPropagator<S>
    ) {
        if S.self == Double.self {
            advance(unsafeBitCast(c, to: SpringBatchStorage<Double>.self), lo, hi, steps: steps,
                    unsafeBitCast(p, to: SpringBatchPropagator<Double>.self))
        } else if S.self == Float.self {
            advance(unsafeBitCast(c, to: SpringBatchStorage<Float>.self), lo, hi, steps: steps,
                    unsafeBitCast(p, to: SpringBatchPropagator<Float>.self))
        } else {
            advanceGeneric(c, lo, hi, steps: steps, p)
        }
    }
}

/// Raw pointers to the six columns of a `SpringBatch`.
///
/// `@unchecked Sendable` because it is handed to the worker closures of
/// `DispatchQueue.concurrentPerform`: that is safe here because every worker writes only
/// its own disjoint, contiguous range of slots, the owning batch does not touch or grow
/// the columns until `concurrentPerform` returns, and the memory outlives the call.
struct SpringBatchStorage<S>: @unchecked Sendable {
    /// Displacement from the target, x − t and y − t, points.
    var dx: UnsafeMutablePointer<S>
    var dy: UnsafeMutablePointer<S>
    /// Velocity, points per second.
    var vx: UnsafeMutablePointer<S>
    var vy: UnsafeMutablePointer<S>
    /// Target, points: never read by the step, which works on displacements from it;
    /// only by the quiescence check (`settleIfQuiescent`), whose tolerance is in its ulps.
    var tx: UnsafeMutablePointer<S>
    var ty: UnsafeMutablePointer<S>
}

/// A group's exact one-step map Φ(h), rounded once to the storage scalar.
@usableFromInline
struct SpringBatchPropagator<S: Sendable>: Sendable {
    var p11: S
    var p12: S
    var p21: S
    var p22: S
}
