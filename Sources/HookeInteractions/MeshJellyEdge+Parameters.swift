import Hooke

extension MeshJellyEdge {
    /// The springs and dampers of the edge's network (masses in an arbitrary unit; only
    /// the ratios k/m and c/m set the motion, in s⁻² and s⁻¹).
    ///
    /// The defaults make each point, held by its anchor alone, return on the article's
    /// spring `Spring(uikitDuration: 1, dampingRatio: 0.5)` (ω₀ = 12.717 rad/s, ζ = 0.5),
    /// join neighbours ten times stiffer (the bulge under the finger decays over about
    /// √(tension/anchor) ≈ 3 points on each side), and hold the pulled point to the finger
    /// with a near-critically damped attachment 600 times stiffer than an anchor
    /// (ω = 316 rad/s, ζ = 0.71), so it lags a still finger by about 1 % of the pull.
    public struct Parameters: Sendable, Hashable, Codable {
        /// Mass of each control point, > 0.
        public var pointMass: Double
        /// Stiffness of the spring holding each point at its rest height, ≥ 0.
        public var anchorStiffness: Double
        /// Damping of that spring, ≥ 0.
        public var anchorDamping: Double
        /// Stiffness of the springs between neighbours (and from each end point to the
        /// fixed corner beside it), > 0.
        public var tension: Double
        /// Damping of those springs, ≥ 0.
        public var tensionDamping: Double
        /// Stiffness of the attachment of the pulled point to the finger's target, > 0.
        public var fingerStiffness: Double
        /// Damping of that attachment, ≥ 0.
        public var fingerDamping: Double

        /// The network's coefficients.
        ///
        /// - Throws: `HookeError.invalidParameter` naming the first coefficient that is not
        ///   finite or breaks its sign requirement.
        public init(
            pointMass: Double = 1,
            anchorStiffness: Double = MeshJellyEdge.articleSpring.stiffness,
            anchorDamping: Double = MeshJellyEdge.articleSpring.damping,
            tension: Double = 1600, tensionDamping: Double = 4,
            fingerStiffness: Double = 100_000, fingerDamping: Double = 450
        ) throws(HookeError) {
            self.pointMass = try Validate.positive(pointMass, "pointMass")
            self.anchorStiffness = try Validate.nonNegative(anchorStiffness, "anchorStiffness")
            self.anchorDamping = try Validate.nonNegative(anchorDamping, "anchorDamping")
            self.tension = try Validate.positive(tension, "tension")
            self.tensionDamping = try Validate.nonNegative(tensionDamping, "tensionDamping")
            self.fingerStiffness = try Validate.positive(fingerStiffness, "fingerStiffness")
            self.fingerDamping = try Validate.nonNegative(fingerDamping, "fingerDamping")
        }
    }

    /// `Spring(uikitDuration: 1, dampingRatio: 0.5)` on a unit mass: the article's `UIView`
    /// spring, the default anchor of every point.
    public static let articleSpring: Spring = {
        do { return try Spring(uikitDuration: 1, dampingRatio: 0.5) } catch { preconditionFailure("\(error)") }
    }()
}
