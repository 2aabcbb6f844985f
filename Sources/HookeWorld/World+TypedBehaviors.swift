import HookeCore

/// Behaviours added on their own, through handles that know their type: read, changed in
/// place and removed as UIKit code does with the behaviour objects it keeps.
///
/// ```swift
/// let drag = try world.addBehavior(AttachmentBehavior(item: card, attachedToAnchor: touch))
/// let anchor = world[drag].anchorPoint
/// try world.update(drag) { $0.anchorPoint = nextTouch }
/// world.removeBehavior(drag)
/// ```
///
/// A handle that does not designate a live behaviour of the world (removed, or from
/// another world) is a programmer error, as an out-of-range array index is: these calls
/// trap with a message naming the handle (see `World`, "Errors"). `contains(_:)` tells
/// beforehand.
extension World {
    /// Adds `behavior` on its own (UIKit's `addBehavior(_:)`); it acts from the next step,
    /// exactly as `addBehavior(_: Behavior)` with a node of it does.
    ///
    /// - Throws: `HookeError.invalidParameter` for a non-finite or out-of-range value or
    ///   an item that is not a live body, named by its path (`behaviors[0].anchorPoint.x`);
    ///   nothing changes then.
    @discardableResult
    public mutating func addBehavior<B: PrimitiveBehavior>(_ behavior: B) throws(HookeError) -> TypedBehaviorHandle<B> {
        TypedBehaviorHandle(try addBehavior(Behavior(behavior.behaviorKind)))
    }

    /// The behaviour as the world holds it now: an attachment's length and reference angle
    /// filled in, an instantaneous push inactive once it has fired.
    ///
    /// - Precondition: `handle` designates a live behaviour of this world whose tree still
    ///   has a `B` at its root (`contains(_:)`).
    public subscript<B: PrimitiveBehavior>(handle: TypedBehaviorHandle<B>) -> B {
        B.held(by: behaviors.records[slot(of: handle)]![0].kind)!
    }

    /// Changes the behaviour in place: `change` edits a copy of it (as `world[handle]`
    /// reads it), which is validated as `addBehavior(_:)` validates and then replaces it
    /// with the semantics of `replaceBehavior(_:with:)`: joints keep their warm-start
    /// impulses, an attachment whose length is set to nil keeps the length it had, a
    /// snap's release velocity is applied again only if it changed, and every body it
    /// names is woken. Setting an instantaneous push's `active` to true fires it again on
    /// the next step, as in UIKit.
    ///
    /// ```swift
    /// try world.update(drag) { $0.anchorPoint = gesture.location }   // pt
    /// try world.update(flick) { $0.active = true }
    /// ```
    ///
    /// A value with a validating initialiser (a `Field`) is made before the call and
    /// assigned inside it: `let off = try Field(.spring, strength: 0)`, then
    /// `try world.update(pull) { $0.field = off }`.
    ///
    /// - Throws: `HookeError.invalidParameter` naming the first invalid value
    ///   (`behaviors[0].anchorPoint.x`); the world is unchanged then.
    /// - Precondition: `handle` designates a live behaviour of this world (`contains(_:)`).
    public mutating func update<B: PrimitiveBehavior>(_ handle: TypedBehaviorHandle<B>,
                                                      _ change: (inout B) -> Void) throws(HookeError) {
        let s = slot(of: handle)
        var nodes = behaviors.records[s]!
        var behavior = B.held(by: nodes[0].kind)!
        change(&behavior)
        nodes[0].kind = behavior.behaviorKind
        try replaceNodes(ofSlot: s, with: nodes)
    }

    /// Removes the behaviour (UIKit's `removeBehavior(_:)`); wakes the bodies it named.
    ///
    /// - Precondition: `handle` designates a live behaviour of this world (`contains(_:)`).
    public mutating func removeBehavior<B: PrimitiveBehavior>(_ handle: TypedBehaviorHandle<B>) {
        _ = slot(of: handle)
        removeBehavior(handle.untyped)
    }

    /// Whether `handle` designates a live behaviour of this world with a `B` at its root,
    /// so that `world[handle]`, `update` and `removeBehavior` may be called with it.
    public func contains<B: PrimitiveBehavior>(_ handle: TypedBehaviorHandle<B>) -> Bool {
        guard let s = behaviors.slot(of: handle.untyped) else { return false }
        return B.held(by: behaviors.records[s]![0].kind) != nil
    }

    /// The slot of a typed handle's behaviour. Traps when the handle is stale (see
    /// `World`, "Errors"), or when `replaceBehavior(_:with:)` put a tree of another kind
    /// behind it: both are programmer errors.
    func slot<B: PrimitiveBehavior>(of handle: TypedBehaviorHandle<B>, function: StaticString = #function) -> Int {
        let s = slot(of: handle.untyped, function: function)
        guard B.held(by: behaviors.records[s]![0].kind) != nil else {
            preconditionFailure("World.\(function): \(handle) is no longer a \(B.self): "
                                + "replaceBehavior(_:with:) put a tree of another kind behind it")
        }
        return s
    }
}
