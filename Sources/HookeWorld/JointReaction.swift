import HookeCore

/// What an attachment's joint did to its item over the last step: Box2D's
/// `GetReactionForce` and `GetReactionTorque`, on the item's side (the other side got the
/// opposite).
public struct JointReaction: Sendable, Hashable {
    /// The constraint force on the item at its attachment point, N (1 N = 100 kg·pt/s²):
    /// a rope's tension along the rope, a pin's or weld's push at the shared point, a
    /// slider's push across the axis plus its motor and limit along it, a drag's pull.
    public var force: SIMD2<Double>
    /// The constraint's own torque on the item, N·m (1 N·m = 10⁴ kg·pt²/s²): a pin's motor
    /// (friction) and angle limit, a weld's or slider's rotation lock; not the moment of
    /// `force` (which acts at the attachment point).
    public var torque: Double

    /// The magnitude of `force`, N.
    public var forceMagnitude: Double { Planar.length(force) }
}

extension World {
    /// The reaction of the attachment `handle` over the last step (zero before its first
    /// step): its joint's accumulated impulses divided by the time they were accumulated
    /// over (the step, or under the soft step its last substep), converted to N and N·m.
    /// A resting body's joint keeps the impulses of its last step awake, as Box2D's.
    ///
    /// - Throws: `HookeError.invalidHandle` naming `behavior` when `handle` is not an
    ///   attachment.
    public func jointReaction(of handle: BehaviorHandle) throws(HookeError) -> JointReaction {
        guard let s = behaviors.slot(of: handle), let node = behaviors.records[s]?.first,
              case let .attachment(a) = node.kind else {
            throw .invalidHandle("behavior", handle: "\(handle)", requirement: "a live attachment behaviour")
        }
        guard let state = node.joints.first, previousTimestep > 0, let i = liveSlot(a.item) else {
            return JointReaction(force: .zero, torque: 0)
        }
        let impulse = state.impulse
        // P and L: the linear and angular impulses the joint gave side B (A got −P, −L).
        let p: SIMD2<Double>, l: Double
        switch a.kind {
        case .distance, .limit:
            let pointA = bodies.center[i] + Planar.rotate(a.offsetFromCenter, by: bodies.angle[i])
            let pointB: SIMD2<Double>
            switch a.target {
            case let .anchor(q): pointB = q
            case let .item(o, offset):
                guard let j = liveSlot(o) else { return JointReaction(force: .zero, torque: 0) }
                pointB = bodies.center[j] + Planar.rotate(offset, by: bodies.angle[j])
            }
            let d = pointB - pointA, length = Planar.length(d)
            p = length > 0 ? impulse.x * d / length : .zero
            l = 0
        case .pin:
            p = SIMD2(impulse.x, impulse.y)
            l = state.motorImpulse + impulse.z
        case .fixed:
            p = SIMD2(impulse.x, impulse.y)
            l = impulse.z
        case .drag:
            // The joint stores the impulse on the item itself.
            p = -SIMD2(impulse.x, impulse.y)
            l = 0
        case .sliding:
            let axis = Planar.rotate(a.axisOfTranslation / Planar.length(a.axisOfTranslation), by: bodies.angle[i])
            p = impulse.x * SIMD2(-axis.y, axis.x) + (state.motorImpulse + impulse.z) * axis
            l = impulse.y
        }
        let h = previousTimestep
        return JointReaction(force: -p / (h * Self.pointsPerMetre),
                             torque: -l / (h * Self.pointsPerMetre * Self.pointsPerMetre))
    }

    /// The reaction of the attachment `handle` over the last step (`jointReaction(of:)`).
    public func jointReaction(of handle: TypedBehaviorHandle<AttachmentBehavior>) throws(HookeError) -> JointReaction {
        try jointReaction(of: handle.untyped)
    }

    // MARK: - 12b. jointBreaks

    /// Removes every attachment whose reaction force this step exceeded its
    /// `breakingForce`, in the order the behaviours act, reporting each.
    mutating func jointBreaks() {
        var broken: [JointBreakEvent] = []
        for s in behaviors.order {
            guard let node = behaviors.records[s]?.first, case let .attachment(a) = node.kind,
                  let limit = a.breakingForce else { continue }
            let handle = BehaviorHandle(index: Int32(s), generation: behaviors.generation[s])
            guard let force = try? jointReaction(of: handle).forceMagnitude, force > limit else { continue }
            broken.append(JointBreakEvent(behavior: handle, force: force))
        }
        for e in broken {
            removeBehavior(e.behavior)
            recordEvent(.jointBroke(e))
        }
    }
}
