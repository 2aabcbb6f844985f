/// A value pulled toward a target by a spring, stepped exactly, retargetable mid-flight.
///
/// Holds the spring, the target, the current value and velocity. `step(by:)` applies the
/// exact transition map Φ(h) to the displacement from the target and the velocity
/// (component-wise for vectors); Φ is cached for the last h, so stepping at a fixed
/// step costs 4 multiply-adds per component. `retarget(to:)` changes only the target:
/// the value and velocity are state, so both are continuous across the change and the
/// motion continues as the closed-form solution started from that state.
///
/// ```swift
/// var card = try SpringMotion(spring: Spring(dampingRatio: 0.8, response: 0.4),
///                             value: SIMD2(0, 0), target: SIMD2(120, 300))
/// card.step(by: 1.0 / 120)
/// try card.retarget(to: SIMD2(0, 600))    // the finger moved: no jump in position or speed
/// ```
public struct SpringMotion<Value: MotionVector>: Sendable, Equatable {
    /// The spring pulling the value.
    public private(set) var spring: Spring
    /// Where the spring pulls toward, in points.
    public private(set) var target: Value
    /// The current value, in points.
    public private(set) var value: Value
    /// The current velocity, in points per second.
    public private(set) var velocity: Value
    /// Scale of the motion since the last start or retarget: √(|x₀|² + |v₀/ω₀|²) for the
    /// displacement x₀ and velocity v₀ at that moment (points). `isSettled` is relative
    /// to it, so short and long moves settle at the same fraction of their travel.
    public private(set) var travel: Double

    // Φ(h) for the last step h used; nil until the first step or after a spring change.
    private var cache: (step: Double, map: SpringTransition)?

    /// Creates a motion at `value` moving at `velocity` toward `target`.
    ///
    /// - Throws: `HookeError.invalidParameter` naming `value`, `target` or `velocity`
    ///   when a component is not finite (the reported value is the vector's length).
    public init(
        spring: Spring, value: Value, target: Value, velocity: Value = .zero
    ) throws(HookeError) {
        try Self.validate(value, "value")
        try Self.validate(target, "target")
        try Self.validate(velocity, "velocity")
        self.spring = spring
        self.value = value
        self.target = target
        self.velocity = velocity
        self.travel = Self.energyNorm(displacement: value - target, velocity: velocity, spring: spring)
    }

    /// Displacement from the target, value − target.
    public var displacement: Value { value - target }

    /// Advances by `h` seconds with the exact transition map.
    ///
    /// - Precondition: `h` is finite and ≥ 0.
    public mutating func step(by h: Double) {
        precondition(h.isFinite && h >= 0, "SpringMotion.step(by:) needs a finite h >= 0, got \(h)")
        let map: SpringTransition
        if let cache, cache.step == h {
            map = cache.map
        } else {
            map = spring.transition(over: h)
            cache = (h, map)
        }
        let x = value - target
        let v = velocity
        let newDisplacement = map.phi11 * x + map.phi12 * v
        velocity = map.phi21 * x + map.phi22 * v
        value = target + newDisplacement
    }

    /// Moves the target, keeping value and velocity unchanged (continuous).
    ///
    /// - Throws: `HookeError.invalidParameter("target", …)` for a non-finite target.
    public mutating func retarget(to newTarget: Value) throws(HookeError) {
        try Self.validate(newTarget, "target")
        target = newTarget
        travel = Self.energyNorm(displacement: value - target, velocity: velocity, spring: spring)
    }

    /// Moves the target and changes the spring, keeping value and velocity unchanged.
    public mutating func retarget(to newTarget: Value, spring newSpring: Spring) throws(HookeError) {
        try Self.validate(newTarget, "target")
        if newSpring != spring {
            spring = newSpring
            cache = nil
        }
        try retarget(to: newTarget)
    }

