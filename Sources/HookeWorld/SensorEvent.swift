/// A sensor began or stopped overlapping a body (Box2D v3's sensor begin and end
/// touch events), read from `WorldEvents.sensorBegan` / `sensorEnded` after a step.
///
/// A sensor (`BodyDefinition.isSensor`) detects the bodies it could collide with
/// under the collision rules — a shared collision behaviour whose mode includes items,
/// and the `CollisionFilter` both ways — without colliding with them: a drop zone, a
/// trash target, a card held over a stack. Overlap is that of the collision outlines,
/// skins included (a box's 1 pt skin: an item 1.5 pt from a sensor box overlaps it).
/// A sensor does not detect another sensor or a boundary, and never wakes a body.
public struct SensorEvent: Sendable, Hashable, Codable {
    /// The sensor.
    public var sensor: BodyHandle
    /// The body that entered or left it.
    public var visitor: BodyHandle

    /// Creates an event.
    public init(sensor: BodyHandle, visitor: BodyHandle) {
        self.sensor = sensor
        self.visitor = visitor
    }
}
