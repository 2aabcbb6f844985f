// Collision filters and sensors of bodies after creation (Box2D v3's `b2Shape_SetFilter`
// and `b2Shape_EnableSensorEvents`). The table of who collides with whom is in
// Docs/collisions.md, "Collision filtering".

extension World {
    /// A body's collision categories and masks (`BodyDefinition.collisionFilter`).
    public func collisionFilter(of handle: BodyHandle) -> CollisionFilter {
        bodies.collisionFilter[slot(of: handle)]
    }

    /// Changes a body's collision categories and masks; from the next step its contacts
    /// are those the new filter admits (a contact it no longer admits ends then).
    public mutating func setCollisionFilter(_ filter: CollisionFilter, for handle: BodyHandle) {
        let i = slot(of: handle)
        guard bodies.collisionFilter[i] != filter else { return }
        bodies.collisionFilter[i] = filter
        contacts.needsRebuild = true
        wake(i)
    }

    /// Whether a body is a sensor (`BodyDefinition.isSensor`).
    public func isSensor(_ handle: BodyHandle) -> Bool { bodies.isSensor[slot(of: handle)] }

    /// Makes a body a sensor or a colliding body again, from the next step: its touching
    /// contacts end and its overlaps begin (or the other way round).
    public mutating func setSensor(_ isSensor: Bool, for handle: BodyHandle) {
        let i = slot(of: handle)
        guard bodies.isSensor[i] != isSensor else { return }
        bodies.isSensor[i] = isSensor
        contacts.needsRebuild = true
        wake(i)
    }
}
