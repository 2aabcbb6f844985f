import Foundation

/// Flutter's `ClampingScrollSimulation` (package:flutter/widgets, Android-style scrolling):
/// the fling of Android's `OverScroller` spline, made ballistic — it travels Android's
/// distance along a power law in the remaining time, so its deceleration depends on its
/// velocity alone.
///
/// With Android's constants — the deceleration exponent D = ln 0.78/ln 0.9 ≈ 2.3582
/// (`DECELERATION_RATE`), the inflexion 0.35 (`INFLEXION`) and the physical coefficient
/// g·39.37·160·0.84 = 51 890.2 logical pixels/s² (Earth's gravity in inches at 160 logical
/// pixels per inch, times 0.84 "look and feel tuning": `mPhysicalCoeff`) — and the friction
/// f (Android's `ViewConfiguration.getScrollFriction()`, 0.015), the reference velocity is
///
///     v_ref = f·51 890.2/0.35,
///
/// the fling lasts
///
///     T = D·0.35·(|v₀|/v_ref)^(1/(D − 1))           seconds,
///
/// Android's spline duration (`getSplineFlingDuration`, (|v₀|/v_ref)^(1/(D − 1)) s) times
/// D·0.35 ≈ 0.825 so that it ends sooner, and travels Android's spline distance
/// (`getSplineFlingDistance`, f·51 890.2·(|v₀|/v_ref)^(D/(D − 1))), which equals
///
///     d = v₀·T/D                                    (signed).
///
/// With s = min(t/T, 1):
///
///     x(t) = x₀ + d·(1 − (1 − s)^D),    v(t) = v₀·(1 − s)^(D − 1),    done when t ≥ T.
///
/// Differentiating, the acceleration is a function of the velocity alone,
/// a = −sign(v)·((D − 1)·v_ref/(D·0.35))·(|v|/v_ref)^((D − 2)/(D − 1)), so a fling restarted
/// from any of its states continues unchanged (Flutter's "ballistic" requirement).
///
/// A zero velocity makes a fling of no length and no duration: position x₀, velocity 0, done
/// at once (Flutter divides 0 by 0 there and reports NaN positions; its scroll physics never
/// starts such a fling).
///
/// Source: Flutter, `packages/flutter/lib/src/widgets/scroll_simulation.dart`
/// (`ClampingScrollSimulation`, based on Android's `OverScroller.SplineOverScroller.fling`),
/// whose tests (`packages/flutter/test/widgets/scroll_simulation_test.dart`)
/// `FlutterClampingScrollSimulationTests` reproduces. The simulation knows no limits: Flutter's
/// `ClampingScrollPhysics` stops the position at the scroll extents (see `hooke scroll --model
/// flutter-clamping --bounds`).
public struct FlutterClampingScrollSimulation: Sendable, Hashable {
    /// Android's `DECELERATION_RATE`, ln 0.78/ln 0.9 ≈ 2.3582: the exponent of the spline.
    public static let decelerationExponent = log(0.78) / log(0.9)
    /// Android's `INFLEXION`, 0.35.
    public static let inflexion = 0.35
    /// Android's `mPhysicalCoeff` per logical pixel: 9.80665 m/s² × 39.37 in/m × 160 logical
    /// pixels/in × 0.84 ≈ 51 890.2 logical pixels/s².
    public static let physicalCoefficient = 9.80665 * 39.37 * 160.0 * 0.84
    /// Android's scroll friction (`ViewConfiguration.getScrollFriction()`), Flutter's default:
    /// 0.015.
    public static let defaultFriction = 0.015

    /// The start position x₀ (logical pixels).
    public let position: Double
    /// The start velocity v₀ (logical pixels per second).
    public let velocity: Double
    /// The friction f (> 0): more friction, a shorter fling.
    public let friction: Double
    /// The tolerance Flutter's simulations carry (unused by this one's `isDone`, as in Flutter).
    public let tolerance: FlutterTolerance
    /// The fling's duration T (seconds).
    public let duration: Double
    /// The signed distance d the fling travels (logical pixels).
    public let distance: Double

    /// Creates Flutter's `ClampingScrollSimulation(position:velocity:friction:tolerance:)`.
    ///
    /// - Throws: `HookeError.invalidParameter` naming `position` or `velocity` unless finite,
    ///   or `friction` unless finite and > 0.
    public init(
        position: Double, velocity: Double, friction: Double = FlutterClampingScrollSimulation.defaultFriction,
        tolerance: FlutterTolerance = .defaultTolerance
    ) throws(HookeError) {
        self.position = try Validate.finite(position, "position")
        self.velocity = try Validate.finite(velocity, "velocity")
        self.friction = try Validate.positive(friction, "friction")
        self.tolerance = tolerance
        let exponent = Self.decelerationExponent
        duration = exponent * Self.inflexion * pow(abs(velocity) / Self.referenceVelocity(friction: friction), 1 / (exponent - 1))
        distance = velocity * duration / exponent
    }

    /// v_ref = f·`physicalCoefficient`/`inflexion` (logical pixels per second): the speed
    /// whose spline duration is one second.
    public static func referenceVelocity(friction: Double) -> Double {
        friction * physicalCoefficient / inflexion
    }

    /// The fraction 1 − s of the fling still to come at `t`, s = t/T clamped to [0, 1].
    private func remaining(at t: Double) -> Double {
        guard duration > 0 else { return 0 }
        return 1 - min(max(t / duration, 0), 1)
    }

    /// Position at time `t` (seconds): x₀ + d·(1 − (1 − s)^D) (Flutter's `x`).
    public func position(at t: Double) -> Double {
        position + distance * (1 - pow(remaining(at: t), Self.decelerationExponent))
    }

    /// Velocity at time `t` (seconds): v₀·(1 − s)^(D − 1) (Flutter's `dx`), 0 from T on.
    public func velocity(at t: Double) -> Double {
        velocity * pow(remaining(at: t), Self.decelerationExponent - 1)
    }

    /// Whether the fling is over at time `t`: t ≥ T (Flutter's `isDone`).
    public func isDone(at t: Double) -> Bool {
        t >= duration
    }
}
