import HookeWorld

/// A scenario running on a `World`, one fixed step at a time.
///
/// The bodies are created in file order; behaviours join the world at the step
/// boundary their `at` falls on and leave at their `until`'s:
///
/// - step n runs from n·h to (n + 1)·h; a time t falls on the first boundary at or
///   after it, n = ⌈t/h⌉ (within 10⁻⁶ of a step, `Scenario.firstStep(atOrAfter:)`);
/// - before step n, the behaviours whose `until` falls on n are removed, then those
///   whose `at` falls on n are added, in file order — so an instantaneous push with
///   `at` fires during step n and shows in the state after it (step n + 1), as
///   UIKit applies a push on the next step; a behaviour whose `until` falls on the same
///   boundary as its `at` is never added;
/// - `samples()` reads the state after `step` steps, before that boundary's changes:
///   step 0 is the file's initial state;
/// - `events` holds what happened during the last `advance()` (contacts, rest, pause),
///   each with the step it happened in.
///
/// With the UIKit solver and `world.substeps` = s, each step of h runs s world steps of
/// h/s; the soft step substeps within each world step.
///
/// ```swift
/// var run = try Scenario.parse(data).simulation()
/// while run.step < 120 { try run.advance() }
/// let rows = run.samples()
/// ```
public struct ScenarioSimulation: Sendable {
    /// The scenario being run.
    public let scenario: Scenario
    /// The world, as it is after `step` steps.
    public internal(set) var world: World
    /// The handle of each body, in file order.
    public let bodyHandles: [BodyHandle]
    /// Steps taken.
    public internal(set) var step = 0
    /// What happened during the last `advance()`: the events of its world steps, in
    /// order (empty before the first).
    public internal(set) var events: [ScenarioEvent] = []

    private let handlesByID: [String: BodyHandle]
    private let idsByHandle: [BodyHandle: String]
    private let substeps: Int
    /// Per behaviour (file order): boundary it is added at, and removed at (nil = never).
    private let schedule: [(add: Int, remove: Int?)]
    /// Per behaviour: its handle while it is in the world.
    var added: [BehaviorHandle?]
    /// Indices of the recorded bodies, in file order.
    private let recorded: [Int]
    /// Per query (file order): the step after which it is answered.
    let querySteps: [Int]

    /// Creates the world and its bodies; no behaviour is added until the first
    /// `advance()`.
    ///
    /// - Throws: `ScenarioError` naming the body the world refuses.
    public init(_ scenario: Scenario) throws(ScenarioError) {
        self.scenario = scenario
        do {
            world = try World(configuration: scenario.worldConfiguration)
        } catch {
            throw ScenarioError(path: "world", message: "\(error)")
        }
        if let b = scenario.world.bounds {
            world.referenceBounds = WorldRect(x: b.x, y: b.y, width: b.width, height: b.height)
        }
        var handles: [BodyHandle] = []
        var byID: [String: BodyHandle] = [:]
        for (i, body) in scenario.bodies.enumerated() {
            do {
                let h = try world.createBody(body.bodyDefinition)
                handles.append(h)
                byID[body.id] = h
            } catch {
                throw ScenarioError(path: "bodies[\(i)]", message: "\(error)")
            }
        }
        bodyHandles = handles
        handlesByID = byID
        idsByHandle = Dictionary(uniqueKeysWithValues: zip(handles, scenario.bodies.map(\.id)))
        substeps = scenario.worldStepsPerStep
        schedule = scenario.behaviors.map { b in
            (scenario.firstStep(atOrAfter: b.at), b.until.map { scenario.firstStep(atOrAfter: $0) })
        }
        added = Array(repeating: nil, count: scenario.behaviors.count)
        querySteps = scenario.queries.map { scenario.firstStep(atOrAfter: $0.at) }
        let wanted = scenario.record.items.map(Set.init)
        recorded = scenario.bodies.indices.filter { wanted?.contains(scenario.bodies[$0].id) ?? true }
    }

    /// Simulated time step·h, in seconds.
    public var time: Double { Double(step) * scenario.world.timestep }

    /// The handle of the body named `id`.
    public func handle(for id: String) -> BodyHandle? { handlesByID[id] }

