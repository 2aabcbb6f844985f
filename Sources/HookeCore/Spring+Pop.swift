import Foundation

// Pop's and Rebound's "bounciness and speed", built on Origami (Quartz Composer) values.
//
// Sources, read from the code (the mapping is not documented elsewhere):
// - Pop, `POPSpringAnimation+convertBounciness:speed:toTension:friction:mass:` in
//   pop/POPAnimationExtras.mm (constants 20, 1.7, 0…0.8, 0.5…200, 0.01) and the
//   Origami-to-Pop conversions `POP_ANIMATION_TENSION_FOR_QC_TENSION` /
//   `POP_ANIMATION_FRICTION_FOR_QC_FRICTION` in pop/POPAnimationPrivate.h;
// - Pop's `POPBouncy3NoBounce` (pop/POPMath.mm) and Rebound's `BouncyConversion`
//   (`b3_friction1/2/3`, `b3_nobounce`), which share the cubic fits below;
// - Rebound's `SpringConfig.fromBouncinessAndSpeed` and `OrigamiValueConverter`
//   (tension = (q − 30)·3.62 + 194, friction = (q − 8)·3 + 25: the same lines as Pop's,
//   since 181/50 = 3.62 and 6/2 = 3).
// - Range: Pop's header documents springBounciness and springSpeed as "a value in the
//   range [0, 20]" (defaults 4 and 12).

extension Spring {
    /// Pop's and Rebound's spring from bounciness and speed (both in 0…20), mass 1.
    ///
    /// With b̂ = 0.8·bounciness/34 and ŝ = speed/34 (34 = 1.7·20):
    ///
    ///     Origami tension   qT = 0.5 + 199.5·ŝ
    ///     Origami friction  qF = F₀(qT) + (0.01 − F₀(qT))·(2b̂ − b̂²)
    ///     tension  = 194 + (qT − 30)·181/50
    ///     friction = 25 + (qF − 8)·3
    ///
    /// where F₀ is Pop's "no bounce" friction, a piecewise cubic fit:
    ///
    ///     F₀(x) = 0.0007x³ − 0.031x² + 0.64x + 1.28             x ≤ 18
    ///             0.000044x³ − 0.006x² + 0.36x + 2              18 < x ≤ 44
    ///             0.00000045x³ − 0.000332x² + 0.1078x + 5.84    x > 44
    ///
    /// Bounciness 12, speed 5 gives tension 193.4144, friction 14.2537 (Pop's and Rebound's
    /// own result). The spring has mass 1, stiffness = tension, damping = friction.
    ///
    /// - Throws: `HookeError.invalidParameter` naming `bounciness` or `speed` unless both
    ///   are finite and in 0…20.
    public init(bounciness: Double, speed: Double) throws(HookeError) {
        let bounciness = try Validate.inRange(bounciness, 0...20, "bounciness")
        let speed = try Validate.inRange(speed, 0...20, "speed")
        let b = Self.popBouncinessScale * bounciness
        let qcTension = Self.popTensionMin + (Self.popTensionMax - Self.popTensionMin) * speed / Self.popRange
        let noBounce = Self.popNoBounceFriction(qcTension)
        let qcFriction = noBounce + (Self.popFrictionMin - noBounce) * (2 * b - b * b)
        try self.init(
            mass: 1,
            stiffness: Self.popTension(fromOrigami: qcTension),
            damping: Self.popFriction(fromOrigami: qcFriction))
    }

    /// Pop's bounciness of the mass-1 spring with the same motion (tension k/m, friction
    /// c/m), or nil when no bounciness in 0…20 produces it (together with `speed`).
    ///
    /// Inverts `init(bounciness:speed:)`: with p = (qF − F₀(qT))/(0.01 − F₀(qT)) the
    /// equation 2b̂ − b̂² = p has the root b̂ = 1 − √(1 − p) = p/(1 + √(1 − p)) in [0, 1]
    /// (the second form does not cancel for small p); bounciness = 34·b̂/0.8. This is Pop's
    /// `convertTension:friction:toBounciness:speed:`, which picks the same root of the
    /// same quadratic.
    public var bounciness: Double? {
        guard let (qcTension, qcFriction) = popOrigamiValues, speed != nil else { return nil }
        let noBounce = Self.popNoBounceFriction(qcTension)
        let p = (qcFriction - noBounce) / (Self.popFrictionMin - noBounce)
        guard p.isFinite, p <= 1 else { return nil }
        let b = p / (1 + (1 - p).squareRoot())
        return Self.clampedToPopRange(b / Self.popBouncinessScale)
    }

    /// Pop's speed of the mass-1 spring with the same motion (tension k/m), or nil when no
    /// speed in 0…20 produces it: speed = 34·(qT − 0.5)/199.5 with qT the Origami tension.
    public var speed: Double? {
        guard let (qcTension, _) = popOrigamiValues else { return nil }
        let speed = Self.popRange * (qcTension - Self.popTensionMin) / (Self.popTensionMax - Self.popTensionMin)
        return Self.clampedToPopRange(speed)
    }

    // MARK: Constants and pieces of the mapping

    /// 1.7 × 20: bounciness and speed are divided by 1.7 and normalised over 0…20.
    static let popRange = 34.0
    /// Normalised bounciness is projected onto 0…0.8.
    static let popBouncinessScale = 0.8 / 34.0
    /// Normalised speed is projected onto Origami tensions 0.5…200.
    static let popTensionMin = 0.5
    static let popTensionMax = 200.0
    /// Origami friction at full bounciness (b̂ = 1).
    static let popFrictionMin = 0.01

    /// Pop tension from Origami tension: 194 + (q − 30)·(375 − 194)/50.
    static func popTension(fromOrigami q: Double) -> Double { 194 + (q - 30) * (375 - 194) / 50 }
    /// Pop friction from Origami friction: 25 + (q − 8)·(25 − 19)/2.
    static func popFriction(fromOrigami q: Double) -> Double { 25 + (q - 8) * (25 - 19) / 2 }

    /// Pop's and Rebound's friction for a spring that just does not bounce (`b3_nobounce`).
    static func popNoBounceFriction(_ x: Double) -> Double {
        if x <= 18 {
            return ((0.0007 * x - 0.031) * x + 0.64) * x + 1.28
        } else if x <= 44 {
            return ((0.000044 * x - 0.006) * x + 0.36) * x + 2
        } else {
            return ((0.00000045 * x - 0.000332) * x + 0.1078) * x + 5.84
        }
    }

    /// The Origami tension and friction of the mass-1 spring with this motion.
    var popOrigamiValues: (tension: Double, friction: Double)? {
        let tension = stiffness / mass
        let friction = damping / mass
        let qcTension = 30 + 50 * (tension - 194) / (375 - 194)
        let qcFriction = 8 + 2 * (friction - 25) / (25 - 19)
        guard qcTension.isFinite, qcFriction.isFinite else { return nil }
        return (qcTension, qcFriction)
    }

    /// Values within 1e-9 outside 0…20 are rounding of a value on the boundary; farther
    /// out the spring is not one Pop's mapping produces.
    static func clampedToPopRange(_ value: Double) -> Double? {
        let slack = 1e-9
        guard value >= -slack, value <= 20 + slack else { return nil }
        return min(max(value, 0), 20)
    }
}
