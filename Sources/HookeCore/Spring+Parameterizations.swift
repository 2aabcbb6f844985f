import Foundation

// Conversions between Hooke's physical coefficients (m, k, c) and the parameterisations
// of SwiftUI and UIKit. Pop/Rebound live in `Spring+Pop.swift`, react-spring in
// `Spring+ReactSpring.swift`. Every conversion has an exact inverse; Docs/springs.md
// collects the formulas and their sources.

extension Spring {
    /// SwiftUI's and Wave's parameterisation: a damping ratio ζ and a response T (the
    /// undamped period, seconds). k = m·(2π/T)², c = 2ζ·√(k·m) = 4πζm/T.
    ///
    /// Source: SwiftUI `Spring(response:dampingRatio:)` (Apple documentation: "response:
    /// the stiffness of the spring, defined as an approximate duration in seconds");
    /// Wave's `Spring(dampingRatio:response:mass:)`, which defines stiffness as
    /// (2π/response)²·mass and damping as 4π·dampingRatio·mass/response.
    ///
    /// The inverse is the pair of getters `dampingRatio` and `response`.
    public init(dampingRatio zeta: Double, response: Double, mass: Double = 1) throws(HookeError) {
        let zeta = try Validate.nonNegative(zeta, "dampingRatio")
        let response = try Validate.positive(response, "response")
        let mass = try Validate.positive(mass, "mass")
        let omega0 = 2 * Double.pi / response
        try self.init(mass: mass, stiffness: mass * omega0 * omega0, damping: 4 * Double.pi * zeta * mass / response)
    }
}

// MARK: - SwiftUI: duration and bounce

extension Spring {
    /// SwiftUI's perceptual parameterisation `Spring(duration:bounce:)` (iOS 17).
    ///
    /// The duration is the response T = 2π/ω₀ (seconds) and the bounce b sets the damping
    /// ratio:
    ///
    ///     ζ = 1 − b          for b ≥ 0   (b = 0 critical, b → 1 undamped)
    ///     ζ = 1 / (1 + b)    for b < 0   (over-damped; ζ → ∞ as b → −1)
    ///
    /// then k = m·(2π/T)², c = 2ζ·√(k·m), as for `init(dampingRatio:response:mass:)`.
    ///
    /// Range: bounce in (−1, 1]. b = 1 is the undamped spring (ζ = 0); b = −1 would need
    /// infinite damping and is refused.
    ///
    /// Sources: Apple, SwiftUI `Spring.init(duration:bounce:)` and `Spring.bounce`
    /// ("0 indicates no bounces (a critically damped spring), positive values indicate
    /// increasing amounts of bounciness up to a maximum of 1.0 (corresponding to undamped
    /// oscillation), and negative values indicate overdamped springs with a minimum value
    /// of −1.0"), whose overview gives `Spring(duration: 0.5, bounce: 0.3)` →
    /// (mass 1.0, stiffness 157.9, damping 17.6). The negative branch ζ = 1/(1 + b) is
    /// the mapping of Flutter's `SpringDescription.withDurationAndBounce`, documented
    /// there as producing "the same result as SwiftUI's spring(duration:bounce:)".
    ///
    /// - Throws: `HookeError.invalidParameter` naming `duration`, `bounce` or `mass`.
    public init(duration: Double, bounce: Double = 0, mass: Double = 1) throws(HookeError) {
        let duration = try Validate.positive(duration, "duration")
        guard bounce.isFinite, bounce > -1, bounce <= 1 else {
            throw .invalidParameter("bounce", value: bounce, requirement: "finite and in (-1, 1]")
        }
        let zeta = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
        try self.init(dampingRatio: zeta, response: duration, mass: mass)
    }

    /// SwiftUI's perceptual duration: the response 2π/ω₀, in seconds.
    public var duration: Double { response }

    /// SwiftUI's bounce: 1 − ζ when ζ ≤ 1, 1/ζ − 1 when ζ > 1 (in (−1, 1]); the inverse of
    /// the mapping in `init(duration:bounce:mass:)`.
    public var bounce: Double {
        let zeta = dampingRatio
        return zeta <= 1 ? 1 - zeta : 1 / zeta - 1
    }
}

// MARK: - UIKit: duration and damping ratio

extension Spring {
    /// The level, as a fraction of the step, that UIKit's duration mapping asks the decay
    /// to reach at the end of the duration.
    static let uikitEpsilon = 0.001

    /// x* with (1 + x*)·e^{−x*} = 0.001 (x* ≈ 9.2334): the critically damped step response
    /// from rest reaches 0.001 after ω₀t = x*.
    ///
    /// Newton's method on g(x) = ln(1 + x) − x − ln(0.001), which is concave and decreasing
    /// for x > 0, converges monotonically from x = 10 (where g < 0) in a handful of steps.
    static let criticalEpsilonTime: Double = {
        let target = log(uikitEpsilon)
        var x = 10.0
        for _ in 0..<50 {
            let g = log1p(x) - x - target
            let dg = 1 / (1 + x) - 1
            let next = x - g / dg
            if abs(next - x) <= 1e-16 * x { return next }
            x = next
        }
        return x
    }()

