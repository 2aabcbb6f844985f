/// A contact that began or ended during a step (UIKit's collision delegate calls),
/// read from `WorldEvents.contactBegan` / `contactEnded` after the step.
public struct ContactEvent: Sendable, Hashable, Codable {
    /// What the item touches.
    public enum Partner: Sendable, Hashable, Codable {
        /// Another item of the same collision behaviour.
        case item(BodyHandle)
        /// A boundary by identifier; nil for the reference-bounds boundary (as UIKit).
        /// One contact however many edges of the boundary the item touches: began when
        /// it touches the first, ended when it touches none.
        case boundary(String?)
    }

    /// The item (for two items: the older body, so each pair is reported once).
    public var item: BodyHandle
    /// The other side.
    public var partner: Partner
    /// Where the contact is, world points: the first manifold point when it began
    /// (UIKit's `at:` point); for an ended contact, its last known point.
    public var point: SIMD2<Double>
    /// For a began contact, how fast the two sides were closing along the contact normal
    /// at its first point when the step began (pt/s, ≥ 0 for an approach; Box2D v3's hit
    /// event `approachSpeed`): what a haptic or a sound scales with. 0 for an ended one.
    public var approachSpeed: Double
    /// For a began contact, the normal impulse the solver applied over its points in
    /// that first step, N·s (100 pt = 1 m; SpriteKit's `collisionImpulse`): m·(1 + e)·v
    /// for a body of mass m arriving at v on an immovable side, plus what the step's
    /// forces add. 0 for an ended one.
    public var normalImpulse: Double

    /// Creates an event.
    public init(item: BodyHandle, partner: Partner, point: SIMD2<Double>, approachSpeed: Double = 0,
                normalImpulse: Double = 0) {
        self.item = item
        self.partner = partner
        self.point = point
        self.approachSpeed = approachSpeed
        self.normalImpulse = normalImpulse
    }
}
