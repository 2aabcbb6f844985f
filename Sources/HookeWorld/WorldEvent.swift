/// One thing that happened in a `World` step: what (`kind`) and in which step (`step`).
///
/// Read from `World.events` (`WorldEvents.log`), in the order the events happened.
public struct WorldEvent: Sendable, Hashable, Codable {
    /// What happened.
    public enum Kind: Sendable, Hashable, Codable {
        /// A contact began touching (UIKit's `collisionBehavior(_:beganContactFor:…)`).
        case contactBegan(ContactEvent)
        /// A contact stopped touching, or its item or behaviour went away.
        case contactEnded(ContactEvent)
        /// A body fell asleep (came to rest).
        case restBegan(BodyHandle)
        /// A resting body was woken (set in motion again).
        case restEnded(BodyHandle)
        /// Every dynamic item of a behaviour (its children's included) has come to rest:
        /// a snap that has arrived, a push that has run out. Once per settle.
        case behaviorCameToRest(BehaviorHandle)
        /// The world became paused: every dynamic body rests (UIKit's
        /// `dynamicAnimatorDidPause`).
        case didPause
        /// The world resumed from a pause (UIKit's `dynamicAnimatorWillResume`).
        case didResume
        /// A warning: the broadphase left out at least this many candidate contacts this
        /// step, because a body took part in more than
        /// `CollisionParameters.maximumPairsPerProxy` (256) or the world in more than
        /// `CollisionParameters.maximumPairs` (10⁶): bodies heaped on one another pass
        /// through each other there instead of taking quadratic memory (Docs/reliability.md).
        case contactsDropped(Int)
        /// A body's state (or its velocity after this step's forces) stopped being
        /// finite — an overflowing force, field or push — and it was removed from the
        /// world before it could reach a neighbour: its handle is stale from then on
        /// (Docs/reliability.md, "Containment").
        case bodyQuarantined(BodyHandle)
        /// A body began overlapping a sensor (`BodyDefinition.isSensor`).
        case sensorBegan(SensorEvent)
        /// A body stopped overlapping a sensor, or one of the two went away.
        case sensorEnded(SensorEvent)
        /// An attachment's reaction exceeded its `breakingForce`; the world removed it.
        case jointBroke(JointBreakEvent)
    }

    /// What happened.
    public var kind: Kind
    /// The step it happened in, as `World.stepCount` reads after that step (the first
    /// step is 1). Something caused between two steps (adding a behaviour, setting a
    /// velocity…) is reported with the next step.
    public var step: Int

    /// Creates an event.
    public init(_ kind: Kind, step: Int) {
        self.kind = kind
        self.step = step
    }
}
