import Dispatch
import HookeCore

/// Simulates many springs over one move with a chosen integrator and fixed timestep,
/// and measures each step response: the engine of `hooke sweep`.
///
/// The point of a sweep is to show what the engine really does at 60 or 120 Hz, so every
/// point is *stepped* — by `integrator.makeIntegrator().propagator(for:step:)`, the same
/// 2×2 one-step map M(h) every Hooke integrator reduces to for a linear spring — and
/// measured on its samples (see `SpringSweepMetrics` for the definitions).
///
/// ```swift
/// let sweep = try SpringSweep(start: 0, target: 1, timestep: 1.0 / 60, integrator: .euler)
/// let cases = try [0.3, 0.5, 0.7].map { SpringSweepCase(spring: try Spring(dampingRatio: $0, response: 0.4)) }
/// let metrics = sweep.run(cases)            // one SpringSweepMetrics per case, in order
/// ```
///
/// ## Layout
///
/// Points are processed in blocks of `blockSize`. A block keeps its one-step matrices
/// and states in structure-of-arrays columns (φ11, φ12, φ21, φ22, x, v — and, for a
/// non-exact integrator, the exact Φ(h) and the exact state beside them) and advances
/// all its points `chunkLength` steps at a time in a loop of multiply-adds the compiler
/// vectorises, writing the samples to a small history; an observer per point then reads
/// its history in order. History and columns stay in cache; nothing is allocated per
/// point or per step.
///
/// ## Reference
///
/// For the non-exact integrators the closed form is stepped alongside by the exact map
/// Φ(h) = `spring.transition(over: h)`: Φ(h)ⁿ is `spring.state(at: n·h, …)` up to
/// rounding (about n ulps), at 4 multiply-adds a sample instead of an exp, a sin and a
/// cos. `maxError` is the largest difference of the displacements.
///
/// ## Threads
///
/// `run(_:threads:progress:)` deals blocks to `threads` workers round-robin. Every point
/// is stepped by the same operations in the same order whichever worker runs it, so the
/// results are bit-identical for every thread count.
public struct SpringSweep: Sendable {
    /// Start value of the move (points).
    public let start: Double
    /// Target value of the move (points).
    public let target: Double
    /// Settling band half-width as a fraction of the move (see `SpringSweepMetrics`).
    public let tolerance: Double
    /// Fixed timestep h, seconds.
    public let timestep: Double
    /// The integrator every point is stepped with.
    public let integrator: IntegratorKind
    /// Simulated time, seconds: samples are taken at n·h for n = 0 … `stepCount`.
    public let durationLimit: Double

    /// Points per block.
    public static let blockSize = 256
    /// Steps advanced per pass over a block before the observers read the history.
    public static let chunkLength = 32
    /// The most steps one sweep may simulate per point.
    public static let maximumStepCount = 100_000_000

    /// Whether `run` computes each point's closed-form `Spring.settlingDuration` (the
    /// `exactSettlingDuration` metric, NaN when off). It is the sweep's cross-check. For
    /// the exact integrator the measured settling time seeds a local root search (a few
    /// evaluations of the closed form, see `Spring.settlingDuration(…near:)`) that returns
    /// `Spring.settlingDuration`'s time to within a few ulps; otherwise, and wherever the
    /// local search cannot prove its answer, the full root search runs — about as much as
    /// simulating several hundred steps. A benchmark of the stepping alone turns it off.
    public var computesClosedFormSettling = true

    /// Number of steps simulated per point: ⌊durationLimit/h⌋, with a millionth of a step
    /// of slack so that 3 s at 1/120 s is 360 steps despite rounding.
    public let stepCount: Int

