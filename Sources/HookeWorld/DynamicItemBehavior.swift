import HookeCore

/// UIKit's `UIDynamicItemBehavior`: overrides item properties while it is in the world.
///
/// A nil property leaves the body's own value (from its `BodyDefinition`). When
/// several dynamic item behaviours set the same property of a body, the last in
/// behaviour order wins; removing the behaviour restores the body's own values.
/// Velocities are added with `World.addLinearVelocity(_:for:)` and friends.
public struct DynamicItemBehavior: Sendable, Hashable, Codable {
    /// The bodies whose properties are overridden.
    public var items: [BodyHandle]
    /// Restitution 0…1.
    public var elasticity: Double?
    /// Friction ≥ 0.
    public var friction: Double?
    /// Density > 0 (kg/m²; mass = density·area/10⁴ kg with the area in pt²).
    public var density: Double?
    /// Linear resistance ≥ 0 (1/s).
    public var resistance: Double?
    /// Angular resistance ≥ 0 (1/s).
    public var angularResistance: Double?
    /// Whether the items may turn.
    public var allowsRotation: Bool?
    /// Whether the items are static.
    public var isAnchored: Bool?
    /// Charge for fields.
    public var charge: Double?

    /// Creates a behaviour that overrides the given properties of `items`.
    public init(items: [BodyHandle], elasticity: Double? = nil, friction: Double? = nil,
                density: Double? = nil, resistance: Double? = nil,
                angularResistance: Double? = nil, allowsRotation: Bool? = nil,
                isAnchored: Bool? = nil, charge: Double? = nil) {
        self.items = items
        self.elasticity = elasticity
        self.friction = friction
        self.density = density
        self.resistance = resistance
        self.angularResistance = angularResistance
        self.allowsRotation = allowsRotation
        self.isAnchored = isAnchored
        self.charge = charge
    }

    /// `properties` with this behaviour's non-nil values written over it.
    func applied(to properties: ItemProperties) -> ItemProperties {
        var p = properties
        if let v = elasticity { p.elasticity = v }
        if let v = friction { p.friction = v }
        if let v = density { p.density = v }
        if let v = resistance { p.resistance = v }
        if let v = angularResistance { p.angularResistance = v }
        if let v = allowsRotation { p.allowsRotation = v }
        if let v = isAnchored { p.isAnchored = v }
        if let v = charge { p.charge = v }
        return p
    }

    func validate(_ name: String) throws(HookeError) {
        // Validate through the same rules as a body's own properties.
        try applied(to: ItemProperties()).validate(name)
    }
}
