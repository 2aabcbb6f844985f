/// Where a body is drawn: its centre and rotation.
public struct BodyPose: Sendable, Hashable {
    /// Centre, points (y down).
    public var center: SIMD2<Double>
    /// Rotation, radians, positive clockwise on screen.
    public var angle: Double

    /// Creates a pose.
    public init(center: SIMD2<Double>, angle: Double) {
        self.center = center
        self.angle = angle
    }
}
