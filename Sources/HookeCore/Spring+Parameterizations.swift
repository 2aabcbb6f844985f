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

// MARK: - SwiftUI and UIKit: settling duration and damping ratio

extension Spring {
    /// The level, as a fraction of the step, that UIKit's duration mapping asks the decay
    /// to reach at the end of the duration (SwiftUI's default `epsilon`).
    static let uikitEpsilon = 0.001

    /// x* with (1 + x*)·e^{−x*} = ε: the critically damped step response from rest reaches
    /// ε after ω₀t = x*.
    ///
    /// Newton's method on g(x) = ln(1 + x) − x − ln ε, which is concave and decreasing for
    /// x > 0, converges monotonically from any x where g < 0 (x = 10 − 2 ln ε is one for
    /// every ε in (0, 1)) in a handful of steps.
    static func criticalTime(epsilon: Double) -> Double {
        let target = log(epsilon)
        var x = 10 - 2 * target
        for _ in 0..<100 {
            let g = log1p(x) - x - target
            let dg = 1 / (1 + x) - 1
            let next = x - g / dg
            if abs(next - x) <= 1e-16 * x { return next }
            x = next
        }
        return x
    }

    /// x* for UIKit's ε = 0.001 (≈ 9.2334).
    static let criticalEpsilonTime = criticalTime(epsilon: uikitEpsilon)

    /// The smallest damping ratio the settling-duration mapping can represent for `epsilon`:
    /// below it, ζ/√(1 − ζ²) < ε and no natural frequency makes the decay reach ε.
    static func minimumDampingRatio(epsilon: Double) -> Double { epsilon / (1 + epsilon * epsilon).squareRoot() }

    /// The smallest damping ratio UIKit's duration mapping can represent (ε = 0.001).
    static let uikitMinimumDampingRatio = minimumDampingRatio(epsilon: uikitEpsilon)

    /// SwiftUI's `Spring(settlingDuration:dampingRatio:epsilon:)`, and the rule under UIKit's
    /// spring durations (`init(uikitDuration:dampingRatio:mass:)` is this with ε = 0.001):
    /// the natural frequency ω₀ for which, with zero initial velocity, the decay reaches ε
    /// at the duration T,
    ///
    ///     ζ < 1:  (ζ/√(1 − ζ²))·e^{−ζω₀T} = ε     (the coefficient of the sine term of the
    ///                                               step response times its decay)
    ///     ζ = 1:  (1 + ω₀T)·e^{−ω₀T}     = ε     (the critically damped step response)
    ///
    /// solved in closed form rather than by a few Newton steps:
    ///
    ///     ζ < 1:  ω₀ = ln(ζ / (ε·√(1 − ζ²))) / (ζT)
    ///     ζ = 1:  ω₀ = x*/T,   (1 + x*)·e^{−x*} = ε
    ///
    /// then k = m·ω₀², c = 2ζ·√(k·m).
    ///
    /// Sources: Apple documents the initialiser ("settlingDuration: the approximate time it
    /// will take for the spring to come to rest; epsilon: the threshold for how small all
    /// subsequent values need to be before the spring is considered to have settled") but
    /// not its rule; the published reverse-engineerings of SwiftUI's (OpenSwiftUI,
    /// `Spring+SettlingDuration`) and of UIKit's `parametersOfSpringAnimation` (Framer's
    /// `SpringCurveValueConverter`, which matches UIKit side by side with
    /// CASpringAnimation) solve these same two equations by Newton's method from ω₀ = 5/T.
    /// Framer's example (T = 3 s, ζ = 0.25) gives tension 54.83363359078326 and friction
    /// 3.702486785620688, which the tests reproduce.
    ///
    /// Range: ζ in (ε/√(1 + ε²), 1]: both sources clamp ζ to at most 1 (so this mapping
    /// cannot express an over-damped spring), and below that bound ζ/√(1 − ζ²) < ε has no
    /// solution; both are refused here rather than clamped, as is a duration outside the
    /// sources' clamp of 0.01…10 s taken as it is (any positive duration is taken). The two
    /// branches do not join continuously at ζ = 1 (the first grows without bound as
    /// ζ → 1⁻); that is the sources' behaviour, kept as is.
    ///
    /// - Throws: `HookeError.invalidParameter` naming `settlingDuration`, `dampingRatio`,
    ///   `epsilon` (in (0, 1)) or `mass`.
    public init(settlingDuration: Double, dampingRatio zeta: Double, epsilon: Double = 0.001, mass: Double = 1)
        throws(HookeError) {
        try self.init(settlingDuration: settlingDuration, named: "settlingDuration", dampingRatio: zeta,
                      epsilon: epsilon, mass: mass)
    }

