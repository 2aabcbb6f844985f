import Foundation
import HookeCore

/// A force field acting on bodies: UIKit's `UIFieldBehavior` as a pure value.
///
/// A field has a force law (`kind`), a `position` (points), a `region` relative to
/// that position outside which it exerts no force, a `strength` multiplier (default 1),
/// a `falloff` exponent and a `minimumRadius`. `force(on:)` returns the force in
/// newtons on one body; the world applies it for one step as a = 100·F/m pt/s²
/// (UIKit's scale: 100 pt = 1 m, mass in kg).
///
/// Distances in the laws are measured in **metres**: d = |body − position| / 100.
/// UIKit hands points to a Box2D world at 100 pt per metre, and SpriteKit documents
/// field strengths in metres per second squared, so a radial gravity of strength g
/// pulls with g m/s² (100·g pt/s²) on a body 100 pt from its centre, and with g/4 m/s²
/// at 200 pt. Velocities likewise enter in metres per second.
///
/// Falloff. Every built-in law is multiplied by the attenuation
///
///     A(d) = max(d, minimumRadius)^(−falloff)        (d and minimumRadius in metres)
///
/// so falloff 2 is an inverse-square law, 0 a uniform field and −1 a field that grows
/// linearly with distance. Below the minimum radius the distance is taken as the
/// minimum radius, as UIKit documents ("Distances that are less than the minimum value
/// are treated as if they are equal to the minimum value",
/// https://developer.apple.com/documentation/uikit/uifieldbehavior/minimumradius).
/// SpriteKit's page instead writes the factor as pow(distance − minRadius, −falloff)
/// (https://developer.apple.com/documentation/spritekit/skfieldnode/falloff), which is
/// singular at the minimum radius; Hooke follows UIKit's wording.
///
/// ```swift
/// let well = try Field(.radialGravity, position: [200, 400], region: .circle(radius: 300))
/// let probe = try FieldProbe(position: [300, 400], mass: 1, deltaTime: 1.0 / 120)
/// well.force(on: probe)   // (−1, 0) N: 1 m/s² toward the well at 1 m
/// ```
public struct Field: Sendable, Codable {
    /// UIKit's scale: points per metre.
    public static let pointsPerMetre: Double = 100

    /// The default minimum radius, in points. UIKit says only that it is "very small,
    /// but not zero"; Hooke uses 0.01 pt (10⁻⁴ m).
    public static let defaultMinimumRadius: Double = 0.01

    /// The force law.
    public let kind: FieldKind
    /// The field's origin, in points.
    public let position: SIMD2<Double>
    /// Where the field acts, relative to `position`.
    public let region: FieldRegion
    /// Multiplier of the force law; its unit depends on the kind (see `FieldKind`).
    public let strength: Double
    /// Exponent of the distance attenuation A(d) = max(d, minimumRadius)^(−falloff).
    public let falloff: Double
    /// Distance below which the attenuation stops changing, in points (≥ 0).
    public let minimumRadius: Double

    /// Creates a field.
    ///
    /// - Parameters:
    ///   - kind: the force law.
    ///   - position: origin of the field and of its region, in points.
    ///   - region: where the field acts (default: everywhere).
    ///   - strength: multiplier of the law (default 1, as in UIKit).
    ///   - falloff: attenuation exponent; `nil` takes `kind.defaultFalloff`.
    ///   - minimumRadius: in points (default `Field.defaultMinimumRadius`).
    /// - Throws: `HookeError.invalidParameter` naming the property: `position.x`,
    ///   `position.y`, `strength` and `falloff` must be finite; `minimumRadius` finite
    ///   and ≥ 0; region radii and sizes finite and ≥ 0; `direction`, `smoothness`
    ///   (0…1) and `animationSpeed` (≥ 0) as `FieldKind.validate()` says.
    public init(
        _ kind: FieldKind,
        position: SIMD2<Double> = .zero,
        region: FieldRegion = .infinite,
        strength: Double = 1,
        falloff: Double? = nil,
        minimumRadius: Double = Field.defaultMinimumRadius
    ) throws(HookeError) {
        try kind.validate()
        try region.validate()
        _ = try Validate.finite(position.x, "position.x")
        _ = try Validate.finite(position.y, "position.y")
        self.kind = kind
        self.position = position
        self.region = region
        self.strength = try Validate.finite(strength, "strength")
        self.falloff = try Validate.finite(falloff ?? kind.defaultFalloff, "falloff")
        self.minimumRadius = try Validate.nonNegative(minimumRadius, "minimumRadius")
    }

