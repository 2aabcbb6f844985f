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
/// Equality compares the items and the fields (`Field`'s equality).
public struct FieldBehavior: Sendable, Hashable, Codable {
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
