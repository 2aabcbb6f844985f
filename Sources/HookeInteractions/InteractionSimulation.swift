import Foundation
import Hooke

/// An `InteractionScenario` running: the world stepped by `ScenarioSimulation`, the
/// interaction bodies beside it, every gesture replayed on the scenario's clock.
///
/// The timing rule is `GesturePlayback`'s on the scenario's step h: step n advances the
/// world (with the behaviour changes due at its boundary) and every interaction body
/// from (n − 1)h to nh, then hands each interaction the events of its gesture with time
/// ≤ nh (within 10⁻⁶ h), in order; the rows of step n are read after that. Step 0
/// delivers the events at or before time 0. A flick's events change the world itself
/// (`FlickToDismiss`); it is told of each world step first (`didStep`), so a thrown body
/// is reported gone at the step its box leaves the bounds.
public struct InteractionSimulation: Sendable {
    /// What each interaction drives, as it is now.
    enum Driven: Sendable, Codable {
        case swipeCard(SwipeCard)
        case longPressLift(LongPressLift)
        case pinchReveal(PinchReveal)
        case flick(FlickToDismiss)
        case jellyEdge(JellyEdge)
        case meshJellyEdge(MeshJellyEdge)
        case cardStack(CardStack)
    }

    /// The file being run.
    public let file: InteractionScenario
    /// The world part (bodies and behaviours), as it is after `step` steps.
    public internal(set) var simulation: ScenarioSimulation

    var driven: [Driven]
    var cursors: [Int]
    /// Flick phase by world body id, for the state column.
    private var flickOf: [String: Int]
    /// Each interaction's hold on its world bodies (nil for a standalone body).
    var bindings: [WorldBinding?]
    /// The interaction and item index of each bound world body, by id.
    private var boundRowOf: [String: (interaction: Int, item: Int)]

    /// Creates the world and the interaction bodies and delivers the events at time 0.
    ///
    /// - Throws: `ScenarioError` as `ScenarioSimulation.init`, or naming the interaction
    ///   whose first events the world refuses.
    public init(_ file: InteractionScenario) throws(ScenarioError) {
        self.file = file
        simulation = try ScenarioSimulation(file.scenario)
        driven = []
        flickOf = [:]
        bindings = []
        boundRowOf = [:]
        for (index, interaction) in file.interactions.enumerated() {
            switch interaction.body {
            case let .swipeCard(card): driven.append(.swipeCard(card))
            case let .longPressLift(lift): driven.append(.longPressLift(lift))
            case let .pinchReveal(reveal): driven.append(.pinchReveal(reveal))
            case let .jellyEdge(edge): driven.append(.jellyEdge(edge))
            case let .meshJellyEdge(edge): driven.append(.meshJellyEdge(edge))
            case let .cardStack(stack): driven.append(.cardStack(stack))
            case let .flick(settings):
                // The parser checked that the item names a body, so the handle exists.
                let handle = simulation.handle(for: settings.item)!
                let flick: FlickToDismiss
                do {
                    flick = try FlickToDismiss(
                        item: handle, in: simulation.world, bounds: settings.bounds, speedThreshold: settings.speedThreshold,
                        pushDivisor: settings.pushDivisor, snapDamping: settings.damping, fidelity: settings.fidelity)
                } catch {
                    throw ScenarioError(path: "interactions[\(index)]", message: "\(error)")
                }
                driven.append(.flick(flick))
                flickOf[settings.item] = index
            }
        }
        cursors = Array(repeating: 0, count: driven.count)
        for (index, interaction) in file.interactions.enumerated() {
            let ids = interaction.boundBodies + interaction.attachments.map(\.item)
            guard !ids.isEmpty else { bindings.append(nil); continue }
            // The parser checked that every bound or hung id names a body.
            let handles = ids.map { simulation.handle(for: $0)! }
            for (item, id) in interaction.boundBodies.enumerated() { boundRowOf[id] = (index, item) }
            do {
                var binding: WorldBinding?
                try simulation.updateWorld { (w: inout World) throws(HookeError) in
                    binding = try WorldBinding(interaction, handles: handles, in: &w)
                }
                bindings.append(binding)
            } catch {
                throw ScenarioError(path: "interactions[\(index)]", message: "\(error)")
            }
        }
        try deliverDueEvents()
        try driveBoundBodies()
    }

    /// Steps taken.
    public var step: Int { simulation.step }

