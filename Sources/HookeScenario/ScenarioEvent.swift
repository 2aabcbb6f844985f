import HookeWorld

/// Something that happened during a scenario run (`ScenarioSimulation.events`), with the
/// bodies named by their scenario ids: the world's `WorldEvent`s on the scenario's steps.
public struct ScenarioEvent: Sendable, Hashable, Codable {
    /// A contact, by scenario ids.
    public struct Contact: Sendable, Hashable, Codable {
        /// What the item touches.
        public enum Partner: Sendable, Hashable, Codable {
            /// Another body of the same collision behaviour, by id.
            case item(String)
            /// A boundary by its id; nil for the one made from `world.bounds`
            /// (`boundsAsBoundary`), which has none, as in UIKit.
            case boundary(String?)
        }

        /// The item's id (of two items, the one earlier in the file).
        public let item: String
        /// What it touches.
        public let partner: Partner
        /// Where, points: the first contact point when it began, the last known when it
        /// ended (`ContactEvent.point`).
        public let point: SIMD2<Double>
        /// For a began contact, the closing speed at its first point, pt/s
        /// (`ContactEvent.approachSpeed`); 0 when it ended.
        public var approachSpeed: Double = 0
        /// For a began contact, the normal impulse of its first step, N·s
        /// (`ContactEvent.normalImpulse`); 0 when it ended.
        public var normalImpulse: Double = 0
    }

    /// What happened.
    public enum Kind: Sendable, Hashable, Codable {
        /// A contact began touching.
        case contactBegan(Contact)
        /// A contact stopped touching, or its collision behaviour was removed.
        case contactEnded(Contact)
        /// A body came to rest (fell asleep), by id.
        case restBegan(String)
        /// A resting body was set in motion again, by id.
        case restEnded(String)
        /// Every dynamic item of the scenario behaviour `behaviors[index]` has come to rest.
        case behaviorCameToRest(Int)
        /// Every dynamic body rests: the world paused.
        case didPause
        /// The world resumed from a pause.
        case didResume
        /// A warning: at least this many candidate contacts were left out this step
        /// (`WorldEvent.Kind.contactsDropped`).
        case contactsDropped(Int)
        /// A body the world removed because its motion stopped being finite.
        case bodyQuarantined(String)
        /// A body (`visitor`, by id) began overlapping the sensor body `sensor`.
        case sensorBegan(sensor: String, visitor: String)
        /// A body stopped overlapping a sensor (`SensorEvent`).
        case sensorEnded(sensor: String, visitor: String)
        /// An attachment broke (`JointBreakEvent`): its index in `behaviors` and its
        /// reaction force in that step, N.
        case jointBroke(behavior: Int, force: Double)
    }

    /// What happened.
    public let kind: Kind
    /// The scenario step it happened in (the row of the state after it); something caused
    /// at a step boundary (a behaviour added) is reported with the step that follows.
    public let step: Int
    /// `step`·h, seconds.
    public let time: Double
}
