/// Flutter's `GravitySimulation` (package:flutter/physics): a particle under a constant
/// acceleration, done once it is far enough from the origin.
///
/// With the acceleration a (length units per second²), the start position x₀ and the start
/// velocity v₀ (length units per second),
///
///     x(t) = x₀ + v₀t + ½at²
///     v(t) = v₀ + at
///     done(t) = |x(t)| ≥ endDistance
///
/// The end distance is measured from the origin, not from the start, and in either
/// direction: a particle thrown up (v₀ < 0 with a > 0, y down) from x₀ = 0 climbs, turns and
/// falls back past the origin, and is done when it is `endDistance` away from 0 on either
/// side. An end distance of 0 makes the simulation done from the start.
///
/// Source: Flutter, `packages/flutter/lib/src/physics/gravity_simulation.dart`, whose tests
/// (`packages/flutter/test/physics/gravity_simulation_test.dart` and `newton_test.dart`)
/// `FlutterGravitySimulationTests` reproduces.
///
/// Named after the platform because its end test (distance from the origin) is Flutter's;
/// Hooke's World has its own gravity (`GravityBehavior`, UIKit's).
public struct FlutterGravitySimulation: Sendable, Hashable {
    /// The constant acceleration a (length units per second²; either sign).
    public let acceleration: Double
    /// The start position x₀ (length units from the origin; Flutter's `distance`).
    public let position: Double
    /// The distance from the origin, in either direction, at which the simulation is done
    /// (length units, ≥ 0).
    public let endDistance: Double
    /// The start velocity v₀ (length units per second).
    public let velocity: Double

    /// Creates Flutter's `GravitySimulation(acceleration, distance, endDistance, velocity)`,
    /// in Flutter's argument order; Flutter's `distance` is the start position.
    ///
    /// - Throws: `HookeError.invalidParameter` naming `acceleration`, `position` or
    ///   `velocity` unless finite, or `endDistance` unless finite and ≥ 0 (Flutter asserts
    ///   ≥ 0).
    public init(acceleration: Double, position: Double, endDistance: Double, velocity: Double) throws(HookeError) {
        self.acceleration = try Validate.finite(acceleration, "acceleration")
        self.position = try Validate.finite(position, "position")
        self.endDistance = try Validate.nonNegative(endDistance, "endDistance")
        self.velocity = try Validate.finite(velocity, "velocity")
    }

    /// Position at time `t` (seconds): x₀ + v₀t + ½at² (Flutter's `x`).
    public func position(at t: Double) -> Double {
        position + velocity * t + 0.5 * acceleration * t * t
    }

    /// Velocity at time `t` (seconds): v₀ + at (Flutter's `dx`).
    public func velocity(at t: Double) -> Double {
        velocity + t * acceleration
    }

    /// Whether the simulation is done at time `t`: |x(t)| ≥ `endDistance` (Flutter's
    /// `isDone`).
    public func isDone(at t: Double) -> Bool {
        abs(position(at: t)) >= endDistance
    }
}
