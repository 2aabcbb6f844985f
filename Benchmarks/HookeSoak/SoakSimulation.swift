import Foundation
import Hooke
import HookeInteractions

/// How the soak alternates input and quiet (Docs/reliability.md, "Soak").
public struct SoakSchedule: Sendable, Hashable {
    /// Steps of each cycle's input phase: gestures, snaps, pushes, fields.
    public var inputSteps: Int
    /// Steps of each cycle's free phase: nothing acts but gravity, contacts, joints and
    /// the drag field, so the mechanical energy may only fall (up to a measured bound).
    public var freeSteps: Int
    /// Snaps are re-targeted, and the instantaneous push re-armed, every this many steps.
    public var retargetEvery: Int
    /// Whether odd cycles run the soft step (4 substeps) and even ones UIKit's solver.
    public var alternatesSolver: Bool

    public init(inputSteps: Int = 360, freeSteps: Int = 360, retargetEvery: Int = 60, alternatesSolver: Bool = true) {
        self.inputSteps = inputSteps
        self.freeSteps = freeSteps
        self.retargetEvery = retargetEvery
        self.alternatesSolver = alternatesSolver
    }

    /// Steps of one cycle.
    public var cycleSteps: Int { inputSteps + freeSteps }
}

/// The soak's scene driven by its inputs, step by step: a finger dragging a pile body
/// on an attachment and throwing it, a flick (`FlickToDismiss`), snaps re-targeted,
/// pushes re-armed, fields switched on, gravity re-aimed, the solver switched, and three
/// `HookeInteractions` bodies played from synthetic recordings, all from one seed.
///
/// `applyInputs()` changes the world for the coming step, `advance()` runs it; `step()`
/// does both. The checks (`SoakRun`) read the state between the two.
public struct SoakSimulation: Sendable {
    public enum Phase: String, Sendable, Hashable {
        /// Inputs act: the energy may rise.
        case input
        /// No input: the energy may only fall.
        case free
    }

    public private(set) var scene: SoakScene
    public let schedule: SoakSchedule
    /// World steps run.
    public private(set) var stepCount = 0
    /// The cycle the next step belongs to.
    public var cycle: Int { stepCount / schedule.cycleSteps }
    /// The step within its cycle of the next step.
    public var stepInCycle: Int { stepCount % schedule.cycleSteps }
    /// The phase of the next step.
    public var phase: Phase { stepInCycle < schedule.inputSteps ? .input : .free }
    /// Whether the next step is the first of a free phase (its inputs have just been removed).
    public var beginsFreePhase: Bool { stepInCycle == schedule.inputSteps }
    /// The solver of the next step.
    public var solver: SolverMode { scene.world.configuration.solver }

    /// Every body of the scene.
    public let allBodies: [BodyHandle]
    /// The bodies the energy is summed over, and whether gravity acts on each.
    public let energyBodies: [BodyHandle]

    private var random: SplitMix64
    private var snaps: [TypedBehaviorHandle<SnapBehavior>] = []
    private var drag: DragGesture?
    private var dragStart = 0
    private var dragEndedAt = Int.min / 2
    /// Bodies found outside the bounds at an input step and put back at the top.
    public private(set) var returnedBodies = 0
    private var flick: FlickToDismiss
    private var flickEvents: [GestureEvent] = []
    private var flickAdded: [BehaviorHandle] = []
    private var card: GesturePlayback<SwipeCard>
    private var jelly: GesturePlayback<JellyEdge>
    private var pinch: GesturePlayback<PinchReveal>

    /// A finger dragging a body on an attachment at a grab point, along a path.
    private struct DragGesture: Sendable {
        var body: BodyHandle
        var handle: TypedBehaviorHandle<AttachmentBehavior>
        var grab: SIMD2<Double>
        var amplitude: SIMD2<Double>
        var frequency: SIMD2<Double>
        var phase: SIMD2<Double>
        var durationSteps: Int
        var estimator = VelocityEstimator()
    }

