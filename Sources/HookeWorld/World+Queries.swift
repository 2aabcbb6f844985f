import HookeCore
import HookeCollision

/// A body met by a ray or a moving shape.
public struct CastHit: Sendable, Hashable {
    /// The body hit.
    public var body: BodyHandle
    /// Where the ray enters the body's outline, or where the moving shape first touches
    /// it, points.
    public var point: SIMD2<Double>
    /// The body outline's outward unit normal at `point` (for a shape cast: from the
    /// body towards the moving shape); zero for a shape that overlaps the body from
    /// the start.
    public var normal: SIMD2<Double>
    /// How far along the path the hit is, 0…1 (start + fraction·(end − start), or the
    /// fraction of the translation).
    public var fraction: Double
}

// Queries (SpriteKit's body(at:) and enumerateBodies(alongRayStart:end:), Box2D v3's
// b2World_CastRay, b2World_CastShape and b2World_OverlapShape). They read the World's
// shape index: a dynamic AABB tree holding every live body's outline (sensors,
// anchored and resting bodies included) at its current placement, each leaf's box
// holding its outline's box. A query walks the tree to the few leaves its point, ray
// or box meets and tests their exact outlines, so it costs O(log n + hits) and gives
// what testing every body would. The `queryIndex` stage, at the end of each step,
// brings the index up to the bodies that moved.
//
// The outline is the body's collision outline without the collision layer's 1 pt skin
// unless `includingSkin` says so: a rectangle item is its w × h rectangle, an ellipse
// a circle or the polygon within 0.25 pt of it, a polygon itself, a compound its parts
// (Docs/collisions.md). A compound given to a shape cast or an overlap query moves or
// overlaps as its parts together.
extension World {
    /// Bodies whose outline holds `point` (points; the boundary counts), oldest first.
    ///
    /// - Parameters:
    ///   - includingSkin: whether the 1 pt collision skin around rectangles and polygons
    ///     counts as part of the body.
    ///   - categories: only bodies whose `CollisionFilter.categories` share a bit with
    ///     these (every body by default).
    /// - Throws: `HookeError.invalidParameter` naming `point.x` or `point.y` when not finite.
    public func bodies(at point: SIMD2<Double>, includingSkin: Bool = false, categories: UInt64 = .max) throws(HookeError) -> [BodyHandle] {
        try Self.validatePoint(point, "point")
        let slots = shapeIndex.keys(at: point, includingSkin: includingSkin, where: accepting(categories))
        return oldestFirst(slots)
    }

    /// The newest body whose outline holds `point` (the topmost, as views stack in
    /// creation order), or nil; the parameters are those of `bodies(at:)`.
    public func body(at point: SIMD2<Double>, includingSkin: Bool = false, categories: UInt64 = .max) throws(HookeError) -> BodyHandle? {
        try bodies(at: point, includingSkin: includingSkin, categories: categories).last
    }

    /// Every body the segment from `start` to `end` (points) enters, nearest first (equal
    /// fractions oldest first). A body the segment starts inside is not reported (Box2D's
    /// rule), nor is anything by a segment of zero length.
    ///
    /// - Throws: `HookeError.invalidParameter` naming `start.x` … `end.y` when not finite.
    public func castRay(
        from start: SIMD2<Double>, to end: SIMD2<Double>, includingSkin: Bool = false, categories: UInt64 = .max
    ) throws(HookeError) -> [CastHit] {
        try Self.validatePoint(start, "start")
        try Self.validatePoint(end, "end")
        return hits(shapeIndex.rayHits(from: start, to: end, includingSkin: includingSkin, where: accepting(categories)))
    }

    /// The nearest body the segment from `start` to `end` enters, or nil; the rules
    /// and parameters are those of `castRay(from:to:)`.
    public func closestRayHit(
        from start: SIMD2<Double>, to end: SIMD2<Double>, includingSkin: Bool = false, categories: UInt64 = .max
    ) throws(HookeError) -> CastHit? {
        try Self.validatePoint(start, "start")
        try Self.validatePoint(end, "end")
        let sequence = bodies.sequence
        guard let nearest = shapeIndex.closestRayHit(from: start, to: end, includingSkin: includingSkin,
                                                     where: accepting(categories), rank: { sequence[$0] })
        else { return nil }
        return hits([nearest])[0]
    }

