// Android's `SpringForce` (androidx.dynamicanimation) and Jetpack Compose's `spring()`:
// a unit mass, a stiffness and a damping ratio.

extension Spring {
    /// The stiffness constants of Android's `SpringForce` (STIFFNESS_HIGH, _MEDIUM, _LOW,
    /// _VERY_LOW: 10 000, 1500, 200, 50) and Jetpack Compose's `Spring` object (the same,
    /// plus `StiffnessMediumLow` 400), in N/m on a unit mass.
    ///
    /// Sources: androidx.dynamicanimation `SpringForce` constants; Compose
    /// `androidx.compose.animation.core.Spring` constants.
    public enum AndroidStiffness: Double, CaseIterable, Sendable {
        case high = 10_000
        case medium = 1_500
        /// Compose only.
        case mediumLow = 400
        case low = 200
        case veryLow = 50
    }

    /// The damping-ratio constants of Android's `SpringForce` (DAMPING_RATIO_HIGH_BOUNCY,
    /// _MEDIUM_BOUNCY, _LOW_BOUNCY, _NO_BOUNCY: 0.2, 0.5, 0.75, 1) and Compose's `Spring`
    /// (`DampingRatioHighBouncy`… the same values).
    public enum AndroidDampingRatio: Double, CaseIterable, Sendable {
        case highBouncy = 0.2
        case mediumBouncy = 0.5
        case lowBouncy = 0.75
        case noBouncy = 1
    }

    /// Android's `SpringForce(finalPosition).setStiffness(k).setDampingRatio(ζ)` and Compose's
    /// `spring(dampingRatio = ζ, stiffness = k)`: a unit mass, so ω₀ = √k and c = 2ζ√k.
    ///
    /// Source: androidx.dynamicanimation `SpringForce` ("the spring is assumed to have a mass
    /// of 1"; natural frequency `Math.sqrt(stiffness)`, damping ratio ≥ 0, stiffness > 0).
    ///
    /// - Throws: `HookeError.invalidParameter` naming `androidStiffness` (> 0) or
    ///   `dampingRatio` (≥ 0).
    public init(androidStiffness: Double, dampingRatio zeta: Double) throws(HookeError) {
        let k = try Validate.positive(androidStiffness, "androidStiffness")
        let zeta = try Validate.nonNegative(zeta, "dampingRatio")
        try self.init(mass: 1, stiffness: k, damping: 2 * zeta * k.squareRoot())
    }

    /// The stiffness Android's `SpringForce` would be given for this spring's motion:
    /// k/m (a unit-mass spring with the same natural frequency), N/m.
    public var androidStiffness: Double { stiffness / mass }
}