    /// Applies the behaviour changes due at this boundary and runs one step of h.
    ///
    /// - Throws: `ScenarioError` naming the behaviour the world refuses, or (path empty)
    ///   when a body's state stops being finite.
    public mutating func advance() throws(ScenarioError) {
        for (i, s) in schedule.enumerated() where s.remove == step {
            // An `updateWorld` change may have removed the behaviour already.
            if let h = added[i], world.contains(h) { world.removeBehavior(h) }
            added[i] = nil
        }
        for (i, s) in schedule.enumerated() where s.add == step && (s.remove.map { $0 > step } ?? true) {
            let path = "behaviors[\(i)]"
            let b = scenario.behaviors[i]
            let behavior = try b.worldBehavior(in: world, handles: handlesByID, path: path)
            do {
                added[i] = try world.addBehavior(behavior)
                // UIKit's addLinearVelocity / addAngularVelocity when the behaviour starts.
                if case let .dynamicItem(d) = b.kind {
                    for id in d.items {
                        guard let h = handlesByID[id] else { continue }
                        if let v = d.linearVelocity { try world.addLinearVelocity(v, for: h) }
                        if let w = d.angularVelocity { try world.addAngularVelocity(w, for: h) }
                    }
                }
            } catch {
                throw ScenarioError(path: path, message: "\(error)")
            }
        }
        events.removeAll(keepingCapacity: true)
        for _ in 0..<substeps {
            world.step()
            for event in world.events.log {
                if case let .bodyQuarantined(h) = event.kind {
                    // The world contained it; the run cannot go on as the file describes.
                    throw ScenarioError(
                        path: "", message: "the motion of body \"\(idsByHandle[h] ?? h.description)\" stopped being "
                            + "finite at step \(step + 1) (the world quarantined it)")
                }
                if let e = scenarioEvent(event.kind) { events.append(e) }
            }
        }
        step += 1
        for (i, h) in bodyHandles.enumerated() {
            // An `updateWorld` change may have removed the body.
            guard world.contains(h) else { continue }
            let state = world.body(h)
            let sample = ScenarioSample(step: step, time: time, id: scenario.bodies[i].id, center: state.center,
                                        angle: state.angle, velocity: state.velocity,
                                        angularVelocity: state.angularVelocity)
            if !sample.isFinite {
                throw ScenarioError(
                    path: "", message: "the motion of body \"\(scenario.bodies[i].id)\" stopped being finite at step \(step)")
            }
        }
    }

    /// A world event of the step now running (`step + 1`) by the scenario's names; nil
    /// for a behaviour that is not one of the scenario's (added through `updateWorld`).
    private func scenarioEvent(_ kind: WorldEvent.Kind) -> ScenarioEvent? {
        func contact(_ c: ContactEvent) -> ScenarioEvent.Contact {
            let partner: ScenarioEvent.Contact.Partner
            switch c.partner {
            case let .item(other): partner = .item(id(other))
            case let .boundary(identifier): partner = .boundary(identifier)
            }
            return ScenarioEvent.Contact(item: id(c.item), partner: partner, point: c.point,
                                         approachSpeed: c.approachSpeed, normalImpulse: c.normalImpulse)
        }
        let converted: ScenarioEvent.Kind
        switch kind {
        case let .contactBegan(c): converted = .contactBegan(contact(c))
        case let .contactEnded(c): converted = .contactEnded(contact(c))
        case let .restBegan(h): converted = .restBegan(id(h))
        case let .restEnded(h): converted = .restEnded(id(h))
        case let .behaviorCameToRest(h):
            guard let index = added.firstIndex(of: h) else { return nil }
            converted = .behaviorCameToRest(index)
        case .didPause: converted = .didPause
        case .didResume: converted = .didResume
        case let .contactsDropped(count): converted = .contactsDropped(count)
        case let .bodyQuarantined(h): converted = .bodyQuarantined(id(h))
        case let .sensorBegan(e): converted = .sensorBegan(sensor: id(e.sensor), visitor: id(e.visitor))
        case let .sensorEnded(e): converted = .sensorEnded(sensor: id(e.sensor), visitor: id(e.visitor))
        case let .jointBroke(e):
            guard let index = added.firstIndex(of: e.behavior) else { return nil }
            converted = .jointBroke(behavior: index, force: e.force)
        }
        let next = step + 1
        return ScenarioEvent(kind: converted, step: next, time: Double(next) * scenario.world.timestep)
    }

    /// The scenario id of a body (its handle's description for one the scenario did not make).
    func id(_ handle: BodyHandle) -> String { idsByHandle[handle] ?? handle.description }

    /// Changes the world between two steps: what a gesture-driven controller of a body
    /// does (HookeInteractions' `FlickToDismiss` moves the body it drags and adds its push
    /// or snap). Behaviours of the scenario keep their schedule.
    public mutating func updateWorld<E: Error>(_ change: (inout World) throws(E) -> Void) throws(E) {
        try change(&world)
    }

    /// The recorded bodies' states now (`record.items`, in file order).
    public func samples() -> [ScenarioSample] {
        recorded.compactMap { i in
            guard world.contains(bodyHandles[i]) else { return nil }
            let state = world.body(bodyHandles[i])
            return ScenarioSample(step: step, time: time, id: scenario.bodies[i].id, center: state.center,
                                  angle: state.angle, velocity: state.velocity,
                                  angularVelocity: state.angularVelocity)
        }
    }

    /// Runs from the current step to the end of `duration` seconds (the scenario's own
    /// when nil) and hands every recorded sample to `record`: the current state if its
    /// step is a multiple of `record.every`, then after each step that is. `events`, when
    /// given, receives every event of every step, in order, before that step's samples;
    /// `queries` the answers of the queries due now and after each step, after its events.
    ///
    /// - Throws: `ScenarioError` as `advance()` and `queryAnswers()`.
    public mutating func run(duration: Double? = nil, events: ((ScenarioEvent) -> Void)? = nil,
                             queries: ((ScenarioQueryAnswer) -> Void)? = nil,
                             _ record: (ScenarioSample) -> Void) throws(ScenarioError) {
        let end = scenario.stepCount(duration: duration)
        let every = scenario.record.every
        if let queries { try queryAnswers().forEach(queries) }
        if step % every == 0 { samples().forEach(record) }
        while step < end {
            try advance()
            if let events { self.events.forEach(events) }
            if let queries { try queryAnswers().forEach(queries) }
            if step % every == 0 { samples().forEach(record) }
        }
    }
}
