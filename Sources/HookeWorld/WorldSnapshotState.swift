import HookeCore
import HookeCollision

/// Everything a `World` carries from one step into the next, as one `Codable` value:
/// what a `WorldSnapshot` holds (Docs/snapshots.md, "What a snapshot holds").
///
/// Left out, because each step rebuilds them before reading them: the step's scratch
/// buffers (`StepScratch`) but for the rotation cache, whose incrementally turned
/// (cos θ, sin θ) carry rounding from step to step; the profile's timings.
struct WorldSnapshotState: Codable, Sendable {
    var configuration: WorldConfiguration
    var bodies: BodyStorage
    var behaviors: BehaviorStorage
    var bodiesNewestFirst: [Int]
    var nextSequence: UInt64
    var awakeCount: Int
    var pendingEvents: WorldEvents
    var clock: FixedStepClock
    var previousTimestep: Double
    var rotations: RotationCache
    var contacts: ContactSet
    var shapeIndex: ShapeIndex
    var referenceBounds: WorldRect?
    var elapsedTime: Double
    var stepCount: Int
    var events: WorldEvents
    var jointPositionError: JointPositionError

    init(_ world: World) {
        configuration = world.configuration
        bodies = world.bodies
        behaviors = world.behaviors
        bodiesNewestFirst = world.bodiesNewestFirst
        nextSequence = world.nextSequence
        awakeCount = world.awakeCount
        pendingEvents = world.pendingEvents
        clock = world.clock
        previousTimestep = world.previousTimestep
        rotations = world.scratch.rotations
        contacts = world.contacts
        shapeIndex = world.shapeIndex
        referenceBounds = world.referenceBounds
        elapsedTime = world.elapsedTime
        stepCount = world.stepCount
        events = world.events
        jointPositionError = world.jointPositionError
    }
}

extension World {
    /// A world in the state `state` describes, which `WorldSnapshot` has checked.
    init(state: WorldSnapshotState) {
        configuration = state.configuration
        bodies = state.bodies
        behaviors = state.behaviors
        bodiesNewestFirst = state.bodiesNewestFirst
        nextSequence = state.nextSequence
        awakeCount = state.awakeCount
        pendingEvents = state.pendingEvents
        clock = state.clock
        previousTimestep = state.previousTimestep
        scratch.rotations = state.rotations
        contacts = state.contacts
        shapeIndex = state.shapeIndex
        referenceBounds = state.referenceBounds
        elapsedTime = state.elapsedTime
        stepCount = state.stepCount
        events = state.events
        jointPositionError = state.jointPositionError
    }
}
