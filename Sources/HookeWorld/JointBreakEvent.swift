/// An attachment that broke: in the step it is reported in, its joint's reaction force
/// (`World.jointReaction(of:)`) exceeded its `AttachmentBehavior.breakingForce`, and the
/// world removed the behaviour (Box2D v3's joint events, SpriteKit's breakable joints).
public struct JointBreakEvent: Sendable, Hashable, Codable {
    /// The attachment behaviour, stale from now on.
    public var behavior: BehaviorHandle
    /// The reaction force's magnitude in that step, N.
    public var force: Double
}
