extension VelocityEstimator {
    /// Flutter's `IOSScrollViewFlingVelocityTracker` estimate from the four newest
    /// samples, points per second (`VelocityStrategy.flutterIOSScrollView`):
    ///
    ///     v = 0.6·v₂ + 0.35·v₁ + 0.05·v₀,   vₖ = (pₙ₋ₖ − pₙ₋ₖ₋₁) / (tₙ₋ₖ − tₙ₋ₖ₋₁)
    ///
    /// with pₙ the newest sample. Each Δt is counted in whole microseconds, as Flutter's
    /// `Duration.inMicroseconds`, and the sum is formed in Flutter's order (oldest step
    /// first). A step with a missing sample or Δt = 0 contributes zero, as Flutter's
    /// `_previousVelocityAt` returns `Offset.zero` for either; the weights are not
    /// renormalised, so a steady finger seen in three samples reports 0.4 of its velocity
    /// and in two samples 0.05 of it.
    ///
    /// - Complexity: O(1): three differences.
    func iOSScrollViewVelocity() -> SIMD2<Double> {
        let weights = VelocityStrategy.iOSScrollViewWeights
        return weights[2] * stepVelocity(2) + weights[1] * stepVelocity(1) + weights[0] * stepVelocity(0)
    }

    /// vₖ, the difference quotient of the step from sample n−k−1 to sample n−k (n the
    /// newest), pt/s: Flutter's `_previousVelocityAt(-k)`, Δp·1000 / (Δt in µs / 1000);
    /// zero when either sample is missing or Δt rounds to 0 µs.
    private func stepVelocity(_ k: Int) -> SIMD2<Double> {
        let end = samples.count - 1 - k
        guard end >= 1 else { return .zero }
        let (start, finish) = (samples[end - 1], samples[end])
        let microseconds = Self.flutterMicroseconds(finish.time - start.time)
        guard microseconds > 0 else { return .zero }
        return (finish.location - start.location) * 1000 / (microseconds / 1000)
    }
}
