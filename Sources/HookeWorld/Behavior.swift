/// A node of a behaviour tree handed to `World.addBehavior(_:)`: one UIKit-style
/// behaviour (or a plain group), its child behaviours and an optional per-step action.
///
/// Behaviours are value descriptions: the world copies them, applies them each step
/// and reports changes it makes (an instantaneous push turning inactive, an
/// attachment's measured length) through `World.behavior(_:)`. A single behaviour
/// without children or action is simpler added as itself (`World.addBehavior(_:)` of a
/// `PrimitiveBehavior`), which gives a typed handle to read and update it through.
///
/// The `action` closure runs once per step, first in the step (before forces), with
/// the world passed `inout` so that it can read state and change behaviours or
/// bodies. It must be `@Sendable` because `World` is a `Sendable` value: a world can
/// be copied and stepped on another task, and its actions go with it.
public struct Behavior: Sendable {
    /// What a node does.
    public enum Kind: Sendable, Hashable, Codable {
        /// Nothing by itself: a container for children and an action.
        case group
        case gravity(GravityBehavior)
        case push(PushBehavior)
        case snap(SnapBehavior)
        case attachment(AttachmentBehavior)
        case dynamicItem(DynamicItemBehavior)
        case field(FieldBehavior)
        case collision(CollisionBehavior)
    }

    /// What this node does.
    public var kind: Kind
    /// Child behaviours, applied after this one, in order.
    public var children: [Behavior]
    /// Called once per step, at the start of the step.
    public var action: (@Sendable (inout World) -> Void)?

    /// Creates a behaviour node.
    public init(_ kind: Kind = .group, children: [Behavior] = [],
                action: (@Sendable (inout World) -> Void)? = nil) {
        self.kind = kind
        self.children = children
        self.action = action
    }

    /// A gravity behaviour.
    public static func gravity(_ b: GravityBehavior) -> Behavior { Behavior(.gravity(b)) }
    /// A push behaviour.
    public static func push(_ b: PushBehavior) -> Behavior { Behavior(.push(b)) }
    /// A snap behaviour.
    public static func snap(_ b: SnapBehavior) -> Behavior { Behavior(.snap(b)) }
    /// An attachment behaviour.
    public static func attachment(_ b: AttachmentBehavior) -> Behavior { Behavior(.attachment(b)) }
    /// A dynamic item behaviour.
    public static func dynamicItem(_ b: DynamicItemBehavior) -> Behavior { Behavior(.dynamicItem(b)) }
    /// A field behaviour.
    public static func field(_ b: FieldBehavior) -> Behavior { Behavior(.field(b)) }
    /// A collision behaviour.
    public static func collision(_ b: CollisionBehavior) -> Behavior { Behavior(.collision(b)) }
}
