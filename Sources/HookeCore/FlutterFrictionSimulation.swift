import Foundation

/// Flutter's `FrictionSimulation` (package:flutter/physics): a particle slowed by a drag
/// proportional to its velocity, which keeps the fraction `drag` of its velocity every
/// second.
///
/// With the drag coefficient D in (0, 1) (unitless, per second), the start position x₀
/// and the start velocity v₀ (length units per second),
///
///     v(t) = v₀·Dᵗ
///     x(t) = x₀ + v₀·(Dᵗ − 1)/ln D
///     x(∞) = x₀ − v₀/ln D                          (Flutter's `finalX`)
///     t(x) = ln(1 + ln D·(x − x₀)/v₀)/ln D          (Flutter's `timeAtX`)
///
/// x(t) is the integral of v from 0 to t, and t(x) its inverse; a position outside
/// [x₀, x(∞)) (in the direction of v₀) is never reached, and t(x) is +∞. The simulation is
/// done (`isDone(at:)`) once the speed |v(t)| falls under the tolerance's velocity.
///
/// This is the continuous form of UIScrollView's deceleration (`Decay`): a rate r per
/// millisecond is the drag D = r¹⁰⁰⁰ per second (UIKit's `.normal` 0.998 gives
/// D = 0.998¹⁰⁰⁰ ≈ 0.135, the drag of Flutter's iOS-style scrolling).
///
/// Source: Flutter, `packages/flutter/lib/src/physics/friction_simulation.dart`
/// (`FrictionSimulation`, `FrictionSimulation.through`, `finalX`, `timeAtX`, `isDone`), whose
/// tests (`packages/flutter/test/physics/friction_simulation_test.dart` and
/// `newton_test.dart`) `FlutterFrictionSimulationTests` reproduces. Newer Flutter adds a
/// `constantDeceleration` term (used for desktop scrolling); it is not modelled here: this
/// is the pure-drag simulation, Flutter's default (constant deceleration 0).
///
/// Named after the platform because it keeps Flutter's parameterisation and its notion of
/// "done"; Hooke's own model of the same motion is `Decay`.
public struct FlutterFrictionSimulation: Sendable, Hashable {
    /// The drag coefficient D: the fraction of its velocity the particle keeps per second,
    /// in (0, 1) (Flutter's cₓ).
    public let drag: Double
    /// The start position x₀ (length units).
    public let position: Double
    /// The start velocity v₀ (length units per second).
    public let velocity: Double
    /// When the simulation counts as done: its speed below `tolerance.velocity`.
    public let tolerance: FlutterTolerance

    /// Creates Flutter's `FrictionSimulation(drag, position, velocity, tolerance:)`.
    ///
    /// Flutter does not check the drag; a drag ≥ 1 would speed the particle up and has no
    /// final position, so it is refused here.
    ///
    /// - Throws: `HookeError.invalidParameter` naming `drag` unless it is finite and in
    ///   (0, 1), or `position` or `velocity` unless finite.
    public init(
        drag: Double, position: Double, velocity: Double,
        tolerance: FlutterTolerance = .defaultTolerance
    ) throws(HookeError) {
        guard drag.isFinite, drag > 0, drag < 1 else {
            throw .invalidParameter("drag", value: drag, requirement: "finite and in (0, 1)")
        }
        self.drag = drag
        self.position = try Validate.finite(position, "position")
        self.velocity = try Validate.finite(velocity, "velocity")
        self.tolerance = tolerance
    }