    /// - Throws: `HookeError.invalidParameter` naming `start`, `target`, `tolerance`
    ///   (finite, in (0, 1)), `timestep` (finite, > 0), or `durationLimit` (finite, ≥ h,
    ///   and at most `maximumStepCount` steps).
    public init(
        start: Double = 0, target: Double = 1, tolerance: Double = 0.001,
        timestep: Double = 1.0 / 120, integrator: IntegratorKind = .exact, durationLimit: Double = 10
    ) throws(HookeError) {
        self.start = try Validate.finite(start, "start")
        self.target = try Validate.finite(target, "target")
        guard tolerance.isFinite, tolerance > 0, tolerance < 1 else {
            throw .invalidParameter("tolerance", value: tolerance, requirement: "finite and in (0, 1)")
        }
        self.tolerance = tolerance
        self.timestep = try Validate.positive(timestep, "timestep")
        self.integrator = integrator
        self.durationLimit = try Validate.positive(durationLimit, "durationLimit")
        let steps = (durationLimit / timestep + 1e-6).rounded(.down)
        guard steps >= 1, steps <= Double(Self.maximumStepCount) else {
            throw .invalidParameter(
                "durationLimit", value: durationLimit,
                requirement: "at least one timestep and at most \(Self.maximumStepCount) steps")
        }
        stepCount = Int(steps)
    }

    /// The sample times n·h, n = 0 … `stepCount`, seconds.
    public func time(ofSample n: Int) -> Double { Double(n) * timestep }

