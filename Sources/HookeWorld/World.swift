import HookeCore
import HookeCollision

/// A fixed-step rigid-body world with UIKit Dynamics' behaviours, reproducing the
/// engine under UIKit Dynamics (Box2D 2.3 as Apple configures it) in Double precision.
///
/// ```swift
/// var world = try World()
/// let card = try world.createBody(BodyDefinition(shape: .rectangle(width: 100, height: 100),
///                                                center: SIMD2(100, 100)))
/// _ = try world.addBehavior(.snap(SnapBehavior(item: card, snapPoint: SIMD2(200, 400),
///                                               releaseVelocity: SIMD2(0, 900))))
/// try world.advance(by: 1.0 / 60)          // or world.step() for exactly one step
/// let centre = world.body(card).center
/// ```
///
/// ## Units
/// Points, seconds, radians (positive clockwise on screen, y down), kilograms.
/// The engine works in points throughout; UIKit's SI quantities are converted at the
/// edge with 100 pt = 1 m: a push of F newtons is a force of 100·F kg·pt/s², an
/// impulse of J N·s is 100·J kg·pt/s, gravity magnitude 1 is 1000 pt/s², moments of
/// inertia are in kg·pt². Box2D's metre-scale tolerances become 0.5 pt (slop),
/// 20 pt (largest position correction), 200 pt (largest move per step), 1 pt/s and
/// 2°/s (rest thresholds).
///
/// ## Time
/// One fixed step h (`configuration.timestep`, 1/120 s by default) is the only
/// unit of time inside. `step()` runs exactly one; `advance(by:)` feeds a frame's
/// duration to the project's `FixedStepClock` and runs the whole steps it holds,
/// counted exactly (Apple's float accumulator runs 1 step on the first 1/60 s frame
/// and 2 afterwards; this one runs 2 every time). After `advance(by:)`, `events` holds
/// what happened in every step it ran and `interpolatedPose(of:)` where to draw each
/// body between the last two steps.
///
/// ## Errors
/// A handle that does not designate a live body or behaviour (its body was removed;
/// a removed body's handle is never reused) is a programmer error, as an
/// out-of-range `Array` index is: a call whose subject is a handle — `body(_:)`,
/// `linearVelocity(for:)`, `setLinearVelocity(_:for:)`, `updateBody(_:center:angle:)`,
/// `removeBody(_:)`, `attachment(_:item:attachedTo:anchorPoint:axisOfTranslation:)`,
/// `behavior(_:)`, `replaceBehavior(_:with:)`, `removeBehavior(_:)`… — traps with a
/// message naming the handle ("body#3.1 is not a live body of this world"), and
/// reads therefore do not throw. `contains(_:)` checks a handle first.
///
/// Throwing is for values: every number and every description handed in is
/// validated (finite numbers, density > 0, sizes > 0, timestep > 0…) before anything
/// changes, and a function that takes values throws `HookeError.invalidParameter`
/// naming the first bad one. A behaviour description whose items are not live bodies
/// throws `HookeError.invalidHandle`, naming the path in the description and printing
/// the handle ("behaviors[0].item must be a live body of this world, got body#3.1").
/// Behaviours that refer to a body removed later become inert for that body.
///
/// ## Where Hooke differs from UIKit, deliberately
/// - Double precision and an exact integer step count (see Time).
/// - Behaviour actions run at the start of each step rather than after the solver:
///   the same moment between two steps, except that one also runs before the first
///   step and none after the last.
/// - A snap can take a release velocity (`SnapBehavior.releaseVelocity`).
/// - Ellipses and polygons weigh density × their own area (UIKit documents w·h).
/// - Rest is reported per body (`events`) as well as for the world (`isPaused`).
/// - Fields act on awake bodies only and do not wake resting ones (`FieldBehavior`).
/// - Continuous collision stops fast bodies at their time of impact against static
///   geometry and keeps their velocity (Box2D v3's way) instead of Box2D 2.3's
///   sub-stepped TOI solve (`CollisionBehavior`, Docs/collisions.md).
///
/// Faithful on purpose: soft joints (attachments with a frequency, snaps) are solved
/// implicitly as Box2D does, which adds numerical damping of about ω₀h/2 to the
/// damping ratio (0.05 for a 2 Hz spring at 1/120 s) and lowers the frequency
/// slightly; the tests measure both.
///
/// ## Concurrency
/// `World` is a `Sendable` value: copying it copies the simulation (copy-on-write
/// storage). Behaviour actions are therefore `@Sendable` closures.
public struct World: Sendable {
    /// Solver settings.
    public internal(set) var configuration: WorldConfiguration

