extension ScenarioBehavior {
    /// UIDynamicItemBehavior: sets item properties and adds velocity.
    public struct DynamicItem: Sendable, Equatable {
        public let items: [String]
        /// The properties this behaviour sets (nil where it leaves them alone).
        public let properties: ScenarioItemProperties
        /// Velocity added to each item when the behaviour starts (pt/s);
        /// UIKit's `addLinearVelocity`.
        public let linearVelocity: SIMD2<Double>?
        /// Angular velocity added to each item when the behaviour starts (rad/s).
        public let angularVelocity: Double?
    }
}
