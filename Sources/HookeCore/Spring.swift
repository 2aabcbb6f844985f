import Foundation

/// A damped harmonic oscillator: a mass on a linear spring with viscous damping.
///
/// The displacement x from the target obeys
///
///     m·ẍ + c·ẋ + k·x = 0
///
/// with mass `m` (kg, or any consistent unit), stiffness `k` (N/m, i.e. kg/s²) and
/// damping coefficient `c` (kg/s). Positions are in points and times in seconds
/// throughout Hooke; only the ratios k/m and c/m shape the motion.
///
/// Derived quantities:
/// - natural (undamped angular) frequency ω₀ = √(k/m), in rad/s;
/// - damping ratio ζ = c / (2√(k·m)): < 1 under-damped (oscillates), 1 critical, > 1 over-damped;
/// - response (undamped period) T = 2π/ω₀, in seconds — SwiftUI's `response`.
///
/// The conversions to and from the parameterisations used by SwiftUI, UIKit and
/// Core Animation live in `Spring+Parameterizations.swift`, Pop's and react-spring's in
/// `Spring+Pop.swift` and `Spring+ReactSpring.swift`; the exact solution in
/// `SpringTransition.swift`; settling, overshoot and peaks in `Spring+Settling.swift`.
///
/// ```swift
/// let spring = try Spring(mass: 1, stiffness: 246.74, damping: 15.71)
/// let state = spring.state(at: 0.1, from: 0, to: 100)   // value ≈ 37.9 pt
/// ```
public struct Spring: Sendable, Hashable {
    /// Mass m (> 0).
    public let mass: Double
    /// Stiffness k (> 0), force per unit displacement.
    public let stiffness: Double
    /// Viscous damping coefficient c (≥ 0), force per unit velocity.
    public let damping: Double

    /// Creates a spring from its physical coefficients.
    ///
    /// - Throws: `HookeError.invalidParameter` unless mass and stiffness are finite
    ///   and positive and damping is finite and not negative, and unless the derived
    ///   rates are representable: ω₀ = √(k/m) finite and > 0 and c/(2m) finite (mass
    ///   10⁻³⁰⁰ with stiffness 10²⁵ would make k/m overflow to infinity).
    public init(mass: Double = 1, stiffness: Double, damping: Double) throws(HookeError) {
        self.mass = try Validate.positive(mass, "mass")
        self.stiffness = try Validate.positive(stiffness, "stiffness")
        self.damping = try Validate.nonNegative(damping, "damping")
        let omega0 = naturalFrequency
        guard omega0.isFinite, omega0 > 0 else {
            throw .invalidParameter("stiffness", value: stiffness,
                                    requirement: "such that √(stiffness/mass) is finite and > 0 with mass \(mass)")
        }
        guard decayRate.isFinite else {
            throw .invalidParameter("damping", value: damping,
                                    requirement: "such that damping/(2·mass) is finite with mass \(mass)")
        }
    }

    /// Natural angular frequency ω₀ = √(k/m), in rad/s.
    public var naturalFrequency: Double { (stiffness / mass).squareRoot() }

    /// Damping ratio ζ = c / (2√(k·m)), dimensionless.
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }

    /// Response: the undamped period 2π/ω₀, in seconds (SwiftUI, Wave).
    public var response: Double { 2 * Double.pi / naturalFrequency }

    /// Decay rate of the envelope, ζ·ω₀ = c/(2m), in 1/s.
    public var decayRate: Double { damping / (2 * mass) }
}

extension Spring: Codable {
    private enum CodingKeys: String, CodingKey { case mass, stiffness, damping }

    /// Reads a spring and checks it as `init(mass:stiffness:damping:)` does.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        do {
            try self.init(mass: c.decode(Double.self, forKey: .mass), stiffness: c.decode(Double.self, forKey: .stiffness),
                          damping: c.decode(Double.self, forKey: .damping))
        } catch let error as HookeError {
            throw SnapshotError(path: SnapshotError.path(c.codingPath), "\(error)")
        }
    }
}
