import HookeCore

/// The force law of a `Field`: one case per `UIFieldBehavior` factory.
///
/// Each case's law, units and sources are given on the case and gathered in
/// `Docs/fields.md`. Distances enter the laws in metres (100 pt = 1 m, UIKit's scale),
/// velocities in metres per second, forces come out in newtons.
public enum FieldKind: Sendable {
    /// Uniform gravity along `direction`, an acceleration in m/s² (its length
    /// multiplies the strength): F = m·strength·A(d)·direction.
    ///
    /// Source: `UIFieldBehavior.linearGravityField(direction:)`; SpriteKit's
    /// `linearGravityField(withVector:)` gives the vector in metres per second squared.
    case linearGravity(direction: SIMD2<Double>)

    /// Gravity toward the field's position: F = −m·strength·A(d)·r̂, where r̂ points
    /// from the field to the body. Positive strength attracts. Default falloff 2
    /// (inverse square).
    ///
    /// Source: `UIFieldBehavior.radialGravityField(position:)`; SpriteKit's
    /// `radialGravityField()` (strength in m/s², default falloff 2).
    case radialGravity

    /// Hooke's law toward the field's position, independent of mass:
    /// F = −strength·A(d)·r̂, which with the default falloff −1 is F = −strength·r,
    /// r in metres, strength in N/m.
    ///
    /// Source: `UIFieldBehavior.springField()`, SpriteKit's `springField()` (default
    /// falloff −1).
    case spring

    /// Linear (Stokes) drag opposite the velocity, independent of mass:
    /// F = −strength·A(d)·v, v in m/s, strength in kg/s.
    ///
    /// Source: `UIFieldBehavior.dragField()`, SpriteKit's `dragField()`.
    case drag

    /// Drives the body's velocity to `direction`·strength·A(d) (m/s) within one step:
    /// F = m·(w − v)/Δt.
    ///
    /// Source: `UIFieldBehavior.velocityField(direction:)` ("overriding any other
    /// acceleration forces"); the one-step force is Hooke's rendering of that override.
    case velocity(direction: SIMD2<Double>)

    /// Tangential force about the field's position, proportional to mass:
    /// F = m·strength·A(d)·t̂ with t̂ = (−r̂y, r̂x), the engine's positive (counter-
    /// clockwise in y-up axes) sense, which on UIKit's y-down screen turns clockwise.
    /// Default falloff 2.
    ///
    /// Source: `UIFieldBehavior.vortexField()`, SpriteKit's `vortexField()` (strength
    /// in m/s², default falloff 2).
    case vortex

    /// Coulomb-like force on charge, independent of mass: F = charge·strength·A(d)·r̂.
    /// A positive charge is repelled by a positive strength. Default falloff 2.
    ///
    /// Source: `UIFieldBehavior.electricField()` (F = qE; positive charges are repelled
    /// by positive strengths); SpriteKit's `electricField()` (default falloff 2).
    case electric

    /// Lorentz force of a uniform field of magnitude B = strength·A(d) pointing out of
    /// the screen: F = charge·(v × B) = charge·strength·A(d)·(−vy, vx), v in m/s.
    /// A positive charge turns clockwise on UIKit's y-down screen (the engine's positive,
    /// counter-clockwise-in-y-up-axes sense). Default falloff 2.
    ///
    /// Source: `UIFieldBehavior.magneticField()` (B along +z, F = qvB); SpriteKit's
    /// `magneticField()` (default falloff 2).
    case magnetic

    /// Smooth pseudo-random acceleration: F = m·strength·A(d)·N(x, y, animationSpeed·t),
    /// N a seeded gradient noise with components in [−1, 1] (m/s² per unit strength).
    /// `smoothness` in 0…1 sets the spatial scale (0: cells of 10 pt, 1: cells of
    /// 1000 pt); `animationSpeed` ≥ 0 is the rate of change in Hz (0 freezes it).
    ///
    /// Source: `UIFieldBehavior.noiseField(smoothness:animationSpeed:)` ("a time
    /// varying differentiable Perlin simplex noise field"); the noise itself is Hooke's.
    case noise(smoothness: Double, animationSpeed: Double, seed: UInt64 = 0)

    /// As `noise`, scaled by the body's speed |v| in m/s:
    /// F = m·strength·A(d)·|v|·N(x, y, animationSpeed·t).
    ///
    /// Source: `UIFieldBehavior.turbulenceField(smoothness:animationSpeed:)` ("the
    /// strength of the noise … is proportional to the velocity of the item").
    case turbulence(smoothness: Double, animationSpeed: Double, seed: UInt64 = 0)

    /// An app-supplied force law: the closure receives the probe (position in points,
    /// velocity in points per second, mass, charge, time, time step) and returns the
    /// force in newtons. Strength and falloff are not applied; the region is.
    ///
    /// Source: `UIFieldBehavior.field(evaluationBlock:)`.
    case custom(@Sendable (FieldProbe) -> SIMD2<Double>)

    /// The falloff a field of this kind gets when none is given.
    ///
    /// SpriteKit documents these per kind (radial gravity 2, spring −1, vortex 2,
    /// electric 2, magnetic 2; every other kind 0); UIKit documents only the common
    /// default of 0 and builds on the same field engine.
    public var defaultFalloff: Double {
        switch self {
        case .radialGravity, .vortex, .electric, .magnetic: return 2
        case .spring: return -1
        case .linearGravity, .drag, .velocity, .noise, .turbulence, .custom: return 0
        }
    }

