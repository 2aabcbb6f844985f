import CReference
import Foundation
import Hooke

/// The `library-style` baseline: the springs workload animated the way the popular Swift
/// animation libraries are built (from their public design, not their code). Each item is
/// a `LibraryStyleSpringAnimation<SIMD2<Double>>` whose value closure sets the position
/// of the item's view; all of them live in one `LibraryStyleAnimator`, keyed by id, which
/// advances every running one once per display frame and retargets by id.
///
/// The frame is integrated in one semi-implicit Euler step of the whole frame duration —
/// 1/60 s for the default frame of two 1/120 s steps — because that is what the libraries
/// do: the display link hands them the time since the last frame and they integrate it
/// once (Wave's `updateAnimation(dt:)`). So it does not compute the exact propagator the
/// other engines apply, and its final state is not theirs: `ChecksumAgreement` holds it
/// instead, bit for bit, to its own recurrence replayed over plain arrays
/// (`LibraryStyleRecurrence`).
///
/// Ordinary Swift, compiled as any application code in the executable: classes, closures,
/// `Dictionary`, `UUID`. Being in the same module as its use, the generic animation is
/// specialised for `SIMD2<Double>` by the optimiser — a library in its own module, used
/// without `@inlinable`, would run unspecialised generic code, slower still.
final class LibraryStyleEngine: BenchEngine {
    /// What the application shows: the position of each item's view, set by the value
    /// closures. It stands in for `view.center` at the least cost a setter can have, one
    /// store into an array, so the measurement is of the libraries' design and not of
    /// UIKit's property setters.
    final class Screen {
        var positions: [SIMD2<Double>]

        init(count: Int) {
            positions = Array(repeating: .zero, count: count)
        }
    }

    private let animator: LibraryStyleAnimator
    /// The id of workload item i's animation: how the application addresses it.
    private let ids: [UUID]
    let screen: Screen

    init(_ workload: SpringsWorkload) {
        let animator = LibraryStyleAnimator()
        let screen = Screen(count: workload.itemCount)
        var ids: [UUID] = []
        ids.reserveCapacity(workload.itemCount)
        for (items, spring) in zip(workload.groups, workload.springs) {
            for i in items {
                let animation = LibraryStyleSpringAnimation<SIMD2<Double>>(
                    spring: spring,
                    value: SIMD2(workload.startX[i], workload.startY[i]),
                    velocity: SIMD2(workload.startVX[i], workload.startVY[i]),
                    target: SIMD2(workload.retargets.initialX[i], workload.retargets.initialY[i]),
                    valueChanged: { [screen] value in screen.positions[i] = value })
                animator.add(animation)
                ids.append(animation.id)
            }
        }
        self.animator = animator
        self.screen = screen
        self.ids = ids
    }

    func retarget(_ frame: RetargetSchedule.Frame) {
        for i in frame.items {
            animator.retarget(ids[i], to: SIMD2(frame.x[i], frame.y[i]))
        }
    }

    /// One display frame of `count` fixed steps: one Euler step of `count` × 1/120 s.
    func step(count: Int) {
        animator.tick(frameDuration: Double(count) * SpringsWorkload.timestep)
    }

    /// The animation of workload item `item`.
    func animation(_ item: Int) -> LibraryStyleSpringAnimation<SIMD2<Double>> {
        guard let animation = animator.springAnimation(ids[item], of: SIMD2<Double>.self) else {
            preconditionFailure("library-style: item \(item)'s animation is not in the animator")
        }
        return animation
    }

    /// Summed in item order, as `LibraryStyleRecurrence` sums, so that equal states give
    /// equal checksums bit for bit.
    func checksum() -> Double {
        var sum = CompensatedSum()
        for i in ids.indices {
            let a = animation(i)
            sum.add(x: a.value.x, y: a.value.y, vx: a.velocity.x, vy: a.velocity.y)
        }
        return sum.value
    }

    /// The animation object's heap block as the allocator sized it, its share of the
    /// animator's dictionary, its id in `ids` and its position on the `screen`. The
    /// closure's captured context (another small heap block per item) is not counted.
    var bytesPerItem: Double {
        guard !ids.isEmpty else { return 0 }
        let first = animation(0)
        let block = withExtendedLifetime(first) {
            hooke_c_allocation_size(Unmanaged.passUnretained(first).toOpaque())
        }
        return Double(block) + animator.dictionaryBytes / Double(ids.count)
            + Double(MemoryLayout<UUID>.stride + MemoryLayout<SIMD2<Double>>.stride)
    }
}
