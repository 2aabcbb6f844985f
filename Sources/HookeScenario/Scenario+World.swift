import Foundation
import HookeCore
import HookeWorld

// The mapping of a scenario onto a `World`: bodies to body definitions, behaviours to
// world behaviours with UIKit's names and defaults, and the scenario's times to whole
// steps. `ScenarioSimulation` runs it; Docs/scenarios.md describes the result.

extension Scenario {
    /// The world's settings for this scenario. UIKit's solver: the step h =
    /// `world.timestep` divided into `world.substeps` world steps when given, UIKit's
    /// iteration counts. The soft step: steps of h, each of `world.substeps` substeps
    /// (4 by default).
    public var worldConfiguration: WorldConfiguration {
        switch world.solver {
        case .uikit:
            return WorldConfiguration(timestep: world.timestep / Double(world.substeps ?? 1), isProfiling: false,
                                      allowsSleeping: world.sleeping)
        case .softStep:
            return WorldConfiguration(timestep: world.timestep, isProfiling: false,
                                      solver: .softStep(substeps: world.substeps ?? 4), allowsSleeping: world.sleeping)
        }
    }

    /// World steps per scenario step: `world.substeps` with the UIKit solver (the soft
    /// step substeps inside one world step).
    var worldStepsPerStep: Int { world.solver == .uikit ? world.substeps ?? 1 : 1 }

    /// The first step boundary at or after `time` seconds: the smallest n with
    /// n·h ≥ time, where a boundary within 10⁻⁶ of a step counts as reached (so that
    /// 0.25 s is step 30 at h = 1/120 s although 0.25/h rounds to 30.000000000000004).
    ///
    /// Parsed scenarios keep every time within `maximumStepCount` steps; a larger time
    /// (or NaN) handed in here gives `maximumStepCount`, never a trap.
    public func firstStep(atOrAfter time: Double) -> Int {
        let steps = (time / world.timestep - FixedStepClock.boundaryTolerance).rounded(.up)
        guard steps <= Double(Self.maximumStepCount) else { return Self.maximumStepCount }
        return max(0, Int(steps))
    }

    /// The most steps any time of a scenario may take: 10¹² (a parsed file's `duration`,
    /// `at` and `until` are refused beyond it, naming their JSON path). At 120 Hz that
    /// is 264 years of simulated time.
    public static let maximumStepCount = 1_000_000_000_000

    /// Number of steps a run of `duration` seconds (the scenario's own when nil) takes:
    /// the first step boundary at or after it.
    public func stepCount(duration: Double? = nil) -> Int {
        firstStep(atOrAfter: duration ?? self.duration)
    }

    /// A simulation of this scenario at step 0 (every behaviour due at 0 not yet added).
    ///
    /// - Throws: `ScenarioError` for what the world cannot accept.
    public func simulation() throws(ScenarioError) -> ScenarioSimulation {
        try ScenarioSimulation(self)
    }

    /// Runs the scenario for `duration` seconds (its own when nil) and returns the
    /// recorded samples: `record.every` steps apart from step 0, the bodies of
    /// `record.items` in file order.
    ///
    /// - Throws: `ScenarioError` as `simulation()`, or when the motion stops being finite.
    public func run(duration: Double? = nil) throws(ScenarioError) -> [ScenarioSample] {
        var simulation = try ScenarioSimulation(self)
        var samples: [ScenarioSample] = []
        try simulation.run(duration: duration) { samples.append($0) }
        return samples
    }
}

extension ScenarioItemProperties {
    /// The world's properties: these where set, `ScenarioDefaults.itemProperties`
    /// elsewhere (the values Apple's engine uses where an app sets nothing).
    public var worldProperties: ItemProperties {
        let p = merged(over: ScenarioDefaults.itemProperties)
        let engine = ItemProperties()
        return ItemProperties(
            elasticity: p.elasticity ?? engine.elasticity, friction: p.friction ?? engine.friction,
            density: p.density ?? engine.density, resistance: p.resistance ?? engine.resistance,
            angularResistance: p.angularResistance ?? engine.angularResistance,
            allowsRotation: p.allowsRotation ?? engine.allowsRotation, isAnchored: p.anchored ?? engine.isAnchored,
            charge: p.charge ?? engine.charge)
    }
}

extension ScenarioBody.Shape {
    /// The world's shape.
    public var bodyShape: BodyShape {
        switch self {
        case let .rectangle(size): .rectangle(width: size.x, height: size.y)
        case let .ellipse(size): .ellipse(width: size.x, height: size.y)
        case let .polygon(vertices): .polygon(vertices)
        case let .compound(parts): .compound(parts.map { BodyPart($0.shape.bodyShape, offset: $0.offset, angle: $0.angle) })
        }
    }
}

extension ScenarioBody {
    /// The world body: shape, initial state and the effective properties (the body's,
    /// else the defaults; `dynamicItem` behaviours override them in the world).
    public var bodyDefinition: BodyDefinition {
        BodyDefinition(shape: shape.bodyShape, center: center, angle: angle, velocity: velocity,
                              angularVelocity: angularVelocity, properties: properties.worldProperties,
                              isKinematic: isKinematic, isSensor: isSensor, collisionFilter: collisionFilter)
    }
}

