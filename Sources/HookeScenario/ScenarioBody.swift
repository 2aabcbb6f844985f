import HookeWorld

/// One body of a scenario: its shape, initial state and optional item properties.
///
/// Units: points, seconds, radians (positive clockwise on screen, y down).
public struct ScenarioBody: Sendable, Equatable {
    /// The body's outline, in its own frame centred on `center`.
    public enum Shape: Sendable, Equatable {
        /// A `size` = [width, height] rectangle centred on the body's centre.
        case rectangle(size: SIMD2<Double>)
        /// The ellipse inscribed in a `size` rectangle.
        case ellipse(size: SIMD2<Double>)
        /// A convex polygon; vertices are offsets from the centre, in the format's
        /// counter-clockwise order (`ScenarioPolygon.problem(with:)`).
        case polygon(vertices: [SIMD2<Double>])
        /// Several shapes joined into one body (`BodyShape.compound`): `"parts"`.
        case compound(parts: [Part])
    }

    /// One entry of a body's `"parts"`: a rectangle, ellipse or polygon centred on
    /// `offset` from the body's centre (pt) and turned by `angle` (rad) within the body.
    public struct Part: Sendable, Equatable {
        public var shape: Shape
        public var offset: SIMD2<Double>
        public var angle: Double
    }

    /// Unique identifier, referred to by behaviours and `record.items`.
    public let id: String
    public let shape: Shape
    /// Initial centre (pt).
    public let center: SIMD2<Double>
    /// Initial rotation (rad, positive clockwise on screen).
    public let angle: Double
    /// Initial velocity (pt/s).
    public let velocity: SIMD2<Double>
    /// Initial angular velocity (rad/s, positive clockwise on screen).
    public let angularVelocity: Double
    /// Item properties written on the body itself (nil where not written).
    public let properties: ScenarioItemProperties
    /// Moved by its velocity only (`BodyDefinition.isKinematic`); `"kinematic": true`.
    public var isKinematic: Bool = false
    /// Reports overlaps and collides with nothing (`BodyDefinition.isSensor`); `"sensor": true`.
    public var isSensor: Bool = false
    /// `"categories"` and `"collidesWith"` (`BodyDefinition.collisionFilter`).
    public var collisionFilter = CollisionFilter.default
}