    var bodies = BodyStorage()
    var behaviors = BehaviorStorage()
    /// Live body slots, newest first (the order Box2D seeds its islands in).
    var bodiesNewestFirst: [Int] = []
    var nextSequence: UInt64 = 0
    /// Number of live, non-static, awake bodies.
    var awakeCount = 0
    var isStepping = false
    /// Events caused between two steps, reported with the next step.
    var pendingEvents = WorldEvents()
    /// Turns frame times into whole steps for `advance(by:)`.
    var clock: FixedStepClock
    /// The time over which the stored contact and joint impulses were accumulated: the
    /// previous step's h, or its substep under the soft step (0 before the first step),
    /// for the warm-start ratio.
    var previousTimestep = 0.0
    var scratch = StepScratch()
    /// The helper threads of `workerCount`; nil for one thread. Not state: a copy of the
    /// world shares them, a snapshot leaves them out.
    var solverWorkers: SolverWorkers?
    /// Collision proxies, broadphase and persistent contacts.
    var contacts = ContactSet()
    /// Every live body's outline by slot, for the queries (World+Queries.swift); kept
    /// at the bodies' placements by createBody, removeBody, updateBody and the
    /// queryIndex stage.
    var shapeIndex = ShapeIndex()

    /// The reference bounds (UIKit's reference view), points: the boundary of a
    /// collision behaviour with `translatesReferenceBoundsIntoBoundary`. Changing them
    /// moves that boundary from the next step.
    public var referenceBounds: WorldRect? {
        didSet { contacts.needsRebuild = true }
    }

    /// Simulated time: the sum of the steps taken, in seconds.
    public internal(set) var elapsedTime = 0.0
    /// Number of steps taken.
    public internal(set) var stepCount = 0
    /// Time spent in each stage of the last step.
    public internal(set) var profile = WorldProfile()
    /// What happened in the last `step()`, or in every step of the last `advance(by:)`
    /// (`WorldEvents`: an ordered log with each event's step).
    public internal(set) var events = WorldEvents()
    /// The largest error of a rigid attachment that the last step's position iterations
    /// left, as their last pass over each island that did not converge (its contacts or
    /// its joints) measured it before correcting; zero when every island converged.
    /// A lasting error well beyond the slop (0.5 pt, 2°) means a jammed mechanism, which
    /// can gain energy (`JointPositionError`).
    public internal(set) var jointPositionError = JointPositionError.zero

    /// Creates an empty world.
    ///
    /// - Throws: `HookeError.invalidParameter` if the timestep is not finite and
    ///   positive or an iteration count is out of range.
    public init(configuration: WorldConfiguration = WorldConfiguration()) throws(HookeError) {
        try configuration.validate()
        self.configuration = configuration
        self.clock = try FixedStepClock(step: configuration.timestep,
                                        maxStepsPerAdvance: configuration.maximumStepsPerAdvance)
    }

    /// Replaces the solver settings; the next step uses them (the warm start is
    /// scaled by the ratio of the new step to the old one). When the timestep or the
    /// cap changes, the clock restarts with the same fraction of a step pending, so
    /// interpolation stays continuous.
    public mutating func setConfiguration(_ configuration: WorldConfiguration) throws(HookeError) {
        try configuration.validate()
        if configuration.timestep != clock.step || configuration.maximumStepsPerAdvance != clock.maxStepsPerAdvance {
            // Kept clear of the boundary tolerance so that it cannot round up to a step.
            let fraction = min(clock.interpolationFactor, 1 - 4 * FixedStepClock.boundaryTolerance)
            var fresh = try FixedStepClock(step: configuration.timestep,
                                           maxStepsPerAdvance: configuration.maximumStepsPerAdvance)
            // Less than one step of the new clock: no step falls due here.
            _ = try fresh.advance(by: fraction * configuration.timestep)
            clock = fresh
        }
        let wakesEverything = self.configuration.allowsSleeping && !configuration.allowsSleeping
        self.configuration = configuration
        if wakesEverything {
            for i in bodiesNewestFirst { wake(i) }
        }
    }

