// The named springs of the animation frameworks people port from, each built from its
// published parameters (Docs/springs.md, "Presets"), and the table `hooke spring
// --preset` reads.

extension Spring {
    /// SwiftUI's `Spring.smooth(duration:extraBounce:)`: `Spring(duration:bounce:)` with a base
    /// bounce of 0 (critically damped), plus `extraBounce`.
    ///
    /// Source: Apple, SwiftUI `Spring.smooth(duration:extraBounce:)` — "duration: the
    /// perceptual duration, which defines the pace of the spring"; "extraBounce: how much
    /// additional bounce should be added to the base bounce of 0"; defaults 0.5 s and 0.
    ///
    /// - Throws: `HookeError.invalidParameter` naming `duration` (> 0) or `extraBounce` (the
    ///   total bounce in (−1, 1]).
    public static func smooth(duration: Double = 0.5, extraBounce: Double = 0) throws(HookeError) -> Spring {
        try swiftUI(duration: duration, base: 0, extraBounce: extraBounce)
    }

    /// SwiftUI's `Spring.snappy(duration:extraBounce:)`: a base bounce of 0.15 (Apple: "a
    /// small amount of bounce that feels more snappy … the base bounce of 0.15").
    public static func snappy(duration: Double = 0.5, extraBounce: Double = 0) throws(HookeError) -> Spring {
        try swiftUI(duration: duration, base: 0.15, extraBounce: extraBounce)
    }

    /// SwiftUI's `Spring.bouncy(duration:extraBounce:)`: a base bounce of 0.3 (Apple: "a
    /// higher amount of bounce … the base bounce of 0.3"). `Spring.bouncy` is Apple's own
    /// example, `Spring(duration: 0.5, bounce: 0.3)` → mass 1, stiffness 157.9, damping 17.6.
    public static func bouncy(duration: Double = 0.5, extraBounce: Double = 0) throws(HookeError) -> Spring {
        try swiftUI(duration: duration, base: 0.3, extraBounce: extraBounce)
    }

    /// `Spring.smooth()`: duration 0.5 s, bounce 0 (ζ = 1): k = 157.91, c = 25.13.
    public static let smooth = preset { () throws(HookeError) in try smooth() }
    /// `Spring.snappy()`: duration 0.5 s, bounce 0.15 (ζ = 0.85): k = 157.91, c = 21.36.
    public static let snappy = preset { () throws(HookeError) in try snappy() }
    /// `Spring.bouncy()`: duration 0.5 s, bounce 0.3 (ζ = 0.7): k = 157.91, c = 17.59.
    public static let bouncy = preset { () throws(HookeError) in try bouncy() }

    /// SwiftUI's `Spring.interactive` and `Animation.interactiveSpring()`: response 0.15 s,
    /// damping fraction 0.86 (Apple, `Animation.interactiveSpring(response:dampingFraction:
    /// blendDuration:)`: defaults 0.15, 0.86, 0.25; the blend duration belongs to the
    /// animation, not the spring).
    public static let interactive = preset { () throws(HookeError) in try Spring(dampingRatio: 0.86, response: 0.15) }

    private static func swiftUI(duration: Double, base: Double, extraBounce: Double) throws(HookeError) -> Spring {
        let bounce = base + extraBounce
        guard extraBounce.isFinite, bounce > -1, bounce <= 1 else {
            throw .invalidParameter("extraBounce", value: extraBounce,
                                    requirement: "finite, with the base bounce \(base) in (-1, 1]: in (\(-1 - base), \(1 - base)]")
        }
        return try Spring(duration: duration, bounce: bounce)
    }

    /// A spring built from constant, valid parameters: a failure is a defect of the table.
    static func preset(_ make: () throws(HookeError) -> Spring) -> Spring {
        do { return try make() } catch { preconditionFailure("a preset spring is invalid: \(error)") }
    }
}