    /// The smallest damping ratio UIKit's duration mapping can represent: below it,
    /// ζ/√(1 − ζ²) < 0.001 and no natural frequency makes the decay reach 0.001.
    static let uikitMinimumDampingRatio = uikitEpsilon / (1 + uikitEpsilon * uikitEpsilon).squareRoot()

    /// The spring UIKit builds for `UIView.animate(withDuration:delay:usingSpringWithDamping:
    /// initialSpringVelocity:options:animations:completion:)` with zero initial velocity.
    ///
    /// Apple does not document how the duration becomes a stiffness. UIKit's implementation
    /// calls `parametersOfSpringAnimation(…, duration, dampingRatio, mass 1, velocity,
    /// 0.001)`; the published reverse-engineering of that routine is Framer's
    /// `SpringCurveValueConverter` (framer/SpringsExample, which matches UIKit with
    /// CASpringAnimation side by side; ported to Swift in guillianbalisi/ios-spring-animations,
    /// `computeDerivedCurveOptions`). It finds, by Newton's method from ω₀ = 5/T, the natural
    /// frequency ω₀ for which, with zero initial velocity,
    ///
    ///     ζ < 1:  (ζ/√(1 − ζ²))·e^{−ζω₀T} = 0.001     (the coefficient of the sine term of
    ///                                                   the step response times its decay)
    ///     ζ = 1:  (1 + ω₀T)·e^{−ω₀T}     = 0.001     (the critically damped step response)
    ///
    /// and sets k = m·ω₀², c = 2ζ·√(k·m). Both equations are solved here in closed form
    /// instead of by a fixed number of Newton steps:
    ///
    ///     ζ < 1:  ω₀ = ln(ζ / (0.001·√(1 − ζ²))) / (ζT)
    ///     ζ = 1:  ω₀ = x*/T,   (1 + x*)·e^{−x*} = 0.001,  x* ≈ 9.2334
    ///
    /// Framer's example (duration 3 s, ζ = 0.25) gives tension 54.83363359078326 and friction
    /// 3.702486785620688, which the tests reproduce.
    ///
    /// Range: ζ in (0.0009999995, 1]. The source clamps ζ to at most 1 (so UIKit cannot
    /// express an over-damped spring this way) and, below 0.0009999995, ζ/√(1 − ζ²) < 0.001
    /// and the first equation has no solution; both are refused here rather than clamped.
    /// The source also clamps the duration to 0.01…10 s; Hooke takes any positive duration.
    /// The two branches do not join continuously at ζ = 1 (the first grows without bound
    /// as ζ → 1⁻); that is the source's behaviour, kept as is.
    ///
    /// - Throws: `HookeError.invalidParameter` naming `uikitDuration`, `dampingRatio` or `mass`.
    public init(uikitDuration: Double, dampingRatio zeta: Double, mass: Double = 1) throws(HookeError) {
        let duration = try Validate.positive(uikitDuration, "uikitDuration")
        guard zeta.isFinite, zeta > Self.uikitMinimumDampingRatio, zeta <= 1 else {
            throw .invalidParameter(
                "dampingRatio", value: zeta,
                requirement: "finite and in (\(Self.uikitMinimumDampingRatio), 1] for a UIKit duration")
        }
        let mass = try Validate.positive(mass, "mass")
        let omega0 = Self.uikitDecayExponent(dampingRatio: zeta) / (zeta * duration)
        try self.init(mass: mass, stiffness: mass * omega0 * omega0, damping: 2 * zeta * mass * omega0)
    }

    /// The UIKit duration (seconds) that `init(uikitDuration:dampingRatio:mass:)` maps to
    /// this spring for its damping ratio ζ: the inverse of the closed forms above,
    ///
    ///     ζ < 1:  T = ln(ζ / (0.001·√(1 − ζ²))) / (ζω₀)
    ///     ζ = 1:  T = x*/ω₀
    ///
    /// Returns `.nan` when ζ is outside (0.0009999995, 1], where UIKit's mapping produces
    /// no spring. A damping ratio within 4 ulps of 1 counts as critical: ζ recomputed from
    /// (m, k, c) carries that much rounding, and the source's two branches differ there.
    public func uikitDuration() -> Double {
        var zeta = dampingRatio
        if abs(zeta - 1) <= 4 * Double.ulpOfOne { zeta = 1 }
        guard zeta > Self.uikitMinimumDampingRatio, zeta <= 1 else { return .nan }
        return Self.uikitDecayExponent(dampingRatio: zeta) / (zeta * naturalFrequency)
    }

    /// ζω₀T for UIKit's mapping: ln(ζ/(0.001·√(1 − ζ²))) for ζ < 1, x* for ζ = 1.
    static func uikitDecayExponent(dampingRatio zeta: Double) -> Double {
        if zeta == 1 { return criticalEpsilonTime }
        // 1 − ζ² as (1 − ζ)(1 + ζ): exact to rounding when ζ is close to 1.
        let oneMinusZetaSquared = (1 - zeta) * (1 + zeta)
        return log(zeta / (uikitEpsilon * oneMinusZetaSquared.squareRoot()))
    }
}
