import HookeWorld

/// Every default of the scenario format, in one place.
///
/// Where UIKit Dynamics documents or measurably uses a value, the default is that
/// value (see Docs/uikit-dynamics.md); the parser and the documentation
/// (Docs/scenarios.md) both read from here.
public enum ScenarioDefaults {
    /// `world.timestep`: UIKit's fixed step, 1/120 s.
    public static let timestep: Double = 1.0 / 120.0

    /// `record.every`: every fixed step.
    public static let recordEvery: Int = 1

    /// Body `angle` (rad), `angularVelocity` (rad/s).
    public static let angle: Double = 0
    public static let angularVelocity: Double = 0
    /// Body `velocity` (pt/s).
    public static let velocity = SIMD2<Double>(0, 0)

    /// The dynamic-item properties a body has when neither the body nor a
    /// `dynamicItem` behaviour sets them: Apple's engine uses elasticity 0.2,
    /// friction 0.2, resistance 0.1 and angular resistance 0.1 where the app sets
    /// nothing; density 1 makes a 100 × 100 pt item weigh 1 kg.
    public static let itemProperties = ScenarioItemProperties(
        density: 1, elasticity: 0.2, friction: 0.2, resistance: 0.1,
        angularResistance: 0.1, allowsRotation: true, anchored: false, charge: 0)

    /// Gravity `direction`: straight down at magnitude 1 (1000 pt/s²); an `angle`
    /// given alone keeps the magnitude, a `magnitude` given alone keeps the direction.
    public static let gravityUnitDirection = SIMD2<Double>(0, 1)
    public static let gravityMagnitude: Double = 1

    /// Push `mode`, `angle` (rad), `magnitude` and `active`.
    public static let pushMode: PushBehavior.Mode = .continuous
    public static let pushAngle: Double = 0
    public static let pushMagnitude: Double = 0
    public static let pushActive: Bool = true

    /// Snap `damping` (0…1).
    public static let snapDamping: Double = 0.5

    /// Attachment `kind`, `frequency` (Hz; 0 = rigid), `damping` (ratio),
    /// `offset`/`toOffset` (pt), `frictionTorque`.
    public static let attachmentKind: AttachmentBehavior.Kind = .distance
    public static let attachmentFrequency: Double = 0
    public static let attachmentDamping: Double = 0
    public static let attachmentOffset = SIMD2<Double>(0, 0)
    public static let frictionTorque: Double = 0
    /// A sliding attachment's `frictionForce` (N).
    public static let frictionForce: Double = 0
    /// A pin's or sliding attachment's `motorSpeed` (rad/s or pt/s).
    public static let motorSpeed: Double = 0

    /// Collision `mode` and `boundsAsBoundary`.
    public static let collisionMode: CollisionBehavior.Mode = .everything
    public static let boundsAsBoundary: Bool = false
    /// A boundary's `elasticity` and `friction`, and the bounds' `boundsElasticity` and
    /// `boundsFriction`: UIKit's engine gives every boundary 0.2 and 0.2.
    public static let boundaryElasticity: Double = CollisionBehavior.boundaryElasticity
    public static let boundaryFriction: Double = CollisionBehavior.boundaryFriction

    /// Field `position` (pt), `strength`, `minimumRadius` (pt), `smoothness`,
    /// `animationSpeed`. The `falloff` depends on the kind: `FieldKind.defaultFalloff`,
    /// the one table, so a scenario and the Swift API agree.
    public static let fieldPosition = SIMD2<Double>(0, 0)
    public static let fieldStrength: Double = 1
    public static let fieldMinimumRadius: Double = Field.defaultMinimumRadius
    public static let fieldSmoothness: Double = 0
    public static let fieldAnimationSpeed: Double = 0

    /// Behaviour `at` (s): present from the start.
    public static let at: Double = 0
}
