/// What happened to bodies, behaviours and contacts, read from `World.events` after
/// `World.step()` or `World.advance(by:)`: an ordered log of `WorldEvent`s, each with the
/// step it happened in.
///
/// - After `step()`: the events of that one step.
/// - After `advance(by:)`: the events of **every** step it ran, in the order they
///   happened (so a frame of 1/60 s, two steps of 1/120 s, reports the contacts and the
///   pause of both); an `advance` that runs no step leaves the log empty, so a per-frame
///   loop sees each event exactly once.
///
/// Wake-ups caused by calls made between two steps (adding a behaviour, setting a
/// velocity…) are reported with the next step. The per-kind properties (`restBegan`,
/// `contactBegan`, `didPause`, …) are views of the log, in its order.
///
/// ```swift
/// try world.advance(by: frameTime)
/// for event in world.events.log {
///     switch event.kind {
///     case let .contactBegan(contact): print(event.step, contact.item, contact.partner, contact.point)
///     case .didPause: print("paused at step", event.step)
///     default: break
///     }
/// }
/// ```
public struct WorldEvents: Sendable, Hashable, Codable {
    /// Every event, in the order it happened.
    public internal(set) var log: [WorldEvent] = []

    /// Creates an empty record.
    public init() {}

    /// Bodies that fell asleep (came to rest), in the order they did (island order
    /// within a step).
    public var restBegan: [BodyHandle] {
        log.compactMap { if case let .restBegan(h) = $0.kind { h } else { nil } }
    }
    /// Bodies woken (set in motion again).
    public var restEnded: [BodyHandle] {
        log.compactMap { if case let .restEnded(h) = $0.kind { h } else { nil } }
    }
    /// Behaviours whose dynamic items have all come to rest (a snap that has arrived,
    /// a push that has run out): once per settle, in the order the behaviours were added
    /// within a step.
    public var behaviorsCameToRest: [BehaviorHandle] {
        log.compactMap { if case let .behaviorCameToRest(h) = $0.kind { h } else { nil } }
    }
    /// Whether the world became paused (every dynamic body asleep).
    public var didPause: Bool { log.contains { $0.kind == .didPause } }
    /// Whether the world resumed from a pause.
    public var didResume: Bool { log.contains { $0.kind == .didResume } }
    /// Contacts that began touching (item–item with the contact point, item–boundary
    /// with the boundary's identifier), once per contact.
    public var contactBegan: [ContactEvent] {
        log.compactMap { if case let .contactBegan(c) = $0.kind { c } else { nil } }
    }
    /// The impacts: contacts that began touching with an approach speed of at least
    /// `minimumSpeed` pt/s (Box2D v3's hit events and their `hitEventThreshold`, 1 m/s =
    /// 100 pt/s by default) — the ones worth a haptic or a sound, strongest first.
    public func impacts(minimumSpeed: Double = 100) -> [ContactEvent] {
        contactBegan.filter { $0.approachSpeed >= minimumSpeed }.sorted { $0.approachSpeed > $1.approachSpeed }
    }
    /// Contacts that stopped touching (or whose item or behaviour went away).
    public var contactEnded: [ContactEvent] {
        log.compactMap { if case let .contactEnded(c) = $0.kind { c } else { nil } }
    }

    /// Bodies that began overlapping a sensor, once per sensor and body.
    public var sensorBegan: [SensorEvent] {
        log.compactMap { if case let .sensorBegan(e) = $0.kind { e } else { nil } }
    }
    /// Bodies that stopped overlapping a sensor (or whose sensor or collision behaviour
    /// went away).
    public var sensorEnded: [SensorEvent] {
        log.compactMap { if case let .sensorEnded(e) = $0.kind { e } else { nil } }
    }

    /// Attachments that broke (exceeded their `breakingForce`) and were removed.
    public var jointsBroke: [JointBreakEvent] {
        log.compactMap { if case let .jointBroke(e) = $0.kind { e } else { nil } }
    }

    /// Appends an event of step `step`.
    mutating func append(_ kind: WorldEvent.Kind, step: Int) {
        log.append(WorldEvent(kind, step: step))
    }
}