    private enum CodingKeys: String, CodingKey { case kind, position, region, strength, falloff, minimumRadius }

    /// Reads a field and checks it as `init(_:position:region:strength:falloff:minimumRadius:)` does.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        do {
            try self.init(c.decode(FieldKind.self, forKey: .kind), position: c.decode(SIMD2<Double>.self, forKey: .position),
                          region: c.decode(FieldRegion.self, forKey: .region), strength: c.decode(Double.self, forKey: .strength),
                          falloff: c.decode(Double.self, forKey: .falloff),
                          minimumRadius: c.decode(Double.self, forKey: .minimumRadius))
        } catch let error as HookeError {
            throw SnapshotError(path: SnapshotError.path(c.codingPath), "\(error)")
        }
    }

    /// The attenuation A(d) = max(d, minimumRadius)^(−falloff), d in metres.
    ///
    /// Exactly 1 when the falloff is 0. With a minimum radius of 0 and a positive
    /// falloff it is infinite at d = 0.
    public func attenuation(atDistance metres: Double) -> Double {
        if falloff == 0 { return 1 }
        return pow(max(metres, minimumRadius / Field.pointsPerMetre), -falloff)
    }

    /// The force the field exerts on a body in the state `probe`, in newtons.
    ///
    /// Zero outside the region. The central laws (radial gravity, spring, vortex,
    /// electric) have no direction at the field's exact position and give zero there.
    /// The laws, with r̂ the unit vector from the field's position to the body, d the
    /// distance and v the velocity in metres and metres per second, m the mass, q the
    /// charge, s the strength and A the attenuation:
    ///
    /// | kind | force (N) |
    /// |---|---|
    /// | linearGravity(direction: g) | m·s·A·g |
    /// | radialGravity | −m·s·A·r̂ |
    /// | spring | −s·A·r̂ (= −s·r at falloff −1) |
    /// | drag | −s·A·v |
    /// | velocity(direction: u) | m·(s·A·u − v)/Δt |
    /// | vortex | m·s·A·(−r̂y, r̂x) |
    /// | electric | q·s·A·r̂ |
    /// | magnetic | q·s·A·(−vy, vx) |
    /// | noise | m·s·A·N(x, y, animationSpeed·t) |
    /// | turbulence | m·s·A·|v|·N(x, y, animationSpeed·t) |
    /// | custom(f) | f(probe) |
    public func force(on probe: FieldProbe) -> SIMD2<Double> {
        let offset = probe.position - position
        guard region.contains(offset) else { return .zero }
        if case let .custom(evaluate) = kind { return evaluate(probe) }

        let length = (offset * offset).sum().squareRoot()
        let outward = length > 0 ? offset / length : .zero
        let scale = strength * attenuation(atDistance: length / Field.pointsPerMetre)
        let velocity = probe.velocity / Field.pointsPerMetre
        let m = probe.mass

        switch kind {
        case let .linearGravity(direction):
            return m * scale * direction
        case .radialGravity:
            return -m * scale * outward
        case .spring:
            // Hooke's law with k = strength (N/m): the default falloff −1 makes
            // A(d) = d, so −s·A·r̂ = −s·d·r̂ = −s·r. Not scaled by mass, so the period
            // of oscillation is 2π√(m/s) — see Docs/fields.md on Apple's wording.
            return -scale * outward
        case .drag:
            return -scale * velocity
        case let .velocity(direction):
            // The force that makes v equal the target after one step of Δt:
            // m·Δv/Δt with Δv = target − v.
            return m * (scale * direction - velocity) / probe.deltaTime
        case .vortex:
            return m * scale * SIMD2(-outward.y, outward.x)
        case .electric:
            return probe.charge * scale * outward
        case .magnetic:
            // Screen axes x right, y down are right-handed with z = x × y pointing
            // into the screen, so UIKit's field "coming out of the screen" is
            // B = (0, 0, −B) with B = s·A, and
            //     v × B = (vy·(−B) − 0, 0 − vx·(−B), 0) = B·(−vy, vx).
            // A positive charge moving right is pushed down: clockwise on the y-down
            // screen, which is the counter-clockwise (positive) sense of the engine's
            // y-up axes that Apple's wording uses. See Docs/fields.md.
            return probe.charge * scale * SIMD2(-velocity.y, velocity.x)
        case let .noise(smoothness, animationSpeed, seed):
            let n = Field.noise(at: offset, time: probe.time, smoothness: smoothness,
                                animationSpeed: animationSpeed, seed: seed)
            return m * scale * n
        case let .turbulence(smoothness, animationSpeed, seed):
            let n = Field.noise(at: offset, time: probe.time, smoothness: smoothness,
                                animationSpeed: animationSpeed, seed: seed)
            let speed = (velocity * velocity).sum().squareRoot()
            return m * scale * speed * n
        case .custom:
            return .zero  // handled above
        }
    }

    /// The size of one noise cell, in points, for a smoothness in 0…1: 10 pt at 0
    /// (as noisy as the screen usefully shows), 1000 pt at 1 (nearly uniform across a
    /// phone screen), geometrically in between: 10·100^smoothness pt.
    public static func noiseCellSize(smoothness: Double) -> Double {
        10 * pow(100, smoothness)
    }

    /// The noise vector N, each component in [−1, 1], at `offset` points from the
    /// field's position and time `time` seconds. The two components are independent
    /// noises (seeds `seed` and `seed` with its bits mixed).
    static func noise(
        at offset: SIMD2<Double>, time: Double, smoothness: Double, animationSpeed: Double, seed: UInt64
    ) -> SIMD2<Double> {
        let cell = noiseCellSize(smoothness: smoothness)
        let point = SIMD3(offset.x / cell, offset.y / cell, animationSpeed * time)
        return SIMD2(
            GradientNoise.sample(point, seed: seed),
            GradientNoise.sample(point, seed: seed ^ 0xD1B5_4A32_D192_ED03))
    }
}

