/// The rule by which a `VelocityEstimator` turns a gesture's recent samples into a
/// velocity, when the event carries none of UIKit's own (`GestureEvent.velocity`).
///
/// Every rule reads the same samples (the newest `maximumSamples`, 20 by default) and
/// reports zero when asked more than `pauseThreshold` (40 ms) after the newest one: the
/// finger had stopped. They differ in what they make of the samples:
///
/// - `leastSquares` (Hooke's, the default): a least-squares quadratic through the samples
///   of the last `horizon` (100 ms), cut at the first gap over `pauseThreshold`; its
///   slope at the newest sample. Two samples give the slope of the line through them.
/// - `flutterLeastSquares`: Flutter's `VelocityTracker` — the same fit in the same
///   window (100 ms, 20 samples, 40 ms gaps), but fewer than 3 samples
///   (`_minSampleSize`) give zero instead of a line, and time is counted in whole
///   microseconds, so a sample exactly on the horizon stays in the window
///   (`VelocityEstimator+Flutter.swift` lists the differences).
/// - `flutterIOSScrollView`: Flutter's `IOSScrollViewFlingVelocityTracker`, which mimics
///   the velocity a `UIScrollView` starts its fling with: a fixed-weight average of the
///   last three difference quotients,
///
///       v = 0.6·v₂ + 0.35·v₁ + 0.05·v₀,   vₖ = (pₙ₋ₖ − pₙ₋ₖ₋₁) / (tₙ₋ₖ − tₙ₋ₖ₋₁),
///
///   with pₙ the newest sample, so v₀ is the newest step and v₂ the oldest — the oldest
///   weighs most. A step whose samples are missing (fewer than 4 samples) or share a
///   time counts as zero, as in Flutter. No horizon applies: the four newest samples
///   count however far apart they are.
///
/// The Flutter rules see time as Flutter does, in whole microseconds (Dart's
/// `Duration`), and take the finger for stopped as Flutter's stopwatch does, once the
/// whole milliseconds since the newest sample exceed 40.
///
/// Source: `packages/flutter/lib/src/gestures/velocity_tracker.dart` in flutter/flutter
/// (`VelocityTracker`, `_horizonMilliseconds` 100, `_historySize` 20,
/// `_assumePointerMoveStoppedMilliseconds` 40, `_minSampleSize` 3;
/// `IOSScrollViewFlingVelocityTracker._previousVelocityAt` and its weights 0.6, 0.35,
/// 0.05). Docs/interactions.md, "Release velocity", compares the three.
public enum VelocityStrategy: String, Sendable, Hashable, CaseIterable, Codable {
    /// Hooke's least-squares quadratic (Android's LSQ2 and Flutter's fit); two samples
    /// give their line's slope.
    case leastSquares
    /// Flutter's `VelocityTracker`: the same fit, zero below 3 samples.
    case flutterLeastSquares
    /// Flutter's `IOSScrollViewFlingVelocityTracker`: 0.6·v₂ + 0.35·v₁ + 0.05·v₀ over
    /// the last three steps.
    case flutterIOSScrollView

    /// The fewest samples in the window for which `flutterLeastSquares` fits a quadratic
    /// (Flutter's `VelocityTracker._minSampleSize`); fewer give zero.
    public static let flutterMinimumSampleCount = 3

    /// The weights of `flutterIOSScrollView` for the step velocities (v₀, v₁, v₂), v₀ the
    /// newest step: Flutter's `_previousVelocityAt(0) * 0.05`, `(-1) * 0.35`,
    /// `(-2) * 0.6`. They sum to 1, so a steady finger's velocity is reported unchanged.
    public static let iOSScrollViewWeights: [Double] = [0.05, 0.35, 0.6]
}
