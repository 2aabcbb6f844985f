import Foundation
import Synchronization

/// Threads that share the soft step's solver stages with the stepping thread
/// (`World.workerCount`), as Box2D v3's workers share its solver stages: every participant
/// takes a fixed part of each stage, and all wait for one another between stages.
///
/// The parts are fixed by the participant's number alone and stages are separated by a
/// barrier, so every body and bundle goes through the same operations in the same order
/// whatever the number of threads: a step is bit-identical to the one-thread step.
///
/// Between jobs the helpers spin briefly (the stages of one step follow each other within
/// microseconds), then sleep on a semaphore until the next step's first job wakes them, so
/// an idle World costs no CPU. A pool runs one job at a time; a World copy that finds it
/// busy steps on its own thread (`tryRun` returns false), with the same result.
final class SolverWorkers: @unchecked Sendable {
    /// The shared state, owned by the helper threads too, so that the pool's deinit can stop
    /// them (a thread holding the pool itself would keep it alive).
    private final class Shared: @unchecked Sendable {
        let participants: Int
        /// Bumped for each job; a helper runs every generation it has not seen.
        let generation = Atomic<Int>(0)
        /// Helpers that finished the current job.
        let finished = Atomic<Int>(0)
        /// Arrivals at the current job's barriers, participants per barrier.
        let arrived = Atomic<Int>(0)
        /// Each helper's parking place.
        let helpers: [Helper]
        let busy = Atomic<Bool>(false)
        /// The job: what participant p does. Written before `generation` is bumped, read
        /// after it is seen (sequentially consistent atomics order the two).
        nonisolated(unsafe) var job: ((Int) -> Void)?
        nonisolated(unsafe) var stopping = false

        init(participants: Int) {
            self.participants = participants
            helpers = (1..<participants).map { _ in Helper() }
        }

        /// Helper p's loop: run each new job's part p, park when none comes for a while.
        func serve(_ p: Int) {
            var seen = 0
            while true {
                var spins = 0
                while generation.load(ordering: .sequentiallyConsistent) == seen && spins < SolverWorkers.spinLimit {
                    spins += 1
                }
                if generation.load(ordering: .sequentiallyConsistent) == seen {
                    helpers[p - 1].parked.store(true, ordering: .sequentiallyConsistent)
                    if generation.load(ordering: .sequentiallyConsistent) == seen {
                        helpers[p - 1].wake.wait()
                    } else if !helpers[p - 1].parked.exchange(false, ordering: .sequentiallyConsistent) {
                        // The job's publisher took the flag and signalled: take the signal.
                        helpers[p - 1].wake.wait()
                    }
                    continue
                }
                seen = generation.load(ordering: .sequentiallyConsistent)
                if stopping { return }
                job?(p)
                finished.add(1, ordering: .sequentiallyConsistent)
            }
        }

        /// Publishes a job (or the stop) and wakes the parked helpers.
        func publish() {
            generation.add(1, ordering: .sequentiallyConsistent)
            for p in 1..<participants where helpers[p - 1].parked.exchange(false, ordering: .sequentiallyConsistent) {
                helpers[p - 1].wake.signal()
            }
        }
    }

    /// Where a helper sleeps: `parked` says it does (or is about to), `wake` wakes it.
    private final class Helper: Sendable {
        let parked = Atomic<Bool>(false)
        let wake = DispatchSemaphore(value: 0)
    }

    /// Spins of an idle helper before it sleeps: tens of microseconds.
    static let spinLimit = 1 << 16

    private let shared: Shared

    /// Participants: the stepping thread and `participants` − 1 helper threads (≥ 2).
    var participants: Int { shared.participants }

    init(participants: Int) {
        precondition(participants >= 2, "SolverWorkers: a pool needs at least one helper")
        shared = Shared(participants: participants)
        for p in 1..<participants {
            let shared = self.shared
            let thread = Thread { shared.serve(p) }
            thread.name = "Hooke solver \(p)"
            thread.start()
        }
    }

    deinit {
        shared.stopping = true
        shared.publish()
    }

    /// Runs `job(p)` for every participant p, the calling thread as p = 0, and returns when
    /// all have finished; false, without running anything, if the pool is running another
    /// job (then the caller does the work itself).
    func tryRun(_ job: (Int) -> Void) -> Bool {
        guard shared.busy.compareExchange(expected: false, desired: true, ordering: .sequentiallyConsistent).exchanged
        else { return false }
        withoutActuallyEscaping(job) { job in
            shared.job = job
            shared.finished.store(0, ordering: .sequentiallyConsistent)
            shared.arrived.store(0, ordering: .sequentiallyConsistent)
            shared.publish()
            job(0)
            var spins = 0
            while shared.finished.load(ordering: .sequentiallyConsistent) < participants - 1 { Self.pause(&spins) }
            shared.job = nil
        }
        shared.busy.store(false, ordering: .sequentiallyConsistent)
        return true
    }

    /// The `k`-th barrier of the current job (k = 1, 2, … in every participant alike):
    /// returns once every participant has arrived at it.
    func barrier(_ k: Int) {
        shared.arrived.add(1, ordering: .sequentiallyConsistent)
        let target = k * participants
        var spins = 0
        while shared.arrived.load(ordering: .sequentiallyConsistent) < target { Self.pause(&spins) }
    }

    /// One turn of a wait loop: spin for the first thousand turns (a participant arrives
    /// within microseconds when each has a core), then yield the core, so that a machine
    /// with fewer free cores than participants runs the one being waited for.
    @inline(__always)
    static func pause(_ spins: inout Int) {
        spins += 1
        if spins > 1000 { sched_yield() }
    }

    /// Participant p's part of `range` split in `participants` contiguous parts.
    func part(_ range: Range<Int>, _ p: Int) -> Range<Int> {
        let n = range.count
        return (range.lowerBound + p * n / participants)..<(range.lowerBound + (p + 1) * n / participants)
    }
}