    /// Whether every body rests (sleeps): UIKit's animator pause. True for an empty world.
    public var isPaused: Bool { awakeCount == 0 }

    /// Fraction (0 ≤ α < 1) of a step pending after `advance(by:)`, for rendering
    /// between the last two states (the clock's `interpolationFactor`).
    public var interpolationFactor: Double { clock.interpolationFactor }

    /// Frame time, in seconds, that `advance(by:)` dropped because a frame held more
    /// than `configuration.maximumStepsPerAdvance` steps (the clock's `droppedTime`).
    public var droppedTime: Double { clock.droppedTime }

    // MARK: - Handles

    /// Slot of the live body `handle` designates, for a call whose subject is that
    /// handle: a stale handle is a programmer error and traps (see "Errors").
    func slot(of handle: BodyHandle, function: StaticString = #function) -> Int {
        guard let i = liveSlot(handle) else { Self.staleHandle(handle, "body", function: function) }
        return i
    }

    /// Slot of a body named by a description handed in (a behaviour's items), at
    /// `path`: a stale handle there is a bad value and throws, printing the handle.
    func slot(of handle: BodyHandle, describedAt path: @autoclosure () -> String) throws(HookeError) -> Int {
        guard let i = liveSlot(handle) else {
            throw .invalidHandle(path(), handle: handle.description, requirement: "a live body of this world")
        }
        return i
    }

    /// Traps for a handle that designates nothing live, naming it as a handle.
    static func staleHandle(_ handle: some CustomStringConvertible, _ kind: String,
                            function: StaticString) -> Never {
        preconditionFailure("World.\(function): \(handle) is not a live \(kind) of this world")
    }

    /// Slot of a live body, or nil.
    func liveSlot(_ handle: BodyHandle) -> Int? {
        let i = Int(handle.index)
        guard i >= 0, i < bodies.count, bodies.isAlive[i], bodies.generation[i] == handle.generation
        else { return nil }
        return i
    }

    func handle(ofSlot i: Int) -> BodyHandle {
        BodyHandle(index: Int32(i), generation: bodies.generation[i])
    }

    /// Whether `handle` designates a live body: check it before a call when the body
    /// may have been removed (a call with a stale handle traps).
    public func contains(_ handle: BodyHandle) -> Bool { liveSlot(handle) != nil }

    /// Handles of every live body, oldest first.
    public var bodyHandles: [BodyHandle] { bodiesNewestFirst.reversed().map { handle(ofSlot: $0) } }

    // MARK: - Bodies

    /// Creates a body from its definition and returns its handle. The body starts awake.
    ///
    /// - Throws: `HookeError.invalidParameter` naming the first invalid value
    ///   (non-finite numbers, size or density ≤ 0, non-convex polygon, elasticity outside 0…1…).
    @discardableResult
    public mutating func createBody(_ definition: BodyDefinition) throws(HookeError) -> BodyHandle {
        try definition.validate()
        // A compound's centre moves to its centre of mass, its parts staying where they are.
        let definition = definition.centredOnMass
        nextSequence += 1
        let i = bodies.insert(definition, sequence: nextSequence)
        bodiesNewestFirst.insert(i, at: 0)
        contacts.needsRebuild = true
        shapeIndex.insert(i, Self.collisionShapes(for: definition.shape), at: definition.center, angle: definition.angle)
        if !bodies.isStatic[i] { noteWoken(i, reportingRestEnded: false) }
        let h = handle(ofSlot: i)
        // A dynamic item behaviour already naming this handle cannot exist (fresh
        // generation), so the definition's properties stand.
        return h
    }

    /// Removes a body. Behaviours naming it stay but no longer act on it.
    public mutating func removeBody(_ handle: BodyHandle) {
        let i = slot(of: handle)
        if !bodies.isStatic[i] && bodies.isAwake[i] { awakeCount -= 1 }
        bodies.isAlive[i] = false
        bodies.isAwake[i] = false
        bodies.freeSlots.append(Int32(i))
        bodiesNewestFirst.removeAll { $0 == i }
        shapeIndex.remove(i)
        contacts.needsRebuild = true
        // Bodies linked to it through joints may now fall: wake them.
        wakeBodies(linkedTo: handle)
    }