    /// Every body `shape`, centred on `center` (points) and turned by `angle` (radians),
    /// touches when moved by `translation` (points), first touched first (equal fractions
    /// oldest first). Bodies it overlaps at the start come first, with fraction 0 and a
    /// zero normal.
    ///
    /// - Throws: `HookeError.invalidParameter` naming the shape's size, `center`,
    ///   `angle` or `translation` when invalid.
    public func castShape(
        _ shape: BodyShape, center: SIMD2<Double>, angle: Double = 0, translation: SIMD2<Double>,
        includingSkin: Bool = false, categories: UInt64 = .max
    ) throws(HookeError) -> [CastHit] {
        let (outline, placement) = try Self.placedOutline(shape, center: center, angle: angle)
        try Self.validatePoint(translation, "translation")
        return hits(shapeIndex.castHits(outline, placedBy: placement, translation: translation,
                                        includingSkin: includingSkin, where: accepting(categories)))
    }

    /// Bodies whose outline shares a point with `shape` centred on `center` (points) and
    /// turned by `angle` (radians), oldest first.
    ///
    /// - Throws: `HookeError.invalidParameter` naming the shape's size, `center` or
    ///   `angle` when invalid.
    public func bodies(
        overlapping shape: BodyShape, center: SIMD2<Double>, angle: Double = 0,
        includingSkin: Bool = false, categories: UInt64 = .max
    ) throws(HookeError) -> [BodyHandle] {
        let (outline, placement) = try Self.placedOutline(shape, center: center, angle: angle)
        let slots = shapeIndex.keys(overlapping: outline, placedBy: placement, includingSkin: includingSkin,
                                    where: accepting(categories))
        return oldestFirst(slots)
    }

    /// Bodies whose bounding box (of the turned item shape, no skin; for a polygon, of its
    /// turned vertices) meets `rect`, edges included, oldest first (UIKit's `items(in:)`).
    public func bodies(in rect: WorldRect) -> [BodyHandle] {
        let box = AABB(unchecked: rect.minimum, rect.maximum)
        let (shape, center, angle) = (bodies.shape, bodies.center, bodies.angle)
        let slots = shapeIndex.candidates(meeting: box) { i in
            shape[i].boundingRect(center: center[i], angle: angle[i]).intersects(rect)
        }
        return oldestFirst(slots)
    }

    // MARK: - 11c. queryIndex

    /// Brings the shape index up to the bodies this step moved: every awake, non-static
    /// body whose pose changed since the step began is placed again (its leaf moves only
    /// when it leaves its fat box, which is stretched along this step's displacement).
    mutating func queryIndex() {
        for i in 0..<bodies.count where bodies.isAlive[i] && bodies.isAwake[i] && !bodies.isStatic[i] {
            let c = bodies.center[i], previous = bodies.previousCenter[i]
            guard c != previous || bodies.angle[i] != bodies.previousAngle[i] else { continue }
            shapeIndex.move(i, to: c, angle: bodies.angle[i], displacement: c - previous)
        }
    }

    // MARK: - Helpers

    private func accepting(_ categories: UInt64) -> (Int) -> Bool {
        let filters = bodies.collisionFilter
        return { filters[$0].categories & categories != 0 }
    }

    // The helpers' closures capture columns, never `self`: a closure over `self` here
    // copied the whole World (every column retained and released) at each comparison of
    // the sort, 8 µs of a point query over 400 bodies.

    private func oldestFirst(_ slots: [Int]) -> [BodyHandle] {
        let sequence = bodies.sequence
        var handles: [BodyHandle] = []
        handles.reserveCapacity(slots.count)
        for slot in slots.sorted(by: { sequence[$0] < sequence[$1] }) { handles.append(handle(ofSlot: slot)) }
        return handles
    }

    private func hits(_ found: [(key: Int, hit: RayIntersection)]) -> [CastHit] {
        // Stable in fraction, then oldest first.
        let sequence = bodies.sequence
        var result: [CastHit] = []
        result.reserveCapacity(found.count)
        for (key, hit) in found.sorted(by: { ($0.hit.fraction, sequence[$0.key]) < ($1.hit.fraction, sequence[$1.key]) }) {
            result.append(CastHit(body: handle(ofSlot: key), point: hit.point, normal: hit.normal, fraction: hit.fraction))
        }
        return result
    }

    private static func validatePoint(_ p: SIMD2<Double>, _ name: String) throws(HookeError) {
        _ = try Validate.finite(p.x, "\(name).x")
        _ = try Validate.finite(p.y, "\(name).y")
    }

    private static func placedOutline(
        _ shape: BodyShape, center: SIMD2<Double>, angle: Double
    ) throws(HookeError) -> ([CollisionShape], CollisionTransform) {
        try shape.validate("shape")
        try validatePoint(center, "center")
        _ = try Validate.finite(angle, "angle")
        let outline = collisionShapes(for: shape)
        guard !outline.isEmpty else {
            throw .invalidParameter("shape", value: .nan, requirement: "a shape the collision layer can build")
        }
        return (outline, CollisionTransform(position: center, angle: angle))
    }
}
