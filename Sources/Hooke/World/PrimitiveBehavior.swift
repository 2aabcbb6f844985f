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
    /// The behaviour held by `kind`, or nil when `kind` holds another type.
    init?(behaviorKind kind: Behavior.Kind)
}

extension GravityBehavior: PrimitiveBehavior {
    public var behaviorKind: Behavior.Kind { .gravity(self) }
    public init?(behaviorKind kind: Behavior.Kind) {
        guard case let .gravity(b) = kind else { return nil }
        self = b
    }
}

extension PushBehavior: PrimitiveBehavior {
    public var behaviorKind: Behavior.Kind { .push(self) }
    public init?(behaviorKind kind: Behavior.Kind) {
        guard case let .push(b) = kind else { return nil }
        self = b
    }
}

extension SnapBehavior: PrimitiveBehavior {
    public var behaviorKind: Behavior.Kind { .snap(self) }
    public init?(behaviorKind kind: Behavior.Kind) {
        guard case let .snap(b) = kind else { return nil }
        self = b
    }
}

extension AttachmentBehavior: PrimitiveBehavior {
    public var behaviorKind: Behavior.Kind { .attachment(self) }
    public init?(behaviorKind kind: Behavior.Kind) {
        guard case let .attachment(b) = kind else { return nil }
        self = b
    }
}

extension DynamicItemBehavior: PrimitiveBehavior {
    public var behaviorKind: Behavior.Kind { .dynamicItem(self) }
    public init?(behaviorKind kind: Behavior.Kind) {
        guard case let .dynamicItem(b) = kind else { return nil }
        self = b
    }
}

extension FieldBehavior: PrimitiveBehavior {
    public var behaviorKind: Behavior.Kind { .field(self) }
    public init?(behaviorKind kind: Behavior.Kind) {
        guard case let .field(b) = kind else { return nil }
        self = b
    }
}

extension CollisionBehavior: PrimitiveBehavior {
    public var behaviorKind: Behavior.Kind { .collision(self) }
    public init?(behaviorKind kind: Behavior.Kind) {
        guard case let .collision(b) = kind else { return nil }
        self = b
    }
}