    /// A snapshot of a body's state.
    public func body(_ handle: BodyHandle) -> BodyState {
        let i = slot(of: handle)
        let m = bodies.inverseMass[i] > 0 ? 1 / bodies.inverseMass[i] : Double.infinity
        let inertia = bodies.inverseInertia[i] > 0 ? 1 / bodies.inverseInertia[i] : Double.infinity
        return BodyState(center: bodies.center[i], angle: bodies.angle[i],
                         velocity: bodies.velocity[i], angularVelocity: bodies.angularVelocity[i],
                         mass: m, inertia: inertia, isResting: !bodies.isStatic[i] && !bodies.isAwake[i],
                         properties: bodies.properties[i], shape: bodies.shape[i])
    }

    /// Linear velocity of a body, pt/s (UIKit's `linearVelocity(for:)`).
    public func linearVelocity(for handle: BodyHandle) -> SIMD2<Double> {
        bodies.velocity[slot(of: handle)]
    }

    /// Angular velocity of a body, rad/s (UIKit's `angularVelocity(for:)`).
    public func angularVelocity(for handle: BodyHandle) -> Double {
        bodies.angularVelocity[slot(of: handle)]
    }

    /// Adds `velocity` (pt/s) to a body's linear velocity and wakes it.
    public mutating func addLinearVelocity(_ velocity: SIMD2<Double>, for handle: BodyHandle) throws(HookeError) {
        let i = slot(of: handle)
        try setLinearVelocity(bodies.velocity[i] + velocity, for: handle)
    }

    /// Sets a body's linear velocity (pt/s) and wakes it. No effect on an anchored body.
    public mutating func setLinearVelocity(_ velocity: SIMD2<Double>, for handle: BodyHandle) throws(HookeError) {
        let i = slot(of: handle)
        _ = try Validate.finite(velocity.x, "velocity.x")
        _ = try Validate.finite(velocity.y, "velocity.y")
        guard !bodies.isStatic[i] else { return }
        bodies.velocity[i] = velocity
        wake(i)
    }

    /// Adds `angularVelocity` (rad/s) to a body's and wakes it.
    public mutating func addAngularVelocity(_ angularVelocity: Double, for handle: BodyHandle) throws(HookeError) {
        let i = slot(of: handle)
        try setAngularVelocity(bodies.angularVelocity[i] + angularVelocity, for: handle)
    }

    /// Sets a body's angular velocity (rad/s) and wakes it. No effect on an anchored
    /// body or a dynamic one that does not allow rotation.
    public mutating func setAngularVelocity(_ angularVelocity: Double, for handle: BodyHandle) throws(HookeError) {
        let i = slot(of: handle)
        _ = try Validate.finite(angularVelocity, "angularVelocity")
        guard !bodies.isStatic[i], bodies.inverseInertia[i] > 0 || bodies.isKinematic[i] else { return }
        bodies.angularVelocity[i] = angularVelocity
        wake(i)
    }

    /// Moves a body to `center` (pt) and `angle` (rad) and wakes it: UIKit's
    /// `updateItem(usingCurrentState:)`, with the item's state passed in.
    public mutating func updateBody(_ handle: BodyHandle, center: SIMD2<Double>, angle: Double) throws(HookeError) {
        let i = slot(of: handle)
        _ = try Validate.finite(center.x, "center.x")
        _ = try Validate.finite(center.y, "center.y")
        _ = try Validate.finite(angle, "angle")
        bodies.center[i] = center
        bodies.angle[i] = angle
        // A teleport is not motion to blend: drawn at the new pose from now on.
        bodies.previousCenter[i] = center
        bodies.previousAngle[i] = angle
        shapeIndex.move(i, to: center, angle: angle)
        // A static body's proxy moves only with a rebuild.
        if bodies.isStatic[i] { contacts.needsRebuild = true }
        wake(i)
        wakeBodies(linkedTo: handle)
    }

    /// Makes a body kinematic or dynamic again (Box2D's `b2Body_SetType`), keeping its pose
    /// and velocity, and wakes it: a view picked up by a finger and let go.
    public mutating func setKinematic(_ isKinematic: Bool, for handle: BodyHandle) {
        let i = slot(of: handle)
        guard bodies.isKinematic[i] != isKinematic else { return }
        bodies.isKinematic[i] = isKinematic
        bodies.updateMass(i)
        wake(i)
        wakeBodies(linkedTo: handle)
    }

