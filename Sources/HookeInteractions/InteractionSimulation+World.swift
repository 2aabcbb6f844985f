import Hooke

/// The World form of the article bodies: an interaction bound to world bodies moves them,
/// and the World collides, attaches and pulls them (Docs/scenarios.md, "Bodies in the
/// World").
///
/// What holds each bound body, after every delivery of events (so a row read then shows
/// the interaction's own pose, and the next world step starts from it):
/// - **swipe card**: while resting, dragged or returning the card holds its body where it
///   draws itself, as a finger or an animation holds a view: the body is kinematic
///   (`World.setKinematic`), placed at the card's centre and angle and given their rates
///   (`World.updateBody` and the velocity setters), so it pushes what it meets as an
///   infinite mass would and nothing pushes it back. Once swiped, the card lets go: the body
///   turns dynamic and leaves with the card's exit velocity and rotation rate, and from
///   then on the World moves it (a wall stops it, gravity bends its path); the card's
///   scale and overlay stay as they were at release.
/// - **long-press lift**: each item's body is held at its home by UIKit's snap
///   (`SnapBehavior`, damping = the lift spring's damping ratio, at most 1), so a
///   neighbour can be pushed aside and comes back. The lifted item's snap is removed and
///   the lift holds its body, kinematic, where it draws it; at the drop the body turns
///   dynamic and the snap is added again, to the
///   item's home (after an article-fidelity drop, where the item was left), carrying the
///   finger's velocity (from rest at article fidelity). The lift's scale and alpha are
///   drawn, not collided: a body keeps its size.
/// - **jelly edge**: each of its `attachments` is an `AttachmentBehavior` from a world
///   body to an anchor that is moved to the control point after every delivery, as a
///   UIKit app moves an attachment's `anchorPoint` with a finger: the bodies hang from the
///   edge and swing with it.
struct WorldBinding: Sendable, Codable {
    enum Kind: Sendable, Codable {
        /// The card's body; the card's scale and overlay once it has let go.
        case card(BodyHandle, release: Release?)
        /// Each item's body, its snap home (nil while lifted), and the item lifted when
        /// last seen.
        case items([BodyHandle], snaps: [TypedBehaviorHandle<SnapBehavior>?], lifted: Int?)
        /// The attachments hanging from the control point, and where their anchor is.
        case anchors([TypedBehaviorHandle<AttachmentBehavior>], at: SIMD2<Double>)
    }

    /// A swiped card's scale and overlay, kept from the moment it let go of its body.
    struct Release: Sendable, Codable {
        var scale: Double
        var overlay: SwipeOverlay
    }

    var kind: Kind

    /// Whether this binding, read from a snapshot, holds what `fresh` (the file's) holds,
    /// with every behaviour it names live in `world` and its indices in range: what
    /// `drive` relies on.
    func fits(_ fresh: WorldBinding, in world: World) -> Bool {
        switch (kind, fresh.kind) {
        case let (.card(body, _), .card(freshBody, _)):
            return body == freshBody && world.contains(body)
        case let (.items(bodies, snaps, lifted), .items(freshBodies, _, _)):
            return bodies == freshBodies && bodies.allSatisfy(world.contains) && snaps.count == bodies.count
                && snaps.allSatisfy { $0.map(world.contains) ?? true } && (lifted.map(bodies.indices.contains) ?? true)
        case let (.anchors(attachments, point), .anchors(freshAttachments, _)):
            return attachments == freshAttachments && point.x.isFinite && point.y.isFinite
        default:
            return false
        }
    }

    /// Binds `interaction`'s bodies in `world`: snaps the lift's items home, hangs the
    /// jelly edge's attachments from its control point.
    init(_ interaction: ScenarioInteraction, handles: [BodyHandle], in world: inout World) throws(HookeError) {
        switch interaction.body {
        case .swipeCard:
            kind = .card(handles[0], release: nil)
            world.setKinematic(true, for: handles[0])
        case let .jellyEdge(edge):
            let point = edge.controlPoint
            kind = .anchors(try Self.hang(interaction.attachments, handles, from: point, in: &world), at: point)
        case let .meshJellyEdge(edge):
            let point = edge.pulledPosition
            kind = .anchors(try Self.hang(interaction.attachments, handles, from: point, in: &world), at: point)
        case let .longPressLift(lift):
            var snaps: [TypedBehaviorHandle<SnapBehavior>?] = []
            for (index, handle) in handles.enumerated() {
                snaps.append(try world.addBehavior(Self.snap(handle, home: lift.homes[index], lift: lift, velocity: nil)))
            }
            kind = .items(handles, snaps: snaps, lifted: nil)
        case .pinchReveal, .flick, .cardStack:
            // The parser binds only cards, lifts and jelly edges.
            preconditionFailure("interaction \(interaction.id) cannot be bound to world bodies")
        }
    }

