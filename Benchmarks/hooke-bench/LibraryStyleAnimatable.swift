import Hooke

/// The vector arithmetic a `library-style` spring animation needs of the value it
/// animates — how Swift animation libraries make one animation class work for `CGFloat`,
/// `CGPoint`, `CGSize` and `CGRect` alike (SwiftUI's `VectorArithmetic`, Wave's
/// `SpringInterpolatable`, Motion's `SIMDRepresentable`): a protocol of element-wise
/// operations, conformed to by each value type.
///
/// A frame's spring step and settle test are requirements too, implemented once below
/// with those operations. As requirements, each value type's conformance gets them as
/// its own concrete code, specialised for the type, as Wave has each type implement
/// `updateValue(spring:value:target:velocity:dt:)` and Motion marks its per-frame
/// functions `@_specialize` for the SIMD types. Written instead as generic code in the
/// animation class, calling the operations one by one, the frame runs unspecialised —
/// each operation a witness-table call on a value passed indirectly — and the engine was
/// about 1.4× slower at 10³–10⁴ items (Docs/benchmarks.md, "library-style").
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

    /// One semi-implicit Euler step of `spring` toward `target` over `duration` seconds.
    static func springStep(value: Self, velocity: Self, target: Self, spring: Spring, duration: Double)
        -> (value: Self, velocity: Self)

    /// The settle test: within `distance` of `target` and slower than `speed`.
    static func hasArrived(value: Self, velocity: Self, target: Self, distance: Double, speed: Double) -> Bool
}

extension LibraryStyleAnimatable {
    /// a = (−k·(x − target) − c·v) / m, then v ← v + a·dt, then x ← x + v·dt with the new v.
    static func springStep(value: Self, velocity: Self, target: Self, spring: Spring, duration: Double)
        -> (value: Self, velocity: Self) {
        let force = (value - target).scaled(by: -spring.stiffness) - velocity.scaled(by: spring.damping)
        let acceleration = force.divided(by: spring.mass)
        let newVelocity = velocity + acceleration.scaled(by: duration)
        return (value + newVelocity.scaled(by: duration), newVelocity)
    }

    /// |x − target| < distance and |v| < speed, compared squared.
    static func hasArrived(value: Self, velocity: Self, target: Self, distance: Double, speed: Double) -> Bool {
        (value - target).magnitudeSquared < distance * distance && velocity.magnitudeSquared < speed * speed
    }
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
