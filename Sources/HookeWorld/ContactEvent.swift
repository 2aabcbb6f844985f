/// A contact that began or ended during a step (UIKit's collision delegate calls),
/// read from `WorldEvents.contactBegan` / `contactEnded` after the step.
public struct ContactEvent: Sendable, Hashable {
    /// What the item touches.
    public enum Partner: Sendable, Hashable {
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

    /// Creates an event.
    public init(item: BodyHandle, partner: Partner, point: SIMD2<Double>) {
        self.item = item
        self.partner = partner
        self.point = point
    }
}
