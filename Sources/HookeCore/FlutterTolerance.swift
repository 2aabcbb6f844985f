/// Flutter's `Tolerance` (package:flutter/physics): how close two distances, times or
/// velocities must be to count as equal, which is how Flutter's simulations decide they
/// are done.
///
/// `FlutterFrictionSimulation` ends when its speed falls under `velocity`;
/// `FlutterBoundedFrictionSimulation` also ends when its position comes within `distance`
/// of a limit. `time` is carried for completeness (none of Hooke's Flutter references
/// reads it, as none of Flutter's friction or gravity simulations does).
///
/// Source: Flutter, `packages/flutter/lib/src/physics/tolerance.dart`, whose default is
/// ±0.001 for all three values (`Tolerance.defaultTolerance`).
///
/// The name carries the platform because this is Flutter's notion of "done", kept as
/// Flutter defines it, and not Hooke's own settling test (`SpringMotion.isSettled`, which
/// is relative to the travel).
public struct FlutterTolerance: Sendable, Hashable {
    /// Flutter's default for each of the three values, 0.001.
    public static let defaultValue = 1e-3

    /// Flutter's `Tolerance.defaultTolerance`: 0.001 for distance, time and velocity.
    public static let defaultTolerance = FlutterTolerance(
        uncheckedDistance: defaultValue, time: defaultValue, velocity: defaultValue)

    /// Largest distance between two positions that still counts as equal (length units of
    /// the simulation, ≥ 0).
    public let distance: Double
    /// Largest difference between two times that still counts as equal (seconds, ≥ 0).
    public let time: Double
    /// Largest difference between two velocities that still counts as equal (length units
    /// per second, ≥ 0). A friction simulation is done once its speed is below it.
    public let velocity: Double

    /// Creates a tolerance; each value left out is Flutter's default, 0.001.
    ///
    /// Flutter asks for positive values; zero is accepted here because Flutter's own
    /// `FrictionSimulation.through` builds `Tolerance(velocity: |endVelocity|)`, which is 0
    /// for an end velocity of 0 (that simulation is then never done).
    ///
    /// - Throws: `HookeError.invalidParameter` naming `distance`, `time` or `velocity`
    ///   unless each is finite and ≥ 0.
    public init(
        distance: Double = FlutterTolerance.defaultValue,
        time: Double = FlutterTolerance.defaultValue,
        velocity: Double = FlutterTolerance.defaultValue
    ) throws(HookeError) {
        self.distance = try Validate.nonNegative(distance, "distance")
        self.time = try Validate.nonNegative(time, "time")
        self.velocity = try Validate.nonNegative(velocity, "velocity")
    }

    private init(uncheckedDistance distance: Double, time: Double, velocity: Double) {
        (self.distance, self.time, self.velocity) = (distance, time, velocity)
    }
}
