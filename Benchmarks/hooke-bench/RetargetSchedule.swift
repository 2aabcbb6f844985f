/// Which items every frame retargets, and to where: the same for every engine.
///
/// Frame f retargets the contiguous block of `blockSize` items (a `share` of N, at least
/// one) with index f mod `phases`, so that the blocks sweep all items every `phases`
/// frames (100 frames, 1.7 s at 60 Hz, for 1%; a share of 0 retargets nothing). Sweeps alternate between two target
/// tables, `initial` (also the targets at the start) and `later`, so a retarget always
/// moves the target. Because every item is kicked every sweep, no displacement decays
/// into the subnormal range, where arithmetic would slow down for reasons that have
/// nothing to do with the engines. (Without retargets, long runs at small N do reach
/// that range; `--retarget-percent 0` is for short runs that isolate the step.)
struct RetargetSchedule: Sendable {
    /// One frame's retargets: items `items` move their targets to `(x[i], y[i])`.
    struct Frame {
        let items: Range<Int>
        let x: [Double]
        let y: [Double]
    }

    let initialX: [Double], initialY: [Double]
    let laterX: [Double], laterY: [Double]
    let blockSize: Int
    let phases: Int

    init(initial: ([Double], [Double]), later: ([Double], [Double]), share: Double) {
        precondition(initial.0.count == later.0.count, "target tables differ in length")
        (initialX, initialY) = initial
        (laterX, laterY) = later
        precondition((0...1).contains(share), "the retargeted share is a fraction")
        let count = initialX.count
        // share 0: no retargets at all (one phase whose block is empty).
        blockSize = share == 0 ? 0 : max(1, Int((Double(count) * share).rounded(.up)))
        phases = blockSize == 0 ? 1 : (count + blockSize - 1) / blockSize
    }

    /// The retargets of frame `frame` (0, 1, 2, … counted from the warm-up on).
    func frame(_ frame: Int) -> Frame {
        let phase = frame % phases
        let sweep = frame / phases
        let start = phase * blockSize
        let items = start..<min(start + blockSize, initialX.count)
        return sweep.isMultiple(of: 2)
            ? Frame(items: items, x: laterX, y: laterY)
            : Frame(items: items, x: initialX, y: initialY)
    }
}
