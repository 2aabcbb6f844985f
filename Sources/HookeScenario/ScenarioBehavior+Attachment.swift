import HookeWorld

extension ScenarioBehavior {
    /// UIAttachmentBehavior: ties an item to a fixed anchor or to another item.
    ///
    /// Which keys each kind takes:
    ///
    /// | kind | anchor / to | length | frequency, damping | axis | range | frictionTorque | frictionForce | motorSpeed |
    /// |---|---|---|---|---|---|---|---|---|
    /// | distance | one of them | yes | yes | – | – | – | – | – |
    /// | limit | one of them | yes | – | – | – | – | – | – |
    /// | sliding | `anchor`, and optionally `to` | – | – | required | yes | – | yes | yes |
    /// | fixed | `anchor`, and optionally `to` | – | yes | – | – | – | – | – |
    /// | pin | `anchor`, and optionally `to` | – | – | – | yes | yes | – | yes |
    /// | drag | `anchor` only | – | yes (frequency required) | – | – | – | – | – |
    ///
    /// A drag also takes `maximumForce`; every kind takes `breakingForce`.
    ///
    /// For sliding, fixed and pin (UIKit's `slidingAttachment`, `fixedAttachment`,
    /// `pinAttachment`), `anchor` is the joint's location in the world and `to` the
    /// second item, as in UIKit's factory methods; without `to` the item is joined
    /// to the world.
    public struct Attachment: Sendable, Equatable {
        /// Distance, limit (a rope), pin, fixed (weld) or sliding: the World's kinds.
        public let kind: AttachmentBehavior.Kind
        public let item: String
        /// Attachment point in the world (pt).
        public let anchor: SIMD2<Double>?
        /// The second item.
        public let to: String?
        /// Attachment point on `item`, from its centre (pt); UIKit's `offsetFromCenter`.
        public let offset: SIMD2<Double>
        /// Attachment point on `to`, from its centre (pt).
        public let toOffset: SIMD2<Double>
        /// Rest length (pt, ≥ 0); nil = the distance in the initial geometry.
        public let length: Double?
        /// Spring frequency in Hz (≥ 0; 0 = rigid).
        public let frequency: Double
        /// Damping ratio (≥ 0; 1 = critical); acts only when frequency > 0.
        public let damping: Double
        /// Unit axis of translation of a sliding attachment (normalised on reading).
        public let axis: SIMD2<Double>?
        /// Allowed range, [min, max] containing 0: translation (pt) for sliding,
        /// rotation (rad) for pin. Nil = unlimited.
        public let range: ClosedRange<Double>?
        /// Torque resisting rotation of a pin (≥ 0), N·m; the pin motor's limit.
        public let frictionTorque: Double
        /// Force resisting sliding (≥ 0), N; the sliding motor's limit.
        public let frictionForce: Double
        /// The motor's target speed of the item relative to the other side: rad/s for a
        /// pin, pt/s along the axis for a sliding attachment (0 = friction only).
        public let motorSpeed: Double
        /// The reaction force (N, > 0) beyond which the attachment breaks; nil = never.
        public let breakingForce: Double?
        /// A drag's largest force (N, > 0); nil = 1000 times the item's mass, as Box2D's samples.
        public let maximumForce: Double?
    }
}
