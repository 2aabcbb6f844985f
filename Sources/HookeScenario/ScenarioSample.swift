/// One recorded row of a scenario run: one body's state after `step` steps.
///
/// Units: points, seconds, radians (positive clockwise on screen), pt/s and rad/s.
/// The fields are the columns of `hooke simulate`'s output, in order:
/// `step,time,id,x,y,angle,vx,vy,omega`.
public struct ScenarioSample: Sendable, Hashable {
    /// Steps taken (0 = the initial state).
    public let step: Int
    /// Simulated time step·h, in seconds.
    public let time: Double
    /// The body's id in the scenario.
    public let id: String
    /// Centre (pt).
    public let center: SIMD2<Double>
    /// Rotation (rad).
    public let angle: Double
    /// Linear velocity (pt/s).
    public let velocity: SIMD2<Double>
    /// Angular velocity (rad/s).
    public let angularVelocity: Double

    /// Creates a sample.
    public init(step: Int, time: Double, id: String, center: SIMD2<Double>, angle: Double,
                velocity: SIMD2<Double>, angularVelocity: Double) {
        self.step = step
        self.time = time
        self.id = id
        self.center = center
        self.angle = angle
        self.velocity = velocity
        self.angularVelocity = angularVelocity
    }

    /// The column names of the recorded output, in order.
    public static let columns = ["step", "time", "id", "x", "y", "angle", "vx", "vy", "omega"]

    /// Whether every number is finite.
    public var isFinite: Bool {
        center.x.isFinite && center.y.isFinite && angle.isFinite && velocity.x.isFinite && velocity.y.isFinite
            && angularVelocity.isFinite
    }
}
