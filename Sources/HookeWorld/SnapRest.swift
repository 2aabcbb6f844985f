import HookeCore

/// When a snap's item is at rest for the eye: the bands |x − P.x|, |y − P.y| ≤ `position`
/// and |angle| ≤ `rotation` that the item, snapped to P, will provably never leave again.
///
/// A snap with a `SnapRest` ends its motion at the first step after which the remaining
/// motion can never be seen: the item is then placed exactly at the snap point, at angle
/// 0, with no velocity, and put to sleep (Docs/animation.md, "Rest in the World"). Without
/// one, the item rests as Box2D's bodies do, once it has moved slower than 1 pt/s and
/// 2°/s for half a second.
public struct SnapRest: Sendable, Hashable, Codable {
    /// The largest |x − P.x| and |y − P.y| that cannot be seen, in points.
    public var position: RestThreshold
    /// The largest |angle| that cannot be seen, in radians.
    public var rotation: RestThreshold

    /// Rest within `position` (points) and `rotation` (radians; Android's 0.1° unless given).
    public init(position: RestThreshold, rotation: RestThreshold = .rotation) {
        self.position = position
        self.rotation = rotation
    }

    /// Rest within half a device pixel (0.5/`screenScale` pt) and 0.1°.
    ///
    /// - Throws: `HookeError.invalidParameter` naming `screenScale` (finite and > 0).
    public init(screenScale: Double) throws(HookeError) {
        self.init(position: try .position(screenScale: screenScale))
    }
}
