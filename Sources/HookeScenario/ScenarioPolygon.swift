import Foundation

/// The polygon rule of the scenario format: at least three vertices, strictly
/// convex, simple, and "counter-clockwise".
///
/// Orientation convention. The format's own example, `[[0, -20], [20, 20], [-20, 20]]`
/// (top, bottom right, bottom left in y-down screen coordinates), is called
/// counter-clockwise, as UIKit calls its collision paths. Read with the y axis
/// pointing up — as the numbers are written — that order is counter-clockwise; on a
/// y-down screen it is drawn clockwise. The rule, free of any drawing convention:
/// every turn has a positive cross product
///
///     (vᵢ₊₁ − vᵢ) × (vᵢ₊₂ − vᵢ₊₁) = Δx₁·Δy₂ − Δy₁·Δx₂ > 0,
///
/// which also makes the shoelace sum Σ (xᵢ·yᵢ₊₁ − xᵢ₊₁·yᵢ) positive. All turns of one
/// sign still allow a star that winds twice (a pentagram), so the exterior angles
/// must also add up to one full turn, 2π, rather than a multiple of it.
public enum ScenarioPolygon {
    /// Why `vertices` is not a valid scenario polygon, or nil when it is.
    public static func problem(with vertices: [SIMD2<Double>]) -> String? {
        let n = vertices.count
        guard n >= 3 else { return "a polygon needs at least 3 vertices, got \(n)" }
        var turning = 0.0
        for i in 0..<n {
            let a = vertices[i], b = vertices[(i + 1) % n], c = vertices[(i + 2) % n]
            let e1 = b - a, e2 = c - b
            let cross = e1.x * e2.y - e1.y * e2.x
            if cross <= 0 {
                let order = cross == 0
                    ? "vertex \((i + 1) % n) lies on a straight line or repeats a point"
                    : "the turn at vertex \((i + 1) % n) goes the other way"
                return "expected a convex polygon in counter-clockwise order "
                    + "(like [[0, -20], [20, 20], [-20, 20]]); \(order)"
            }
            turning += atan2(cross, (e1 * e2).sum())
        }
        // Each term lies in (0, π) and the sum is a whole number of turns: 2π for a
        // simple polygon, 4π or more for a star. 3π separates them with a wide margin.
        if turning > 3 * Double.pi {
            return "expected a simple convex polygon; the vertices wind around more than once"
        }
        return nil
    }
}
