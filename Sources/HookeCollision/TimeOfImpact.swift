import HookeCore

/// When a moving shape first comes within the continuous-collision target distance of
/// another, by conservative advancement.
///
/// Target. As in Box2D's `b2TimeOfImpact`, the cores stop at
/// target = max(slop, rA + rB − 3·slop) (0.5 pt for two 1 pt skins), within
/// ±0.25·slop: deep enough inside the skins that the next step has a contact, never
/// so deep that the cores meet.
///
/// Why the advance is safe. Let d be the core distance at time t₀ and n the unit
/// vector between the closest points. For convex cores, the separation along the
/// fixed axis n, s(t) = min over B of n·p − max over A of n·p, equals d at t₀ and
/// never exceeds the true distance. A core point p = c(t) + R(a(t))·r moves at
/// dp/dt = Δc + Δa·r⊥ per unit fraction of the step, with |r| ≤ r_max, so
/// s(t) ≥ d − μ(t − t₀) with μ = −n·(Δc_B − Δc_A) + |Δa_A|·r_max,A + |Δa_B|·r_max,B.
/// Advancing by (d − target)/μ can therefore never pass the target (Mirtich,
/// "Timewarp Rigid Body Simulation", SIGGRAPH 2000; Catto, "Continuous Collision",
/// GDC 2013). A pure translation onto a face reaches the target in one advance;
/// rotation converges geometrically.
public struct TimeOfImpact: Sendable, Hashable {
    /// How the search ended.
    public enum State: Sendable, Hashable {
        /// The shapes reach the target distance at `fraction`.
        case touching
        /// They stay farther than the target over the whole interval; `fraction` is tMax.
        case separated
        /// The cores already overlap at the start; `fraction` is 0.
        case overlapped
        /// The iteration cap was hit; `fraction` is still a safe (conservative) time.
        case failed
    }

    /// The outcome.
    public var state: State
    /// Fraction of the step, 0 … tMax, at which to stop the motion.
    public var fraction: Double
    /// Advancement iterations used.
    public var iterations: Int

    /// The time of impact of `shapeA` moving along `sweepA` against `shapeB` moving along
    /// `sweepB` (often a static edge: `BodySweep(staticAt:)`), within fractions 0 … `tMax`.
    ///
    /// - Parameters:
    ///   - maximumIterations: advancement cap (default 64).
    public static func compute(
        _ shapeA: CollisionShape, _ sweepA: BodySweep,
        _ shapeB: CollisionShape, _ sweepB: BodySweep,
        tMax: Double = 1, maximumIterations: Int = 64
    ) -> TimeOfImpact {
        let hullA = shapeA.hull, hullB = shapeB.hull
        let slop = CollisionParameters.linearSlop
        let target = CollisionParameters.timeOfImpactTarget(radiusA: hullA.radius, radiusB: hullB.radius)
        let tolerance = 0.25 * slop
        func reach(_ hull: ConvexPolygon, _ center: SIMD2<Double>) -> Double {
            hull.vertices.reduce(0) { max($0, Planar.distance($1, center)) }
        }
        let rotationA = abs(sweepA.angle1 - sweepA.angle0) * reach(hullA, sweepA.localCenter)
        let rotationB = abs(sweepB.angle1 - sweepB.angle0) * reach(hullB, sweepB.localCenter)
        let relativeMotion = (sweepB.center1 - sweepB.center0) - (sweepA.center1 - sweepA.center0)

        var t = 0.0
        for iteration in 0..<maximumIterations {
            let query = ShapeDistance.compute(
                hullA, sweepA.transform(at: t), hullB, sweepB.transform(at: t), includeRadii: false)
            if query.distance <= 1e-9 * max(1, target) {
                return TimeOfImpact(state: t == 0 ? .overlapped : .touching, fraction: t, iterations: iteration)
            }
            if query.distance < target + tolerance {
                return TimeOfImpact(state: .touching, fraction: t, iterations: iteration)
            }
            let approach = -Planar.dot(query.normal, relativeMotion) + rotationA + rotationB
            if approach <= 0 {
                return TimeOfImpact(state: .separated, fraction: tMax, iterations: iteration)
            }
            t += (query.distance - target) / approach
            if t >= tMax {
                return TimeOfImpact(state: .separated, fraction: tMax, iterations: iteration + 1)
            }
        }
        return TimeOfImpact(state: .failed, fraction: t, iterations: maximumIterations)
    }
}