    public init(seed: UInt64 = 0x50A4_0001, schedule: SoakSchedule = SoakSchedule(), solver: SolverMode = .uikit) throws {
        let scene = try SoakScene(seed: seed, solver: solver)
        self.scene = scene
        self.schedule = schedule
        random = SplitMix64(seed: seed ^ 0x9E37_79B9_7F4A_7C15)
        allBodies = scene.world.bodyHandles
        energyBodies = scene.energyBodies
        flick = try FlickToDismiss(item: scene.flickBody, in: scene.world, bounds: SoakScene.bounds)
        let idle = try GestureRecording(kind: .pan, events: [try GestureEvent(.began, time: 0, location: .zero),
                                                             try GestureEvent(.cancelled, time: 0, location: .zero)])
        card = try GesturePlayback(recording: idle, body: try SwipeCard())
        jelly = try GesturePlayback(recording: idle, body: try JellyEdge())
        let idlePinch = try GestureRecording(kind: .pinch, events: [
            try GestureEvent(.began, time: 0, location: SIMD2(500, 300), secondLocation: SIMD2(524, 300)),
            try GestureEvent(.cancelled, time: 0, location: SIMD2(500, 300), secondLocation: SIMD2(524, 300))])
        pinch = try GesturePlayback(recording: idlePinch, body: try PinchReveal())
    }

    /// The dragged body and where the finger is, while a drag is on.
    public var dragState: (body: BodyHandle, finger: SIMD2<Double>)? {
        guard let drag, let anchor = scene.world[drag.handle].anchorPoint else { return nil }
        return (drag.body, anchor)
    }

    /// Changes the world between steps (for tests that inject a fault the checks must catch).
    public mutating func updateWorld(_ change: (inout World) throws -> Void) rethrows {
        try change(&scene.world)
    }

    /// The world, read-only.
    public var world: World { scene.world }

    /// Runs one step: its inputs, then the world step.
    public mutating func step() throws {
        try applyInputs()
        advance()
    }

    /// Changes the world as the schedule says for the coming step.
    public mutating func applyInputs() throws {
        let s = stepInCycle
        if s == 0 { try beginInputPhase() }
        if s < schedule.inputSteps {
            try returnEscapedBodies()
            if s > 0, s % schedule.retargetEvery == 0 { try retarget() }
            if s == dragStart { try beginDrag() }
            try continueDrag(at: s)
            try deliverFlickEvents(at: s)
        }
        if s == schedule.inputSteps { try beginFreePhase() }
    }

    /// Runs the world step and steps the interaction bodies.
    public mutating func advance() {
        scene.world.step()
        flick.didStep(&scene.world)
        _ = card.step()
        _ = jelly.step()
        _ = pinch.step()
        stepCount += 1
    }

    // MARK: - Phases

    private mutating func beginInputPhase() throws {
        if schedule.alternatesSolver {
            var configuration = scene.world.configuration
            configuration.solver = cycle % 2 == 0 ? .uikit : .softStep(substeps: 4)
            try scene.world.setConfiguration(configuration)
        }
        let angle = Double.pi / 2 + random.uniform(-0.6...0.6), magnitude = random.uniform(0.6...1.2)
        try scene.world.update(scene.gravity) { $0 = GravityBehavior(items: $0.items, angle: angle, magnitude: magnitude) }
        let items = energyBodies
        for field in scene.inputFields { try scene.world.update(field) { $0.items = items } }
        let force = randomVector(0.1...0.3)
        try scene.world.update(scene.continuousPush) {
            $0.pushDirection = force
            $0.active = true
        }
        snaps = []
        for body in scene.snapped {
            let snap = SnapBehavior(item: body, snapPoint: randomPoint(inset: 60), damping: random.uniform(0.1...0.9))
            snaps.append(try scene.world.addBehavior(snap))
        }
        dragStart = Int(random.next() % 40) + 10
        try startFlick()
        try startInteractionRecordings()
    }

    private mutating func beginFreePhase() throws {
        if drag != nil { try endDrag() }
        for snap in snaps { scene.world.removeBehavior(snap) }
        snaps = []
        try scene.world.update(scene.continuousPush) { $0.active = false }
        try scene.world.update(scene.impulsePush) { $0.active = false }
        for field in scene.inputFields { try scene.world.update(field) { $0.items = [] } }
    }

    private mutating func retarget() throws {
        for snap in snaps {
            let point = randomPoint(inset: 60)
            try scene.world.update(snap) { $0.snapPoint = point }
        }
        let impulse = randomVector(0.02...0.1)
        try scene.world.update(scene.impulsePush) {
            $0.pushDirection = impulse
            $0.active = true
        }
    }

    // MARK: - The drag

    private mutating func beginDrag() throws {
        let body = scene.pile[Int(random.next() % UInt64(scene.pile.count))]
        let state = scene.world.body(body)
        let grab = state.center + randomVector(0...5)
        let local = (grab - state.center).rotated(by: -state.angle)
        let soft = random.next() % 2 == 0
        let attachment = AttachmentBehavior(item: body, offsetFromCenter: local, attachedToAnchor: grab, length: 0,
                                            frequency: soft ? 5 : 0, damping: soft ? 0.7 : 0)
        let handle = try scene.world.addBehavior(attachment)
        var gesture = DragGesture(
            body: body, handle: handle, grab: grab,
            amplitude: SIMD2(random.uniform(40...180), random.uniform(40...180)),
            frequency: SIMD2(random.uniform(2...9), random.uniform(2...9)),
            phase: SIMD2(random.uniform(0...6.28), random.uniform(0...6.28)),
            durationSteps: Int(random.next() % 180) + 60)
        try gesture.estimator.add(GestureSample(time: scene.world.elapsedTime, location: grab))
        drag = gesture
    }

