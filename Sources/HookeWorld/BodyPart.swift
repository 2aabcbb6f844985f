import Foundation
import HookeCore
import HookeCollision

/// One shape of a compound body (`BodyShape.compound`): an outline placed in the body's
/// frame, as a `UIDynamicItemGroup`'s item or one of the bodies of SpriteKit's
/// `SKPhysicsBody(bodies:)` sits in its group.
///
/// ```swift
/// // A table: a top and two legs, one rigid body.
/// let table = BodyShape.compound([
///     BodyPart(.rectangle(width: 200, height: 20), offset: SIMD2(0, -40)),
///     BodyPart(.rectangle(width: 20, height: 80), offset: SIMD2(-90, 10)),
///     BodyPart(.rectangle(width: 20, height: 80), offset: SIMD2(90, 10)),
/// ])
/// ```
public struct BodyPart: Sendable, Hashable, Codable {
    /// The part's outline, centred on `offset`: a rectangle, an ellipse or a polygon
    /// (whose vertices are relative to `offset`), not a compound.
    public var shape: BodyShape
    /// Where the part's centre sits relative to the body's centre, points, in the body's
    /// unturned frame (y down).
    public var offset: SIMD2<Double>
    /// The part's turn relative to the body, radians (positive clockwise on screen).
    public var angle: Double

    /// A part of `shape` centred on `offset` (points) and turned by `angle` (radians).
    public init(_ shape: BodyShape, offset: SIMD2<Double> = .zero, angle: Double = 0) {
        self.shape = shape
        self.offset = offset
        self.angle = angle
    }

    /// Where the part is when its body's centre is at `center` (points) and the body is
    /// turned by `angle` (radians): the pose to draw the part's own view at
    /// (centre + R(angle)·offset, angle + the part's angle).
    public func pose(inBodyAt center: SIMD2<Double>, angle bodyAngle: Double) -> BodyPose {
        let c = cos(bodyAngle), s = sin(bodyAngle)
        return BodyPose(center: center + SIMD2(c * offset.x - s * offset.y, s * offset.x + c * offset.y),
                        angle: bodyAngle + angle)
    }

    /// The part's area (pt²), centroid in the body's frame (points) and polar moment of
    /// area about that centroid (pt⁴). A rectangle's and an ellipse's centroid is their
    /// centre; a polygon's is the centroid of its vertices' outline, turned and moved with
    /// the part (its moment about its own origin, `BodyShape.inertiaPerUnitMass`, less
    /// A·|centroid|² by the parallel-axis theorem).
    var massProperties: (area: Double, centroid: SIMD2<Double>, moment: Double) {
        let area = shape.area
        var local = SIMD2<Double>.zero
        var moment = area * shape.inertiaPerUnitMass
        if case let .polygon(vertices) = shape {
            local = MassProperties.polygon(vertices).centroid
            moment -= area * Planar.dot(local, local)
        }
        let c = cos(angle), s = sin(angle)
        return (area, offset + SIMD2(c * local.x - s * local.y, s * local.x + c * local.y), moment)
    }
}
