import Foundation
import HookeCore

/// UIKit's `UIPushBehavior`: a continuous force or an instantaneous impulse on its items.
///
/// Units as in UIKit (100 pt = 1 m, mass in kg): a continuous push of magnitude F
/// (newtons) accelerates a body of mass m by 100·F/m pt/s²; an instantaneous push of
/// magnitude J (N·s) changes its velocity by 100·J/m pt/s, once, on the next step,
/// after which `active` turns false — setting it true again (by replacing the
/// behaviour) fires it again. A 100 × 100 pt item of density 1 weighs 1 kg, so
/// J = 1 gives it 100 pt/s.
///
/// An offset from an item's centre (item coordinates: it turns with the item)
/// moves the point of application and so adds a torque r × F, or an angular
/// impulse Δω = r × J / I with r in metres and I in kg·m² (in points:
/// Δω = 100·(r × J)/I with r in pt and I in kg·pt²).
public struct PushBehavior: Sendable, Hashable, Codable {
    /// How the push acts.
    public enum Mode: String, Sendable, Hashable, CaseIterable, Codable {
        /// A force applied every step while active.
        case continuous
        /// An impulse applied on the next step, after which the push deactivates.
        case instantaneous
    }

    /// The pushed bodies.
    public var items: [BodyHandle]
    /// Continuous or instantaneous.
    public var mode: Mode
    /// Whether the push acts (an instantaneous push clears it once applied).
    public var active: Bool
    /// Direction and magnitude of the force (N) or impulse (N·s), as one vector.
    public var pushDirection: SIMD2<Double>
    /// Point of application per item, offset from its centre in item coordinates (pt).
    public var offsets: [BodyHandle: SIMD2<Double>]

    /// Creates a push on `items`; the magnitude is zero until a direction is set.
    public init(items: [BodyHandle], mode: Mode, pushDirection: SIMD2<Double> = .zero,
                active: Bool = true) {
        self.items = items
        self.mode = mode
        self.active = active
        self.pushDirection = pushDirection
        self.offsets = [:]
    }

    /// Angle of the push, radians clockwise from +x.
    public var angle: Double {
        get { atan2(pushDirection.y, pushDirection.x) }
        set { pushDirection = SIMD2(cos(newValue), sin(newValue)) * magnitude }
    }

    /// Magnitude of the push (N, or N·s for an instantaneous push).
    public var magnitude: Double {
        get { Planar.length(pushDirection) }
        set { pushDirection = SIMD2(cos(angle), sin(angle)) * newValue }
    }

    /// Sets angle (radians) and magnitude together, as `setAngle(_:magnitude:)` in UIKit.
    public mutating func setAngle(_ angle: Double, magnitude: Double) {
        pushDirection = SIMD2(cos(angle), sin(angle)) * magnitude
    }

    /// The offset of the point of application from `item`'s centre, in item coordinates (pt).
    public func targetOffsetFromCenter(for item: BodyHandle) -> SIMD2<Double> {
        offsets[item] ?? .zero
    }

    /// Sets the offset of the point of application from `item`'s centre (pt, item coordinates).
    public mutating func setTargetOffsetFromCenter(_ offset: SIMD2<Double>, for item: BodyHandle) {
        offsets[item] = offset
    }

    func validate(_ name: String) throws(HookeError) {
        _ = try Validate.finite(pushDirection.x, "\(name).pushDirection.dx")
        _ = try Validate.finite(pushDirection.y, "\(name).pushDirection.dy")
        for (_, o) in offsets {
            _ = try Validate.finite(o.x, "\(name).offset.x")
            _ = try Validate.finite(o.y, "\(name).offset.y")
        }
    }
}
