import HookeCore

/// UIKit's `UIAttachmentBehavior`: a distance constraint (rigid rod, spring or rope)
/// between a point of an item and an anchor point or a point of another item.
///
/// - `frequency` 0 makes a rigid rod; > 0 a soft spring of that frequency (Hz) and
///   damping ratio `damping` (1 = critical), built as a soft constraint whose
///   stiffness and damping follow the joint's current effective mass
///   (Box2D's distance joint; see `DistanceJoint.swift` for the formulas).
/// - `length` nil means "the current distance when the behaviour is added";
///   the world then stores the measured length in the behaviour.
/// - Kind `.limit` is a rope: the distance may shrink freely but not exceed `length`.
/// - Kind `.pin` joins the two points and lets the bodies turn about them, with an
///   optional `frictionTorque` and an `attachmentRange` of relative angles (radians).
/// - Kind `.fixed` welds the bodies at the point and at their relative angle
///   (softened in angle when `frequency` > 0).
/// - Kind `.sliding` lets the other side move only along `axisOfTranslation`, with no
///   relative rotation, optionally within `attachmentRange` (points along the axis).
///
/// For pin, fixed and sliding both offsets must name the same world point when the
/// behaviour is added; `World.attachment(_:item:attachedTo:anchorPoint:)` computes them
/// from a world anchor point as UIKit's factory methods do.
///
/// Offsets and the axis are in item coordinates (they turn with the item), in points.
public struct AttachmentBehavior: Sendable, Hashable, Codable {
    /// The constraint the attachment imposes.
    public enum Kind: String, Sendable, Hashable, CaseIterable, Codable {
        /// Distance kept at `length` (rigid or springy).
        case distance
        /// Rope: distance at most `length`.
        case limit
        /// Revolute joint at a shared point.
        case pin
        /// Weld at a shared point and relative angle.
        case fixed
        /// Prismatic joint along an axis, without relative rotation.
        case sliding
        /// A finger's grip (Box2D's mouse joint): the item's point pulled towards the
        /// anchor point by a spring of `frequency` Hz and damping ratio `damping`, with at
        /// most `maximumForce`. Move the grip with `anchorPoint`.
        case drag
    }

    /// What the item is attached to.
    public enum Target: Sendable, Hashable, Codable {
        /// A fixed point in the world, in points.
        case anchor(SIMD2<Double>)
        /// A point of another item, offset from its centre in its own coordinates (pt).
        case item(BodyHandle, offsetFromCenter: SIMD2<Double>)
    }

    /// Kind of constraint.
    public var kind: Kind
    /// The attached body.
    public var item: BodyHandle
    /// Attachment point on `item`, offset from its centre (pt, item coordinates).
    public var offsetFromCenter: SIMD2<Double>
    /// The anchor point or the other item.
    public var target: Target
    /// Rest (or maximum, for a rope) length in points; nil = the distance when added.
    public var length: Double?
    /// Spring frequency in Hz; 0 = rigid.
    public var frequency: Double
    /// Damping ratio of the spring (acts only when frequency > 0).
    public var damping: Double
    /// Pin only: largest friction torque resisting relative rotation, N·m
    /// (100 pt = 1 m: 1 N·m = 10⁴ kg·pt²/s²); 0 = none.
    public var frictionTorque: Double = 0
    /// Sliding only: largest friction force along the axis, N (1 N = 100 kg·pt/s²); 0 =
    /// none. Box2D's prismatic motor force; UIKit's sliding attachment has no friction.
    public var frictionForce: Double = 0
    /// Pin and sliding: makes the friction a motor (Box2D's revolute and prismatic
    /// motors), driving the item's motion relative to the other side towards this speed
    /// with at most `frictionTorque` (pin) or `frictionForce` (sliding): pin, the item's
    /// angular velocity minus the other side's, rad/s (clockwise on screen positive);
    /// sliding, the item's point's velocity relative to the other side's along the axis,
    /// pt/s. 0 = plain friction.
    public var motorSpeed: Double = 0
    /// The largest reaction force the joint bears, N (`World.jointReaction(of:)`): after
    /// the first step whose reaction force is stronger, the world removes the behaviour
    /// and reports `WorldEvent.Kind.jointBroke`. nil = unbreakable. Applies to an
    /// attachment added as a behaviour of its own (not as a group's child).
    public var breakingForce: Double? = nil
    /// Drag only: the largest force of the grip, N. Box2D's samples hold a body with
    /// 1000 times its mass (100 times its weight at 10 m/s²).
    public var maximumForce: Double = .infinity
    /// Pin: allowed joint angles θ_other − θ_item − referenceAngle (radians; for a pin to
    /// an anchor point θ_other = 0). Sliding: allowed translation along the axis (points),
    /// measured from the item's point to the other side's. Must contain 0. nil = unlimited.
    public var attachmentRange: ClosedRange<Double>? = nil
    /// Sliding only: the axis of translation in item coordinates (normalised when used).
    public var axisOfTranslation = SIMD2<Double>(1, 0)
    /// Pin, fixed, sliding: relative angle (other − item) at which the joint angle is 0;
    /// nil = the relative angle when added, filled in by the world.
    public var referenceAngle: Double? = nil

