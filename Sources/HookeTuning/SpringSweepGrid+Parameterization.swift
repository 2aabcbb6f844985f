import HookeCore

extension SpringSweepGrid {
    /// The parameterisations a grid can span: the two parameters of one of `Spring`'s
    /// initialisers (beside the mass). Every point's spring is made by that initialiser,
    /// so a sweep converts exactly as `Spring` does. The raw value names the two
    /// parameters as the grid's JSON writes them (`parameterNames`), and a SwiftUI preset
    /// by its name.
    public enum Parameterization: String, CaseIterable, Sendable {
        /// `Spring(dampingRatio:response:mass:)`: ζ (≥ 0) and the response (s, > 0).
        case dampingRatioResponse = "dampingRatio,response"
        /// `Spring(mass:stiffness:damping:)`: k (N/m, > 0) and c (kg/s, ≥ 0); with the mass
        /// axis, Core Animation's `CASpringAnimation` mass/stiffness/damping.
        case stiffnessDamping = "stiffness,damping"
        /// `Spring(duration:bounce:mass:)`: the duration (s, > 0) and the bounce, in (−1, 1].
        case durationBounce = "duration,bounce"
        /// `Spring(uikitDuration:dampingRatio:mass:)`: UIView's spring animation duration
        /// (s, > 0) and damping ratio (in (0, 1]).
        case uikitDurationDamping = "uikitDuration,uikitDamping"
        /// `Spring(bounciness:speed:)`: Pop's and Rebound's bounciness and speed (both in
        /// [0, 20]); mass 1.
        case popBouncinessSpeed = "bounciness,speed"
        /// `Spring(tension:friction:mass:)`: react-spring's tension (> 0) and friction (≥ 0).
        case reactSpringTensionFriction = "tension,friction"
        /// `Spring(reactSpringFrequency:damping:mass:)`: react-spring's `frequency` (a
        /// period, s, > 0) and `damping` (a damping ratio, ≥ 0).
        case reactSpringFrequencyDamping = "reactSpringFrequency,reactSpringDamping"
        /// `Spring.smooth(duration:extraBounce:)`, `.snappy(…)`, `.bouncy(…)`: SwiftUI's
        /// presets, a duration (s, > 0) and the bounce added to the preset's base bounce
        /// (0, 0.15, 0.3; the total in (−1, 1]); mass 1.
        case smoothDurationExtraBounce = "smooth(duration,extraBounce)"
        case snappyDurationExtraBounce = "snappy(duration,extraBounce)"
        case bouncyDurationExtraBounce = "bouncy(duration,extraBounce)"
        /// `Spring(visualDuration:bounce:)`: Motion's visual duration (s, > 0) and bounce
        /// (finite; Motion clamps 1 − bounce to [0.05, 1]); mass 1.
        case motionVisualDurationBounce = "visualDuration,motionBounce"
        /// `Spring(androidStiffness:dampingRatio:)`: Android `SpringForce` and Compose
        /// `spring()` stiffness (> 0) and damping ratio (≥ 0); mass 1.
        case androidStiffnessDampingRatio = "androidStiffness,androidDampingRatio"

        /// The spring of parameters `a` and `b` with mass `mass` (kg; 1 for the
        /// parameterisations of `hasUnitMass`, whose initialisers take no mass).
        public func spring(_ a: Double, _ b: Double, mass: Double) throws(HookeError) -> Spring {
            switch self {
            case .dampingRatioResponse: return try Spring(dampingRatio: a, response: b, mass: mass)
            case .stiffnessDamping: return try Spring(mass: mass, stiffness: a, damping: b)
            case .durationBounce: return try Spring(duration: a, bounce: b, mass: mass)
            case .uikitDurationDamping: return try Spring(uikitDuration: a, dampingRatio: b, mass: mass)
            case .popBouncinessSpeed: return try Spring(bounciness: a, speed: b)
            case .reactSpringTensionFriction: return try Spring(tension: a, friction: b, mass: mass)
            case .reactSpringFrequencyDamping: return try Spring(reactSpringFrequency: a, damping: b, mass: mass)
            case .smoothDurationExtraBounce: return try Spring.smooth(duration: a, extraBounce: b)
            case .snappyDurationExtraBounce: return try Spring.snappy(duration: a, extraBounce: b)
            case .bouncyDurationExtraBounce: return try Spring.bouncy(duration: a, extraBounce: b)
            case .motionVisualDurationBounce: return try Spring(visualDuration: a, bounce: b)
            case .androidStiffnessDampingRatio: return try Spring(androidStiffness: a, dampingRatio: b)
            }
        }

        /// Whether the initialiser fixes the mass at 1 (the grid's mass axis must be [1]).
        public var hasUnitMass: Bool {
            switch self {
            case .popBouncinessSpeed, .smoothDurationExtraBounce, .snappyDurationExtraBounce,
                .bouncyDurationExtraBounce, .motionVisualDurationBounce, .androidStiffnessDampingRatio:
                return true
            default:
                return false
            }
        }

        /// The two parameters' names, as the grid's JSON and `hooke sweep`'s CSV write them.
        public var parameterNames: (String, String) {
            var text = Substring(rawValue)
            if let open = text.firstIndex(of: "(") { text = text[text.index(after: open)...].dropLast() }
            let names = text.split(separator: ",").map(String.init)
            return (names[0], names[1])
        }

        /// The base bounce of a SwiftUI preset (nil for the other parameterisations).
        public var presetBaseBounce: Double? {
            switch self {
            case .smoothDurationExtraBounce: return 0
            case .snappyDurationExtraBounce: return 0.15
            case .bouncyDurationExtraBounce: return 0.3
            default: return nil
            }
        }

        /// The domains of the two parameters, as `Spring`'s initialiser requires them.
        public var domains: (SpringSweepAxis.Domain, SpringSweepAxis.Domain) {
            switch self {
            case .dampingRatioResponse: return (.nonNegative, .positive)
            case .stiffnessDamping: return (.positive, .nonNegative)
            case .durationBounce: return (.positive, .bounce)
            case .uikitDurationDamping: return (.positive, .unitInterval)
            case .popBouncinessSpeed: return (.popRange, .popRange)
            case .reactSpringTensionFriction: return (.positive, .nonNegative)
            case .reactSpringFrequencyDamping: return (.positive, .nonNegative)
            case .smoothDurationExtraBounce, .snappyDurationExtraBounce, .bouncyDurationExtraBounce:
                return (.positive, .extraBounce(base: presetBaseBounce ?? 0))
            case .motionVisualDurationBounce: return (.positive, .finite)
            case .androidStiffnessDampingRatio: return (.positive, .nonNegative)
            }
        }
    }
}