    /// The mapping above, naming the duration `name` in its errors.
    init(settlingDuration: Double, named name: String, dampingRatio zeta: Double, epsilon: Double, mass: Double)
        throws(HookeError) {
        let duration = try Validate.positive(settlingDuration, name)
        guard epsilon.isFinite, epsilon > 0, epsilon < 1 else {
            throw .invalidParameter("epsilon", value: epsilon, requirement: "finite and in (0, 1)")
        }
        let minimum = Self.minimumDampingRatio(epsilon: epsilon)
        guard zeta.isFinite, zeta > minimum, zeta <= 1 else {
            throw .invalidParameter("dampingRatio", value: zeta, requirement: "finite and in (\(minimum), 1] for a settling duration")
        }
        let mass = try Validate.positive(mass, "mass")
        let omega0 = Self.decayExponent(dampingRatio: zeta, epsilon: epsilon) / (zeta * duration)
        try self.init(mass: mass, stiffness: mass * omega0 * omega0, damping: 2 * zeta * mass * omega0)
    }

    /// The settling duration (seconds) that `init(settlingDuration:dampingRatio:epsilon:mass:)`
    /// maps to this spring for its damping ratio ζ: the inverse of the closed forms above,
    ///
    ///     ζ < 1:  T = ln(ζ / (ε·√(1 − ζ²))) / (ζω₀)
    ///     ζ = 1:  T = x*/ω₀
    ///
    /// Returns `.nan` when ζ is outside (ε/√(1 + ε²), 1] or ε outside (0, 1), where the
    /// mapping produces no spring. A damping ratio within 4 ulps of 1 counts as critical:
    /// ζ recomputed from (m, k, c) carries that much rounding, and the two branches differ
    /// there.
    public func settlingDurationParameter(epsilon: Double = 0.001) -> Double {
        var zeta = dampingRatio
        if abs(zeta - 1) <= 4 * Double.ulpOfOne { zeta = 1 }
        guard epsilon > 0, epsilon < 1, zeta > Self.minimumDampingRatio(epsilon: epsilon), zeta <= 1 else { return .nan }
        return Self.decayExponent(dampingRatio: zeta, epsilon: epsilon) / (zeta * naturalFrequency)
    }

    /// ζω₀T for the settling-duration mapping: ln(ζ/(ε·√(1 − ζ²))) for ζ < 1, x* for ζ = 1.
    static func decayExponent(dampingRatio zeta: Double, epsilon: Double) -> Double {
        if zeta == 1 { return epsilon == uikitEpsilon ? criticalEpsilonTime : criticalTime(epsilon: epsilon) }
        // 1 − ζ² as (1 − ζ)(1 + ζ): exact to rounding when ζ is close to 1.
        let oneMinusZetaSquared = (1 - zeta) * (1 + zeta)
        return log(zeta / (epsilon * oneMinusZetaSquared.squareRoot()))
    }

    /// The spring UIKit builds for `UIView.animate(withDuration:delay:usingSpringWithDamping:
    /// initialSpringVelocity:options:animations:completion:)` and for
    /// `UISpringTimingParameters(dampingRatio:initialVelocity:)` with a duration: the
    /// settling-duration mapping with ε = 0.001 (`init(settlingDuration:dampingRatio:epsilon:mass:)`,
    /// whose documentation gives the rule, its sources and its range). Apple does not
    /// document how UIKit turns the duration into a stiffness; the rule is the
    /// reverse-engineering of `parametersOfSpringAnimation(…, duration, dampingRatio, mass 1,
    /// velocity, 0.001)`.
    ///
    /// - Throws: `HookeError.invalidParameter` naming `uikitDuration`, `dampingRatio` or `mass`.
    public init(uikitDuration: Double, dampingRatio zeta: Double, mass: Double = 1) throws(HookeError) {
        try self.init(settlingDuration: uikitDuration, named: "uikitDuration", dampingRatio: zeta,
                      epsilon: Self.uikitEpsilon, mass: mass)
    }

    /// The UIKit duration (seconds) that `init(uikitDuration:dampingRatio:mass:)` maps to this
    /// spring: `settlingDurationParameter(epsilon: 0.001)`; `.nan` where UIKit's mapping
    /// produces no spring.
    public func uikitDuration() -> Double { settlingDurationParameter(epsilon: Self.uikitEpsilon) }

    /// UIKit's initial spring velocity (`initialSpringVelocity`, and the `dx` of
    /// `UISpringTimingParameters(dampingRatio:initialVelocity:)`): the velocity as a fraction
    /// of the distance to travel per second, v/(target − start) — 1 covers the whole distance
    /// in one second. Apple: "a value of 1 corresponds to the total animation distance
    /// traversed in one second". `.nan` when start == target (no distance to relate to).
    ///
    /// - Parameters: velocity in points per second, start and target in points.
    public static func uikitInitialVelocity(_ velocity: Double, from start: Double, to target: Double) -> Double {
        target == start ? .nan : velocity / (target - start)
    }

    /// The velocity (points per second) a UIKit initial spring velocity stands for on a move
    /// from `start` to `target`: v = relative·(target − start), the inverse of
    /// `uikitInitialVelocity(_:from:to:)`.
    public static func velocity(uikitInitialVelocity relative: Double, from start: Double, to target: Double) -> Double {
        relative * (target - start)
    }
}
