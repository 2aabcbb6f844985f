/// The vector arithmetic a `library-style` spring animation needs of the value it
/// animates — how Swift animation libraries make one animation class work for `CGFloat`,
/// `CGPoint`, `CGSize` and `CGRect` alike (SwiftUI's `VectorArithmetic`, Wave's
/// `SpringInterpolatable`, Motion's `SIMDRepresentable`): a protocol of element-wise
/// operations, conformed to by each value type.
protocol LibraryStyleAnimatable: Equatable {
    static var zero: Self { get }
    static func + (lhs: Self, rhs: Self) -> Self
    static func - (lhs: Self, rhs: Self) -> Self
    /// Every component multiplied by `factor`.
    func scaled(by factor: Double) -> Self
    /// Every component divided by `divisor` (a spring's force over its mass).
    func divided(by divisor: Double) -> Self
    /// The squared length, for the settle test without a square root.
    var magnitudeSquared: Double { get }
}

/// A point on the screen, as `CGPoint` is for a view's centre. `zero`, `+` and `-` are
/// SIMD's own, component by component.
extension SIMD2: LibraryStyleAnimatable where Scalar == Double {
    func scaled(by factor: Double) -> SIMD2<Double> { self * factor }

    func divided(by divisor: Double) -> SIMD2<Double> { self / divisor }

    // Written out rather than `(self * self).sum()`, so that its rounding is the one a
    // reader (and `LibraryStyleRecurrence`) computes by hand: x² first, then + y².
    var magnitudeSquared: Double { x * x + y * y }
}