    private static func hang(
        _ attachments: [ScenarioInteraction.Attachment], _ handles: [BodyHandle], from point: SIMD2<Double>,
        in world: inout World
    ) throws(HookeError) -> [TypedBehaviorHandle<AttachmentBehavior>] {
        var added: [TypedBehaviorHandle<AttachmentBehavior>] = []
        for (a, handle) in zip(attachments, handles) {
            added.append(try world.addBehavior(AttachmentBehavior(
                item: handle, attachedToAnchor: point, length: a.length, frequency: a.frequency, damping: a.damping)))
        }
        return added
    }

    private static func snap(
        _ item: BodyHandle, home: SIMD2<Double>, lift: LongPressLift, velocity: SIMD2<Double>?
    ) -> SnapBehavior {
        SnapBehavior(item: item, snapPoint: home, damping: min(lift.spring.dampingRatio, 1),
                     releaseVelocity: velocity, releaseAngularVelocity: velocity == nil ? nil : 0)
    }

    /// Moves the bound bodies to where `driven` holds them now.
    mutating func drive(_ driven: InteractionSimulation.Driven, in world: inout World) throws(HookeError) {
        switch (kind, driven) {
        case let (.card(body, release), .swipeCard(card)):
            guard release == nil, world.contains(body) else { return }
            if card.phase.exitSide != nil {
                world.setKinematic(false, for: body)
                kind = .card(body, release: Release(scale: card.scale, overlay: card.overlay))
            }
            try hold(body, at: card.center, angle: card.angle, velocity: card.velocity,
                     angularVelocity: card.angularVelocity, in: &world)
        case let (.anchors(attachments, old), .jellyEdge(edge)):
            try move(attachments, from: old, to: edge.controlPoint, in: &world)
        case let (.anchors(attachments, old), .meshJellyEdge(edge)):
            try move(attachments, from: old, to: edge.pulledPosition, in: &world)
        case (.items(let bodies, var snaps, let lifted), .longPressLift(let lift)):
            let now = lift.liftedItem
            if now != lifted {
                if let dropped = lifted, world.contains(bodies[dropped]) {
                    world.setKinematic(false, for: bodies[dropped])
                    let velocity = lift.fidelity == .article ? SIMD2<Double>.zero : world.linearVelocity(for: bodies[dropped])
                    snaps[dropped] = try world.addBehavior(
                        Self.snap(bodies[dropped], home: lift.homes[dropped], lift: lift, velocity: velocity))
                }
                if let picked = now {
                    if let snap = snaps[picked] { world.removeBehavior(snap) }
                    snaps[picked] = nil
                    if world.contains(bodies[picked]) { world.setKinematic(true, for: bodies[picked]) }
                }
            }
            if let picked = now, world.contains(bodies[picked]) {
                try hold(bodies[picked], at: lift.item(picked).center, angle: 0, velocity: lift.itemVelocity(picked),
                         angularVelocity: 0, in: &world)
            }
            kind = .items(bodies, snaps: snaps, lifted: now)
        default:
            preconditionFailure("a binding does not match its interaction")
        }
    }

    private mutating func move(
        _ attachments: [TypedBehaviorHandle<AttachmentBehavior>], from old: SIMD2<Double>, to point: SIMD2<Double>,
        in world: inout World
    ) throws(HookeError) {
        guard point != old else { return }
        for handle in attachments where world.contains(handle) {
            try world.update(handle) { $0.target = .anchor(point) }
        }
        kind = .anchors(attachments, at: point)
    }

    private func hold(
        _ body: BodyHandle, at center: SIMD2<Double>, angle: Double, velocity: SIMD2<Double>,
        angularVelocity: Double, in world: inout World
    ) throws(HookeError) {
        try world.updateBody(body, center: center, angle: angle)
        try world.setLinearVelocity(velocity, for: body)
        try world.setAngularVelocity(angularVelocity, for: body)
    }

    /// The interaction's columns for the row of bound body `index` (its position in
    /// `boundBodies`), over the world body's own nine.
    func row(_ sample: ScenarioSample, index: Int, _ driven: InteractionSimulation.Driven,
             world: World) -> InteractionSample {
        switch (kind, driven) {
        case let (.card(body, release), .swipeCard(card)):
            guard let release, let side = card.phase.exitSide else {
                return InteractionSample(
                    sample: sample, scale: card.scale, overlay: card.overlay.alpha, overlayMode: card.overlay.mode,
                    state: InteractionSimulation.name(card.phase))
            }
            // Let go: the World moves the card; off the screen it is gone, at rest on it stopped.
            let c = card.configuration
            let screen = WorldRect(x: 0, y: 0, width: c.screenSize.x, height: c.screenSize.y)
            let state = !world.bodies(in: screen).contains(body) ? "gone" : (world.body(body).isResting ? "stopped" : "leaving")
            return InteractionSample(sample: sample, scale: release.scale, overlay: release.overlay.alpha,
                                     overlayMode: release.overlay.mode, exitSide: side, state: state)
        case let (.items, .longPressLift(lift)):
            let item = lift.item(index)
            return InteractionSample(sample: sample, scale: item.scale, alpha: item.alpha,
                                     state: InteractionSimulation.state(of: index, in: lift))
        default:
            preconditionFailure("a binding does not match its interaction")
        }
    }
}
