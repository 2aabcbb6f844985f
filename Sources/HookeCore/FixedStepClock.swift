import Foundation

/// Turns variable frame times into a whole number of fixed simulation steps.
///
/// The engine only ever advances by one fixed step h (default 1/120 s). Each frame the
/// caller reports how much wall time passed; the clock adds it to the time not yet
/// simulated and answers how many whole steps are due now:
///
/// ```swift
/// var clock = try FixedStepClock()                    // h = 1/120 s, at most 8 steps a call
/// let steps = try clock.advance(by: frameTime)        // e.g. 1/60 s → 2
/// for _ in 0..<steps { state = map.apply(…) }         // step the simulation
/// let alpha = clock.interpolationFactor               // blend previous and current state
/// ```
///
/// ## Why whole steps counted exactly
///
/// The simulation's state after n steps depends on n alone, so two runs agree bit for
/// bit exactly when they run the same number of steps. A plain floating accumulator
/// (`acc += frame; while acc >= h { acc -= h }`) rounds on every addition and
/// subtraction; 288 frames of 1/144 s can then leave 2 s minus a few ulps in it and run
/// 239 steps instead of 240, or a 60 Hz run and a 120 Hz run can disagree by a step.
/// Two measures prevent this:
///
/// 1. The pending time is kept as an unevaluated sum of two doubles (double-double,
///    error-free `TwoSum` additions and an `fma`-exact product for n·h), so summing
///    millions of frames loses nothing measurable and the pending value never drifts.
/// 2. Frame times themselves carry rounding (1/60 is not a binary fraction), so a step
///    boundary counts as reached when the pending time is within
///    `boundaryTolerance`·h of it (10⁻⁶ of a step, 8 ns at 120 Hz — far above the
///    rounding of any realistic sum of frame times and far below any frame time).
///    The pending time may then be a hair below zero; the next frame absorbs it.
///
/// ## The cap
///
/// At most `maxStepsPerAdvance` steps are run per call (default 8, i.e. 66 ms of
/// simulation at 120 Hz, enough to cover a 15 Hz frame). If more are due — after a stall,
/// a breakpoint, an app returning from the background — the surplus whole steps are
/// *dropped*: the simulation runs slower than wall time for that frame instead of
/// spending ever longer catching up (the "spiral of death"). The fraction of a step
/// still pending is kept, so interpolation stays smooth. Dropped time is added to
/// `droppedTime`; `time` counts only simulated steps.
///
/// Source: the accumulator with capped catch-up and interpolation is the pattern of
/// Glenn Fiedler, "Fix Your Timestep!" (gafferongames.com, 2004).
public struct FixedStepClock: Sendable, Hashable, Codable {
    /// Default step, 1/120 s (ProMotion displays refresh at up to 120 Hz).
    public static let defaultStep = 1.0 / 120

    /// Default cap on steps per `advance` call.
    public static let defaultMaxStepsPerAdvance = 8

    /// Fraction of a step within which a boundary counts as reached (see the type's
    /// documentation).
    public static let boundaryTolerance = 1e-6

    /// The fixed step h, in seconds.
    public let step: Double

    /// The most steps one `advance(by:)` call returns.
    public let maxStepsPerAdvance: Int

    /// Number of steps run since the clock started.
    public private(set) var stepCount: Int = 0

    /// Total wall time, in seconds, discarded by the cap (a multiple of `step`).
    public private(set) var droppedTime: Double = 0

    // Pending (received, not yet simulated) time in seconds, as the exact unevaluated
    // sum pendingHigh + pendingLow with |pendingLow| ≤ ½ulp(pendingHigh).
    private var pendingHigh: Double = 0
    private var pendingLow: Double = 0

    /// Creates a clock at time 0.
    ///
    /// - Parameters:
    ///   - step: the fixed step h, seconds (finite, > 0).
    ///   - maxStepsPerAdvance: the cap on steps per call (≥ 1).
    /// - Throws: `HookeError.invalidParameter` naming `step` or `maxStepsPerAdvance`.
    public init(
        step: Double = FixedStepClock.defaultStep,
        maxStepsPerAdvance: Int = FixedStepClock.defaultMaxStepsPerAdvance
    ) throws(HookeError) {
        self.step = try Validate.positive(step, "step")
        guard maxStepsPerAdvance >= 1 else {
            throw .invalidParameter(
                "maxStepsPerAdvance", value: Double(maxStepsPerAdvance), requirement: ">= 1")
        }
        self.maxStepsPerAdvance = maxStepsPerAdvance
    }

    /// Simulated time stepCount·h, in seconds.
    public var time: Double { Double(stepCount) * step }

    /// Wall time received but not yet simulated, in seconds (less than one step after
    /// `advance`, and possibly a hair below 0 — see `boundaryTolerance`).
    public var pendingTime: Double { pendingHigh + pendingLow }

    /// Fraction of a step accumulated beyond the last step, in [0, 1): render the
    /// blend previous + factor·(current − previous) for motion without judder.
    public var interpolationFactor: Double {
        let fraction = pendingTime / step
        return min(max(fraction, 0), (1.0).nextDown)
    }

