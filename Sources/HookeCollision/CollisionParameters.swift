/// The fixed constants of the collision layer and of the World's contact solvers, in
/// points and seconds (UIKit's Box2D constants at 100 pt = 1 m, see Docs/collisions.md).
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
    /// Approach speed above which restitution applies, pt/s (Box2D's
    /// `b2_velocityThreshold`, 1 m/s): slower impacts are inelastic, so resting contacts
    /// do not jitter.
    public static let restitutionThreshold: Double = 100
    /// Fraction of the penetration beyond the slop removed per position iteration
    /// (`b2_baumgarte`).
    public static let baumgarte: Double = 0.2
    /// Largest position correction per point and iteration, points (`b2_maxLinearCorrection`,
    /// 0.2 m): a deep overlap is removed over several iterations, not in one jump.
    public static let maxLinearCorrection: Double = 20
    /// Largest condition number κ of a two-point contact's 2 × 2 block for solving it as a
    /// block (Box2D's 1000; the test is k₁₁² < κ·det K): beyond it the points are nearly
    /// redundant and one is dropped.
    public static let maxConditionNumber: Double = 1000
    /// The core distance continuous collision stops at for shapes of skin radii
    /// `radiusA`, `radiusB`: max(slop, rA + rB − 3·slop) (Box2D's `b2TimeOfImpact` target).
    public static func timeOfImpactTarget(radiusA: Double, radiusB: Double) -> Double {
        max(linearSlop, radiusA + radiusB - 3 * linearSlop)
    }
}