    /// Simulates every case and returns its metrics, in the order of `cases`.
    ///
    /// - Parameters:
    ///   - threads: workers to split the blocks over (≥ 1); the results do not depend on it.
    ///   - progress: called from the workers, after each block, with the number of cases
    ///     that block finished (for a progress bar; it must be thread-safe).
    /// - Complexity: O(cases × stepCount).
    public func run(
        _ cases: [SpringSweepCase], threads: Int = 1, progress: (@Sendable (Int) -> Void)? = nil
    ) -> [SpringSweepMetrics] {
        let count = cases.count
        if count == 0 { return [] }
        let blockCount = (count + Self.blockSize - 1) / Self.blockSize
        let workers = max(1, min(threads, blockCount))
        let output = UnsafeMutableBufferPointer<SpringSweepMetrics>.allocate(capacity: count)
        defer { output.deallocate() }
        let results = ResultBuffer(base: output.baseAddress!)
        let sweep = self
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var scratch = BlockScratch(capacity: Self.blockSize, chunk: Self.chunkLength)
            defer { scratch.deallocate() }
            var block = worker
            while block < blockCount {
                let range = block * Self.blockSize..<min(count, (block + 1) * Self.blockSize)
                sweep.simulate(cases[range], into: results.base + range.lowerBound, scratch: &scratch)
                progress?(range.count)
                block += workers
            }
        }
        return Array(output)
    }

    /// The sampled states of one case, n = 0 … `stepCount`, stepped exactly as `run` steps
    /// it (so a plot of a recommended point shows the curve its metrics came from).
    public func trajectory(of sweepCase: SpringSweepCase) -> [SpringState] {
        let map = integrator.makeIntegrator().propagator(for: sweepCase.spring, step: timestep)
        var x = start - target
        var v = sweepCase.initialVelocity
        var states = [SpringState(value: target + x, velocity: v)]
        states.reserveCapacity(stepCount + 1)
        for _ in 0..<stepCount {
            let next = map.apply(displacement: x, velocity: v)
            x = next.displacement
            v = next.velocity
            states.append(SpringState(value: target + x, velocity: v))
        }
        return states
    }

    /// Steps one block of cases to the duration limit and writes their metrics.
    private func simulate(
        _ cases: ArraySlice<SpringSweepCase>, into out: UnsafeMutablePointer<SpringSweepMetrics>,
        scratch: inout BlockScratch
    ) {
        let n = cases.count
        let h = timestep
        let method = integrator.makeIntegrator()
        let hasReference = integrator != .exact
        let x0 = start - target
        var observers: [SpringSweepObserver] = []
        observers.reserveCapacity(n)
        var stable: [Bool] = []
        stable.reserveCapacity(n)

        // Stage 1: one-step maps, initial states and observers.
        for (i, sweepCase) in cases.enumerated() {
            let spring = sweepCase.spring
            let map = method.propagator(for: spring, step: h)
            scratch.p11[i] = map.phi11
            scratch.p12[i] = map.phi12
            scratch.p21[i] = map.phi21
            scratch.p22[i] = map.phi22
            scratch.x[i] = x0
            scratch.v[i] = sweepCase.initialVelocity
            if hasReference {
                let exact = spring.transition(over: h)
                scratch.e11[i] = exact.phi11
                scratch.e12[i] = exact.phi12
                scratch.e21[i] = exact.phi21
                scratch.e22[i] = exact.phi22
                scratch.xe[i] = x0
                scratch.ve[i] = sweepCase.initialVelocity
            }
            stable.append(method.isStable(for: spring, step: h))
            var observer = SpringSweepObserver(
                h: h, x0: x0, v0: sweepCase.initialVelocity, spring: spring, tolerance: tolerance)
            observer.observe(x: x0, v: sweepCase.initialVelocity, exactX: hasReference ? x0 : nil)
            observers.append(observer)
        }

        // Stage 2: advance in chunks, then let each observer read its chunk of history.
        var done = 0
        while done < stepCount {
            let length = min(Self.chunkLength, stepCount - done)
            scratch.advance(count: n, steps: length, reference: hasReference)
            observers.withUnsafeMutableBufferPointer { observers in
                for i in 0..<n {
                    var observer = observers[i]
                    for k in 0..<length {
                        let slot = k * Self.blockSize + i
                        observer.observe(
                            x: scratch.hx[slot], v: scratch.hv[slot],
                            exactX: hasReference ? scratch.hxe[slot] : nil)
                    }
                    observers[i] = observer
                }
            }
            done += length
        }

        // Stage 3: metrics.
        // The closed-form cross-check runs after the simulation: for the exact integrator
        // the measured settling time (the true curve's samples, refined on the Hermite
        // interpolant to within ~1e-6 s) seeds a local root search that returns what
        // `Spring.settlingDuration` returns, and falls back to it when it cannot prove
        // its answer.
        //
        // The bisections on the interpolants (settling exit, 10 % and 90 % crossings) of
        // the whole block run side by side, bit-identical to one at a time.
        let settlings = observers.map { $0.settling() }
        var exitSegments: [Hermite] = [], exitBands: [Double] = [], exitStarts: [Double] = []
        var riseSegments: [Hermite] = [], riseLevels: [Double] = []
        for i in 0..<n {
            let observer = observers[i]
            if case let .exit(_, segment, from) = settlings[i] {
                exitSegments.append(segment)
                exitBands.append(observer.band)
                exitStarts.append(from)
            }
            if observer.rise10Interval >= 0 {
                riseSegments.append(observer.rise10)
                riseLevels.append(observer.rise10Level)
            }
            if observer.rise90Interval >= 0 {
                riseSegments.append(observer.rise90)
                riseLevels.append(observer.rise90Level)
            }
        }
        let exitTaus = SpringSweepBisection.bandExits(exitSegments, bands: exitBands, from: exitStarts)
        let riseTaus = SpringSweepBisection.crossings(riseSegments, levels: riseLevels)
        var nextExit = 0
        var nextRise = 0
        for (i, sweepCase) in zip(0..<n, cases) {
            let observer = observers[i]
            var exitTau = Double.nan
            if case .exit = settlings[i] {
                exitTau = exitTaus[nextExit]
                nextExit += 1
            }
            var rise10Tau = Double.nan
            if observer.rise10Interval >= 0 {
                rise10Tau = riseTaus[nextRise]
                nextRise += 1
            }
            var rise90Tau = Double.nan
            if observer.rise90Interval >= 0 {
                rise90Tau = riseTaus[nextRise]
                nextRise += 1
            }
            var metrics = observer.metrics(
                isStable: stable[i], exactSettlingDuration: .nan, hasReference: hasReference,
                settling: settlings[i], exitTau: exitTau, rise10Tau: rise10Tau, rise90Tau: rise90Tau)
            if computesClosedFormSettling {
                let spring = sweepCase.spring
                let v0 = sweepCase.initialVelocity
                let exact: Double?
                if !hasReference, metrics.settlingDuration.isFinite, metrics.settlingDuration > 0 {
                    exact = try? spring.settlingDuration(
                        from: start, to: target, initialVelocity: v0, tolerance: tolerance,
                        near: metrics.settlingDuration)
                } else {
                    exact = try? spring.settlingDuration(
                        from: start, to: target, initialVelocity: v0, tolerance: tolerance)
                }
                metrics.exactSettlingDuration = exact ?? .nan
            }
            out[i] = metrics
        }
    }
}