    /// The state drawn a `fraction` of the way from the previous step's `previous` to the
    /// last step's `current`: previous + fraction·(current − previous), the blend of
    /// Fiedler's loop (and Box2D's and Advance's), with `fraction` usually
    /// `interpolationFactor`. What is drawn therefore lags the simulation by one step
    /// less the fraction: at wall time t (n whole steps and a fraction α of the next
    /// received) it is the motion's state at t − h, exact for motion linear within a
    /// step. `fraction` is not checked (callers pass `interpolationFactor` or a checked
    /// value): 0 gives `previous`, 1 gives `current`.
    package static func interpolate<Value: MotionVector>(from previous: Value, to current: Value,
                                                         fraction: Double) -> Value {
        previous + fraction * (current - previous)
    }

    /// Adds a frame's duration and returns how many whole steps to run now
    /// (0…`maxStepsPerAdvance`). `stepCount` already includes them on return.
    ///
    /// - Parameter frameTime: seconds since the previous frame (finite, ≥ 0).
    /// - Throws: `HookeError.invalidParameter("frameTime", …)` for a negative or
    ///   non-finite frame time; the clock is then unchanged.
    public mutating func advance(by frameTime: Double) throws(HookeError) -> Int {
        let frameTime = try Validate.nonNegative(frameTime, "frameTime")
        addPending(frameTime)

        let stepsPending = pendingTime / step
        let due: Int
        // 2⁵⁰ steps is 300 000 years at 120 Hz; beyond it n·h is no longer exact and
        // the count would not fit any sensible use, so only the fraction is kept.
        if stepsPending + Self.boundaryTolerance >= 0x1p50 {
            let fraction = pendingHigh.truncatingRemainder(dividingBy: step)
            droppedTime += pendingHigh - fraction - Double(maxStepsPerAdvance) * step
            (pendingHigh, pendingLow) = (fraction, 0)
            stepCount += maxStepsPerAdvance
            return maxStepsPerAdvance
        }
        due = max(0, Int((stepsPending + Self.boundaryTolerance).rounded(.down)))
        if due == 0 { return 0 }

        subtractSteps(due)
        let run = min(due, maxStepsPerAdvance)
        if due > run {
            droppedTime += Double(due - run) * step
        }
        stepCount += run
        return run
    }

    /// pending += t, error-free (Knuth's TwoSum, then renormalised).
    private mutating func addPending(_ t: Double) {
        let (sum, error) = Self.twoSum(pendingHigh, t)
        (pendingHigh, pendingLow) = Self.fastTwoSum(sum, error + pendingLow)
    }

    /// pending −= n·h, with n·h = p + e exactly (e from an fma).
    private mutating func subtractSteps(_ n: Int) {
        let count = Double(n)
        let product = count * step
        let productError = count.multipliedAdding(step, -product)
        let (difference, error) = Self.twoSum(pendingHigh, -product)
        (pendingHigh, pendingLow) = Self.fastTwoSum(difference, error + pendingLow - productError)
    }

    /// a + b = s + e exactly (Knuth, TAOCP vol. 2, §4.2.2).
    private static func twoSum(_ a: Double, _ b: Double) -> (Double, Double) {
        let s = a + b
        let bVirtual = s - a
        let aVirtual = s - bVirtual
        return (s, (a - aVirtual) + (b - bVirtual))
    }

    /// a + b = s + e exactly when |a| ≥ |b| or a = 0 (Dekker 1971); used to renormalise.
    private static func fastTwoSum(_ a: Double, _ b: Double) -> (Double, Double) {
        if abs(a) < abs(b) { return twoSum(a, b) }
        let s = a + b
        return (s, b - (s - a))
    }
}

extension Double {
    /// self·b + c with one rounding (fused multiply-add).
    fileprivate func multipliedAdding(_ b: Double, _ c: Double) -> Double {
        c.addingProduct(self, b)
    }
}

extension FixedStepClock {
    private enum CodingKeys: String, CodingKey { case step, maxStepsPerAdvance, stepCount, droppedTime, pendingHigh, pendingLow }

    /// Reads a clock and checks it as `init(step:maxStepsPerAdvance:)` does, with a step
    /// count ≥ 0, dropped time finite and ≥ 0, and pending time finite in [0, step·(cap + 1)].
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let path = SnapshotError.path(c.codingPath)
        do {
            try self.init(step: try c.decode(Double.self, forKey: .step),
                          maxStepsPerAdvance: try c.decode(Int.self, forKey: .maxStepsPerAdvance))
        } catch let error as HookeError {
            throw SnapshotError(path: path, "\(error)")
        }
        stepCount = try c.decode(Int.self, forKey: .stepCount)
        droppedTime = try c.decode(Double.self, forKey: .droppedTime)
        pendingHigh = try c.decode(Double.self, forKey: .pendingHigh)
        pendingLow = try c.decode(Double.self, forKey: .pendingLow)
        guard stepCount >= 0, droppedTime.isFinite, droppedTime >= 0, pendingHigh.isFinite, pendingLow.isFinite,
              pendingTime >= -step, pendingTime <= step * Double(maxStepsPerAdvance + 1) else {
            throw SnapshotError(path: path, "a clock whose step count, dropped or pending time is out of range")
        }
    }
}