    /// Flutter's `FrictionSimulation.through(startPosition, endPosition, startVelocity,
    /// endVelocity)`: the simulation that starts at x₀ with v₀ and passes through x₁ with v₁.
    ///
    /// At the time T with v(T) = v₁, x(T) − x₀ = v₀(Dᵀ − 1)/ln D = (v₁ − v₀)/ln D, so
    ///
    ///     ln D = (v₁ − v₀)/(x₁ − x₀),    D = e^((v₀ − v₁)/(x₀ − x₁)),
    ///
    /// and the tolerance's velocity is |v₁| (distance and time keep Flutter's 0.001), so the
    /// simulation is done just after it passes x₁, at T = ln(v₁/v₀)/ln D.
    ///
    /// Flutter asserts these conditions; they are checked here in all builds. Flutter
    /// allows |v₁| = |v₀|, which makes D = 1 and every position infinite or NaN; it is
    /// refused.
    ///
    /// - Throws: `HookeError.invalidParameter` naming
    ///   - `startPosition`, `endPosition`, `startVelocity` or `endVelocity` if not finite;
    ///   - `endPosition` if it equals the start, or is so far from it that D underflows to 0;
    ///   - `startVelocity` unless it is non-zero and points from the start to the end;
    ///   - `endVelocity` unless it has the sign of the start velocity (or is 0) and a
    ///     smaller magnitude.
    public static func through(
        startPosition: Double, endPosition: Double, startVelocity: Double, endVelocity: Double
    ) throws(HookeError) -> FlutterFrictionSimulation {
        let x0 = try Validate.finite(startPosition, "startPosition")
        let x1 = try Validate.finite(endPosition, "endPosition")
        let v0 = try Validate.finite(startVelocity, "startVelocity")
        let v1 = try Validate.finite(endVelocity, "endVelocity")
        guard x1 != x0 else {
            throw .invalidParameter("endPosition", value: x1, requirement: "different from startPosition \(x0)")
        }
        guard v0 != 0, (v0 > 0) == (x1 > x0) else {
            throw .invalidParameter(
                "startVelocity", value: v0,
                requirement: "non-zero and pointing from startPosition \(x0) to endPosition \(x1)")
        }
        guard v1 == 0 || (v1 > 0) == (v0 > 0), abs(v1) < abs(v0) else {
            throw .invalidParameter(
                "endVelocity", value: v1,
                requirement: "0 or of the sign of startVelocity \(v0), with a smaller magnitude")
        }
        let drag = exp((v0 - v1) / (x0 - x1))
        guard drag > 0 else {
            throw .invalidParameter(
                "endPosition", value: x1,
                requirement: "close enough to startPosition \(x0) that the drag e^((v0 − v1)/(x0 − x1)) is > 0")
        }
        return try FlutterFrictionSimulation(
            drag: drag, position: x0, velocity: v0, tolerance: FlutterTolerance(velocity: abs(v1)))
    }

    /// ln D (< 0), in 1/s.
    var logDrag: Double { log(drag) }

    /// Position at time `t` (seconds): x₀ + v₀·(Dᵗ − 1)/ln D (Flutter's `x`), with Dᵗ − 1
    /// evaluated as expm1(t·ln D) so short times keep full accuracy.
    public func position(at t: Double) -> Double {
        let logDrag = logDrag
        return position + velocity * expm1(t * logDrag) / logDrag
    }

    /// Velocity at time `t` (seconds): v₀·Dᵗ (Flutter's `dx`).
    public func velocity(at t: Double) -> Double {
        velocity * pow(drag, t)
    }

    /// Where the particle comes to rest: x₀ − v₀/ln D (Flutter's `finalX`).
    public var finalPosition: Double {
        position - velocity / logDrag
    }

    /// The time (seconds) at which the position equals `x` (Flutter's `timeAtX`):
    /// 0 at the start, ln(1 + ln D·(x − x₀)/v₀)/ln D for x between the start and the final
    /// position, and +∞ for any other x, which is never reached (including the final
    /// position itself, reached only in the limit, and any x ≠ x₀ when v₀ = 0).
    public func time(atPosition x: Double) -> Double {
        if x == position { return 0 }
        let final = finalPosition
        let outside = velocity > 0 ? (x < position || x > final) : (x > position || x < final)
        if velocity == 0 || outside || x == final || x.isNaN { return .infinity }
        // 1 + ln D·(x − x₀)/v₀ falls to 0 at the final position; rounding may leave a hair
        // above 0 there, whose logarithm would be a finite time (Flutter evaluates the
        // formula there too, so its answer at finalX depends on that rounding).
        let logDrag = logDrag
        return log1p(logDrag * (x - position) / velocity) / logDrag
    }

    /// Whether the simulation is done at time `t`: |v(t)| < `tolerance.velocity`
    /// (Flutter's `isDone`).
    public func isDone(at t: Double) -> Bool {
        abs(velocity(at: t)) < tolerance.velocity
    }
}
