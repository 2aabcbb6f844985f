import Dispatch

/// The wall times of a measurement's timed repetitions, on the monotonic clock.
struct Timing: Sendable {
    /// Seconds per repetition, in the order they ran.
    let seconds: [Double]

    /// The least disturbed repetition: the best estimate of what the engine can do.
    var minimum: Double { seconds.min()! }

    /// The typical repetition (mean of the middle two for an even count).
    var median: Double {
        let sorted = seconds.sorted()
        let mid = sorted.count / 2
        return sorted.count.isMultiple(of: 2) ? (sorted[mid - 1] + sorted[mid]) / 2 : sorted[mid]
    }

    /// Runs `repetition(0)` untimed (warm-up: page faults, caches, branch predictors,
    /// lazily bound symbols), then times `repetition(1)` … `repetition(count)`.
    /// `announce(r)` runs before repetition r, outside the timed interval.
    ///
    /// `DispatchTime` reads CLOCK_MONOTONIC on Linux (mach_absolute_time on Apple
    /// platforms): unaffected by wall-clock adjustments, nanosecond resolution.
    static func measure(
        repetitions count: Int, announce: (Int) -> Void = { _ in }, _ repetition: (Int) -> Void
    ) -> Timing {
        precondition(count > 0, "a measurement needs at least one timed repetition")
        announce(0)
        repetition(0)
        var seconds: [Double] = []
        seconds.reserveCapacity(count)
        for r in 1...count {
            announce(r)
            let start = DispatchTime.now().uptimeNanoseconds
            repetition(r)
            let end = DispatchTime.now().uptimeNanoseconds
            seconds.append(Double(end - start) * 1e-9)
        }
        return Timing(seconds: seconds)
    }

    /// The same for work that needs a fresh set-up for every repetition, such as a world
    /// scene that each pass steps from its start: `prepare(r)` builds repetition r's state
    /// before the timer starts, `repetition(r, &state)` is timed, and `inspect(r, state)`
    /// reads the outcome after the timer stops. Repetition 0 is the untimed warm-up.
    ///
    /// The state is handed over `inout` and nothing else holds it, so a copy-on-write
    /// value (a `World`) is stepped in place: no buffer is copied inside the timed interval.
    static func measure<State>(
        repetitions count: Int, prepare: (Int) throws -> State, _ repetition: (Int, inout State) -> Void,
        inspect: (Int, State) -> Void
    ) rethrows -> Timing {
        precondition(count > 0, "a measurement needs at least one timed repetition")
        var seconds: [Double] = []
        seconds.reserveCapacity(count)
        for r in 0...count {
            var state = try prepare(r)
            let start = DispatchTime.now().uptimeNanoseconds
            repetition(r, &state)
            let end = DispatchTime.now().uptimeNanoseconds
            if r > 0 { seconds.append(Double(end - start) * 1e-9) }
            inspect(r, state)
        }
        return Timing(seconds: seconds)
    }
}
