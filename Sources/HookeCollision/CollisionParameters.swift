/// The fixed lengths of the collision layer, in points (UIKit's Box2D constants at
/// 100 pt = 1 m, see Docs/collisions.md).
public enum CollisionParameters {
    /// Skin radius of every polygon and edge: 1 pt (Box2D's `b2_polygonRadius`,
    /// 2 × linear slop = 0.01 m). Two polygons touch when their core outlines come
    /// within 2 pt.
    public static let skin: Double = 1
    /// Linear slop: the penetration the solver tolerates, 0.5 pt (0.005 m).
    public static let linearSlop: Double = 0.5
    /// How far a proxy's bounding box is fattened on every side in the broadphase,
    /// 10 pt (Box2D's `b2_aabbExtension`, 0.1 m).
    public static let aabbMargin: Double = 10
    /// The most broadphase pairs (candidate contacts) one body's proxy takes part in
    /// (`BroadPhase.maximumPairsPerProxy`): far above what a body in a pile meets (8 to
    /// 12), far below the n² pairs of n bodies dropped on one point.
    public static let maximumPairsPerProxy = 256
    /// The most broadphase pairs of a whole world (`BroadPhase.maximumPairs`): about
    /// half a gigabyte of contacts.
    public static let maximumPairs = 1_000_000
    /// The core distance continuous collision stops at for shapes of skin radii
    /// `radiusA`, `radiusB`: max(slop, rA + rB − 3·slop) (Box2D's `b2TimeOfImpact` target).
    public static func timeOfImpactTarget(radiusA: Double, radiusB: Double) -> Double {
        max(linearSlop, radiusA + radiusB - 3 * linearSlop)
    }
}
