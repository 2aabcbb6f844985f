import HookeCore

/// The state of one body at which a `Field` is evaluated.
///
/// Units are UIKit's: positions in points, velocities in points per second, mass in
/// kilograms (a 100 × 100 pt item of density 1 is 1 kg), time in seconds. Charge has
/// no unit, as `UIDynamicItemBehavior.charge` has none
/// (https://developer.apple.com/documentation/uikit/uidynamicitembehavior/charge).
///
/// The probe carries what UIKit's custom-field block receives (position, velocity,
/// mass, charge, time step) plus the simulation time, which the noise and turbulence
/// fields need to animate.
///
/// ```swift
/// let probe = try FieldProbe(position: [200, 300], velocity: [50, 0], mass: 1, deltaTime: 1.0 / 120)
/// ```
public struct FieldProbe: Sendable, Hashable {
    /// Centre of the body, in points (screen coordinates, y down).
    public let position: SIMD2<Double>
    /// Linear velocity of the body, in points per second.
    public let velocity: SIMD2<Double>
    /// Mass of the body, in kilograms (> 0).
    public let mass: Double
    /// Charge of the body, unitless (UIKit's default is 0).
    public let charge: Double
    /// Simulation time at which the field is evaluated, in seconds.
    public let time: Double
    /// Length of the step the force will act over, in seconds (> 0).
    public let deltaTime: Double

    /// Creates a probe, validating every value.
    ///
    /// - Throws: `HookeError.invalidParameter` naming the offending property unless the
    ///   position, velocity, charge and time are finite and the mass and deltaTime are
    ///   finite and positive.
    public init(
        position: SIMD2<Double>,
        velocity: SIMD2<Double> = .zero,
        mass: Double,
        charge: Double = 0,
        time: Double = 0,
        deltaTime: Double
    ) throws(HookeError) {
        _ = try Validate.finite(position.x, "position.x")
        _ = try Validate.finite(position.y, "position.y")
        _ = try Validate.finite(velocity.x, "velocity.x")
        _ = try Validate.finite(velocity.y, "velocity.y")
        self.init(
            unchecked: position, velocity: velocity,
            mass: try Validate.positive(mass, "mass"),
            charge: try Validate.finite(charge, "charge"),
            time: try Validate.finite(time, "time"),
            deltaTime: try Validate.positive(deltaTime, "deltaTime"))
    }

    /// Creates a probe without validation, for an engine whose bodies are already
    /// validated and which evaluates fields once per body per step.
    package init(
        unchecked position: SIMD2<Double>, velocity: SIMD2<Double>, mass: Double,
        charge: Double, time: Double, deltaTime: Double
    ) {
        self.position = position
        self.velocity = velocity
        self.mass = mass
        self.charge = charge
        self.time = time
        self.deltaTime = deltaTime
    }
}
