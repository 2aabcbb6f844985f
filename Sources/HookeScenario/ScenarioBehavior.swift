import HookeWorld

/// One entry of `behaviors`: what acts, on which bodies, and when.
///
/// `kind` holds one case per behaviour type of the format, each with its
/// UIKit-named properties; `at` and `until` bound the interval during which the
/// behaviour is part of the world.
public struct ScenarioBehavior: Sendable, Equatable {
    /// The behaviour types of the format.
    public enum Kind: Sendable, Equatable {
        case gravity(Gravity)
        case collision(Collision)
        case snap(Snap)
        case push(Push)
        case attachment(Attachment)
        case field(Field)
        case dynamicItem(DynamicItem)
    }

    public let kind: Kind
    /// Time (s, ≥ 0) at which the behaviour is added; an instantaneous push fires at
    /// the first step at or after it. Default 0.
    public let at: Double
    /// Time (s, > `at`) at which the behaviour is removed; nil = never.
    public let until: Double?

    /// The JSON `type` names, in the order of `Kind`'s cases.
    public static let typeNames = [
        "gravity", "collision", "snap", "push", "attachment", "field", "dynamicItem",
    ]
}
