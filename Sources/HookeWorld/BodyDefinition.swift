import Foundation
import HookeCore

/// A description of a body to create: a value handed to `World.createBody(_:)`,
/// which validates it and copies it into the world's storage.
///
/// ```swift
/// var card = BodyDefinition(shape: .rectangle(width: 100, height: 100),
///                           center: SIMD2(160, 240))
/// card.properties.resistance = 0
/// let handle = try world.createBody(card)
/// ```
public struct BodyDefinition: Sendable, Hashable {
    /// Outline, which fixes mass, inertia and bounding box.
    public var shape: BodyShape
    /// Centre of the body (its centre of mass), in points.
    public var center: SIMD2<Double>
    /// Rotation in radians, positive clockwise on screen.
    public var angle: Double
    /// Linear velocity, in points per second.
    public var velocity: SIMD2<Double>
    /// Angular velocity, in radians per second (positive clockwise).
    public var angularVelocity: Double
    /// Material and motion properties (UIKit's dynamic item properties).
    public var properties: ItemProperties
    /// A kinematic body (Box2D's `b2_kinematicBody`, SpriteKit's `isDynamic = false` body
    /// that is still moved): it moves with its own velocity and nothing else — no gravity,
    /// force, push, resistance, contact or joint changes it — and what it meets is pushed
    /// as by an infinite mass. A finger-held view is one: set its velocity, or aim it with
    /// `World.setTargetTransform(_:center:angle:)`. An anchored body is static instead.
    public var isKinematic: Bool
    /// A sensor (Box2D v3's `isSensor` shape, SpriteKit's contact-only body): it reports
    /// the bodies that begin and stop overlapping it (`SensorEvent`) and collides with
    /// nothing. It moves as its other settings say (anchored, kinematic or dynamic).
    public var isSensor: Bool
    /// The categories the body's shape belongs to and collides with (Box2D's filter).
    public var collisionFilter: CollisionFilter

    /// Creates a definition; unspecified values are at rest, unrotated, with
    /// the engine's default properties.
    public init(
        shape: BodyShape, center: SIMD2<Double> = .zero, angle: Double = 0,
        velocity: SIMD2<Double> = .zero, angularVelocity: Double = 0,
        properties: ItemProperties = ItemProperties(), isKinematic: Bool = false,
        isSensor: Bool = false, collisionFilter: CollisionFilter = .default
    ) {
        self.shape = shape
        self.center = center
        self.angle = angle
        self.velocity = velocity
        self.angularVelocity = angularVelocity
        self.properties = properties
        self.isKinematic = isKinematic
        self.isSensor = isSensor
        self.collisionFilter = collisionFilter
    }

    /// The definition as `World.createBody(_:)` stores it: for a compound whose parts'
    /// centre of mass is not at the centre (`BodyShape.centroid` c ≠ 0), the centre moved
    /// to the centre of mass, center + R(angle)·c, and the parts' offsets by −c, so that
    /// every part stays where it was; any other definition unchanged.
    public var centredOnMass: BodyDefinition {
        let c = shape.centroid
        guard c != .zero else { return self }
        var moved = self
        moved.shape = shape.centredOnMass
        moved.center += SIMD2(cos(angle) * c.x - sin(angle) * c.y, sin(angle) * c.x + cos(angle) * c.y)
        return moved
    }

    /// Throws `HookeError.invalidParameter` naming the first invalid value.
    func validate() throws(HookeError) {
        try shape.validate("shape")
        _ = try Validate.finite(center.x, "center.x")
        _ = try Validate.finite(center.y, "center.y")
        _ = try Validate.finite(angle, "angle")
        _ = try Validate.finite(velocity.x, "velocity.x")
        _ = try Validate.finite(velocity.y, "velocity.y")
        _ = try Validate.finite(angularVelocity, "angularVelocity")
        try properties.validate("properties")
    }
}
