import HookeCore

/// UIKit's `UISnapBehavior`: pulls an item to a point and to rotation 0 with damped springs.
///
/// Built exactly as Apple's engine builds it: a static anchor at `snapPoint`
/// (angle 0) and four soft distance joints of rest length 50 pt at 4 Hz with
/// damping ratio `damping`, from the item's corners (−w/2, −h/2) and (+w/2, +h/2)
/// to points 50 pt beyond the target corners (left and above, then right and
/// below), created in that order. They are all relaxed exactly when the item sits
/// at the point at angle 0; since the corners turn with the item, the pull is
/// stiffer than one 4 Hz spring and the item turns a little on its way.
///
/// Unlike UIKit, a snap can take a release velocity (for example the velocity of
/// the gesture that let the item go): when the behaviour is added, the item's
/// velocity is set to it, so the flick carries into the snap.
public struct SnapBehavior: Sendable, Hashable, Codable {
    /// The snapped body.
    public var item: BodyHandle
    /// Where the item's centre ends, in points.
    public var snapPoint: SIMD2<Double>
    /// Damping ratio of the four springs, 0…1 (UIKit's default 0.5).
    public var damping: Double
    /// Velocity given to the item when the snap is added (pt/s); nil keeps its own.
    public var releaseVelocity: SIMD2<Double>?
    /// Angular velocity given to the item when the snap is added (rad/s); nil keeps its own.
    public var releaseAngularVelocity: Double?
    /// When the item is at rest for the eye, ending its motion exactly at the snap point;
    /// nil rests it by Box2D's sleep rule (`SnapRest`).
    public var rest: SnapRest?

    /// Rest length of each of the four springs, in points.
    public static let springLength = 50.0
    /// Frequency of each of the four springs, in hertz.
    public static let springFrequency = 4.0

    /// Creates a snap of `item` to `snapPoint`.
    public init(item: BodyHandle, snapPoint: SIMD2<Double>, damping: Double = 0.5,
                releaseVelocity: SIMD2<Double>? = nil, releaseAngularVelocity: Double? = nil, rest: SnapRest? = nil) {
        self.item = item
        self.snapPoint = snapPoint
        self.damping = damping
        self.releaseVelocity = releaseVelocity
        self.releaseAngularVelocity = releaseAngularVelocity
        self.rest = rest
    }

    func validate(_ name: String) throws(HookeError) {
        _ = try Validate.finite(snapPoint.x, "\(name).snapPoint.x")
        _ = try Validate.finite(snapPoint.y, "\(name).snapPoint.y")
        _ = try Validate.inRange(damping, 0...1, "\(name).damping")
        if let v = releaseVelocity {
            _ = try Validate.finite(v.x, "\(name).releaseVelocity.x")
            _ = try Validate.finite(v.y, "\(name).releaseVelocity.y")
        }
        if let w = releaseAngularVelocity {
            _ = try Validate.finite(w, "\(name).releaseAngularVelocity")
        }
    }
}