    /// The finger at `t` seconds into the drag: a Lissajous path from the grab point with
    /// a little touch noise, kept 120 pt inside the bounds (a rigid drag presses what is
    /// between the finger and a wall with unlimited force: closer, it squeezes bodies out
    /// through the boundary, as a UIKit attachment would).
    private mutating func finger(_ g: DragGesture, at t: Double) -> SIMD2<Double> {
        let wave = SIMD2(sin(g.frequency.x * t + g.phase.x) - sin(g.phase.x),
                         sin(g.frequency.y * t + g.phase.y) - sin(g.phase.y))
        let p = g.grab + g.amplitude * wave + randomVector(0...0.3)
        let b = SoakScene.bounds
        return SIMD2(min(max(p.x, b.origin.x + 120), b.origin.x + b.size.x - 120),
                     min(max(p.y, b.origin.y + 120), b.origin.y + b.size.y - 120))
    }

    private mutating func continueDrag(at s: Int) throws {
        guard var g = drag, s > dragStart, (s - dragStart) % 2 == 0 else { return }   // 60 Hz touches
        let p = finger(g, at: Double(s - dragStart) * scene.world.configuration.timestep)
        try g.estimator.add(GestureSample(time: scene.world.elapsedTime, location: p))
        try scene.world.update(g.handle) { $0.anchorPoint = p }
        drag = g
        if s - dragStart >= g.durationSteps { try endDrag() }
    }

    /// The finger lifts: the attachment goes and the body keeps the finger's velocity.
    private mutating func endDrag() throws {
        guard let g = drag else { return }
        scene.world.removeBehavior(g.handle)
        try scene.world.setLinearVelocity(g.estimator.velocity(at: scene.world.elapsedTime), for: g.body)
        drag = nil
        dragEndedAt = stepCount
    }

    /// Whether a drag is on, or ended less than half a second ago: the time a squeeze it
    /// caused takes to play out.
    public var dragIsPressing: Bool { drag != nil || stepCount - dragEndedAt < 60 }

    /// Puts every energy body whose centre is more than 40 pt outside the bounds back in,
    /// at rest near the top (an input: only in input phases).
    private mutating func returnEscapedBodies() throws {
        let b = SoakScene.bounds
        for handle in energyBodies {
            let c = scene.world.body(handle).center
            guard c.x < b.origin.x - 40 || c.y < b.origin.y - 40 || c.x > b.origin.x + b.size.x + 40
                || c.y > b.origin.y + b.size.y + 40 else { continue }
            try scene.world.updateBody(handle, center: SIMD2(300 + random.uniform(-200...200), 60), angle: 0)
            try scene.world.setLinearVelocity(.zero, for: handle)
            try scene.world.setAngularVelocity(0, for: handle)
            returnedBodies += 1
        }
    }

    // MARK: - The flick

    private mutating func startFlick() throws {
        if flick.phase == .dismissed || flick.phase == .dismissing {
            for handle in flickAdded where scene.world.contains(handle) { scene.world.removeBehavior(handle) }
            flickAdded = []
            try scene.world.updateBody(flick.item, center: flick.home, angle: 0)
            try scene.world.setLinearVelocity(.zero, for: flick.item)
            try scene.world.setAngularVelocity(0, for: flick.item)
            flick = try FlickToDismiss(item: scene.flickBody, in: scene.world, bounds: SoakScene.bounds)
        }
        let h = scene.world.configuration.timestep
        let start = scene.world.body(flick.item).center + randomVector(0...10)
        let velocity = randomVector(200...2500)
        let count = Int(random.next() % 36) + 15
        let t0 = scene.world.elapsedTime + 10 * h
        var events = [try GestureEvent(.began, time: t0, location: start)]
        for k in 1...count {
            let t = Double(2 * k) * h
            let p = start + t * velocity + 200 * t * t * SIMD2(velocity.y, -velocity.x) / velocity.length
            events.append(try GestureEvent(k == count ? .ended : .changed, time: t0 + t, location: p))
        }
        flickEvents = events
    }

