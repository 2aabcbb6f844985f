/// UIKit's `UIFieldBehavior`: a force field (`Field`) acting on its own items.
///
/// The world evaluates the field once per step, in the `fields` stage (after gravity
/// and pushes, before the islands are built), on every awake dynamic item the
/// behaviour names, with a probe holding the body's centre (pt), velocity (pt/s),
/// mass (kg), charge (`ItemProperties.charge`), the world's `elapsedTime` and the step
/// h. The returned force F (newtons) is applied at the centre for that step, so the
/// body accelerates by a = 100·F/m pt/s² (100 pt = 1 m, as in UIKit); fields exert no
/// torque. A velocity field's force m·(w − v)/h therefore sets the velocity to w in
/// one step, before resistance acts.
///
/// Each field acts only on its own items (UIKit's `addItem(_:)`), and only where its
/// region contains the body's centre. A force that is not finite — a body exactly at
/// the centre of an inverse-power law whose minimum radius is 0 — is not applied.
/// A field acts on awake bodies only and does not wake a resting one: a body comes to
/// rest only where the forces on it balance, so waking it would make it flicker
/// between rest and motion (Box2D's `ApplyForce` without waking). Adding, replacing or
/// removing the behaviour wakes its items, as for every behaviour.
///
/// ```swift
/// let well = try Field(.radialGravity, position: [200, 400], region: .circle(radius: 300))
/// _ = try world.addBehavior(.field(FieldBehavior(items: [ball], field: well)))
/// ```
///
/// Equality compares the items and every parameter of the field; a custom law is a
/// closure, which cannot be compared, so two custom fields with the same other
/// parameters compare equal.
public struct FieldBehavior: Sendable {
    /// The bodies the field acts on.
    public var items: [BodyHandle]
    /// The force law, its position, region, strength, falloff and minimum radius.
    public var field: Field

    /// Creates a field behaviour acting on `items`.
    public init(items: [BodyHandle], field: Field) {
        self.items = items
        self.field = field
    }
}

extension FieldBehavior: Hashable {
    public static func == (a: FieldBehavior, b: FieldBehavior) -> Bool {
        a.items == b.items && a.field.position == b.field.position && a.field.region == b.field.region
            && a.field.strength == b.field.strength && a.field.falloff == b.field.falloff
            && a.field.minimumRadius == b.field.minimumRadius && FieldKindKey(a.field.kind) == FieldKindKey(b.field.kind)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(items)
        hasher.combine(field.position)
        hasher.combine(field.region)
        hasher.combine(field.strength)
        hasher.combine(field.falloff)
        hasher.combine(field.minimumRadius)
        hasher.combine(FieldKindKey(field.kind))
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
