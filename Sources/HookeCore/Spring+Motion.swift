import Foundation

// Motion (motion.dev, formerly Framer Motion): the `visualDuration` and `bounce` of its
// `spring` transition.

extension Spring {
    /// Motion's `{ type: "spring", visualDuration, bounce }`: a unit-mass spring whose
    /// natural period is 1.2 times the visual duration, and whose damping ratio is 1 − bounce,
    /// clamped to [0.05, 1]:
    ///
    ///     ω₀ = 2π / (1.2·visualDuration),  k = ω₀²,  c = 2·clamp(1 − bounce, 0.05, 1)·√k
    ///
    /// Source: motion `packages/framer-motion/src/animation/generators/spring/index.ts`
    /// (`getSpringOptions`: `root = (2 * Math.PI) / (visualDuration * 1.2)`, `stiffness =
    /// root * root`, `damping = 2 * clamp(0.05, 1, 1 - bounce) * Math.sqrt(stiffness)`, mass
    /// 1); a transition that gives no bounce has bounce 0 there, and Motion's `spring()`
    /// function defaults to visual duration 0.3 s and bounce 0.3.
    ///
    /// - Throws: `HookeError.invalidParameter` naming `visualDuration` (> 0) or `bounce`
    ///   (finite; values past the clamp are taken as Motion takes them).
    public init(visualDuration: Double, bounce: Double = 0) throws(HookeError) {
        let duration = try Validate.positive(visualDuration, "visualDuration")
        let bounce = try Validate.finite(bounce, "bounce")
        let root = 2 * Double.pi / (duration * 1.2)
        let k = root * root
        try self.init(mass: 1, stiffness: k, damping: 2 * min(max(1 - bounce, 0.05), 1) * k.squareRoot())
    }

    /// Motion's visual duration of this spring's motion: 2π/(1.2·ω₀), seconds (the inverse
    /// of `init(visualDuration:bounce:)` for its natural frequency).
    public var visualDuration: Double { 2 * Double.pi / (1.2 * naturalFrequency) }

    /// Motion's bounce: 1 − ζ, for the damping ratios Motion can express (0.05…1); nil for
    /// the others (a spring more damped than critical, or less than 0.05).
    public var motionBounce: Double? {
        let zeta = dampingRatio
        guard zeta >= 0.05, zeta <= 1 + 4 * Double.ulpOfOne else { return nil }
        return max(1 - zeta, 0)
    }
}
