/// Which shapes a shape may collide with, by category bits (Box2D v3's `b2Filter`,
/// SpriteKit's `categoryBitMask` and `collisionBitMask`): 64 categories, one bit each.
///
/// Two shapes pass the filter when each one's categories meet the other's
/// `collidesWith`:
///
///     (A.categories & B.collidesWith) != 0 && (B.categories & A.collidesWith) != 0
///
/// The test is symmetric, as Box2D's is, so a contact is solved for both sides or for
/// neither (momentum is conserved in every contact). It comes on top of UIKit's
/// membership rule — two items collide only when they share a collision behaviour,
/// an item and a boundary only when the item's behaviour owns the boundary — and can
/// only take collisions away (the table in Docs/collisions.md, "Collision filtering").
///
/// ```swift
/// let cards: UInt64 = 1 << 1, floor: UInt64 = 1 << 2
/// var card = BodyDefinition(shape: .rectangle(width: 80, height: 120))
/// card.collisionFilter = CollisionFilter(categories: cards, collidesWith: floor)  // cards pass through cards
/// ```
public struct CollisionFilter: Sendable, Hashable, Codable {
    /// The categories this shape belongs to, one bit each.
    public var categories: UInt64
    /// The categories this shape collides with.
    public var collidesWith: UInt64

    /// Box2D's default: category 1 (bit 0), colliding with every category.
    public static let `default` = CollisionFilter()

    /// Creates a filter; by default category 1 colliding with every category, as
    /// Box2D's `b2DefaultFilter()` is.
    public init(categories: UInt64 = 1, collidesWith: UInt64 = .max) {
        self.categories = categories
        self.collidesWith = collidesWith
    }

    /// Whether a shape with this filter and one with `other` pass the filter.
    public func admits(_ other: CollisionFilter) -> Bool {
        categories & other.collidesWith != 0 && other.categories & collidesWith != 0
    }
}
