/// A handle to a behaviour of type `B` added on its own with `World.addBehavior(_:)`:
/// the world reads it (`world[handle]`), changes it in place (`world.update(handle) { … }`)
/// and removes it (`world.removeBehavior(handle)`) without a `switch` on its kind.
///
/// ```swift
/// let drag = try world.addBehavior(AttachmentBehavior(item: card, attachedToAnchor: touch))
/// try world.update(drag) { $0.anchorPoint = nextTouch }   // each frame of the pan
/// ```
///
/// `BehaviorHandle(handle)` is the untyped handle of the same behaviour, for the calls
/// that take one (`replaceBehavior(_:with:)`, `behavior(_:)`) and for comparing with
/// `behaviorHandles` and `events.behaviorsCameToRest`.
public struct TypedBehaviorHandle<B: PrimitiveBehavior>: Sendable, Hashable, CustomStringConvertible {
    /// The untyped handle of the same behaviour.
    let untyped: BehaviorHandle

    init(_ untyped: BehaviorHandle) {
        self.untyped = untyped
    }

    /// Printed as the untyped handle, `behavior#slot.generation`.
    public var description: String { untyped.description }
}

extension BehaviorHandle {
    /// The untyped handle of the behaviour `typed` designates.
    public init<B>(_ typed: TypedBehaviorHandle<B>) {
        self = typed.untyped
    }
}

extension TypedBehaviorHandle: Codable {
    /// Written as its untyped handle.
    public init(from decoder: any Decoder) throws { self.init(try BehaviorHandle(from: decoder)) }
    public func encode(to encoder: any Encoder) throws { try untyped.encode(to: encoder) }
}
