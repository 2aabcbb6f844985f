import HookeCore

/// One point of a sweep: a spring and the velocity it starts with.
public struct SpringSweepCase: Sendable, Hashable {
    /// The spring simulated at this point.
    public var spring: Spring
    /// Initial velocity, points per second (positive toward larger values).
    public var initialVelocity: Double

    public init(spring: Spring, initialVelocity: Double = 0) {
        self.spring = spring
        self.initialVelocity = initialVelocity
    }
}

/// What a simulated step response did, as measured by `SpringSweep` on the samples an
/// integrator produced at its fixed timestep.
///
/// Between two samples n and n + 1 the curve is taken to be the cubic Hermite
/// interpolant of the sampled values and velocities (x_n, h·v_n, x_{n+1}, h·v_{n+1});
/// turning points, the settling exit and the rise crossings are located on it. For the
/// exact integrator the samples are the true curve, and the interpolant is within
/// O(h⁴) of it; for the others it is what the integrator's own samples imply.
///
/// Displacements are measured from the target; D is the step |target − start| (or, for
/// a move with start = target, the amplitude scale |v₀|/ω₀ that
/// `Spring.settlingDuration` uses). Values that a point does not have (no turning point
/// past the target, no 90 % crossing within the limit…) are `.nan`. Equality is that of
/// the fields, so two metrics holding NaN compare unequal even when bit-identical.
public struct SpringSweepMetrics: Sendable, Hashable {
    /// Last time (s) the displacement leaves the band |x| ≤ tolerance·D, located on the
    /// interpolant inside the last sample interval in which it leaves; 0 if it never
    /// leaves; `.infinity` if the motion has not settled by the duration limit — the
    /// last sample is outside the band, or the closed-form motion continuing from the
    /// last sample's state leaves it again (the curve is passing through the band, not
    /// resting in it) — which includes unstable points.
    public var settlingDuration: Double
    /// Largest excursion past the target over D: the larger of the sampled excursions and
    /// the interpolated turning points; 0 when the curve never crosses the target.
    public var overshoot: Double
    /// Time (s) of the first turning point past the target (the first peak), `.nan` if none.
    public var peakTime: Double
    /// Time (s) from 10 % to 90 % of the way from start to target (first crossings),
    /// `.nan` if start = target or 90 % is not reached within the limit.
    public var riseTime: Double
    /// Turning points that lie outside the band: how many times the curve swings out of
    /// (or stays out of) the band and turns. A step from rest with ζ < 1 has as many as
    /// there are k ≥ 1 with e^{−kζπ/√(1−ζ²)} > tolerance.
    public var oscillations: Int
    /// Largest |v| over the samples, points per second.
    public var peakVelocity: Double
    /// Largest |a| = |k·x + c·v|/m over the samples, points per second squared.
    public var peakAcceleration: Double
    /// Largest |x_n − x(t_n)| over the samples (points) against the closed form, or
    /// `.nan` for the exact integrator (whose error is rounding).
    public var maxError: Double
    /// Whether the integrator's one-step map has spectral radius ≤ 1 for this spring
    /// and step (`SpringIntegrator.isStable(for:step:)`).
    public var isStable: Bool
    /// The closed-form settling duration (`Spring.settlingDuration`) of the same move, s.
    public var exactSettlingDuration: Double

    public init(
        settlingDuration: Double, overshoot: Double, peakTime: Double, riseTime: Double,
        oscillations: Int, peakVelocity: Double, peakAcceleration: Double, maxError: Double,
        isStable: Bool, exactSettlingDuration: Double
    ) {
        self.settlingDuration = settlingDuration
        self.overshoot = overshoot
        self.peakTime = peakTime
        self.riseTime = riseTime
        self.oscillations = oscillations
        self.peakVelocity = peakVelocity
        self.peakAcceleration = peakAcceleration
        self.maxError = maxError
        self.isStable = isStable
        self.exactSettlingDuration = exactSettlingDuration
    }
}