    /// Runs one step of h: the world, then every interaction body, then the events due.
    ///
    /// - Throws: `ScenarioError` as `ScenarioSimulation.advance()`, or naming the
    ///   interaction whose event the world refuses.
    public mutating func advance() throws(ScenarioError) {
        try simulation.advance()
        let h = file.scenario.world.timestep
        for index in driven.indices {
            switch driven[index] {
            case var .swipeCard(body): body.step(by: h); driven[index] = .swipeCard(body)
            case var .longPressLift(body): body.step(by: h); driven[index] = .longPressLift(body)
            case var .pinchReveal(body): body.step(by: h); driven[index] = .pinchReveal(body)
            case var .jellyEdge(body): body.step(by: h); driven[index] = .jellyEdge(body)
            case var .meshJellyEdge(body): body.step(by: h); driven[index] = .meshJellyEdge(body)
            case var .cardStack(body): body.step(by: h); driven[index] = .cardStack(body)
            case var .flick(flick):
                simulation.updateWorld { (w: inout World) in flick.didStep(&w) }
                driven[index] = .flick(flick)
            }
        }
        try deliverDueEvents()
        try driveBoundBodies()
    }

    /// Moves every bound world body to where its interaction holds it now (`WorldBinding`).
    private mutating func driveBoundBodies() throws(ScenarioError) {
        for index in bindings.indices {
            guard var binding = bindings[index] else { continue }
            let body = driven[index]
            do {
                try simulation.updateWorld { (w: inout World) throws(HookeError) in try binding.drive(body, in: &w) }
            } catch {
                throw ScenarioError(path: "interactions[\(index)]", message: "\(error) at step \(step)")
            }
            bindings[index] = binding
        }
    }

    /// Hands each interaction the events of its gesture due by now.
    private mutating func deliverDueEvents() throws(ScenarioError) {
        let h = file.scenario.world.timestep
        let now = simulation.time + FixedStepClock.boundaryTolerance * h
        for index in driven.indices {
            let events = file.interactions[index].events
            var cursor = cursors[index]
            while cursor < events.count, events[cursor].time <= now {
                let event = events[cursor]
                switch driven[index] {
                case var .swipeCard(body): body.handle(event); driven[index] = .swipeCard(body)
                case var .longPressLift(body): body.handle(event); driven[index] = .longPressLift(body)
                case var .pinchReveal(body): body.handle(event); driven[index] = .pinchReveal(body)
                case var .jellyEdge(body): body.handle(event); driven[index] = .jellyEdge(body)
                case var .meshJellyEdge(body): body.handle(event); driven[index] = .meshJellyEdge(body)
                case var .cardStack(body): body.handle(event); driven[index] = .cardStack(body)
                case var .flick(flick):
                    do {
                        try simulation.updateWorld { (w: inout World) throws(HookeError) in try flick.handle(event, in: &w) }
                    } catch {
                        throw ScenarioError(path: "interactions[\(index)].gesture.events[\(cursor)]", message: "\(error)")
                    }
                    driven[index] = .flick(flick)
                }
                cursor += 1
            }
            cursors[index] = cursor
        }
    }

    /// The rows now: the recorded world bodies (a flicked one with its flick's state),
    /// then every interaction's rows (`ScenarioInteraction.rowIDs`).
    public func samples() -> [InteractionSample] {
        var rows: [InteractionSample] = simulation.samples().map { sample in
            if let bound = boundRowOf[sample.id], let binding = bindings[bound.interaction] {
                return binding.row(sample, index: bound.item, driven[bound.interaction], world: simulation.world)
            }
            guard let index = flickOf[sample.id], case let .flick(flick) = driven[index] else {
                return InteractionSample(sample: sample)
            }
            return InteractionSample(sample: sample, state: flick.phase.rawValue)
        }
        let (step, time) = (simulation.step, simulation.time)
        func row(_ id: String, _ p: SIMD2<Double>, _ v: SIMD2<Double>, angle: Double = 0, omega: Double = 0,
                 scale: Double = 1, alpha: Double = 1, overlay: SwipeOverlay? = nil, exitSide: SwipeDecision? = nil,
                 state: String) -> InteractionSample {
            InteractionSample(
                sample: ScenarioSample(step: step, time: time, id: id, center: p, angle: angle, velocity: v,
                                       angularVelocity: omega),
                scale: scale, alpha: alpha, overlay: overlay?.alpha ?? 0, overlayMode: overlay?.mode,
                exitSide: exitSide, state: state)
        }
        for (index, interaction) in file.interactions.enumerated() where interaction.boundBodies.isEmpty {
            let ids = interaction.rowIDs
            switch driven[index] {
            case let .swipeCard(card):
                rows.append(row(ids[0], card.center, card.velocity, angle: card.angle, omega: card.angularVelocity,
                                scale: card.scale, overlay: card.overlay, exitSide: card.phase.exitSide,
                                state: Self.name(card.phase)))
            case let .cardStack(stack):
                // Back to front, as rowIDs names them.
                for (k, index) in stack.cards.indices.reversed().enumerated() {
                    let card = stack.card(index)
                    rows.append(row(ids[k], card.center, card.velocity, angle: card.angle, omega: card.angularVelocity,
                                    scale: card.scale, overlay: card.overlay, exitSide: card.phase.exitSide,
                                    state: card.isWaiting ? "waiting" : Self.name(card.phase)))
                }
            case let .jellyEdge(edge):
                rows.append(row(ids[0], edge.controlPoint, edge.velocity, state: edge.phase.rawValue))
            case let .meshJellyEdge(edge):
                // The pulled point (the last pulled, the middle one before any pan).
                rows.append(row(ids[0], edge.pulledPosition, edge.pulledVelocity, state: edge.phase.rawValue))
            case let .pinchReveal(reveal):
                let s = reveal.renderState
                rows.append(row(ids[0], SIMD2(s.division + s.leftOffset, 0), SIMD2(s.leftVelocity, 0),
                                state: s.phase.rawValue))
                rows.append(row(ids[1], SIMD2(s.division + s.rightOffset, 0), SIMD2(s.rightVelocity, 0),
                                state: s.phase.rawValue))
            case let .longPressLift(lift):
                for item in lift.homes.indices {
                    let s = lift.item(item)
                    rows.append(row(ids[item], s.center, lift.itemVelocity(item), scale: s.scale, alpha: s.alpha,
                                    state: Self.state(of: item, in: lift)))
                }
            case .flick:
                continue
            }
        }
        return rows
    }