    /// Whether the motion has come to rest: the energy norm √(|x|² + |v/ω₀|²) of the
    /// current displacement x and velocity v is at most `tolerance`·`travel`.
    ///
    /// The norm combines position and velocity so that a value passing through the
    /// target at speed is not settled; dividing v by ω₀ gives it units of points.
    ///
    /// The tolerance is a constant of the caller's code (a literal, almost always), not
    /// data, so one outside 0…1 is a programmer error, trapped as `step(by:)` traps a
    /// bad h; the check costs nothing next to the norm, and a frame loop calls this
    /// without `try`.
    ///
    /// - Precondition: `tolerance` is finite and 0 ≤ tolerance ≤ 1 (a fraction of `travel`).
    public func isSettled(tolerance: Double = 0.001) -> Bool {
        precondition((0...1).contains(tolerance),
                     "SpringMotion.isSettled(tolerance:) needs 0 <= tolerance <= 1, got \(tolerance)")
        let norm = Self.energyNorm(displacement: value - target, velocity: velocity, spring: spring)
        return norm <= tolerance * travel
    }

    /// Motions are equal when their spring, target, value, velocity and travel are
    /// (the cached map is a derived quantity).
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.spring == rhs.spring && lhs.target == rhs.target && lhs.value == rhs.value
            && lhs.velocity == rhs.velocity && lhs.travel == rhs.travel
    }

    private static func energyNorm(displacement x: Value, velocity v: Value, spring: Spring) -> Double {
        let scaledVelocity = (1 / spring.naturalFrequency) * v
        let a = x.motionLength
        let b = scaledVelocity.motionLength
        return (a * a + b * b).squareRoot()
    }

    private static func validate(_ vector: Value, _ name: String) throws(HookeError) {
        guard vector.isMotionFinite else {
            throw .invalidParameter(name, value: vector.motionLength, requirement: "finite in every component")
        }
    }
}

extension SpringMotion where Value: MotionComponents {
    /// The time from now (seconds) after which no component of the value ever again moves
    /// more than `threshold` from the target's: the latest of the components' rest times
    /// (`Spring.restTime(displacement:velocity:threshold:)`) — 0 when the rest of the
    /// motion is already invisible, `.infinity` for an undamped spring still moving.
    public func restTime(threshold: RestThreshold) -> Double {
        spring.restTime(displacement: value - target, velocity: velocity, threshold: threshold)
    }

    /// Ends the motion when the rest of it is invisible — when `restTime(threshold:)` is 0,
    /// no component will ever again be farther than `threshold` from the target — by putting
    /// the value exactly on the target with zero velocity; returns whether it did (or the
    /// motion already rested there).
    ///
    /// Call it after each `step(by:)`: the motion then ends at the first step from which the
    /// remaining motion cannot be seen, not before (as a threshold on the current distance
    /// and speed alone would, on a spring about to swing back out) and not later.
    @discardableResult
    public mutating func settleIfInvisible(threshold: RestThreshold) -> Bool {
        if value == target && velocity == .zero { return true }
        guard restTime(threshold: threshold) == 0 else { return false }
        value = target
        velocity = .zero
        return true
    }
}

extension SpringMotion: Codable where Value: Codable {
    private enum CodingKeys: String, CodingKey { case spring, target, value, velocity, travel }

    /// Reads a motion and checks it as `init(spring:value:target:velocity:)` does, keeping
    /// the travel it was written with (the cached step map is derived and rebuilt).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        do {
            try self.init(spring: c.decode(Spring.self, forKey: .spring), value: c.decode(Value.self, forKey: .value),
                          target: c.decode(Value.self, forKey: .target), velocity: c.decode(Value.self, forKey: .velocity))
        } catch let error as HookeError {
            throw SnapshotError(path: SnapshotError.path(c.codingPath), "\(error)")
        }
        let travel = try c.decode(Double.self, forKey: .travel)
        guard travel.isFinite, travel >= 0 else {
            throw SnapshotError(path: SnapshotError.path(c.codingPath + [CodingKeys.travel]), "expected a finite number ≥ 0")
        }
        self.travel = travel
    }
}