extension ScenarioBehavior {
    /// The world behaviour this scenario behaviour adds to `world` now, its bodies
    /// named through `handles` (body id → handle). Attachments of kind pin, fixed and
    /// sliding take their points from `anchor` in the world's current geometry, as
    /// UIKit's factory methods do.
    ///
    /// - Parameter path: the behaviour's JSON path, for errors (`behaviors[3]`).
    /// - Throws: `ScenarioError` at `path` for
    ///   `offset`/`toOffset` on a pin, fixed or sliding attachment (their points are
    ///   the anchor), or when the world refuses a value.
    public func worldBehavior(in world: World, handles: [String: BodyHandle],
                              path: String) throws(ScenarioError) -> Behavior {
        func body(_ id: String) throws(ScenarioError) -> BodyHandle {
            guard let h = handles[id] else {
                throw ScenarioError(path: path, message: "no body has id \"\(id)\"")
            }
            return h
        }
        func bodies(_ ids: [String]) throws(ScenarioError) -> [BodyHandle] {
            var result: [BodyHandle] = []
            for id in ids { result.append(try body(id)) }
            return result
        }
        do {
            switch kind {
            case let .gravity(g):
                return .gravity(GravityBehavior(items: try bodies(g.items), gravityDirection: g.direction))
            case let .push(p):
                var push = PushBehavior(items: try bodies(p.items), mode: p.mode,
                                        pushDirection: p.pushDirection, active: p.active)
                for id in p.items {
                    if let offset = p.offsets[id] { push.setTargetOffsetFromCenter(offset, for: try body(id)) }
                }
                return .push(push)
            case let .snap(s):
                return .snap(SnapBehavior(item: try body(s.item), snapPoint: s.point, damping: s.damping,
                                          releaseVelocity: s.releaseVelocity, rest: s.rest))
            case let .attachment(a):
                return .attachment(try worldAttachment(a, in: world, body: body, path: path))
            case let .dynamicItem(d):
                let p = d.properties
                return .dynamicItem(DynamicItemBehavior(
                    items: try bodies(d.items), elasticity: p.elasticity, friction: p.friction, density: p.density,
                    resistance: p.resistance, angularResistance: p.angularResistance,
                    allowsRotation: p.allowsRotation, isAnchored: p.anchored, charge: p.charge))
            case let .field(f):
                return .field(FieldBehavior(items: try bodies(f.items), field: f.field))
            case let .collision(c):
                var collision = CollisionBehavior(items: try bodies(c.items), mode: c.mode, boundaries: c.boundaries,
                                                  translatesReferenceBoundsIntoBoundary: c.boundsAsBoundary,
                                                  referenceBoundsElasticity: c.boundsElasticity,
                                                  referenceBoundsFriction: c.boundsFriction)
                collision.referenceBoundsFilter = c.boundsFilter
                return .collision(collision)
            }
        } catch let error as ScenarioError {
            throw error
        } catch {
            throw ScenarioError(path: path, message: "\(error)")
        }
    }

    private func worldAttachment(
        _ a: Attachment, in world: World, body: (String) throws(ScenarioError) -> BodyHandle, path: String
    ) throws -> AttachmentBehavior {
        let item = try body(a.item)
        let other = try a.to.map { id throws(ScenarioError) in try body(id) }
        switch a.kind {
        case .distance, .limit:
            var attachment: AttachmentBehavior
            if let other {
                attachment = AttachmentBehavior(kind: a.kind, item: item, offsetFromCenter: a.offset, attachedTo: other,
                                                offsetFromOtherCenter: a.toOffset, length: a.length)
            } else {
                attachment = AttachmentBehavior(kind: a.kind, item: item, offsetFromCenter: a.offset,
                                                attachedToAnchor: a.anchor ?? .zero, length: a.length)
            }
            attachment.frequency = a.frequency
            attachment.damping = a.damping
            attachment.breakingForce = a.breakingForce
            return attachment
        case .drag:
            // The item's point `offset` (its centre by default) is pulled towards `anchor`.
            var attachment = try world.dragAttachment(item: item, grabbingAt: a.anchor ?? .zero, frequency: a.frequency,
                                                      damping: a.damping, maximumForce: a.maximumForce)
            attachment.offsetFromCenter = a.offset
            attachment.breakingForce = a.breakingForce
            return attachment
        case .pin, .fixed, .sliding:
            for (key, value) in [("offset", a.offset), ("toOffset", a.toOffset)] where value != .zero {
                throw ScenarioError(
                    path: "\(path).\(key)",
                    message: "a \(a.kind.rawValue) attachment joins its bodies at \"anchor\"; \"\(key)\" does not apply")
            }
            var attachment = try world.attachment(a.kind, item: item, attachedTo: other, anchorPoint: a.anchor ?? .zero,
                                                  axisOfTranslation: a.axis ?? SIMD2(1, 0))
            attachment.attachmentRange = a.range
            attachment.frictionTorque = a.frictionTorque
            attachment.frictionForce = a.frictionForce
            attachment.motorSpeed = a.motorSpeed
            attachment.breakingForce = a.breakingForce
            attachment.frequency = a.frequency
            attachment.damping = a.damping
            return attachment
        }
    }
}
