import HookeCore

extension CollisionShape {
    /// The edges along a path through `points`, points: `points.count − 1` segments for
    /// an open chain, `points.count` for a closed loop (the last point joins the first).
    ///
    /// Each edge is a two-sided `segment` with a skin of `skin` points; neighbouring
    /// edges share end points (no ghost-vertex smoothing, see Docs/collisions.md).
    ///
    /// - Throws: `HookeError.invalidParameter` for too few points (2 open, 3 closed), a
    ///   non-finite coordinate or two consecutive points closer than 1e-9 pt.
    public static func edges(along points: [SIMD2<Double>], closed: Bool, skin: Double = CollisionParameters.skin) throws(HookeError) -> [CollisionShape] {
        let needed = closed ? 3 : 2
        guard points.count >= needed else {
            throw .invalidParameter(
                "points.count", value: Double(points.count),
                requirement: "at least \(needed) for \(closed ? "a closed loop" : "an open chain")")
        }
        var result: [CollisionShape] = []
        let count = closed ? points.count : points.count - 1
        for i in 0..<count {
            let a = points[i], b = points[(i + 1) % points.count]
            do {
                result.append(try segment(from: a, to: b, skin: skin))
            } catch {
                throw .invalidParameter(
                    "points[\((i + 1) % points.count)]", value: Planar.distance(a, b).isFinite ? Planar.distance(a, b) : .nan,
                    requirement: "finite and at least 1e-9 pt from points[\(i)]")
            }
        }
        return result
    }

    /// UIKit's reference-bounds boundary: the four edges of the rectangle at `origin`
    /// with `size` (points), inset by `top`, `left`, `bottom`, `right` points — in the
    /// order top, right, bottom, left, each running clockwise on screen.
    ///
    /// - Throws: `HookeError.invalidParameter` when the insets leave no positive width
    ///   or height, or a value is not finite.
    public static func boundaryEdges(
        origin: SIMD2<Double>, size: SIMD2<Double>,
        top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0,
        skin: Double = CollisionParameters.skin
    ) throws(HookeError) -> [CollisionShape] {
        _ = try Validate.finite(origin.x, "origin.x")
        _ = try Validate.finite(origin.y, "origin.y")
        _ = try Validate.positive(size.x, "size.width")
        _ = try Validate.positive(size.y, "size.height")
        let x0 = origin.x + (try Validate.finite(left, "left"))
        let y0 = origin.y + (try Validate.finite(top, "top"))
        let x1 = origin.x + size.x - (try Validate.finite(right, "right"))
        let y1 = origin.y + size.y - (try Validate.finite(bottom, "bottom"))
        _ = try Validate.positive(x1 - x0, "size.width − left − right")
        _ = try Validate.positive(y1 - y0, "size.height − top − bottom")
        let corners: [SIMD2<Double>] = [SIMD2(x0, y0), SIMD2(x1, y0), SIMD2(x1, y1), SIMD2(x0, y1)]
        return try edges(along: corners, closed: true, skin: skin)
    }
}
