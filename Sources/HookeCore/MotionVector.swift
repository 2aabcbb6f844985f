/// A value a spring or a decay can animate: a vector space over Double with a length.
///
/// `Double` (1-D) and `SIMD2<Double>` (2-D points, UIKit's screen units), `SIMD3<Double>`
/// and `SIMD4<Double>` conform. Every motion Hooke animates is linear in the state, so
/// each component evolves independently with the same scalar coefficients.
public protocol MotionVector: Sendable, Hashable {
    /// The zero vector.
    static var zero: Self { get }
    static func + (lhs: Self, rhs: Self) -> Self
    static func - (lhs: Self, rhs: Self) -> Self
    /// Scales by a scalar.
    static func * (lhs: Double, rhs: Self) -> Self
    /// Euclidean length.
    var motionLength: Double { get }
    /// Whether every component is finite.
    var isMotionFinite: Bool { get }
}

extension Double: MotionVector {
    public var motionLength: Double { magnitude }
    public var isMotionFinite: Bool { isFinite }
}

extension SIMD2: MotionVector where Scalar == Double {
    public var motionLength: Double { ((self * self).sum()).squareRoot() }
    public var isMotionFinite: Bool { x.isFinite && y.isFinite }
}

extension SIMD3: MotionVector where Scalar == Double {
    public var motionLength: Double { ((self * self).sum()).squareRoot() }
    public var isMotionFinite: Bool { x.isFinite && y.isFinite && z.isFinite }
}

extension SIMD4: MotionVector where Scalar == Double {
    public var motionLength: Double { ((self * self).sum()).squareRoot() }
    public var isMotionFinite: Bool { x.isFinite && y.isFinite && z.isFinite && w.isFinite }
}

/// A motion vector whose components move independently — each follows the same spring on
/// its own — so that a rest threshold applies to each (a coordinate within half a pixel of
/// its target on each axis draws at the target's pixel): what
/// `SpringMotion.restTime(threshold:)` needs.
public protocol MotionComponents: MotionVector {
    /// The components, in order.
    var motionComponents: [Double] { get }
}

extension Double: MotionComponents {
    public var motionComponents: [Double] { [self] }
}

extension SIMD2: MotionComponents where Scalar == Double {
    public var motionComponents: [Double] { [x, y] }
}

extension SIMD3: MotionComponents where Scalar == Double {
    public var motionComponents: [Double] { [x, y, z] }
}

extension SIMD4: MotionComponents where Scalar == Double {
    public var motionComponents: [Double] { [x, y, z, w] }
}
