import HookeWorld

extension ScenarioBehavior {
    /// UISnapBehavior: pulls one item to a point, and to rotation 0.
    public struct Snap: Sendable, Equatable {
        public let item: String
        /// Target centre (pt); UIKit's `snapPoint`.
        public let point: SIMD2<Double>
        /// Damping ratio of UIKit's 4 Hz snap springs, 0…1 (default 0.5).
        public let damping: Double
        /// Hooke's addition: velocity (pt/s) given to the item when the snap starts,
        /// as a finger's release velocity. Nil keeps the velocity it has.
        public let releaseVelocity: SIMD2<Double>?
        /// Hooke's addition: rest that cannot be seen (`SnapRest`); nil rests the item
        /// by Box2D's sleep rule.
        public let rest: SnapRest?
    }
}
