// Rest that is provably invisible: the first time after which a spring's remaining motion
// can never move a value by more than what the eye can see (Docs/animation.md, "Rest").

/// How far a value may still move once its animation is called at rest without anyone
/// seeing the difference, in the value's own unit: the band |value − target| ≤ threshold
/// that the rest time of a spring's motion guarantees it stays in for ever.
///
/// The defaults are Android's per-property minimum visible changes (androidx.dynamicanimation
/// `DynamicAnimation.MIN_VISIBLE_CHANGE_ROTATION_DEGREES` 1/10°, `…_ALPHA` 1/256,
/// `…_SCALE` 1/500), and for positions half a device pixel: a coordinate within half a pixel
/// of the target rounds to the target's pixel.
public struct RestThreshold: Sendable, Hashable {
    /// The largest |value − target| that counts as at rest, in the value's unit.
    public let value: Double

    /// A threshold of `value` (finite and > 0) in the animated value's unit.
    ///
    /// - Throws: `HookeError.invalidParameter` naming `threshold`.
    public init(_ value: Double) throws(HookeError) {
        self.value = try Validate.positive(value, "threshold")
    }

    private init(unchecked value: Double) { self.value = value }

    /// Half a device pixel, in points: 0.5/`screenScale` (UIKit's `UIScreen.scale`: 2 or 3
    /// on iPhones).
    ///
    /// - Throws: `HookeError.invalidParameter` naming `screenScale` (finite and > 0).
    public static func position(screenScale: Double) throws(HookeError) -> RestThreshold {
        RestThreshold(unchecked: 0.5 / (try Validate.positive(screenScale, "screenScale")))
    }

    /// 1/256: one step of an 8-bit alpha channel (Android's `MIN_VISIBLE_CHANGE_ALPHA`).
    public static let alpha = RestThreshold(unchecked: 1.0 / 256)

    /// 0.1°, in radians (Android's `MIN_VISIBLE_CHANGE_ROTATION_DEGREES`).
    public static let rotation = RestThreshold(unchecked: Double.pi / 1800)

    /// 1/500 of a scale factor (Android's `MIN_VISIBLE_CHANGE_SCALE`).
    public static let scale = RestThreshold(unchecked: 1.0 / 500)
}

extension Spring {
    /// The rest time of the free motion from displacement x₀ = value − target and velocity v₀:
    /// the first time T (seconds) after which |x(t)| ≤ threshold for every t ≥ T — 0 when the
    /// motion never leaves the band, `.infinity` for an undamped spring that does.
    ///
    /// T is the last exit of the exact solution from the band (the root finding of
    /// `settlingDuration(from:to:initialVelocity:tolerance:)`, for an absolute band), then
    /// moved later by 10⁻¹² of itself, so that the few ulps of the root cannot place it
    /// before the true last exit: every value after T is within the threshold, and a frame
    /// before T some motions are not (the tests check both against a 40-digit reference).
    ///
    /// - Parameters: displacement in the value's unit, velocity in that unit per second.
    /// - Throws: `HookeError.invalidParameter` naming `displacement` or `velocity` (finite).
    public func restTime(displacement x0: Double, velocity v0: Double, threshold: RestThreshold) throws(HookeError)
        -> Double {
        let x0 = try Validate.finite(x0, "displacement")
        let v0 = try Validate.finite(v0, "velocity")
        let t = lastExit(displacement: x0, velocity: v0, band: threshold.value)
        return t == 0 || !t.isFinite ? t : t * (1 + 1e-12)
    }

    /// The rest time of a motion whose components move independently (each by this
    /// spring): the latest of the components' — what `SpringMotion`, `SpringAnimator` and
    /// `SpringBatch` end their motions by. A component that is not finite never rests (`.infinity`).
    package func restTime<V: MotionComponents>(displacement: V, velocity: V, threshold: RestThreshold) -> Double {
        let x = displacement.motionComponents, v = velocity.motionComponents
        var latest = 0.0
        for i in x.indices {
            latest = max(latest, (try? restTime(displacement: x[i], velocity: v[i], threshold: threshold)) ?? .infinity)
        }
        return latest
    }
}

extension RestThreshold: Codable {
    /// Reads the threshold's value, refused unless finite and > 0.
    public init(from decoder: any Decoder) throws {
        try self.init(try decoder.singleValueContainer().decode(Double.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(value)
    }
}
