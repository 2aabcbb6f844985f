/// What happened to bodies, behaviours and contacts during the last step, read after `World.step()`
/// (transient: replaced at the start of each step).
///
/// Wake-ups caused by calls made between two steps (adding a behaviour, setting a
/// velocity…) are reported with the next step.
public struct WorldEvents: Sendable, Hashable {
    /// Bodies that fell asleep (came to rest), in island order.
    public var restBegan: [BodyHandle] = []
    /// Bodies woken (set in motion again).
    public var restEnded: [BodyHandle] = []
    /// Behaviours whose dynamic items have all come to rest (a snap that has arrived,
    /// a push that has run out): once per settle, in the order the behaviours were added.
    public var behaviorsCameToRest: [BehaviorHandle] = []
    /// The world became paused (every dynamic body asleep).
    public var didPause = false
    /// The world resumed from a pause.
    public var didResume = false
    /// Contacts that began touching (item–item with the contact point, item–boundary
    /// with the boundary's identifier), once per contact.
    public var contactBegan: [ContactEvent] = []
    /// Contacts that stopped touching (or whose item or behaviour went away).
    public var contactEnded: [ContactEvent] = []

    /// Creates an empty record.
    public init() {}
}