    private mutating func deliverFlickEvents(at s: Int) throws {
        let now = scene.world.elapsedTime + 1e-9
        while let event = flickEvents.first, event.time <= now {
            flickEvents.removeFirst()
            let before = Set(scene.world.behaviorHandles)
            try flick.handle(event, in: &scene.world)
            flickAdded += scene.world.behaviorHandles.filter { !before.contains($0) }
            flickAdded = flickAdded.filter { scene.world.contains($0) }
        }
    }

    // MARK: - Interaction bodies

    private mutating func startInteractionRecordings() throws {
        let h = 1.0 / 60
        // A swipe card: a pan of 0.2–0.6 s ending somewhere within ±300 pt.
        var cardBody = card.body
        switch cardBody.phase {
        case .leaving, .gone: cardBody = try SwipeCard()
        default: break
        }
        let cardSteps = Int(random.next() % 25) + 12
        let cardMove = SIMD2(random.uniform(-300...300), random.uniform(-80...80))
        card = try GesturePlayback(recording: try pan(from: SIMD2(160, 300), move: cardMove, steps: cardSteps, h: h),
                                   body: cardBody)
        // A jelly edge: pulled down from the middle and let go.
        let jellySteps = Int(random.next() % 40) + 10
        let jellyMove = SIMD2(random.uniform(-100...100), random.uniform(30...300))
        jelly = try GesturePlayback(recording: try pan(from: SIMD2(187, 100), move: jellyMove, steps: jellySteps, h: h),
                                    body: jelly.body)
        // A pinch: two fingers spreading or closing about x = 512.
        let pinchSteps = Int(random.next() % 30) + 10
        let spread = random.uniform(-150...400)
        var events: [GestureEvent] = []
        for k in 0...pinchSteps {
            let f = Double(k) / Double(pinchSteps)
            let half = 40 + spread * f * f
            let phase: GesturePhase = k == 0 ? .began : (k == pinchSteps ? .ended : .changed)
            events.append(try GestureEvent(phase, time: Double(k) * h, location: SIMD2(512 - max(half, 5), 300),
                                           secondLocation: SIMD2(512 + max(half, 5), 300)))
        }
        pinch = try GesturePlayback(recording: try GestureRecording(kind: .pinch, events: events), body: pinch.body)
    }

    /// A pan from `from` that moves by `move` in `steps` touches `h` apart, easing out.
    private mutating func pan(from: SIMD2<Double>, move: SIMD2<Double>, steps: Int, h: Double) throws -> GestureRecording {
        var events: [GestureEvent] = []
        for k in 0...steps {
            let f = Double(k) / Double(steps)
            let phase: GesturePhase = k == 0 ? .began : (k == steps ? .ended : .changed)
            events.append(try GestureEvent(phase, time: Double(k) * h, location: from + (2 * f - f * f) * move
                                               + randomVector(0...0.4)))
        }
        return try GestureRecording(kind: .pan, events: events)
    }

    // MARK: - Reading the state

    /// The mechanical energy of the bodies that exchange it (`SoakScene.energyBodies`),
    /// kg·pt²/s²: kinetic (translation and rotation), gravitational in the current gravity,
    /// and the elastic energy of the scene's soft springs (`SoakScene.SoftSpring`).
    public func mechanicalEnergy() -> Double {
        let world = scene.world
        let g = world[scene.gravity].acceleration
        var energy = 0.0
        for handle in energyBodies {
            let b = world.body(handle)
            energy += 0.5 * b.mass * (b.velocity * b.velocity).sum() + 0.5 * b.inertia * b.angularVelocity * b.angularVelocity
            energy -= b.mass * (g * b.center).sum()
        }
        for spring in scene.springs {
            let p = world.body(spring.item).center
            let q = spring.other.map { world.body($0).center } ?? spring.anchor
            let stretch = (p - q).length - spring.length
            energy += 0.5 * spring.stiffness * stretch * stretch
        }
        return energy
    }

    /// The kinetic energy of the energy bodies (translation and rotation), kg·pt²/s², and
    /// the largest turn per step among them, radians.
    public func kineticEnergy() -> (energy: Double, largestTurnPerStep: Double) {
        var energy = 0.0, turn = 0.0
        for handle in energyBodies {
            let b = scene.world.body(handle)
            energy += 0.5 * b.mass * (b.velocity * b.velocity).sum() + 0.5 * b.inertia * b.angularVelocity * b.angularVelocity
            turn = max(turn, abs(b.angularVelocity) * scene.world.configuration.timestep)
        }
        return (energy, turn)
    }

