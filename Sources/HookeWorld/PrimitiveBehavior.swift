/// One of UIKit's primitive dynamic behaviours — gravity, push, snap, attachment,
/// dynamic item, field, collision — as a value that a world can hold on its own.
///
/// `World.addBehavior(_:)` takes any of them and returns a `TypedBehaviorHandle` of
/// the same type, through which the world reads it back (`world[handle]`) and changes
/// it in place (`world.update(handle) { … }`), as UIKit code changes the properties of
/// a behaviour object it keeps. Trees with children or an action are built from
/// `Behavior` nodes instead.
///
/// Hooke's seven behaviour types conform; the conversion to and from `Behavior.Kind`
/// is all a conformance provides.
public protocol PrimitiveBehavior: Sendable, Hashable {
    /// This behaviour as the kind of a behaviour node (`.attachment(self)` for an attachment).
    var behaviorKind: Behavior.Kind { get }
    /// The behaviour `kind` holds, or nil when it holds another type (or is a group).
    static func held(by kind: Behavior.Kind) -> Self?
}

extension GravityBehavior: PrimitiveBehavior {
    public var behaviorKind: Behavior.Kind { .gravity(self) }
    public static func held(by kind: Behavior.Kind) -> Self? {
        if case let .gravity(b) = kind { b } else { nil }
    }
}

extension PushBehavior: PrimitiveBehavior {
    public var behaviorKind: Behavior.Kind { .push(self) }
    public static func held(by kind: Behavior.Kind) -> Self? {
        if case let .push(b) = kind { b } else { nil }
    }
}

extension SnapBehavior: PrimitiveBehavior {
    public var behaviorKind: Behavior.Kind { .snap(self) }
    public static func held(by kind: Behavior.Kind) -> Self? {
        if case let .snap(b) = kind { b } else { nil }
    }
}

extension AttachmentBehavior: PrimitiveBehavior {
    public var behaviorKind: Behavior.Kind { .attachment(self) }
    public static func held(by kind: Behavior.Kind) -> Self? {
        if case let .attachment(b) = kind { b } else { nil }
    }
}

extension DynamicItemBehavior: PrimitiveBehavior {
    public var behaviorKind: Behavior.Kind { .dynamicItem(self) }
    public static func held(by kind: Behavior.Kind) -> Self? {
        if case let .dynamicItem(b) = kind { b } else { nil }
    }
}

extension FieldBehavior: PrimitiveBehavior {
    public var behaviorKind: Behavior.Kind { .field(self) }
    public static func held(by kind: Behavior.Kind) -> Self? {
        if case let .field(b) = kind { b } else { nil }
    }
}

extension CollisionBehavior: PrimitiveBehavior {
    public var behaviorKind: Behavior.Kind { .collision(self) }
    public static func held(by kind: Behavior.Kind) -> Self? {
        if case let .collision(b) = kind { b } else { nil }
    }
}
