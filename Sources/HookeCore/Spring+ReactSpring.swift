import Foundation

extension Spring {
    /// react-spring's physical configuration `{ tension, friction, mass }`: stiffness k =
    /// tension, damping c = friction (react-spring's defaults are tension 170, friction 26,
    /// mass 1).
    ///
    /// Source: react-spring documentation, "Configs" (`tension`: spring energetic load,
    /// `friction`: spring resistance, `mass`: spring mass), and its `AnimationConfig`, which
    /// feeds tension and friction into the force −tension·x − friction·v.
    ///
    /// - Throws: `HookeError.invalidParameter` naming `tension`, `friction` or `mass`.
    public init(tension: Double, friction: Double, mass: Double = 1) throws(HookeError) {
        let tension = try Validate.positive(tension, "tension")
        let friction = try Validate.nonNegative(friction, "friction")
        try self.init(mass: mass, stiffness: tension, damping: friction)
    }

    /// react-spring's `{ frequency, damping, mass }` configuration. Despite its name,
    /// `frequency` is a period in seconds (the undamped period, SwiftUI's response) and
    /// `damping` is a damping ratio:
    ///
    ///     tension  = (2π / frequency)²·mass
    ///     friction = 4π·damping·mass / frequency
    ///
    /// so frequency 0.5, damping 1 gives tension 157.91367041742973 and friction
    /// 25.132741228718345.
    ///
    /// Source: react-spring documentation, "Configs" (`frequency`: "the natural frequency
    /// (in seconds), which dictates the number of bounces per second when no damping
    /// exists"; `damping`: "the damping ratio, which dictates how the spring slows down"),
    /// and `mergeConfig` in react-spring's `AnimationConfig.ts`, which computes tension and
    /// friction as above after clamping frequency to ≥ 0.01 and damping to ≥ 0. Hooke
    /// refuses such values instead of clamping them.
    ///
    /// The inverse is `response` (the frequency) and `dampingRatio` (the damping).
    ///
    /// - Throws: `HookeError.invalidParameter` naming `reactSpringFrequency`, `damping` or `mass`.
    public init(reactSpringFrequency frequency: Double, damping: Double, mass: Double = 1) throws(HookeError) {
        let frequency = try Validate.positive(frequency, "reactSpringFrequency")
        let damping = try Validate.nonNegative(damping, "damping")
        let mass = try Validate.positive(mass, "mass")
        let omega0 = 2 * Double.pi / frequency
        try self.init(
            mass: mass,
            stiffness: omega0 * omega0 * mass,
            damping: 4 * Double.pi * damping * mass / frequency)
    }

    /// react-spring's tension: the stiffness k.
    public var tension: Double { stiffness }

    /// react-spring's friction: the damping coefficient c.
    public var friction: Double { damping }
}
