/// Flutter's `VelocityTracker` (`VelocityStrategy.flutterLeastSquares`) and the clock rules
/// Flutter's trackers share.
///
/// Flutter's fit is Hooke's: a least-squares quadratic through the samples of the last
/// 100 ms (`_horizonMilliseconds`), at most 20 (`_historySize`), walked back from the
/// newest until a gap over 40 ms (`_assumePointerMoveStoppedMilliseconds`), with the
/// velocity its slope at the newest sample. It differs from `.leastSquares` in three ways:
///
/// 1. Fewer than 3 samples (`_minSampleSize`) give zero, not the line through two.
/// 2. Time is counted in whole microseconds (Dart's `Duration`): a sample exactly 100 ms
///    older than the newest, or a gap of exactly 40 ms, is inside the window. Hooke
///    compares seconds as they are, so there such a sample is in or out by the rounding
///    of the two times — in Flutter's own recording (velocity_tracker_data.dart, times of
///    about 216 690 s) it is left out at 3 of 13 releases, and the fit moves by 3 %, 11 %
///    and, for one release whose only early sample it is, from −1.7 to 224 pt/s in x.
///    Here ages, gaps and fit times are rounded to the microsecond, as Flutter's are.
/// 3. "Stopped" is read off a stopwatch in whole milliseconds: zero once
///    `elapsedMilliseconds > 40`, that is from 41 ms after the newest sample.
///
/// Flutter solves the fit by Gram–Schmidt QR in milliseconds and gives up (zero) when a
/// column's norm falls below its tolerance; Hooke solves the scaled normal equations and
/// gives up at a vanishing pivot. Away from coincident times the two are the same least
/// squares problem and agree to rounding (2e-11 relative on Flutter's recording).
extension VelocityEstimator {
    /// `seconds` in whole microseconds, Dart's `Duration` resolution (as a Double:
    /// sample times may be any finite value).
    static func flutterMicroseconds(_ seconds: Double) -> Double {
        (seconds * 1e6).rounded()
    }

    /// Whether Flutter's trackers take the pointer for stopped when asked `elapsed`
    /// seconds after the newest sample: their stopwatch's `elapsedMilliseconds` (whole
    /// milliseconds, rounded down) exceeds the pause threshold (40 ms).
    func flutterAssumesStopped(after elapsed: Double) -> Bool {
        let elapsedMilliseconds = (Self.flutterMicroseconds(elapsed) / 1000).rounded(.down)
        return elapsedMilliseconds > Self.flutterMicroseconds(pauseThreshold) / 1000
    }

    /// Flutter's `VelocityTracker.getVelocityEstimate()`: its window in whole
    /// microseconds, zero below `VelocityStrategy.flutterMinimumSampleCount` samples, else
    /// the quadratic's slope at the newest sample.
    func flutterLeastSquaresVelocity() -> SIMD2<Double> {
        guard let newest = samples.last else { return .zero }
        let horizonMicroseconds = Self.flutterMicroseconds(horizon)
        let pauseMicroseconds = Self.flutterMicroseconds(pauseThreshold)
        // Newest first: the time before the newest sample in whole µs, as seconds.
        var window: [(time: Double, location: SIMD2<Double>)] = [(0, newest.location)]
        var previous = newest
        for sample in samples.dropLast().reversed() {
            let age = Self.flutterMicroseconds(newest.time - sample.time)
            let gap = Self.flutterMicroseconds(previous.time - sample.time)
            guard age <= horizonMicroseconds, gap <= pauseMicroseconds else { break }
            window.append((-age / 1e6, sample.location))
            previous = sample
        }
        guard window.count >= VelocityStrategy.flutterMinimumSampleCount else { return .zero }
        return Self.leastSquaresSlope(window)
    }
}