    /// What happened in the world during the last `advance()` (`ScenarioSimulation.events`).
    public var events: [ScenarioEvent] { simulation.events }

    /// Runs from the current step to the end of `duration` seconds (the scenario's own
    /// when nil), handing every recorded row to `record` and, when given, every world
    /// event to `events` (`ScenarioSimulation.run`'s rule), to `stateHashes` the
    /// step and the world's `stateHash` now and after every step (recorded or not), and
    /// to `queries` the answers of the scenario's queries as they fall due.
    ///
    /// With `snapshot`, the run's `snapshot()` is handed to `snapshot.take` when it reaches
    /// step `snapshot.step` (after that step's rows), or at once if it is there already.
    public mutating func run(duration: Double? = nil, events: ((ScenarioEvent) -> Void)? = nil,
                             stateHashes: ((_ step: Int, _ hash: UInt64) -> Void)? = nil,
                             queries: ((ScenarioQueryAnswer) -> Void)? = nil,
                             snapshot: (step: Int, take: (ScenarioSnapshot) -> Void)? = nil,
                             _ record: (InteractionSample) -> Void) throws(ScenarioError) {
        let end = file.scenario.stepCount(duration: duration)
        let every = file.scenario.record.every
        func takeSnapshot() throws(ScenarioError) {
            guard let snapshot, snapshot.step == step else { return }
            do {
                snapshot.take(try self.snapshot())
            } catch {
                throw ScenarioError(path: "", message: "cannot take a snapshot at step \(step): \(error)")
            }
        }
        stateHashes?(step, simulation.world.stateHash)
        if let queries { try simulation.queryAnswers().forEach(queries) }
        if step % every == 0 { samples().forEach(record) }
        try takeSnapshot()
        while step < end {
            try advance()
            if let events { simulation.events.forEach(events) }
            stateHashes?(step, simulation.world.stateHash)
            if let queries { try simulation.queryAnswers().forEach(queries) }
            if step % every == 0 {
                let rows = samples()
                for row in rows where !Self.isFinite(row) {
                    throw ScenarioError(
                        path: "", message: "the motion of \"\(row.sample.id)\" stopped being finite at step \(step)")
                }
                rows.forEach(record)
            }
            try takeSnapshot()
        }
    }

    private static func isFinite(_ row: InteractionSample) -> Bool {
        row.sample.isFinite && row.scale.isFinite && row.alpha.isFinite && row.overlay.isFinite
    }

    /// The state column of a long-press item: `lifted`, `shrunk` (another is lifted) or `idle`.
    static func state(of item: Int, in lift: LongPressLift) -> String {
        lift.liftedItem == item ? "lifted" : (lift.liftedItem == nil ? "idle" : "shrunk")
    }

    /// The swipe card's phase as the state column writes it.
    static func name(_ phase: SwipeCard.Phase) -> String {
        switch phase {
        case .resting: return "resting"
        case .dragging: return "dragging"
        case .returning: return "returning"
        case .leaving: return "leaving"
        case .gone: return "gone"
        }
    }
}