    /// Attaches a point of `item` to a fixed anchor point.
    public init(kind: Kind = .distance, item: BodyHandle, offsetFromCenter: SIMD2<Double> = .zero,
                attachedToAnchor anchorPoint: SIMD2<Double>, length: Double? = nil,
                frequency: Double = 0, damping: Double = 0) {
        self.kind = kind
        self.item = item
        self.offsetFromCenter = offsetFromCenter
        self.target = .anchor(anchorPoint)
        self.length = length
        self.frequency = frequency
        self.damping = damping
    }

    /// Attaches a point of `item` to a point of `other`.
    public init(kind: Kind = .distance, item: BodyHandle, offsetFromCenter: SIMD2<Double> = .zero,
                attachedTo other: BodyHandle, offsetFromOtherCenter: SIMD2<Double> = .zero,
                length: Double? = nil, frequency: Double = 0, damping: Double = 0) {
        self.kind = kind
        self.item = item
        self.offsetFromCenter = offsetFromCenter
        self.target = .item(other, offsetFromCenter: offsetFromOtherCenter)
        self.length = length
        self.frequency = frequency
        self.damping = damping
    }

    /// The anchor point when attached to one, nil when attached to an item. Setting
    /// it re-targets the attachment to that point (as dragging does in UIKit).
    public var anchorPoint: SIMD2<Double>? {
        get { if case let .anchor(p) = target { return p } else { return nil } }
        set { if let p = newValue { target = .anchor(p) } }
    }

    func validate(_ name: String) throws(HookeError) {
        _ = try Validate.finite(offsetFromCenter.x, "\(name).offsetFromCenter.x")
        _ = try Validate.finite(offsetFromCenter.y, "\(name).offsetFromCenter.y")
        switch target {
        case let .anchor(p):
            _ = try Validate.finite(p.x, "\(name).anchorPoint.x")
            _ = try Validate.finite(p.y, "\(name).anchorPoint.y")
        case let .item(_, o):
            _ = try Validate.finite(o.x, "\(name).offsetFromOtherCenter.x")
            _ = try Validate.finite(o.y, "\(name).offsetFromOtherCenter.y")
        }
        if let l = length { _ = try Validate.nonNegative(l, "\(name).length") }
        _ = try Validate.nonNegative(frequency, "\(name).frequency")
        _ = try Validate.nonNegative(damping, "\(name).damping")
        _ = try Validate.nonNegative(frictionTorque, "\(name).frictionTorque")
        _ = try Validate.nonNegative(frictionForce, "\(name).frictionForce")
        _ = try Validate.finite(motorSpeed, "\(name).motorSpeed")
        if let f = breakingForce { _ = try Validate.positive(f, "\(name).breakingForce") }
        if kind == .drag {
            guard maximumForce > 0, !maximumForce.isNaN else {
                throw .invalidParameter("\(name).maximumForce", value: maximumForce, requirement: "a force > 0 in N")
            }
            guard frequency > 0 else {
                throw .invalidParameter("\(name).frequency", value: frequency, requirement: "> 0 Hz for a drag (a spring)")
            }
            guard case .anchor = target else {
                throw .invalidHandle("\(name).target", handle: "\(item)", requirement: "a drag attached to an anchor point, not to an item")
            }
        }
        if let r = attachmentRange {
            _ = try Validate.finite(r.lowerBound, "\(name).attachmentRange.lowerBound")
            _ = try Validate.finite(r.upperBound, "\(name).attachmentRange.upperBound")
            guard r.contains(0) else {
                throw .invalidParameter("\(name).attachmentRange.lowerBound", value: r.lowerBound,
                                        requirement: "a range that contains 0")
            }
        }
        _ = try Validate.finite(axisOfTranslation.x, "\(name).axisOfTranslation.dx")
        _ = try Validate.finite(axisOfTranslation.y, "\(name).axisOfTranslation.dy")
        if kind == .sliding {
            _ = try Validate.positive(Planar.length(axisOfTranslation), "\(name).axisOfTranslation.length")
        }
        if let a = referenceAngle { _ = try Validate.finite(a, "\(name).referenceAngle") }
    }
}
