import Hooke

/// Scenes shared by the collision tests.
enum CollisionScene {
    /// A world with UIKit's settings and gravity `g` pt/s² on `items` added later.
    static func world() throws -> World { try World(configuration: WorldConfiguration()) }

    /// Properties with no resistance and the given material.
    static func material(elasticity: Double = 0.2, friction: Double = 0.2, density: Double = 1,
                         allowsRotation: Bool = true, anchored: Bool = false) -> ItemProperties {
        ItemProperties(elasticity: elasticity, friction: friction, density: density, resistance: 0,
                       angularResistance: 0, allowsRotation: allowsRotation, isAnchored: anchored)
    }

    /// A disc of `diameter` pt at `center`.
    static func ball(_ diameter: Double, at center: SIMD2<Double>, velocity: SIMD2<Double> = .zero,
                     properties: ItemProperties = material()) -> BodyDefinition {
        BodyDefinition(shape: .ellipse(width: diameter, height: diameter), center: center, velocity: velocity,
                       properties: properties)
    }

    /// Runs `steps` steps.
    static func run(_ world: inout World, steps: Int) {
        for _ in 0..<steps { world.step() }
    }
}