/// The destination of `run`'s workers. Each writes only its own blocks' slots, which
/// is why sharing the pointer across threads is safe.
private struct ResultBuffer: @unchecked Sendable {
    let base: UnsafeMutablePointer<SpringSweepMetrics>
}

/// One worker's columns and history, allocated once per `run`.
private struct BlockScratch {
    let capacity: Int
    let chunk: Int
    var p11, p12, p21, p22, x, v: UnsafeMutableBufferPointer<Double>
    var e11, e12, e21, e22, xe, ve: UnsafeMutableBufferPointer<Double>
    /// Histories, k-major: sample k of point i at k·capacity + i.
    var hx, hv, hxe: UnsafeMutableBufferPointer<Double>

    init(capacity: Int, chunk: Int) {
        self.capacity = capacity
        self.chunk = chunk
        func column(_ n: Int) -> UnsafeMutableBufferPointer<Double> {
            let buffer = UnsafeMutableBufferPointer<Double>.allocate(capacity: n)
            buffer.initialize(repeating: 0)
            return buffer
        }
        (p11, p12, p21, p22, x, v) = (column(capacity), column(capacity), column(capacity), column(capacity), column(capacity), column(capacity))
        (e11, e12, e21, e22, xe, ve) = (column(capacity), column(capacity), column(capacity), column(capacity), column(capacity), column(capacity))
        (hx, hv, hxe) = (column(capacity * chunk), column(capacity * chunk), column(capacity * chunk))
    }

    func deallocate() {
        for buffer in [p11, p12, p21, p22, x, v, e11, e12, e21, e22, xe, ve, hx, hv, hxe] {
            buffer.deallocate()
        }
    }

    /// Advances points 0..<count by `steps` steps, recording every new state.
    /// x ← φ11·x + φ12·v, v ← φ21·x + φ22·v: the same expression as
    /// `SpringTransition.apply`, so `SpringSweep.trajectory(of:)` reproduces it bit for bit.
    func advance(count: Int, steps: Int, reference: Bool) {
        let p11 = p11.baseAddress!, p12 = p12.baseAddress!, p21 = p21.baseAddress!, p22 = p22.baseAddress!
        let x = x.baseAddress!, v = v.baseAddress!
        let hx = hx.baseAddress!, hv = hv.baseAddress!
        for k in 0..<steps {
            let row = k * capacity
            for i in 0..<count {
                let xi = x[i]
                let vi = v[i]
                let nx = p11[i] * xi + p12[i] * vi
                let nv = p21[i] * xi + p22[i] * vi
                x[i] = nx
                v[i] = nv
                hx[row + i] = nx
                hv[row + i] = nv
            }
        }
        guard reference else { return }
        let e11 = e11.baseAddress!, e12 = e12.baseAddress!, e21 = e21.baseAddress!, e22 = e22.baseAddress!
        let xe = xe.baseAddress!, ve = ve.baseAddress!, hxe = hxe.baseAddress!
        for k in 0..<steps {
            let row = k * capacity
            for i in 0..<count {
                let xi = xe[i]
                let vi = ve[i]
                let nx = e11[i] * xi + e12[i] * vi
                xe[i] = nx
                ve[i] = e21[i] * xi + e22[i] * vi
                hxe[row + i] = nx
            }
        }
    }
}
