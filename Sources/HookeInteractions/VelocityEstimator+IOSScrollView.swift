extension VelocityEstimator {
    /// Flutter's `IOSScrollViewFlingVelocityTracker` estimate from the four newest
    /// samples, points per second (`VelocityStrategy.flutterIOSScrollView`):
    ///
    ///     v = 0.6·v₂ + 0.35·v₁ + 0.05·v₀,   vₖ = (pₙ₋ₖ − pₙ₋ₖ₋₁) / (tₙ₋ₖ − tₙ₋ₖ₋₁)
    ///
    /// with pₙ the newest sample. A step with a missing sample or Δt = 0 contributes zero,
    /// as Flutter's `_previousVelocityAt` returns `Offset.zero` for a null sample or dt = 0;
    /// the weights are not renormalised, so a three-sample gesture reports 0.4 of a
    /// steady velocity and a two-sample one 0.05 of it. Flutter counts time in whole
    /// microseconds (`Duration`); here it is the samples' own seconds.
    ///
    /// - Complexity: O(1): at most three differences.
    func iOSScrollViewVelocity() -> SIMD2<Double> {
        var velocity = SIMD2<Double>.zero
        for (step, weight) in VelocityStrategy.iOSScrollViewWeights.enumerated() {
            // Step k runs from sample n−k−1 to sample n−k (n the newest index).
            let end = samples.count - 1 - step
            guard end >= 1 else { break }
            let (start, finish) = (samples[end - 1], samples[end])
            let dt = finish.time - start.time
            guard dt > 0 else { continue }
            velocity += weight * ((finish.location - start.location) / dt)
        }
        return velocity
    }
}
