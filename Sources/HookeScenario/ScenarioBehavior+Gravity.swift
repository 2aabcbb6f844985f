import Foundation

extension ScenarioBehavior {
    /// UIGravityBehavior: a uniform acceleration of all its items, independent of mass.
    public struct Gravity: Sendable, Equatable {
        public let items: [String]
        /// The gravity vector in UIKit's unit: length 1 = 1000 pt/s².
        /// Written either as `direction` (whose length is the magnitude) or as
        /// `angle` + `magnitude`; `magnitude` alone rescales `direction`.
        public let direction: SIMD2<Double>

        /// Magnitude |direction| (1 = 1000 pt/s²).
        public var magnitude: Double { (direction * direction).sum().squareRoot() }
        /// Angle of `direction` (rad, positive clockwise on screen; π/2 = down).
        public var angle: Double { atan2(direction.y, direction.x) }
        /// The acceleration in pt/s².
        public var acceleration: SIMD2<Double> { direction * 1000 }
    }
}