    /// The largest turn in one step among the rig's bodies (every one of them on a joint),
    /// radians: |ω|·h. What `EnergyCheck.turnLimit` is compared with, since the energy
    /// Box2D 2.3's method gains at high turn comes from its joints' position correction.
    public func largestJointedTurnPerStep() -> Double {
        scene.rig.reduce(0) { max($0, abs(scene.world.body($1).angularVelocity)) } * scene.world.configuration.timestep
    }

    /// Each energy body's kinetic and gravitational energy (`mechanicalEnergy` less the
    /// springs), in the order of `energyBodies`: for finding which body gained.
    public func bodyEnergies() -> [Double] {
        let g = scene.world[scene.gravity].acceleration
        return energyBodies.map { handle in
            let b = scene.world.body(handle)
            return 0.5 * b.mass * (b.velocity * b.velocity).sum() + 0.5 * b.inertia * b.angularVelocity * b.angularVelocity
                - b.mass * (g * b.center).sum()
        }
    }

    /// The weight of the energy bodies, Σ m·|g| (kg·pt/s²): the energy of lifting all of
    /// them by 1 pt, the unit the energy bound is stated in.
    public func weight() -> Double {
        let g = scene.world[scene.gravity].acceleration.length
        return energyBodies.reduce(0) { $0 + scene.world.body($1).mass * g }
    }

    /// A description of the first non-finite number in the state of any body of the world
    /// or of the interaction bodies, nil when all are finite.
    public func firstNonFinite() -> String? {
        let world = scene.world
        for handle in allBodies {
            let b = world.body(handle)
            // The names are only spelt out for a state that has a non-finite number.
            guard !(b.center.x.isFinite && b.center.y.isFinite && b.angle.isFinite && b.velocity.x.isFinite
                    && b.velocity.y.isFinite && b.angularVelocity.isFinite) else { continue }
            return Self.firstNonFinite([
                ("\(handle).center.x", b.center.x), ("\(handle).center.y", b.center.y), ("\(handle).angle", b.angle),
                ("\(handle).velocity.x", b.velocity.x), ("\(handle).velocity.y", b.velocity.y),
                ("\(handle).angularVelocity", b.angularVelocity),
            ])
        }
        let c = card.body.renderState, j = jelly.body.renderState, p = pinch.body.renderState
        let values = [c.center.x, c.center.y, c.velocity.x, c.velocity.y, c.angle, c.scale,
                      j.curve.control.x, j.curve.control.y, j.velocity.x, j.velocity.y,
                      p.division, p.leftOffset, p.rightOffset, p.leftVelocity, p.rightVelocity]
        guard !values.allSatisfy(\.isFinite) else { return nil }
        let names = ["card.center.x", "card.center.y", "card.velocity.x", "card.velocity.y", "card.angle", "card.scale",
                     "jelly.control.x", "jelly.control.y", "jelly.velocity.x", "jelly.velocity.y",
                     "pinch.division", "pinch.leftOffset", "pinch.rightOffset", "pinch.leftVelocity", "pinch.rightVelocity"]
        return Self.firstNonFinite(Array(zip(names, values)))
    }

    /// "name = value" for the first value that is not finite, nil when all are.
    public static func firstNonFinite(_ values: [(name: String, value: Double)]) -> String? {
        values.first { !$0.value.isFinite }.map { "\($0.name) = \($0.value)" }
    }

    /// Feeds every body's pose and velocity, and the interaction bodies' render states,
    /// into `hash`, by their exact bits.
    public func hash(into hash: inout BitHash) {
        for handle in allBodies {
            let b = scene.world.body(handle)
            hash.combine(b.center)
            hash.combine(b.angle)
            hash.combine(b.velocity)
            hash.combine(b.angularVelocity)
        }
        let c = card.body.renderState
        hash.combine(c.center)
        hash.combine(c.velocity)
        hash.combine(c.angle)
        let j = jelly.body.renderState
        hash.combine(j.curve.control)
        hash.combine(j.velocity)
        let p = pinch.body.renderState
        hash.combine(p.leftOffset)
        hash.combine(p.rightOffset)
    }

    // MARK: - Random input

    private mutating func randomVector(_ length: ClosedRange<Double>) -> SIMD2<Double> {
        let angle = random.uniform(0...(2 * Double.pi))
        return random.uniform(length) * SIMD2(cos(angle), sin(angle))
    }

    private mutating func randomPoint(inset: Double) -> SIMD2<Double> {
        let b = SoakScene.bounds
        return SIMD2(random.uniform((b.origin.x + inset)...(b.origin.x + b.size.x - inset)),
                     random.uniform((b.origin.y + inset)...(b.origin.y + b.size.y - inset)))
    }
}
