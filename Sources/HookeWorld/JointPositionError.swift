/// What a rigid attachment's position iteration measured before it corrected: the largest
/// error of its constraints, linear in points and angular in radians.
///
/// `World.jointPositionError` reports the largest left by a step. Box2D 2.3's position
/// iterations, which UIKit's solver runs, move bodies along constraints linearised at the
/// current poses; a mechanism pressed into a pose its joints cannot all reach (a slider held
/// off its axis by a drag, a chain bent past its limits) keeps an error they do not remove,
/// and while it lasts the step's motion that they undo is not a force's: such a mechanism can
/// gain energy with no input, in Box2D as in Hooke (Docs/reliability.md, "The soak").
public struct JointPositionError: Sendable, Hashable, Codable {
    /// The largest linear error, points.
    public var linear: Double
    /// The largest angular error, radians.
    public var angular: Double

    public init(linear: Double, angular: Double) {
        self.linear = linear
        self.angular = angular
    }

    /// No error.
    public static let zero = JointPositionError(linear: 0, angular: 0)

    /// Within Box2D's slop (b2_linearSlop 0.5 pt, b2_angularSlop 2°): converged.
    var isWithinSlop: Bool { linear <= DistanceJoint.linearSlop && angular <= JointMath.angularSlop }

    /// The larger of each error.
    func union(_ other: JointPositionError) -> JointPositionError {
        JointPositionError(linear: max(linear, other.linear), angular: max(angular, other.angular))
    }
}
