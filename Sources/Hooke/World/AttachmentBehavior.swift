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
///
/// Offsets are in item coordinates (they turn with the item), in points.
public struct AttachmentBehavior: Sendable, Hashable {
    /// The constraint the attachment imposes.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// Distance kept at `length` (rigid or springy).
        case distance
        /// Rope: distance at most `length`.
        case limit
    }

    /// What the item is attached to.
    public enum Target: Sendable, Hashable {
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
    }
}
