import Foundation
import HookeCore

/// UIKit's `UIGravityBehavior`: a constant acceleration, independent of mass, on its items.
///
/// `gravityDirection` is a vector whose length is the magnitude: 1.0 = 1000 pt/s²
/// (10 m/s² at 100 pt = 1 m). A world has one gravity vector: when several gravity
/// behaviours are present the last one in behaviour order sets it, and every item of
/// any gravity behaviour falls with it — as in UIKit, where the last set wins.
public struct GravityBehavior: Sendable, Hashable, Codable {
    /// The bodies that fall.
    public var items: [BodyHandle]
    /// Direction and magnitude; (0, 1) (downwards, 1000 pt/s²) by default.
    public var gravityDirection: SIMD2<Double>

    /// Points per second squared per unit of magnitude (UIKit: 1.0 = 1000 pt/s²).
    public static let pointsPerSecondSquared = 1000.0

    /// Creates a gravity behaviour for `items`, by default pulling down at 1000 pt/s².
    public init(items: [BodyHandle], gravityDirection: SIMD2<Double> = SIMD2(0, 1)) {
        self.items = items
        self.gravityDirection = gravityDirection
    }

    /// Creates a gravity behaviour from an angle (radians, clockwise from +x) and a magnitude.
    public init(items: [BodyHandle], angle: Double, magnitude: Double) {
        self.init(items: items, gravityDirection: SIMD2(cos(angle), sin(angle)) * magnitude)
    }

    /// Angle of the direction, radians clockwise from +x (atan2(dy, dx)).
    public var angle: Double {
        get { atan2(gravityDirection.y, gravityDirection.x) }
        set { gravityDirection = SIMD2(cos(newValue), sin(newValue)) * magnitude }
    }

    /// Length of the direction vector (1.0 = 1000 pt/s²).
    public var magnitude: Double {
        get { Planar.length(gravityDirection) }
        set { gravityDirection = SIMD2(cos(angle), sin(angle)) * newValue }
    }

    /// The acceleration it imposes, in pt/s².
    public var acceleration: SIMD2<Double> { gravityDirection * Self.pointsPerSecondSquared }

    func validate(_ name: String) throws(HookeError) {
        _ = try Validate.finite(gravityDirection.x, "\(name).gravityDirection.dx")
        _ = try Validate.finite(gravityDirection.y, "\(name).gravityDirection.dy")
    }
}
