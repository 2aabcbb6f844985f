import HookeCore

/// The material and motion properties of a body, named as UIKit's
/// `UIDynamicItemBehavior` names them.
///
/// The defaults are the values Apple's engine actually uses when an app sets
/// nothing (elasticity 0.2, friction 0.2, resistance 0.1, angular resistance 0.1,
/// density 1) — UIKit's documentation says 0 for several of them, the engine does not.
public struct ItemProperties: Sendable, Hashable, Codable {
    /// Restitution of collisions, 0…1 (kept for collisions; unused until they land).
    public var elasticity: Double
    /// Coulomb friction coefficient, ≥ 0 (kept for collisions).
    public var friction: Double
    /// Areal density in kg/m² with 100 pt = 1 m: mass = density · area / 10⁴ kg. > 0.
    public var density: Double
    /// Linear velocity damping rate c in 1/s, ≥ 0, applied each step as v ← v/(1 + h·c).
    public var resistance: Double
    /// Angular velocity damping rate in 1/s, ≥ 0, applied as ω ← ω/(1 + h·c).
    public var angularResistance: Double
    /// Whether the body may turn; when false its inertia is treated as infinite.
    public var allowsRotation: Bool
    /// An anchored body is static: infinite mass, never moves (it will still collide).
    public var isAnchored: Bool
    /// Charge for electric and magnetic fields (unitless, any finite value).
    public var charge: Double

    /// Creates properties; every argument defaults to Apple's engine default.
    public init(
        elasticity: Double = 0.2, friction: Double = 0.2, density: Double = 1,
        resistance: Double = 0.1, angularResistance: Double = 0.1,
        allowsRotation: Bool = true, isAnchored: Bool = false, charge: Double = 0
    ) {
        self.elasticity = elasticity
        self.friction = friction
        self.density = density
        self.resistance = resistance
        self.angularResistance = angularResistance
        self.allowsRotation = allowsRotation
        self.isAnchored = isAnchored
        self.charge = charge
    }

    /// Throws `HookeError.invalidParameter` naming the first property out of range.
    func validate(_ name: String) throws(HookeError) {
        _ = try Validate.inRange(elasticity, 0...1, "\(name).elasticity")
        _ = try Validate.nonNegative(friction, "\(name).friction")
        _ = try Validate.positive(density, "\(name).density")
        _ = try Validate.nonNegative(resistance, "\(name).resistance")
        _ = try Validate.nonNegative(angularResistance, "\(name).angularResistance")
        _ = try Validate.finite(charge, "\(name).charge")
    }
}