/// The named springs of SwiftUI, react-spring, Android, Jetpack Compose and Motion, by the
/// name `hooke spring --preset` takes, each with its source.
public enum SpringPreset: String, CaseIterable, Sendable {
    /// SwiftUI `Spring.smooth`, `Spring.snappy`, `Spring.bouncy`, `Spring.interactive`.
    case smooth, snappy, bouncy, interactive
    /// react-spring's `config.default`, `gentle`, `wobbly`, `stiff`, `slow` and `molasses`.
    case reactSpringDefault = "react-spring", gentle, wobbly, stiff, slow, molasses
    /// Android's `SpringForce()` default: stiffness MEDIUM (1500), damping ratio MEDIUM_BOUNCY (0.5).
    case android
    /// Jetpack Compose's `spring()` default: stiffness `Spring.StiffnessMedium` (1500),
    /// damping ratio `Spring.DampingRatioNoBouncy` (1).
    case compose
    /// Motion's (motion.dev, formerly Framer Motion) default physical spring: stiffness 100,
    /// damping 10, mass 1.
    case motion

    /// The spring.
    public var spring: Spring {
        switch self {
        case .smooth: return .smooth
        case .snappy: return .snappy
        case .bouncy: return .bouncy
        case .interactive: return .interactive
        case .reactSpringDefault, .gentle, .wobbly, .stiff, .slow, .molasses:
            let (tension, friction) = reactSpringConfig!
            return Spring.preset { () throws(HookeError) in try Spring(tension: tension, friction: friction) }
        case .android:
            return Spring.preset { () throws(HookeError) in
                try Spring(androidStiffness: Spring.AndroidStiffness.medium.rawValue,
                           dampingRatio: Spring.AndroidDampingRatio.mediumBouncy.rawValue)
            }
        case .compose:
            return Spring.preset { () throws(HookeError) in
                try Spring(androidStiffness: Spring.AndroidStiffness.medium.rawValue,
                           dampingRatio: Spring.AndroidDampingRatio.noBouncy.rawValue)
            }
        case .motion:
            return Spring.preset { () throws(HookeError) in try Spring(mass: 1, stiffness: 100, damping: 10) }
        }
    }

    /// react-spring's `config` presets as tension and friction (mass 1), from its
    /// documentation ("Common configs": config.default { mass: 1, tension: 170, friction: 26 },
    /// gentle { 120, 14 }, wobbly { 180, 12 }, stiff { 210, 20 }, slow { 280, 60 },
    /// molasses { 280, 120 }; the first five since react-spring 5's API.md); nil for the
    /// other presets.
    public var reactSpringConfig: (tension: Double, friction: Double)? {
        switch self {
        case .reactSpringDefault: return (170, 26)
        case .gentle: return (120, 14)
        case .wobbly: return (180, 12)
        case .stiff: return (210, 20)
        case .slow: return (280, 60)
        case .molasses: return (280, 120)
        default: return nil
        }
    }

    /// Where the preset comes from, for `hooke spring --preset` and the docs.
    public var source: String {
        switch self {
        case .smooth: return "SwiftUI Spring.smooth: duration 0.5 s, bounce 0"
        case .snappy: return "SwiftUI Spring.snappy: duration 0.5 s, bounce 0.15"
        case .bouncy: return "SwiftUI Spring.bouncy: duration 0.5 s, bounce 0.3"
        case .interactive: return "SwiftUI Spring.interactive: response 0.15 s, damping fraction 0.86"
        case .reactSpringDefault: return "react-spring config.default: tension 170, friction 26"
        case .gentle: return "react-spring config.gentle: tension 120, friction 14"
        case .wobbly: return "react-spring config.wobbly: tension 180, friction 12"
        case .stiff: return "react-spring config.stiff: tension 210, friction 20"
        case .slow: return "react-spring config.slow: tension 280, friction 60"
        case .molasses: return "react-spring config.molasses: tension 280, friction 120"
        case .android: return "Android SpringForce(): STIFFNESS_MEDIUM 1500, DAMPING_RATIO_MEDIUM_BOUNCY 0.5"
        case .compose: return "Jetpack Compose spring(): StiffnessMedium 1500, DampingRatioNoBouncy 1"
        case .motion: return "Motion (motion.dev) default spring: stiffness 100, damping 10, mass 1"
        }
    }
}
