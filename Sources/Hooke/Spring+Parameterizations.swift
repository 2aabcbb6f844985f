import Foundation

extension Spring {
    /// SwiftUI's and Wave's parameterisation: a damping ratio ζ and a response T (the
    /// undamped period, seconds). k = m·(2π/T)², c = 2ζ·√(k·m) = 4πζm/T.
    ///
    /// Source: SwiftUI `Spring(response:dampingRatio:)` (Apple documentation: "response:
    /// the stiffness of the spring, defined as an approximate duration in seconds");
    /// Wave's `Spring(dampingRatio:response:mass:)`, which defines stiffness as
    /// (2π/response)²·mass and damping as 4π·dampingRatio·mass/response.
    public init(dampingRatio zeta: Double, response: Double, mass: Double = 1) throws(HookeError) {
        let zeta = try Validate.nonNegative(zeta, "dampingRatio")
        let response = try Validate.positive(response, "response")
        let mass = try Validate.positive(mass, "mass")
        let omega0 = 2 * Double.pi / response
        try self.init(mass: mass, stiffness: mass * omega0 * omega0, damping: 4 * Double.pi * zeta * mass / response)
    }
}
