import HookeWorld

extension ScenarioBehavior {
    /// UICollisionBehavior: contacts among its items and with its boundaries, which are
    /// the World's `CollisionBehavior.Boundary` as the file writes them (a `"path"` of
    /// three or more points is closed, as UIKit closes a subpath; two make one edge).
    public struct Collision: Sendable, Equatable {
        public let items: [String]
        /// What the items collide with: items, boundaries or everything.
        public let mode: CollisionBehavior.Mode
        /// Whether `world.bounds` is a boundary (UIKit's
        /// `translatesReferenceBoundsIntoBoundary`).
        public let boundsAsBoundary: Bool
        public let boundaries: [CollisionBehavior.Boundary]
        /// `boundsElasticity` and `boundsFriction`: the material of the `world.bounds`
        /// boundary.
        public let boundsElasticity: Double
        public let boundsFriction: Double
        /// `boundsCategories` and `boundsCollidesWith`: the `world.bounds` boundary's
        /// collision filter.
        public var boundsFilter = CollisionFilter.default
    }
}