    /// Whether a body is kinematic (`BodyDefinition.isKinematic`).
    public func isKinematic(_ handle: BodyHandle) -> Bool { bodies.isKinematic[slot(of: handle)] }

    /// Aims a kinematic body at a pose (Box2D v3's `b2Body_SetTargetTransform`): sets the
    /// velocities that carry it from where it is to `center` (pt) and `angle` (rad) in
    /// `time` seconds (one step of the world's timestep when nil),
    /// v = (center − c)/time, ω = (angle − θ)/time, so it arrives at the end of that
    /// step and pushes what is in its way on the way there, where `updateBody` would jump.
    ///
    /// - Throws: `HookeError.invalidParameter` naming `center.x`, `center.y`, `angle` (not
    ///   finite) or `time` (not finite and > 0); `HookeError.invalidHandle` naming `body`
    ///   when it is not kinematic.
    public mutating func setTargetTransform(
        _ handle: BodyHandle, center: SIMD2<Double>, angle: Double, time: Double? = nil
    ) throws(HookeError) {
        let i = slot(of: handle)
        _ = try Validate.finite(center.x, "center.x")
        _ = try Validate.finite(center.y, "center.y")
        _ = try Validate.finite(angle, "angle")
        let t = try Validate.positive(time ?? configuration.timestep, "time")
        guard bodies.isKinematic[i] else {
            throw .invalidHandle("body", handle: handle.description, requirement: "a kinematic body (setKinematic(true, for:))")
        }
        try setLinearVelocity((center - bodies.center[i]) / t, for: handle)
        try setAngularVelocity((angle - bodies.angle[i]) / t, for: handle)
    }

    // MARK: - Sleep bookkeeping

    /// Wakes a dynamic body (Box2D's `SetAwake(true)`: the sleep timer restarts only
    /// if it was asleep).
    mutating func wake(_ i: Int) {
        guard bodies.isAlive[i], !bodies.isStatic[i], !bodies.isAwake[i] else { return }
        bodies.isAwake[i] = true
        bodies.sleepTime[i] = 0
        noteWoken(i)
    }

    /// Counts a body that became awake and records the events (a new body resumes a
    /// paused world but did not rest before, so it has no rest-ended event).
    mutating func noteWoken(_ i: Int, reportingRestEnded: Bool = true) {
        if awakeCount == 0 { recordEvent(.didResume) }
        awakeCount += 1
        guard reportingRestEnded else { return }
        recordEvent(.restEnded(handle(ofSlot: i)))
    }

    /// Puts a dynamic body to sleep: velocities and forces zero (Box2D's `SetAwake(false)`).
    mutating func sleep(_ i: Int) {
        guard bodies.isAwake[i], !bodies.isStatic[i] else { return }
        bodies.isAwake[i] = false
        bodies.sleepTime[i] = 0
        bodies.velocity[i] = .zero
        bodies.angularVelocity[i] = 0
        bodies.force[i] = .zero
        bodies.torque[i] = 0
        awakeCount -= 1
        recordEvent(.restBegan(handle(ofSlot: i)))
        if awakeCount == 0 { recordEvent(.didPause) }
    }

    /// Logs an event. During a step it goes to `events`; between steps to
    /// `pendingEvents`, which the next step reports. Either way it belongs to the step
    /// that `stepCount` counts next (`stepCount` moves on at the end of a step).
    mutating func recordEvent(_ kind: WorldEvent.Kind) {
        if isStepping {
            events.append(kind, step: stepCount + 1)
        } else {
            pendingEvents.append(kind, step: stepCount + 1)
        }
    }

    /// Recounts awake dynamic bodies after static/dynamic changes.
    mutating func recountAwake() {
        let was = awakeCount
        awakeCount = 0
        for i in bodiesNewestFirst where !bodies.isStatic[i] && bodies.isAwake[i] { awakeCount += 1 }
        if was == 0 && awakeCount > 0 { recordEvent(.didResume) }
        if was > 0 && awakeCount == 0 { recordEvent(.didPause) }
    }
}