    /// Checks the associated values.
    ///
    /// - Throws: `HookeError.invalidParameter` naming `direction.x`, `direction.y`,
    ///   `smoothness` (finite, in 0…1) or `animationSpeed` (finite, ≥ 0).
    public func validate() throws(HookeError) {
        switch self {
        case let .linearGravity(direction), let .velocity(direction):
            _ = try Validate.finite(direction.x, "direction.x")
            _ = try Validate.finite(direction.y, "direction.y")
        case let .noise(smoothness, animationSpeed, _), let .turbulence(smoothness, animationSpeed, _):
            _ = try Validate.inRange(smoothness, 0...1, "smoothness")
            _ = try Validate.nonNegative(animationSpeed, "animationSpeed")
        case .radialGravity, .spring, .drag, .vortex, .electric, .magnetic, .custom:
            return
        }
    }
}

extension FieldKind {
    /// The laws by the name of their `UIFieldBehavior` factory, as a scenario file
    /// writes them (`"kind": "vortex"`). A custom law has none.
    public enum Name: String, Sendable, Hashable, CaseIterable, Codable {
        case linearGravity, radialGravity, spring, drag, velocity, vortex, electric, magnetic, noise, turbulence

        /// Whether the law takes a `direction` (linear gravity and velocity fields).
        public var takesDirection: Bool { self == .linearGravity || self == .velocity }
        /// Whether the law takes `smoothness` and `animationSpeed` (noise and turbulence).
        public var isNoise: Bool { self == .noise || self == .turbulence }
    }

    /// The law's name; nil for a custom law.
    public var name: Name? {
        switch self {
        case .linearGravity: .linearGravity
        case .radialGravity: .radialGravity
        case .spring: .spring
        case .drag: .drag
        case .velocity: .velocity
        case .vortex: .vortex
        case .electric: .electric
        case .magnetic: .magnetic
        case .noise: .noise
        case .turbulence: .turbulence
        case .custom: nil
        }
    }

    /// The law named `name`, with the parameters it takes: `direction` for linear
    /// gravity and velocity fields, `smoothness`, `animationSpeed` and `seed` for noise
    /// and turbulence; the others are ignored.
    public init(_ name: FieldKind.Name, direction: SIMD2<Double> = .zero, smoothness: Double = 0, animationSpeed: Double = 0,
                seed: UInt64 = 0) {
        switch name {
        case .linearGravity: self = .linearGravity(direction: direction)
        case .radialGravity: self = .radialGravity
        case .spring: self = .spring
        case .drag: self = .drag
        case .velocity: self = .velocity(direction: direction)
        case .vortex: self = .vortex
        case .electric: self = .electric
        case .magnetic: self = .magnetic
        case .noise: self = .noise(smoothness: smoothness, animationSpeed: animationSpeed, seed: seed)
        case .turbulence: self = .turbulence(smoothness: smoothness, animationSpeed: animationSpeed, seed: seed)
        }
    }
}

// MARK: - Snapshots

extension FieldKind: Codable {
    /// Every case but `custom`, whose closure a snapshot cannot hold: the form a field's
    /// kind takes in a snapshot.
    private enum Coded: Codable {
        case linearGravity(direction: SIMD2<Double>)
        case radialGravity, spring, drag
        case velocity(direction: SIMD2<Double>)
        case vortex, electric, magnetic
        case noise(smoothness: Double, animationSpeed: Double, seed: UInt64)
        case turbulence(smoothness: Double, animationSpeed: Double, seed: UInt64)
    }

    public init(from decoder: any Decoder) throws {
        switch try Coded(from: decoder) {
        case let .linearGravity(direction): self = .linearGravity(direction: direction)
        case .radialGravity: self = .radialGravity
        case .spring: self = .spring
        case .drag: self = .drag
        case let .velocity(direction): self = .velocity(direction: direction)
        case .vortex: self = .vortex
        case .electric: self = .electric
        case .magnetic: self = .magnetic
        case let .noise(s, a, seed): self = .noise(smoothness: s, animationSpeed: a, seed: seed)
        case let .turbulence(s, a, seed): self = .turbulence(smoothness: s, animationSpeed: a, seed: seed)
        }
    }

    /// - Throws: `SnapshotError` for a `custom` field.
    public func encode(to encoder: any Encoder) throws {
        let coded: Coded
        switch self {
        case let .linearGravity(direction): coded = .linearGravity(direction: direction)
        case .radialGravity: coded = .radialGravity
        case .spring: coded = .spring
        case .drag: coded = .drag
        case let .velocity(direction): coded = .velocity(direction: direction)
        case .vortex: coded = .vortex
        case .electric: coded = .electric
        case .magnetic: coded = .magnetic
        case let .noise(s, a, seed): coded = .noise(smoothness: s, animationSpeed: a, seed: seed)
        case let .turbulence(s, a, seed): coded = .turbulence(smoothness: s, animationSpeed: a, seed: seed)
        case .custom:
            throw SnapshotError(path: "", "a custom field's closure cannot be saved in a snapshot")
        }
        try coded.encode(to: encoder)
    }
}
