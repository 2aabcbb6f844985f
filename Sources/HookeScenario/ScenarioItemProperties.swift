/// The dynamic-item properties of a body (UIDynamicItemBehavior's), each optional.
///
/// A body may carry them, and a `dynamicItem` behaviour may set them for its items;
/// `nil` means "not set here". The effective value is the one set by the last active
/// `dynamicItem` behaviour that sets it (as in UIKit), then the body's, then
/// `ScenarioDefaults.itemProperties`:
///
/// ```swift
/// let effective = behavior.properties.merged(over: body.properties)
///     .merged(over: ScenarioDefaults.itemProperties)
/// ```
public struct ScenarioItemProperties: Sendable, Equatable {
    /// Mass per area: mass = density · w · h / 10⁴ kg (> 0).
    public var density: Double?
    /// Restitution, 0…1.
    public var elasticity: Double?
    /// Coulomb friction coefficient, ≥ 0.
    public var friction: Double?
    /// Linear damping c (1/s), applied as v ← v / (1 + h·c); ≥ 0.
    public var resistance: Double?
    /// Angular damping (1/s), applied like `resistance`; ≥ 0.
    public var angularResistance: Double?
    /// Whether the body may rotate.
    public var allowsRotation: Bool?
    /// An anchored body does not move (infinite mass) but still collides.
    public var anchored: Bool?
    /// Electric charge seen by electric and magnetic fields.
    public var charge: Double?

    public init(
        density: Double? = nil, elasticity: Double? = nil, friction: Double? = nil,
        resistance: Double? = nil, angularResistance: Double? = nil,
        allowsRotation: Bool? = nil, anchored: Bool? = nil, charge: Double? = nil
    ) {
        self.density = density
        self.elasticity = elasticity
        self.friction = friction
        self.resistance = resistance
        self.angularResistance = angularResistance
        self.allowsRotation = allowsRotation
        self.anchored = anchored
        self.charge = charge
    }

    /// These properties where set, `base`'s elsewhere.
    public func merged(over base: ScenarioItemProperties) -> ScenarioItemProperties {
        ScenarioItemProperties(
            density: density ?? base.density,
            elasticity: elasticity ?? base.elasticity,
            friction: friction ?? base.friction,
            resistance: resistance ?? base.resistance,
            angularResistance: angularResistance ?? base.angularResistance,
            allowsRotation: allowsRotation ?? base.allowsRotation,
            anchored: anchored ?? base.anchored,
            charge: charge ?? base.charge)
    }

    /// True when no property is set.
    public var isEmpty: Bool { self == ScenarioItemProperties() }
}
