import Foundation

extension SpringTransition {
    /// Relative slack allowed above 1 when a spectral radius is compared with 1.
    ///
    /// A map that conserves energy exactly (the undamped exact propagator, or an
    /// undamped symplectic method) has eigenvalues on the unit circle; computed in
    /// floating point its radius lands within a few ulps of 1 on either side. 1e−12 is
    /// far above that rounding and far below any real growth worth reporting: one step
    /// with ρ = 1 + 1e−12 needs 10¹² steps to grow by e.
    public static let stabilitySlack = 1e-12

    /// Trace φ11 + φ22 of the map.
    public var trace: Double { phi11 + phi22 }

    /// Determinant φ11·φ22 − φ12·φ21 of the map.
    public var determinant: Double { phi11 * phi22 - phi12 * phi21 }

    /// Spectral radius: the largest modulus of the two eigenvalues.
    ///
    /// The eigenvalues solve z² − τz + Δ = 0 (τ the trace, Δ the determinant):
    /// z = τ/2 ± √(τ²/4 − Δ). A complex pair has |z|² = Δ; a real pair has largest
    /// modulus |τ|/2 + √(τ²/4 − Δ) (the sign of the square root chosen to add to |τ|/2,
    /// so nothing cancels).
    public var spectralRadius: Double {
        let halfTrace = 0.5 * trace
        let discriminant = halfTrace * halfTrace - determinant
        if discriminant < 0 {
            return determinant.squareRoot()
        }
        return abs(halfTrace) + discriminant.squareRoot()
    }
}