/// Equality compares every parameter of the field; a custom law is a closure, which
/// cannot be compared, so two custom fields with the same other parameters compare equal.
extension Field: Hashable {
    public static func == (a: Field, b: Field) -> Bool {
        a.position == b.position && a.region == b.region && a.strength == b.strength && a.falloff == b.falloff
            && a.minimumRadius == b.minimumRadius && FieldKindKey(a.kind) == FieldKindKey(b.kind)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(position)
        hasher.combine(region)
        hasher.combine(strength)
        hasher.combine(falloff)
        hasher.combine(minimumRadius)
        hasher.combine(FieldKindKey(kind))
    }
}

/// The comparable part of a `FieldKind`: its case and associated values, with the
/// closure of a custom law left out.
private enum FieldKindKey: Hashable {
    case linearGravity(SIMD2<Double>)
    case radialGravity, spring, drag, vortex, electric, magnetic, custom
    case velocity(SIMD2<Double>)
    case noise(Double, Double, UInt64)
    case turbulence(Double, Double, UInt64)

    init(_ kind: FieldKind) {
        switch kind {
        case let .linearGravity(d): self = .linearGravity(d)
        case .radialGravity: self = .radialGravity
        case .spring: self = .spring
        case .drag: self = .drag
        case let .velocity(d): self = .velocity(d)
        case .vortex: self = .vortex
        case .electric: self = .electric
        case .magnetic: self = .magnetic
        case let .noise(s, a, seed): self = .noise(s, a, seed)
        case let .turbulence(s, a, seed): self = .turbulence(s, a, seed)
        case .custom: self = .custom
        }
    }
}
